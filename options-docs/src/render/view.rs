//! What the templates see: sections and rows with every text already formatted (defaults, badges,
//! notes) and every description already rendered, so templates only lay things out.

use options_core::Scope;
use serde::Serialize;

use crate::engine::EngineDoc;
use crate::format::{
    default_text, flags, history, how_to_set, notes, release_badges, rules, type_text,
};
use crate::links::{KeyLinks, LinkStyle};
use crate::markdown::{
    code, escape_cell, neutralize, one_line, summary_text, to_html, to_table_cell,
};
use crate::model::{CatalogueDoc, ChangeClassDoc, DefaultModel, OptionDoc, ReleaseDoc, SectionDoc};
use options_core::table;
use options_core::table::{Column, OptionCells};
use options_core::wording;

/// One section as templates see it.
#[derive(Debug, Serialize)]
pub struct SectionView {
    /// Section id (`execution`).
    pub id: String,
    /// Title.
    pub title: String,
    /// The family the navigation lists it under (empty: none).
    pub family: String,
    /// The site page of the section (`execution.html`).
    pub page: String,
    /// The description rendered to HTML (safe to insert).
    pub description_html: String,
    /// The description escaped for a Markdown file.
    pub description_md: String,
    /// How many documented options the section has.
    pub count: usize,
    /// The `<tr>` of every documented option, by key (written by `render/rows.rs`).
    pub rows_html: String,
    /// The Markdown table of the documented options (heading and a row each, by key).
    pub table_md: String,
    /// The index's `<li>` of every documented option (on the index only).
    #[serde(skip)]
    pub options_html: String,
    /// The documented options, by key (written into the strings above; templates do not see
    /// them, which keeps each page's context small).
    #[serde(skip)]
    pub rows: Vec<RowView>,
}

/// A section as the navigation of every page sees it: only what a link shows. Every page lists
/// every section, so this is kept small.
#[derive(Debug, Serialize)]
pub struct NavView<'a> {
    /// Section id.
    pub id: &'a str,
    /// Title.
    pub title: &'a str,
    /// The site page of the section.
    pub page: &'a str,
    /// How many documented options the section has.
    pub count: usize,
}

impl<'a> From<&'a SectionView> for NavView<'a> {
    fn from(s: &'a SectionView) -> Self {
        NavView {
            id: &s.id,
            title: &s.title,
            page: &s.page,
            count: s.count,
        }
    }
}

/// Sections of one family, as the navigation and the index group them.
#[derive(Debug, Serialize)]
pub struct FamilyView<'a, S> {
    /// The family's name (`State backends`); a section without a family is a family of its own,
    /// named by its title.
    pub name: &'a str,
    /// An id for anchors (`family-state-backends`).
    pub id: String,
    /// A section without a family, listed on its own (a link, no menu).
    pub single: bool,
    /// Documented options in all its sections.
    pub count: usize,
    /// Its sections, in catalogue order.
    pub sections: Vec<S>,
}

/// `sections` grouped by family, families in the order their first section appears; `view` makes
/// what each entry shows.
pub fn families<'a, S>(
    sections: &'a [SectionView],
    view: impl Fn(&'a SectionView) -> S,
) -> Vec<FamilyView<'a, S>> {
    let mut out: Vec<FamilyView<'a, S>> = Vec::new();
    for s in sections {
        let single = s.family.is_empty();
        let name = if single { &s.title } else { &s.family };
        let at = match out
            .iter()
            .position(|f| !single && !f.single && f.name == name.as_str())
        {
            Some(at) => at,
            None => {
                out.push(FamilyView {
                    name,
                    id: family_id(name),
                    single,
                    count: 0,
                    sections: Vec::new(),
                });
                out.len() - 1
            }
        };
        out[at].count += s.count;
        out[at].sections.push(view(s));
    }
    out
}

/// `State backends` -> `family-state-backends`.
fn family_id(name: &str) -> String {
    let words: Vec<String> = name
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    format!("family-{}", words.join("-"))
}

/// A section as the index lists it: the navigation fields plus a short entry per option (the index
/// lists every option, so it carries only what a list entry shows).
#[derive(Debug, Serialize)]
pub struct IndexSection<'a> {
    /// The navigation fields.
    #[serde(flatten)]
    pub nav: NavView<'a>,
    /// The description rendered to HTML.
    pub description_html: &'a str,
    /// The `<li>` of every documented option, by key (written by `render/rows.rs`).
    pub options_html: &'a str,
}

