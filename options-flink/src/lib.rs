//! Apache Flink as an engine of `options-core`: every option of Flink 1.19 to 2.3 declared with
//! the derive, Flink's files and the Table API's configuration surfaces.
//!
//! What is here, and where:
//!
//! - [`ENGINE`] (in [`engine`]): how Flink spells things outside its declarations, and [`env`](mod@env),
//!   Flink's `FLINK_` environment variables.
//! - [`builtin`]: the catalogue ([`builtin::catalogue`], [`builtin::catalogue_at`] for one
//!   release of [`FLINK_RELEASES`]) and every option group (`TableOptions`,
//!   `ExecutionOptions`, ...), with Flink's typed readings (`SqlDialect`, `LocalTimeZone`).
//! - [`legacy`]: the legacy `flink-conf.yaml` line format, conf directories as each release reads
//!   them, and [`legacy::FlinkSources`], which adds both to a layered configuration.
//! - [`table_config`]: [`TableConfig`] (Flink's `TableConfig`: a read-only root and the
//!   application's own layer) and [`shared_table_config`], the same shared across threads.
//! - [`session`]: `SET`/`RESET`/`USE`/`SHOW OPTIONS` statements over a `TableConfig`
//!   (Flink's SQL client and a hosted service's `SET`, see `docs/behaviour-sources.md`).
//! - [`startup`]: values set before an environment exists, applied when it is created (pyflink's
//!   `config` buffer).
//!
//! Typed reads go through `options_core`'s one trait, `ReadableConfig` (in scope with
//! `use options_core::prelude::*;`), whatever holds the configuration: a `Configuration`, a
//! `LayeredConfig`, a [`TableConfig`], a [`session::TableEnvironment`], or a
//! [`shared_table_config::SharedTableConfig`] through its `current()` guard.
//!
//! ```
//! use options_core::layers::LayeredConfig;
//! use options_core::prelude::*;
//! use options_flink::builtin::{self, ExecutionOptions};
//! use options_flink::legacy::FlinkSources;
//!
//! // Flink 1.20 still reads the legacy file; 2.x refuses it.
//! let release = options_flink::FLINK_RELEASES.release("1.20").unwrap();
//! let config = LayeredConfig::builder()
//!     .catalogue(builtin::catalogue_at(release))
//!     .flink_conf_yaml("table.exec.mini-batch.enabled: true\n", "conf/flink-conf.yaml")
//!     .args(["-Dparallelism.default=4"])
//!     .build()
//!     .unwrap();
//! let resolved = config.resolved();
//! assert!(resolved.get(&ExecutionOptions::MINI_BATCH_ENABLED));
//! assert_eq!(resolved.get_str("parallelism.default"), Some("4"));
//! ```
#![deny(missing_docs)]

pub mod builtin;
pub mod engine;
pub mod legacy;
pub mod session;
pub mod shared_table_config;
pub mod startup;
pub mod table_config;
pub mod table_with;

pub use engine::{env, ENGINE, FLINK_ENV, FLINK_RELEASES};
pub use table_config::TableConfig;
