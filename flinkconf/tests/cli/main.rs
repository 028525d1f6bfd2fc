//! The command line, end to end: each subcommand run as a user runs it, one module per subject,
//! in one binary.

mod support;

mod changelog;
mod cli;
mod cli_files;
mod closed_output;
mod effective;
mod fleet;
mod hostile_catalogue;
mod inputs;
mod legacy_by_content;
mod machine_formats;
mod mutations;
mod operator;
mod plan;
mod plugins;
mod reporters;
mod same_answer;
mod upgrade;
mod validate;