impl<'a> From<&'a SectionView> for IndexSection<'a> {
    fn from(s: &'a SectionView) -> Self {
        IndexSection {
            nav: NavView::from(s),
            description_html: &s.description_html,
            options_html: &s.options_html,
        }
    }
}

/// One option as templates see it.
#[derive(Debug, Serialize)]
pub struct RowView {
    /// The key.
    pub key: String,
    /// The anchor id (`table-exec-mini-batch-enabled`).
    pub anchor: String,
    /// `batch streaming`, `batch`, `streaming` or `none` (for `data-scope`).
    pub scope: String,
    /// Scope badges and flags (`Batch`, `Streaming`, `Deprecated`, `Sensitive`, `Startup only`).
    pub badges: Vec<Badge>,
    /// The option is deprecated.
    pub deprecated: bool,
    /// The Default column text (plain; templates escape it).
    pub default: String,
    /// The option has no default (`default` is the engine's no-value text).
    pub no_default: bool,
    /// The Type column text.
    pub type_name: String,
    /// The description rendered to HTML (safe to insert).
    pub description_html: String,
    /// The first paragraph of the description as plain text.
    pub summary: String,
    /// Facts below the description (possible values, deprecated keys, ...).
    pub notes: Vec<LabelledValues>,
    /// The declared rules (accepted values, relation, deprecation), each rendered to HTML with
    /// keys linked.
    pub rules_html: Vec<String>,
    /// How a change of the option reaches a running system, when its class is declared.
    pub change: Option<ChangeView>,
    /// How to set the option: SQL, config.yaml, environment, argument.
    pub how_to_set: Vec<HowTo>,
    /// The row of the Markdown table (one line, cells escaped).
    pub md: String,
}

/// A badge next to a key.
#[derive(Debug, Serialize)]
pub struct Badge {
    /// The text (`Batch`, `New in 2.3`).
    pub label: String,
    /// A CSS class suffix (`batch`, `startup-only`).
    pub class: String,
}

/// A labelled list of values shown as code.
#[derive(Debug, Serialize)]
pub struct LabelledValues {
    /// The label (`Possible values`).
    pub label: &'static str,
    /// The values.
    pub values: Vec<String>,
}

/// An option's change class as a row shows it.
#[derive(Debug, Serialize)]
pub struct ChangeView {
    /// The class's id (`data-change`, the filter's value).
    pub id: String,
    /// Its label (`job submission`).
    pub label: String,
    /// When the engine reads such an option.
    pub summary: String,
    /// What a change does ([`options_core::Reach::id`], a CSS class suffix).
    pub reach: String,
}

impl From<&ChangeClassDoc> for ChangeView {
    fn from(c: &ChangeClassDoc) -> Self {
        ChangeView {
            id: c.id.clone(),
            label: c.label.clone(),
            summary: c.summary.clone(),
            reach: c.reach.clone(),
        }
    }
}

/// One way to set an option.
#[derive(Debug, Serialize)]
pub struct HowTo {
    /// Where it is written (`SQL`, `config.yaml`, `Environment`, `Argument`).
    pub label: String,
    /// The line to copy.
    pub text: String,
}

/// The views of every section, each passed to `write` (which fills in the written rows, see
/// `rows.rs`) on the thread that built it.
pub fn sections(doc: &CatalogueDoc, write: impl Fn(&mut SectionView) + Sync) -> Vec<SectionView> {
    let links = KeyLinks::new(doc);
    super::parallel::map_halves(
        &doc.sections,
        |s| s.options.len(),
        |s| {
            let mut view = section(s, &links, doc);
            write(&mut view);
            view
        },
    )
}

fn section(s: &SectionDoc, links: &KeyLinks, doc: &CatalogueDoc) -> SectionView {
    let rows: Vec<RowView> = s
        .documented()
        .map(|o| {
            let class = doc.class_of(o).map(ChangeView::from);
            row(o, links, (&doc.engine, doc.release.as_ref()), class)
        })
        .collect();
    SectionView {
        id: s.id.clone(),
        title: s.title.clone(),
        family: s.family.clone(),
        rows_html: String::new(),
        table_md: String::new(),
        options_html: String::new(),
        page: format!("{}.html", s.id),
        description_html: to_html(&links.link_keys(&s.description, LinkStyle::Html)),
        description_md: escape_cell(&neutralize(
            links
                .link_keys(s.description.trim(), LinkStyle::Markdown)
                .as_str(),
        )),
        count: rows.len(),
        rows,
    }
}

