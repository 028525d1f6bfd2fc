//! The integration tests of options-docs, one module per subject, in one binary.

mod common;

mod json_schemas;
mod markdown_safety;
mod python_stubs;
mod release_picker;
mod rendering;
mod runtime_catalogue;
mod snapshots;
mod templates;
