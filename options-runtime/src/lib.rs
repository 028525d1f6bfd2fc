//! The runtime behind `options-core`: values and their grammar, options, configuration,
//! catalogues and releases, layers with provenance, the key index, suggestions and secrets.
//!
//! Use `options-core`, which re-exports every item here at the same path together with the
//! `#[derive(Options)]` and `#[derive(ConfigEnum)]` macros. This crate does not depend on the
//! derive, so a build compiles the two side by side. It is also the one way to reach
//! `options-grammar`: its modules are re-exported here ([`grammar`], [`wording`], [`version`],
//! [`distance`], [`table`], [`tool`]) and its other items where they belong.
//!
//! Every configuration reads typed values one way, through the [`ReadableConfig`] trait
//! (`get`, `get_optional`, `try_get`); `options_core::prelude` brings it into scope.
#![deny(missing_docs)]

// The derive names `::options_core::...` paths; this lets the unit tests use the derive here.
#[cfg(test)]
extern crate self as options_core;

// One path per public item. The vocabulary of declaring and reading options is at the root, its
// modules private; a subsystem a user opens on purpose is a public module whose items are not
// also at the root; each module of `options-grammar` a user needs is re-exported here under its
// own name, and its other items where they belong (`Scope` at the root, `EnvRule` in `engine`,
// `is_pattern` in `pattern`, `is_sensitive_key` in `sensitive`). ARCHITECTURE.md has the table.
mod catalogue;
mod change;
mod change_class;
mod config;
mod constraint;
mod default_doc;
pub mod engine;
pub mod env_vars;
mod error;
mod group;
mod history;
mod key;
pub mod key_index;
pub mod layers;
mod loading;
mod option;
pub mod pattern;
mod prehashed;
mod release;
mod release_view;
pub mod sensitive;
mod setting;
#[cfg(feature = "sql")]
pub mod sql;
pub mod suggest;
mod value;
#[cfg(feature = "yaml")]
pub mod yaml;

pub use catalogue::{Catalogue, GroupMeta, KeyStatus, OptionGroup, Resolved};
pub use change::{Change, Removal};
pub use change_class::{ChangeClass, Reach};
pub use config::{ConfigEntry, Configuration, ReadableConfig, Source};
pub use constraint::{Bound, Constraint, Deprecation, Relation};
pub use error::{
    unknown_key_message, ConfigError, ConfigErrorKind, ConfigErrors, ErrorList, ValueError,
};
pub use history::Presence;
pub use option::{
    key_hash, ConfigOption, DefaultDoc, DefaultText, DefaultValue, OptionKey, OptionMeta, Scope,
    Validator,
};
pub use release::{Release, ReleaseError, Releases};
pub use release_view::{AbsentKey, AbsentReason};
pub use setting::Setting;
pub use value::{ConfigEnum, MemorySize, OptionValue, Secret, TypeInfo, ValueKind};

/// Edit distance and how many typos a "did you mean" tolerates (`options-grammar`'s).
pub use options_grammar::distance;
/// The value grammar: Flink's spelling of durations, memory sizes, lists, maps and numbers.
pub use options_grammar::grammar;
/// The Markdown table of an option, as the derive's rustdoc and the docs' Markdown write it.
pub use options_grammar::table;
/// The command-line tool's name, for every message that names a command.
pub use options_grammar::tool;
pub use options_grammar::tool_name;
/// Release numbers (`1.20`, `2.0.1`) and their order.
pub use options_grammar::version;
/// How every output words an option's rules (bounds, closed sets, relations, deprecation).
pub use options_grammar::wording;

/// Everything the derive's generated code names, and the only path it names besides `::core`:
/// `<root>::__private::...`, where the root is `::options_core` unless a declaration says
/// `#[options(crate = path)]` (a crate that renames the dependency, or an engine's facade that
/// re-exports it). Not a public API.
#[doc(hidden)]
pub mod __private {
    pub use crate::catalogue::{GroupMeta, OptionGroup};
    pub use crate::change::{Change, Removal};
    pub use crate::config::{GroupReader, ReadableConfig};
    pub use crate::constraint::{Bound, Deprecation, Relation};
    pub use crate::engine::Engine;
    pub use crate::error::{ConfigErrors, ValueError};
    pub use crate::option::declared_option as declared;
    pub use crate::option::{
        ConfigOption, DefaultDoc, DefaultText, DefaultValue, OptionKey, OptionMeta, Scope,
    };
    pub use crate::pattern::PatternOption;
    pub use crate::release::Releases;
    pub use crate::value::{
        enum_index, parse_enum, ConfigEnum, MemorySize, OptionValue, Stored, TypeInfo,
    };
    // The standard library's owned types, so the generated code names no `::std` path.
    pub use std::collections::BTreeMap;
    pub use std::string::String;
    pub use std::vec::Vec;

    use crate::option::Validator;

    /// `Some(validator)`, typed: the derive writes `validate = path` through it, so that a
    /// function of the wrong type is reported at the path as an argument of the wrong type
    /// rather than as a mismatch inside a generic `Some(..)`.
    pub const fn validator(validator: Validator) -> Option<Validator> {
        Some(validator)
    }

    /// The position of `name` in `names`, compared exactly: a declared enum default must spell
    /// the variant's config name as the enum declares it, so the documented default is canonical.
    pub const fn enum_index_exact(names: &[&str], name: &str) -> Option<usize> {
        let mut i = 0;
        while i < names.len() {
            let (a, b) = (names[i].as_bytes(), name.as_bytes());
            if a.len() == b.len() {
                let mut j = 0;
                while j < a.len() && a[j] == b[j] {
                    j += 1;
                }
                if j == a.len() {
                    return Some(i);
                }
            }
            i += 1;
        }
        None
    }
}
