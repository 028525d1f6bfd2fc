//! The integration tests of `options-flink`, one module per subject, linked into one binary (each
//! test file of its own would link the whole Flink catalogue again). Tests that need a process of
//! their own stay apart: `no_alloc_reads` (it counts the allocator), `startup` and
//! `startup_environment` (the process-wide startup buffer), `env_process` (the process's
//! environment variables).

mod session_support;

mod builtin_catalogue;
mod builtin_reference;
mod builtin_sensitive;
mod catalogue_lookup;
mod concurrency;
mod constraints;
mod engines;
mod env_vars;
mod file_limits;
mod layers;
mod legacy;
mod masking;
mod pattern_keys;
mod seed_000_example;
mod session_completion;
mod session_constraints;
mod session_counterparts;
mod session_environment;
mod session_errors;
mod session_paths;
mod session_secrets;
mod session_show;
mod session_snapshots;
mod session_statements;
mod session_syntax;
mod stock_flink_config;
mod suggest_index;
mod table_config;
mod validators_and_masking;
mod yaml;
mod yaml_load;
