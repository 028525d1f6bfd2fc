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
//! use options_core::prelude::*;
//! use options_core::{Catalogue, MemorySize};
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
//! A typed read is one trait, [`ReadableConfig`]: [`get`](ReadableConfig::get) (the default when
//! unset), [`get_optional`](ReadableConfig::get_optional) and [`try_get`](ReadableConfig::try_get)
//! read the same way from a [`Configuration`], a [`LayeredConfig`](layers::LayeredConfig) or an
//! engine's own view of them. The [`prelude`] brings it into scope with what a declaration needs.
//!
//! Every public item has one path. The root holds what declaring and reading options takes, in
//! the order a declaration travels: values and their types ([`OptionValue`], [`MemorySize`],
//! [`Secret`], [`ConfigEnum`], the text rules in [`grammar`]) -> one option's declaration
//! ([`ConfigOption`], [`OptionMeta`]) -> a configuration read through typed handles
//! ([`Configuration`], [`ReadableConfig`]) -> every group of an engine ([`Catalogue`]), its
//! [`Releases`] and what each release saw ([`Presence`]). A subsystem opened on purpose is a
//! module of its own: [`layers`] (files, environment variables, `-D` arguments and the
//! application stacked with provenance), [`engine`] (what an engine spells its own way),
//! [`sensitive`] (which keys are secret), [`key_index`], [`pattern`], [`suggest`], [`env_vars`],
//! and behind features `yaml` and `sql` below.
//!
//! Features, each off unless asked for:
//! - `yaml`: the `config.yaml` reader (the `yaml` module and `LayeredConfigBuilder::config_yaml`), which
//!   brings a YAML parser;
//! - `sql`: configuration statements (`SET`, `RESET`, `USE`, `SHOW OPTIONS`) read with spans and
//!   secrets (the `sql` module).
#![deny(missing_docs)]

pub use options_macros::{ConfigEnum, Options};
pub use options_runtime::*;

/// What a crate needs to declare options and read them: the derives, the handle type, the
/// reading trait and the configuration it reads from. `use options_core::prelude::*;`
///
/// ```
/// use options_core::prelude::*;
///
/// /// Options of a sink.
/// #[derive(Options)]
/// #[options(section = "sink", title = "Sink Options")]
/// pub struct SinkOptions {
///     /// Rows written at once.
///     #[option(key = "sink.batch-rows", default = 500)]
///     pub batch_rows: i32,
/// }
///
/// let handle: &ConfigOption<i32> = &SinkOptions::BATCH_ROWS;
/// assert_eq!(Configuration::new().get(handle), 500);
/// ```
pub mod prelude {
    pub use crate::{ConfigEnum, ConfigOption, Configuration, Options, ReadableConfig};
}
