//! The runtime behind `options-core`: values and their grammar, options, configuration,
//! catalogues and releases, layers with provenance, the key index, suggestions and secrets.
//!
//! Use `options-core`, which re-exports every item here at the same path together with the
//! `#[derive(Options)]` and `#[derive(ConfigEnum)]` macros. This crate does not depend on the
//! derive, so a build compiles the two side by side.
//!
//! Every configuration reads typed values one way, through the [`ReadableConfig`] trait
//! (`get`, `get_optional`, `try_get`); `options_core::prelude` brings it into scope.
#![deny(missing_docs)]

// The derive names `::options_core::...` paths; this lets the unit tests use the derive here.
#[cfg(test)]
extern crate self as options_core;

pub mod catalogue;
pub mod change;
pub mod change_class;
pub mod config;
pub mod constraint;
mod default_doc;
pub mod engine;
pub mod env_vars;
pub mod error;
mod group;
pub mod history;
mod key;
pub mod key_index;
pub mod layers;
pub mod loading;
pub mod option;
pub mod pattern;
mod prehashed;
pub mod release;
pub mod release_view;
pub mod sensitive;
#[cfg(feature = "sql")]
pub mod sql;
pub mod suggest;
pub mod value;
#[cfg(feature = "yaml")]
pub mod yaml;

pub use catalogue::{Catalogue, GroupMeta, KeyRole, KeyStatus, OptionGroup, Resolved};
pub use change::{Change, Removal};
pub use change_class::{ChangeClass, Reach};
pub use config::{ConfigEntry, Configuration, ReadableConfig, Source};
pub use constraint::{Bound, Constraint, Deprecation, NeedsAbove, NoEffect, Relation};
pub use engine::Engine;
pub use error::{ConfigError, ConfigErrorKind, ConfigErrors, ErrorList, ValueError};
pub use history::Presence;
pub use layers::{LayerKind, LayeredConfig};
pub use loading::Strictness;
pub use option::{
    key_hash, ConfigOption, DefaultDoc, DefaultText, DefaultValue, OptionKey, OptionMeta, Scope,
    Validator,
};
/// How every output words an option's rules (bounds, closed sets, relations, deprecation).
pub use options_grammar::wording;
pub use pattern::PatternOption;
pub use release::{Release, ReleaseError, Releases};
pub use sensitive::{is_sensitive_key, MASK};
pub use value::{ConfigEnum, MemorySize, OptionValue, Secret, TypeInfo, ValueKind};

/// Internals the derive's generated code names. Not a public API.
#[doc(hidden)]
pub mod __private {
    pub use crate::config::GroupReader;
    pub use crate::option::declared_option as declared;
    pub use crate::value::{enum_index, parse_enum, Stored};

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
