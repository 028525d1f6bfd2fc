//! The text rules that both the derive macro (`options-macros`, at compile time) and the runtime
//! (`options-core`) apply, in one crate both can depend on: the macro cannot depend on the
//! runtime, because the runtime uses the macro for its own built-in options.
//!
//! * [`grammar`]: Apache Flink 1.19's string grammar of values (durations, memory sizes, lists,
//!   maps, numbers, booleans), so a default accepted by the derive is a default the runtime reads;
//! * [`env`](mod@env): how an engine names the environment variable of a key (a prefix with names
//!   read back, as Flink does; the upper-case rule DataFusion uses; none), which each engine
//!   declares and the runtime's loader applies;
//! * [`key`]: the hash of a key and whether a key names a secret, computed by the derive as
//!   literals and by the runtime for keys given as strings, with the same code;
//! * [`distance`]: how many typing mistakes separate two names, and how many a "did you mean"
//!   suggestion tolerates, so attribute names, keys and catalog names are matched by one rule;
//! * [`scope`]: an option's batch/streaming scope, parsed from the declaration by the derive,
//!   stored by the runtime, and spelled one way in every output;
//! * [`version`]: release numbers (`1.20`, `2.0.1`) and their order, for release histories;
//! * [`table`]: the Markdown table of an option, written by the derive into each handle's
//!   rustdoc and by the docs into each section's Markdown file, with the same cells;
//! * [`tool`]: the command-line tool's name, for every message that names a command;
//! * [`wording`]: how every output words an option's rules (bounds, closed sets, `only_when`,
//!   `then_above`, deprecation): the derive's rustdoc and compile errors, the runtime's check
//!   errors and findings, the docs' sentences, each choosing only the frame.
//!
//! It depends on nothing but the standard library. Use it through `options-core`, which
//! re-exports each of these modules under its own name (`options_core::grammar`, ...) and places
//! the other items where they belong (`options_core::Scope`, `options_core::engine::EnvRule`):
//! every item has that one path, and this crate exists apart only because the derive needs the
//! rules at compile time and cannot depend on the runtime. (The example names this crate because
//! it is this crate's own doctest.)
//!
//! ```
//! use std::time::Duration;
//! use options_grammar::{distance, grammar};
//!
//! assert_eq!(grammar::parse_duration("3 min").unwrap(), Duration::from_secs(180));
//! assert_eq!(grammar::format_duration(Duration::from_millis(1500)), "1500 ms");
//! assert_eq!(grammar::parse_memory_bytes("64 mb").unwrap(), 64 << 20);
//! assert_eq!(grammar::split_list("a;'b;c'").unwrap(), ["a", "b;c"]);
//! // One typo is within the allowance of a key this long: a "did you mean" candidate.
//! assert!(distance::within_typos("parallelism.defualt", "parallelism.default").is_some());
//! ```
#![deny(missing_docs)]

pub mod distance;
pub mod env;
pub mod grammar;
pub mod key;
pub mod scope;
pub mod table;
pub mod tool;
mod unit_words;
pub mod version;
pub mod wording;
