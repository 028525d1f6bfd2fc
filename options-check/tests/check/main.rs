//! The integration tests of options-check, one module per subject, in one binary.

mod migrate_support;

mod config_template;
mod effective;
mod fix;
mod migrate;
mod migrate_proptest;
mod operator;
mod plan;
mod plan_rules;
mod real_files;
mod releases;
mod resource;
mod rules;
mod validate_constraints;
