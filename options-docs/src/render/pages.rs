//! The template-rendered outputs: site pages, HTML fragments, Markdown tables, and the assets.

use std::path::PathBuf;

use tera::Context;

use super::{generated_note, Files};
use super::{nav, parallel, release_facts, releases, rows, view, SiteParts};
use crate::templates::{TemplateError, TemplateKind, Templates, BUILTINS};

/// Renders the site, the fragments and the Markdown tables.
pub fn render(
    doc: &crate::model::CatalogueDoc,
    templates: &Templates,
    parts: SiteParts<'_>,
) -> Result<Files, TemplateError> {
    let sections = view::sections(doc, rows::write_section);
    // Pages get the navigation as written entries (`nav_html`, see `nav.rs`), not the list of
    // sections: every page lists every section, so copying that list into each page's context
    // made rendering quadratic in the number of sections.
    let nav_families = view::families(&sections, view::NavView::from);
    let mut base = Context::new();
    // The engine's texts: title, the file the template and the schema are for.
    base.insert("site_title", &doc.engine.site_title);
    base.insert("search_example", &doc.engine.search_example);
    base.insert(
        "config_file",
        doc.engine.set.config_file.as_deref().unwrap_or(""),
    );
    // Scope badges, their legend and the scope filter only where some option has a scope.
    let scoped = doc
        .sections
        .iter()
        .flat_map(|s| s.documented())
        .any(|o| o.scope != options_core::Scope::None);
    base.insert("scoped", &scoped);
    // The change filter lists the classes the options declare (none: no filter).
    base.insert("change_classes", &doc.change_classes);
    base.insert("total", &sections.iter().map(|s| s.count).sum::<usize>());
    // The id of the page's own section ("" on the index) and its family.
    base.insert("current_section", "");
    base.insert("current_family", "");
    // The release picker (empty without earlier releases) and the links to the site's other parts.
    let picker = release_facts::picker_html(doc, parts.earlier);
    base.insert("release_picker_html", &picker);
    base.insert("site_links_html", &release_facts::links_html(parts.links));

    let mut files = Files::new();
    let html_note = format!("<!-- {} -->\n", generated_note(doc));
    let mut index = base.clone();
    index.insert("nav_html", &nav::nav_items(&nav_families, "", ""));
    // Every section once (for counts); the index lists them, with every option, by family.
    let listed: Vec<view::NavView<'_>> = sections.iter().map(view::NavView::from).collect();
    index.insert("sections", &listed);
    let index_families = view::families(&sections, view::IndexSection::from);
    index.insert("index_families", &index_families);
    index.insert("releases_html", &releases::index_html(doc));
    files.insert(
        "index.html".into(),
        tidied(&html_note, &templates.render("index.html", &index)?),
    );
    let pages = parallel::map_halves(
        &sections,
        |s| s.count,
        |section| section_files(section, &base, &nav_families, templates, &html_note),
    );
    for page in pages {
        files.extend(page?);
    }
    let links = crate::links::KeyLinks::new(doc);
    for page in releases::pages(doc, &links) {
        let mut ctx = base.clone();
        ctx.insert("nav_html", &nav::nav_items(&nav_families, "", ""));
        ctx.insert("page", &page);
        files.insert(
            page.file.clone().into(),
            tidied(&html_note, &templates.render("release.html", &ctx)?),
        );
    }
    // The picker's script only goes with a picker.
    let wanted = |b: &&crate::templates::Builtin| {
        b.kind == TemplateKind::Asset && (!picker.is_empty() || b.name != RELEASE_SCRIPT)
    };
    for asset in BUILTINS.iter().filter(wanted) {
        files.insert(
            asset.name.into(),
            tidied(&asset_note(doc, asset.name), asset.contents),
        );
    }
    Ok(files)
}

/// The script of the release picker, written only with a picker.
const RELEASE_SCRIPT: &str = "assets/release.js";

/// The page, the fragment and the Markdown table of one section, each with `note` on top.
fn section_files(
    section: &view::SectionView,
    base: &Context,
    nav_families: &[view::FamilyView<'_, view::NavView<'_>>],
    templates: &Templates,
    note: &str,
) -> Result<[(PathBuf, String); 3], TemplateError> {
    let mut ctx = base.clone();
    ctx.insert("section", section);
    ctx.insert("current_section", &section.id);
    let family = if section.family.is_empty() {
        &section.title
    } else {
        &section.family
    };
    ctx.insert("current_family", family);
    ctx.insert(
        "nav_html",
        &nav::nav_items(nav_families, &section.id, family),
    );
    let page = templates.render("section.html", &ctx)?;
    let fragment = templates.render("fragment.html", &ctx)?;
    let table = templates.render("section.md", &ctx)?;
    Ok([
        (section.page.clone().into(), tidied(note, &page)),
        (
            format!("fragments/{}.html", section.id).into(),
            tidied(note, &fragment),
        ),
        (
            format!("markdown/{}.md", section.id).into(),
            tidied(note, &table),
        ),
    ])
}

/// The generated note in the comment syntax of an asset.
fn asset_note(doc: &crate::model::CatalogueDoc, name: &str) -> String {
    if name.ends_with(".js") {
        format!("// {}\n", generated_note(doc))
    } else {
        format!("/* {} */\n", generated_note(doc))
    }
}

/// `note` then `body`, tidied: trailing spaces off every line, runs of blank lines collapsed,
/// exactly one final newline; so template whitespace never shows up in diffs.
pub(super) fn tidied(note: &str, body: &str) -> String {
    let mut out = String::with_capacity(note.len() + body.len());
    tidy(&mut out, note);
    tidy(&mut out, body);
    out
}

/// Appends `text` to `out` tidied (see [`tidied`]); blank lines at the start of `out` are dropped.
/// Runs of lines that need no change (most of them) are copied whole.
fn tidy(out: &mut String, text: &str) {
    let mut blank = false;
    // Start of the run of clean lines not copied yet, and of the current line.
    let (mut run, mut start) = (0, 0);
    while start < text.len() {
        let end = text[start..].find('\n').map_or(text.len(), |at| start + at);
        let line = &text[start..end];
        let clean = line.chars().next_back().is_some_and(|c| !c.is_whitespace());
        if clean && end < text.len() {
            blank = false;
            start = end + 1;
            continue;
        }
        out.push_str(&text[run..start]);
        let line = line.trim_end();
        if line.is_empty() {
            if !blank && !out.is_empty() {
                out.push('\n');
            }
            blank = true;
        } else {
            blank = false;
            out.push_str(line);
            out.push('\n');
        }
        start = end + 1;
        run = start;
    }
    if run < text.len() {
        out.push_str(&text[run..]);
    }
}
