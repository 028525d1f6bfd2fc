//! Renders a [`CatalogueDoc`] to an in-memory set of files: the static site, the per-section
//! Markdown tables and HTML fragments, `catalogue.json` and `config.schema.json`.
//!
//! Layout under the output directory:
//!
//! ```text
//! index.html, <section>.html      the site (assets/style.css, assets/filter.js)
//! markdown/<section>.md           Markdown tables (for mdBook or GitHub)
//! fragments/<section>.html        HTML table fragments (to embed in other pages)
//! catalogue.json                  every field of every option (format_version 1)
//! config.schema.json              JSON Schema (draft 2020-12) for config.yaml
//! config.template.yaml            every option commented out with its default (`flinkconf template`)
//! assets/release-facts.js         with earlier releases ([`SiteParts::earlier`]): what each differs
//!                                 in, for the release picker (`assets/release.js`)
//! ```

mod articles;
pub mod config_template;
mod json;
mod nav;
mod pages;
mod parallel;
mod pretty;
mod release_facts;
mod releases;
mod rows;
mod schema;
pub mod view;

use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::model::CatalogueDoc;
use crate::templates::{TemplateError, Templates};

pub use crate::source::{read_catalogue_json, CatalogueJsonError};
pub use articles::{render_articles, Article};
pub use json::catalogue_json;
pub use schema::config_schema;

/// Rendered files by path relative to the output directory; sorted, so output is deterministic.
pub type Files = BTreeMap<PathBuf, String>;

/// The file name of the JSON Schema in an output directory; the config template written beside it
/// names it in its yaml-language-server modeline, so each rendering's template points at the
/// schema of the same catalogue (and release).
pub const SCHEMA_FILE: &str = "config.schema.json";

/// The note at the top of every generated file (without comment syntax), naming the command that
/// regenerates `doc` ([`CatalogueDoc::regenerate`]).
pub fn generated_note(doc: &CatalogueDoc) -> String {
    let command = doc.regenerate.as_deref().unwrap_or(crate::BLESS_COMMAND);
    format!("Generated from the option declarations; do not edit. Regenerate with: {command}")
}

/// What a rendering adds around one catalogue's pages.
#[derive(Clone, Copy, Debug, Default)]
pub struct SiteParts<'a> {
    /// The catalogue's models at earlier releases (any order): with any, every page gets a
    /// release picker and `assets/release-facts.js` holds what each release differs in.
    pub earlier: &'a [CatalogueDoc],
    /// Links to the other parts of a larger site (another catalogue, the checker's rules), shown
    /// in every page's header.
    pub links: &'a [SiteLink],
}

/// A link from every page's header to another part of the site.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SiteLink {
    /// The text (`Kubernetes Operator`).
    pub title: String,
    /// The address, relative to the output directory (`operator/index.html`).
    pub href: String,
}

/// Renders every output for `doc` with `templates` (one release, no links to other parts: see
/// [`render_site`]).
pub fn render(doc: &CatalogueDoc, templates: &Templates) -> Result<Files, TemplateError> {
    render_site(doc, templates, SiteParts::default())
}

/// Renders every output for `doc` with `templates`, with `parts` around the pages.
///
/// The data outputs (`catalogue.json`, the schema, the config template) do not depend on the
/// pages, so they are written on other threads while this one renders the pages: the schema, the
/// largest, on its own, the other two on a second; the result is the same files, byte for byte,
/// as writing them one after the other.
pub fn render_site(
    doc: &CatalogueDoc,
    templates: &Templates,
    parts: SiteParts<'_>,
) -> Result<Files, TemplateError> {
    let mut doc = doc.clone();
    doc.sort();
    let doc = &doc;
    let (pages, schema, data) = std::thread::scope(|scope| {
        let schema = scope.spawn(move || config_schema(doc));
        let data = scope.spawn(move || {
            [
                ("catalogue.json", catalogue_json(doc)),
                ("config.template.yaml", config_template::site_template(doc)),
            ]
        });
        let facts = scope
            .spawn(move || release_facts::facts_script(doc, parts.earlier, &generated_note(doc)));
        let pages = pages::render(doc, templates, parts);
        (pages, schema.join(), (data.join(), facts.join()))
    });
    let mut files = pages?;
    let schema = schema.unwrap_or_else(|panic| std::panic::resume_unwind(panic));
    files.insert(SCHEMA_FILE.into(), schema);
    let (data, facts) = data;
    let data = data.unwrap_or_else(|panic| std::panic::resume_unwind(panic));
    if let Some(facts) = facts.unwrap_or_else(|panic| std::panic::resume_unwind(panic)) {
        files.insert(release_facts::FACTS_FILE.into(), facts);
    }
    for (name, text) in data {
        files.insert(name.into(), text);
    }
    Ok(files)
}
