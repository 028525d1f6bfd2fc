//! The template-rendered outputs: site pages, HTML fragments, Markdown tables, and the assets.

use tera::Context;

use super::{generated_note, Files};
use super::{nav, view};
use crate::templates::{Kind, TemplateError, Templates, BUILTINS};

/// The site title shown in page titles and headers.
pub const SITE_TITLE: &str = "Configuration Reference";

/// Renders the site, the fragments and the Markdown tables.
pub fn render(
    doc: &crate::model::CatalogueDoc,
    templates: &Templates,
) -> Result<Files, TemplateError> {
    let sections = view::sections(doc);
    // Pages get the navigation as written entries (`nav_html`, see `nav.rs`), not the list of
    // sections: every page lists every section, so copying that list into each page's context
    // made rendering quadratic in the number of sections.
    let nav_families = view::families(&sections, view::NavView::from);
    let mut base = Context::new();
    base.insert("site_title", SITE_TITLE);
    base.insert("total", &sections.iter().map(|s| s.count).sum::<usize>());
    // The id of the page's own section ("" on the index) and its family.
    base.insert("current_section", "");
    base.insert("current_family", "");

    let mut files = Files::new();
    let html_note = format!("<!-- {} -->\n", generated_note());
    let mut index = base.clone();
    index.insert("nav_html", &nav::nav_items(&nav_families, "", ""));
    // Every section once (for counts); the index lists them, with every option, by family.
    let listed: Vec<view::NavView<'_>> = sections.iter().map(view::NavView::from).collect();
    index.insert("sections", &listed);
    let index_families = view::families(&sections, view::IndexSection::from);
    index.insert("index_families", &index_families);
    files.insert(
        "index.html".into(),
        tidied(&html_note, &templates.render("index.html", &index)?),
    );
    for section in &sections {
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
            &nav::nav_items(&nav_families, &section.id, family),
        );
        let page = templates.render("section.html", &ctx)?;
        files.insert(section.page.clone().into(), tidied(&html_note, &page));
        let fragment = templates.render("fragment.html", &ctx)?;
        files.insert(
            format!("fragments/{}.html", section.id).into(),
            tidied(&html_note, &fragment),
        );
        let table = templates.render("section.md", &ctx)?;
        files.insert(
            format!("markdown/{}.md", section.id).into(),
            tidied(&html_note, &table),
        );
    }
    for asset in BUILTINS.iter().filter(|b| b.kind == Kind::Asset) {
        files.insert(
            asset.name.into(),
            tidied(&asset_note(asset.name), asset.contents),
        );
    }
    Ok(files)
}

/// The generated note in the comment syntax of an asset.
fn asset_note(name: &str) -> String {
    if name.ends_with(".js") {
        format!("// {}\n", generated_note())
    } else {
        format!("/* {} */\n", generated_note())
    }
}

/// `note` then `body`, tidied: trailing spaces off every line, runs of blank lines collapsed,
/// exactly one final newline; so template whitespace never shows up in diffs.
fn tidied(note: &str, body: &str) -> String {
    let mut out = String::with_capacity(note.len() + body.len());
    tidy(&mut out, note);
    tidy(&mut out, body);
    out
}

/// Appends `text` to `out` tidied (see [`tidied`]); blank lines at the start of `out` are dropped.
fn tidy(out: &mut String, text: &str) {
    let mut blank = false;
    for line in text.lines().map(str::trim_end) {
        if line.is_empty() {
            if !blank && !out.is_empty() {
                out.push('\n');
            }
            blank = true;
            continue;
        }
        blank = false;
        out.push_str(line);
        out.push('\n');
    }
}
