//! Reference documentation from option declarations, for any engine: per-section Markdown tables
//! and HTML fragments, a static site with search, `catalogue.json`, a JSON Schema for
//! `config.yaml`, a commented config template and Python stubs; a check that committed docs are
//! current; a changelog between two catalogues; one option explained in the terminal.
//!
//! The pipeline follows mdBook's split: [`model`] (an owned, serializable [`CatalogueDoc`], the
//! same shape `catalogue.json` holds) -> `render()` (every output as an in-memory `Files` map)
//! with `templates` (Tera files embedded in the library, overridable block by block) -> `output`
//! (an atomic write, or a comparison with disk). Those three need the `render` feature (on by
//! default); without it the crate is the model and the one reader of `catalogue.json`
//! ([`source`], [`runtime`]), which is what a program needs to load another engine's catalogue.
//!
//! A downstream crate documents its own options from a test, with `check_or_bless`:
//!
//! ```no_run
//! # #[cfg(feature = "render")]
//! # fn demo(catalogue: &options_core::Catalogue) {
//! let doc = options_docs::CatalogueDoc::from_catalogue(catalogue);
//! // Fails with a diff when docs/options is stale; BLESS=1 rewrites it.
//! options_docs::check_or_bless(&doc, std::path::Path::new("docs/options")).unwrap();
//! # }
//! ```
//!
//! Where to go next: `examples/connector` in the repository documents a downstream crate this way;
//! [`model::CatalogueDoc::from_catalogue`] is where a live catalogue becomes the model.
#![deny(missing_docs)]

pub mod changelog;
pub mod engine;
pub mod explain;
pub mod format;
pub mod keys;
pub mod links;
#[cfg(feature = "render")]
pub mod markdown;
pub mod model;
#[cfg(feature = "render")]
pub mod output;
#[cfg(feature = "render")]
pub mod python;
pub mod releases;
#[cfg(feature = "render")]
pub mod render;
pub mod runtime;
pub mod source;
pub mod suggest;
#[cfg(feature = "render")]
pub mod templates;
pub mod yaml;

pub use model::{CatalogueDoc, OptionDoc, SectionDoc};
#[cfg(feature = "render")]
pub use render::{render, render_site, Files, SiteLink, SiteParts};
#[cfg(feature = "render")]
pub use templates::Templates;

/// The environment variable that makes `check_or_bless` write instead of compare.
pub const BLESS_VAR: &str = "BLESS";

/// The command that refreshes docs checked with `check_or_bless`, as its diff and, by default,
/// every generated file's note name it.
pub const BLESS_COMMAND: &str = "BLESS=1 cargo test";

#[cfg(feature = "render")]
/// Renders `doc` with the built-in templates and compares it with `dir`: `Err` with the diff when
/// anything differs. With `BLESS` set, writes `dir` (atomically) instead.
pub fn check_or_bless(doc: &CatalogueDoc, dir: &std::path::Path) -> Result<(), String> {
    check_or_bless_site(doc, SiteParts::default(), dir)
}

#[cfg(feature = "render")]
/// [`check_or_bless`] with `parts` around the pages, as [`render_site`] takes them: the
/// catalogue's earlier releases for the release picker, links to other parts of a site.
pub fn check_or_bless_site(
    doc: &CatalogueDoc,
    parts: SiteParts<'_>,
    dir: &std::path::Path,
) -> Result<(), String> {
    if std::env::var_os(BLESS_VAR).is_some() {
        let files = render_builtin(doc, parts)?;
        return output::write_atomically(&files, dir).map_err(|e| e.to_string());
    }
    let report = output::compare(&render_builtin(doc, parts)?, dir);
    if report.is_fresh() {
        Ok(())
    } else {
        let shown = dir.display().to_string();
        Err(report.render(&shown, BLESS_COMMAND))
    }
}

#[cfg(feature = "render")]
/// Renders `doc` with the built-in templates and compares it with `dir` (never writes): `Err` with
/// the diff, the missing and the extra files when anything differs.
pub fn check_dir(doc: &CatalogueDoc, dir: &std::path::Path) -> Result<(), String> {
    let report = output::compare(&render_builtin(doc, SiteParts::default())?, dir);
    if report.is_fresh() {
        Ok(())
    } else {
        let shown = dir.display().to_string();
        Err(report.render(&shown, BLESS_COMMAND))
    }
}

#[cfg(feature = "render")]
fn render_builtin(doc: &CatalogueDoc, parts: SiteParts<'_>) -> Result<Files, String> {
    let templates = Templates::builtin().map_err(|e| e.to_string())?;
    render_site(doc, &templates, parts).map_err(|e| e.to_string())
}
