//! A crate that configures an engine through the engine's facade alone: its `Cargo.toml` names
//! `facade-engine` and nothing else, so `::options_core` does not resolve here, and these
//! declarations compile only because `crate = facade_engine::options` points the derives at the
//! facade's re-export.
#![deny(missing_docs)]

use facade_engine::options::{ConfigEnum, Options};

/// Where a sink writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ConfigEnum)]
#[config(crate = facade_engine::options)]
pub enum Target {
    /// Standard output.
    Stdout,
    /// A file.
    File,
}

/// Options of a sink written for the facade engine.
#[derive(Debug, Options)]
#[options(
    crate = facade_engine::options,
    section = "sink",
    title = "Sink Options",
    engine = facade_engine::ENGINE
)]
pub struct SinkOptions {
    /// Where rows go.
    #[option(key = "sink.target", default = "STDOUT")]
    pub target: Target,

    /// Rows written at once.
    #[option(key = "sink.batch-rows", default = 500, min = 1)]
    pub batch_rows: i32,
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use facade_engine::options::prelude::*;

    use super::{SinkOptions, Target};

    #[test]
    fn a_group_declared_through_the_facade_joins_the_engines_catalogue() {
        let catalogue = facade_engine::catalogue_with::<SinkOptions>().unwrap();
        assert_eq!(catalogue.engine().name, "Facade Engine");
        let mut config = Configuration::with_catalogue(Arc::new(catalogue));
        config.set_str("sink.target", "file").unwrap();
        config.set_str("engine.threads", "8").unwrap();
        assert_eq!(config.get(&SinkOptions::TARGET), Target::File);
        assert_eq!(config.get(&facade_engine::EngineOptions::THREADS), 8);
    }

    #[test]
    fn a_bound_declared_through_the_facade_is_checked() {
        let catalogue = facade_engine::catalogue_with::<SinkOptions>().unwrap();
        let mut config = Configuration::with_catalogue(Arc::new(catalogue));
        let error = config.set_str("sink.batch-rows", "0").unwrap_err();
        assert!(error.to_string().ends_with("must be at least 1"), "{error}");
        assert_eq!(SinkOptions::default().batch_rows, 500);
    }
}
