//! Renders reference documentation from option declarations: per-section Markdown tables and HTML
//! fragments, a static site, `catalogue.json` and `config.schema.json`; checks that committed docs
//! are current; compares catalogues; validates a user's `config.yaml`; explains one option.
//!
//! The pipeline follows mdBook's split: [`model`] (an owned, serializable [`CatalogueDoc`]) ->
//! [`render()`](fn@render) (every output as an in-memory [`Files`] map) with [`templates`] (Tera files embedded in
//! the binary, overridable block by block) -> [`output`] (atomic write, or compare with disk).
//!
//! A downstream crate documents its own options from a test, with [`check_or_bless`]:
//!
//! ```no_run
//! # fn demo(catalogue: &options_core::Catalogue) {
//! let doc = docgen::CatalogueDoc::from_catalogue(catalogue);
//! // Fails with a diff when docs/options is stale; BLESS=1 rewrites it.
//! docgen::check_or_bless(&doc, std::path::Path::new("docs/options")).unwrap();
//! # }
//! ```
#![deny(missing_docs)]

pub mod changelog;
pub mod engine;
pub mod explain;
mod file_view;
pub mod format;
pub mod input;
pub mod inspect;
pub mod keys;
pub mod links;
pub mod markdown;
pub mod migrate;
pub mod model;
pub mod output;
pub mod python;
pub mod releases;
pub mod render;
pub mod reporters;
mod requirement;
pub mod runtime;
pub mod settings;
pub mod source;
pub mod suggest;
pub mod templates;
pub mod validate;

pub use model::{CatalogueDoc, OptionDoc, SectionDoc};
pub use render::{render, Files};
pub use templates::Templates;

/// The environment variable that makes [`check_or_bless`] write instead of compare.
pub const BLESS_VAR: &str = "BLESS";

/// Renders `doc` with the built-in templates and compares it with `dir`: `Err` with the diff when
/// anything differs. With `BLESS` set, writes `dir` (atomically) instead.
pub fn check_or_bless(doc: &CatalogueDoc, dir: &std::path::Path) -> Result<(), String> {
    if std::env::var_os(BLESS_VAR).is_some() {
        let files = render_builtin(doc)?;
        return output::write_atomically(&files, dir).map_err(|e| e.to_string());
    }
    check_dir(doc, dir)
}

/// Renders `doc` with the built-in templates and compares it with `dir` (never writes): `Err` with
/// the diff, the missing and the extra files when anything differs.
pub fn check_dir(doc: &CatalogueDoc, dir: &std::path::Path) -> Result<(), String> {
    let report = output::compare(&render_builtin(doc)?, dir);
    if report.is_fresh() {
        Ok(())
    } else {
        let shown = dir.display().to_string();
        Err(report.render(&shown, &format!("{BLESS_VAR}=1 cargo test")))
    }
}

fn render_builtin(doc: &CatalogueDoc) -> Result<Files, String> {
    let templates = Templates::builtin().map_err(|e| e.to_string())?;
    render(doc, &templates).map_err(|e| e.to_string())
}
