//! Renders reference documentation from option declarations: per-section Markdown tables and HTML
//! fragments, a static site, `catalogue.json` and `config.schema.json`; checks that committed docs
//! are current; compares catalogues; validates a user's `config.yaml`; explains one option.
//!
//! The pipeline follows mdBook's split: [`model`] (an owned, serializable [`CatalogueDoc`]) ->
//! [`render`] (every output as an in-memory [`Files`] map) with [`templates`] (Tera files embedded in
//! the binary, overridable block by block) -> [`output`] (atomic write, or compare with disk).
//!
//! A downstream crate documents its own options from a test:
//!
//! ```no_run
//! # fn demo(catalogue: &options_core::Catalogue) {
//! let doc = docgen::CatalogueDoc::from_catalogue(catalogue);
//! let files = docgen::render(&doc, &docgen::Templates::builtin().unwrap()).unwrap();
//! let report = docgen::output::compare(&files, std::path::Path::new("docs/options"));
//! assert!(report.is_fresh(), "{}", report.render("docs/options"));
//! # }
//! ```
#![deny(missing_docs)]

pub mod changelog;
pub mod explain;
pub mod format;
pub mod markdown;
pub mod model;
pub mod output;
pub mod render;
pub mod settings;
pub mod source;
pub mod suggest;
pub mod templates;
pub mod validate;

pub use model::{CatalogueDoc, OptionDoc, SectionDoc};
pub use render::{render, Files};
pub use templates::Templates;
