//! An engine crate as a facade, shaped as an engine built on `options-core` ships: it depends on
//! `options-core` under another name (`opts`), declares its own options through
//! `#[options(crate = opts)]`, and re-exports the derives and the runtime as [`options`], so a
//! crate that configures this engine depends on it alone (`tests/facade/user`).
//!
//! The declarations use every kind of generated code (enum defaults, bounds, relations, old keys,
//! pattern keys, secrets, histories, a validator), so each path the derive writes is compiled
//! against a root other than `::options_core`.
#![deny(missing_docs)]

use std::collections::BTreeMap;
use std::time::Duration;

use opts::{Catalogue, ConfigEnum, MemorySize, OptionGroup, Options, Releases, Secret};

/// The derives and the runtime of `options-core`, re-exported: a user of this engine writes
/// `#[options(crate = facade_engine::options)]` and `#[config(crate = facade_engine::options)]`.
/// The glob carries the hidden `__private` module the generated code names.
pub mod options {
    pub use opts::*;
}

/// This engine's releases.
pub static RELEASES: Releases = Releases::new("Facade Engine", &["1.0", "1.1", "2.0"]);

/// This engine: generic spellings under its own name, and its releases.
pub const ENGINE: opts::engine::Engine = opts::engine::Engine {
    name: "Facade Engine",
    releases: Some(&RELEASES),
    ..opts::engine::Engine::GENERIC
};

/// How spilled data is compressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ConfigEnum)]
#[config(crate = opts)]
pub enum Codec {
    /// Stored as is.
    None,
    /// LZ4.
    Lz4,
    /// Zstandard, also spelt `zstandard`.
    #[config(alias = "zstandard")]
    Zstd,
}

/// A check beyond the type: a host is not empty.
fn non_empty(value: &str) -> Result<(), String> {
    if value.trim().is_empty() {
        Err("a host is not empty".into())
    } else {
        Ok(())
    }
}

/// How the engine runs.
#[derive(Debug, Options)]
#[options(
    crate = opts,
    section = "engine",
    title = "Engine Options",
    engine = crate::ENGINE
)]
pub struct EngineOptions {
    /// Worker threads.
    #[option(key = "engine.threads", default = 4, min = 1, max = 256, since = "1.1")]
    pub threads: i32,

    /// How spilled data is compressed.
    #[option(key = "engine.spill.codec", default = "LZ4", deprecated_keys = ["engine.spill-codec"])]
    pub spill_codec: Codec,

    /// Codecs tried in order.
    #[option(key = "engine.spill.codecs", default = "LZ4;NONE")]
    pub spill_codecs: Vec<Codec>,

    /// How long a task may run.
    #[option(
        key = "engine.task.timeout",
        default = "30 s",
        changed(release = "2.0", default = "10 s")
    )]
    pub task_timeout: Duration,

    /// Memory for spilling.
    #[option(key = "engine.spill.memory", default = "64 mb", fallback_keys = ["engine.memory"])]
    pub spill_memory: MemorySize,

    /// The share of memory to spill at, while spilling is on.
    #[option(
        key = "engine.spill.ratio",
        default = 0.5,
        only_when = "engine.spill.codec = ZSTD",
        then_above = 0.1
    )]
    pub spill_ratio: f64,

    /// Hosts to reach.
    #[option(key = "engine.hosts", default = "a;b", validate = non_empty)]
    pub hosts: String,

    /// Labels.
    #[option(key = "engine.labels", default = "team:data")]
    pub labels: BTreeMap<String, String>,

    /// The password of the spill store.
    #[option(key = "engine.spill.password")]
    pub spill_password: Option<Secret<String>>,

    /// The old name of the queue.
    #[option(
        key = "engine.queue",
        removed = "2.0: use engine.queues",
        deprecated = "1.1: use engine.queues"
    )]
    pub queue: Option<String>,

    /// The port of a named endpoint.
    #[option(key = "engine.endpoint.<name>.port", default = 80)]
    pub endpoint_port: i32,
}

/// A catalogue of this engine: its own options and the `G` a user of the engine declares.
///
/// # Errors
///
/// When `G` declares a key this engine already has.
pub fn catalogue_with<G: OptionGroup>() -> Result<Catalogue, opts::ConfigError> {
    Catalogue::new().with::<EngineOptions>()?.with::<G>()
}

#[cfg(test)]
mod tests {
    use opts::prelude::*;
    use opts::Catalogue;
    use std::sync::Arc;
    use std::time::Duration;

    use super::{Codec, EngineOptions, ENGINE, RELEASES};

    fn config() -> Configuration {
        let catalogue = Catalogue::new().with::<EngineOptions>().unwrap();
        Configuration::with_catalogue(Arc::new(catalogue))
    }

    #[test]
    fn a_group_declared_through_a_renamed_dependency_reads_its_defaults() {
        let options = EngineOptions::default();
        assert_eq!(options.threads, 4);
        assert_eq!(options.spill_codec, Codec::Lz4);
        assert_eq!(options.spill_codecs, vec![Codec::Lz4, Codec::None]);
        assert_eq!(options.task_timeout, Duration::from_secs(30));
        assert_eq!(options.hosts, "a;b");
        assert!(options.spill_password.is_none());
    }

    #[test]
    fn its_declared_rules_hold_at_set_time() {
        let mut config = config();
        let error = config.set_str("engine.threads", "0").unwrap_err();
        assert!(error.to_string().ends_with("must be at least 1"), "{error}");
        let error = config.set_str("engine.hosts", " ").unwrap_err();
        assert!(error.to_string().contains("a host is not empty"), "{error}");
    }

    #[test]
    fn an_enum_declared_through_a_renamed_dependency_parses_its_names_and_aliases() {
        let mut config = config();
        config.set_str("engine.spill-codec", "zstandard").unwrap();
        assert_eq!(config.get(&EngineOptions::SPILL_CODEC), Codec::Zstd);
    }

    #[test]
    fn the_catalogue_is_the_engines_and_knows_its_history() {
        let catalogue = Catalogue::new().with::<EngineOptions>().unwrap();
        assert_eq!(catalogue.engine().name, ENGINE.name);
        let old = catalogue
            .at_release(RELEASES.release("1.0").unwrap())
            .unwrap();
        assert!(
            old.resolve("engine.threads").is_none(),
            "engine.threads arrives in 1.1"
        );
        assert!(
            old.resolve("engine.queue").is_some(),
            "engine.queue is removed in 2.0"
        );
    }
}
