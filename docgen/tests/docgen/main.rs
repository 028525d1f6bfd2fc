//! The integration tests of docgen, one module per subject, linked into one binary (a test file of
//! its own would link the whole catalogue again).

mod common;
mod migrate_support;

mod changelog;
mod cli;
mod cli_files;
mod config_template;
mod hostile_catalogue;
mod inputs;
mod json_schemas;
mod markdown_safety;
mod migrate;
mod migrate_proptest;
mod mutations;
mod python_stubs;
mod releases;
mod rendering;
mod runtime_catalogue;
mod snapshots;
mod templates;
mod upgrade;
mod validate;
mod validate_constraints;
