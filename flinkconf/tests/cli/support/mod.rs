//! What the CLI tests share: the docs tests' fixture catalogue (one file, used by both), and the
//! binary.
#![allow(dead_code)]

#[path = "../../../../options-docs/tests/docs/common/mod.rs"]
mod fixture;

pub use fixture::{catalogue, doc, write_catalogue};

/// The `flinkconf` binary.
pub fn flinkconf() -> std::process::Command {
    std::process::Command::new(env!("CARGO_BIN_EXE_flinkconf"))
}
