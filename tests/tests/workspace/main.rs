//! The workspace-level integration tests (the derive's compile errors, its rustdoc, the examples of
//! the README and `docs/declaring-options.md`, the secrets canary), one module per subject, in one
//! binary.

mod behaviour_sources;
mod derive_change_class;
mod derive_config_enum;
mod derive_hygiene;
mod derive_metadata;
mod derive_releases;
mod derive_rustdoc;
mod masking_views;
mod readme_example;
mod secrets_canary;
mod ui;
