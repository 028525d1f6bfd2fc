//! Declare each configuration option of an engine once, with `#[derive(Options)]`, and get typed
//! reads, a value grammar compatible with Apache Flink's (`3 min`, `64 mb`, `a;b;c`), catalogues that
//! know every release, layered configuration that knows where each value came from, "did you mean"
//! suggestions and masked secrets, all from that one declaration.
//!
//! This crate names no engine: Flink's options are one engine on top of it (the `options-flink`
//! crate), and a connector or another engine declares its own the same way.
//!
//! ```
//! use std::sync::Arc;
//! use std::time::Duration;
//! use options_core::{Catalogue, Configuration, MemorySize, Options};
//!
//! /// How the connector reaches its brokers.
//! #[derive(Debug, Options)]
//! #[options(section = "connection", title = "Connection Options")]
//! pub struct ConnectionOptions {
//!     /// How long to wait for a broker to accept a connection.
//!     #[option(key = "connector.connect-timeout", default = "10 s", min = "1 ms")]
//!     pub connect_timeout: Duration,
//!
//!     /// The largest batch sent at once.
//!     #[option(key = "connector.max-batch-size", default = "1 mb")]
//!     pub max_batch_size: MemorySize,
//! }
//!
//! let catalogue = Arc::new(Catalogue::new().with::<ConnectionOptions>().unwrap());
//! let mut config = Configuration::with_catalogue(catalogue);
//! config.set_str("connector.connect-timeout", "3 min").unwrap();
//! assert_eq!(config.get(&ConnectionOptions::CONNECT_TIMEOUT), Duration::from_secs(180));
//! assert_eq!(config.get(&ConnectionOptions::MAX_BATCH_SIZE), MemorySize::from_bytes(1 << 20));
//! let error = config.set_str("connector.connect-timeout", "3 mins").unwrap_err();
//! assert!(error.to_string().starts_with("invalid value \"3 mins\" for connector.connect-timeout"));
//! ```
//!
//! The pipeline, in the order a declaration travels: [`value`] (types and their string grammar)
//! -> [`option`] (one option's declaration, [`ConfigOption`]) -> [`config`] (a layer of settings
//! read through typed handles, [`Configuration`]) -> [`catalogue`] (every group of an engine, its
//! [`release`]s and what each release saw, [`history`]) -> [`layers`] (files, environment
//! variables, `-D` arguments and the application stacked with provenance, [`LayeredConfig`]).
//!
//! Features, each off unless asked for:
//! - `yaml`: the `config.yaml` reader (the `yaml` module and `LayeredConfigBuilder::config_yaml`), which
//!   brings a YAML parser.
#![deny(missing_docs)]

// The derive names `::options_core::...` paths; this lets the crate use its own derive.
extern crate self as options_core;

pub mod catalogue;
pub mod change;
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
pub mod suggest;
pub mod value;
#[cfg(feature = "yaml")]
pub mod yaml;

pub use catalogue::{Catalogue, GroupMeta, KeyRole, KeyStatus, OptionGroup, Resolved};
pub use change::{Change, Removal};
pub use config::{ConfigEntry, Configuration, ReadableConfig, Source};
pub use constraint::{Bound, Constraint, Deprecation, Relation};
pub use engine::Engine;
pub use error::{ConfigError, ConfigErrorKind, ConfigErrors, ErrorList, ValueError};
pub use history::Presence;
pub use layers::{LayerKind, LayeredConfig};
pub use loading::Strictness;
pub use option::{
    key_hash, ConfigOption, DefaultDoc, DefaultText, DefaultValue, OptionKey, OptionMeta, Scope,
    Validator,
};
pub use options_macros::{ConfigEnum, Options};
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
