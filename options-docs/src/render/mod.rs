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
//! ```

pub mod config_template;
mod json;
mod nav;
mod pages;
mod parallel;
mod pretty;
mod releases;
mod rows;
mod schema;
pub mod view;

use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::model::CatalogueDoc;
use crate::templates::{TemplateError, Templates};

pub use crate::source::{read_catalogue_json, CatalogueJsonError};
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

/// Renders every output for `doc` with `templates`.
///
/// The data outputs (`catalogue.json`, the schema, the config template) do not depend on the
/// pages, so they are written on other threads while this one renders the pages: the schema, the
/// largest, on its own, the other two on a second; the result is the same files, byte for byte,
/// as writing them one after the other.
pub fn render(doc: &CatalogueDoc, templates: &Templates) -> Result<Files, TemplateError> {
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
        let pages = pages::render(doc, templates);
        (pages, schema.join(), data.join())
    });
    let mut files = pages?;
    let schema = schema.unwrap_or_else(|panic| std::panic::resume_unwind(panic));
    files.insert(SCHEMA_FILE.into(), schema);
    let data = data.unwrap_or_else(|panic| std::panic::resume_unwind(panic));
    for (name, text) in data {
        files.insert(name.into(), text);
    }
    Ok(files)
}