fn row(
    o: &OptionDoc,
    links: &KeyLinks,
    (engine, release): (&EngineDoc, Option<&ReleaseDoc>),
    change: Option<ChangeView>,
) -> RowView {
    let mut badges: Vec<Badge> = o
        .scope
        .labels()
        .iter()
        .copied()
        .chain(flags(o))
        .map(|label| Badge {
            label: label.to_owned(),
            class: label.to_lowercase().replace(' ', "-"),
        })
        .collect();
    for label in release_badges(o, release) {
        // `New in 2.3` -> `new`, `Changed in 2.3` -> `changed`.
        let class = label.split(' ').next().unwrap_or_default().to_lowercase();
        badges.push(Badge { label, class });
    }
    // Rules are written twice (HTML and Markdown): compute them once. The option's history
    // follows its rules; when it says which release added the option, the "Since" note would
    // say it twice.
    let history = history(o, release);
    let added_told = history.iter().any(|line| line.starts_with("Added in "));
    let notes: Vec<LabelledValues> = notes(o)
        .into_iter()
        .filter(|(label, _)| !(added_told && *label == "Since"))
        .map(|(label, values)| LabelledValues { label, values })
        .collect();
    let mut rules = rules(o);
    rules.extend(history);
    let mut row = RowView {
        key: o.key.clone(),
        anchor: o.anchor(),
        scope: data_scope(o.scope),
        deprecated: o.deprecated,
        default: default_text(o, engine),
        no_default: o.default == DefaultModel::None,
        type_name: type_text(o).to_owned(),
        description_html: to_html(&links.link_keys(&o.description, LinkStyle::Html)),
        summary: summary_text(&o.description),
        rules_html: rules
            .iter()
            .map(|r| inline_html(&to_html(&links.link_keys(r, LinkStyle::Html))))
            .collect(),
        how_to_set: how_to_set(o, engine)
            .into_iter()
            .map(|(label, text)| HowTo { label, text })
            .collect(),
        md: String::new(),
        change,
        badges,
        notes,
    };
    row.md = markdown_row(o, &row, &rules, links);
    row
}

/// The `data-scope` attribute the filter script reads (a machine form, see
/// `templates/README.md`): the scope's words in lower case (`batch streaming`), or `none`.
pub(crate) fn data_scope(scope: Scope) -> String {
    if scope == Scope::None {
        Scope::None.id().to_owned()
    } else {
        scope.labels().join(" ").to_lowercase()
    }
}

/// The inside of a one-paragraph HTML rendering (`<p>...</p>` -> `...`).
pub(crate) fn inline_html(html: &str) -> String {
    html.strip_prefix("<p>")
        .and_then(|h| h.strip_suffix("</p>"))
        .unwrap_or(html)
        .to_owned()
}

/// The columns of the Markdown table of a section (written by `options_core::table`, the
/// table the derive writes into rustdoc).
pub const MARKDOWN_COLUMNS: &[Column] = &[
    Column::Key,
    Column::Default,
    Column::Type,
    Column::Description,
];

/// The Markdown table row of `row` (the view of `o`, whose declared rules are `rules`).
fn markdown_row(o: &OptionDoc, row: &RowView, rules: &[String], links: &KeyLinks) -> String {
    let mut description = to_table_cell(&links.link_keys(&o.description, LinkStyle::Markdown));
    for note in &row.notes {
        let values: Vec<String> = note
            .values
            .iter()
            .map(|v| escape_cell(&one_line(&code(v))))
            .collect();
        if !description.is_empty() {
            description.push_str("<br>");
        }
        description.push_str(&format!("{}: {}", note.label, values.join(", ")));
    }
    for rule in rules {
        description.push_str("<br>");
        description.push_str(&to_table_cell(&links.link_keys(rule, LinkStyle::Markdown)));
    }
    let set: Vec<String> = row
        .how_to_set
        .iter()
        .map(|h| escape_cell(&one_line(&code(&h.text))))
        .collect();
    if let Some(change) = &row.change {
        description.push_str("<br>");
        description.push_str(&escape_cell(&format!(
            "{}: {}",
            wording::CHANGE_CLASS_LABEL,
            change.label
        )));
    }
    description.push_str("<br>Set: ");
    description.push_str(&set.join(" · "));
    let badges: Vec<&str> = row.badges.iter().map(|b| b.label.as_str()).collect();
    let mut line = String::new();
    table::row(
        &mut line,
        MARKDOWN_COLUMNS,
        &OptionCells {
            key: &o.key,
            anchor: Some(&row.anchor),
            badges: &badges,
            default: &row.default,
            type_name: &row.type_name,
            description: &description,
            ..OptionCells::default()
        },
    );
    line
}
