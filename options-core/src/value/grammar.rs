//! The string grammar as plain functions over `&str`, with no dependency on the rest of the crate.
//!
//! This file is also compiled into `options-macros` (through `#[path]`), so the derive checks
//! defaults at compile time with exactly the parser the runtime uses.
