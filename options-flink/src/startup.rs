//! Configuration set before the environment exists (the process-wide `config` of pyflink's
//! dataframe API).
//!
//! Values are buffered until the environment is created; creating it applies them, so options read
//! only at startup (such as `execution.runtime-mode`) take effect. Three rules:
//!
//! 1. [`StartupConfig::set`] buffers a value (chainable); [`StartupConfig::get`] returns the
//!    buffered string.
//! 2. [`StartupConfig::create_environment_config`] builds the environment's [`TableConfig`] with the
//!    buffered values in its root. Afterwards `set` fails, saying why.
//! 3. [`StartupConfig::inject`] registers an environment created elsewhere: it is taken as fully
//!    configured and receives none of the buffered values (they are dropped, with a warning).
//!
//! [`config`] is the process-wide instance; [`StartupConfig`] values are independent buffers (for
//! tests, or programs that manage several environments).
//!
//! ```
//! use options_core::prelude::*;
//! use options_flink::startup::StartupConfig;
//! use options_flink::builtin::RuntimeOptions;
//!
//! let startup = StartupConfig::new();
//! startup
//!     .set("parallelism.default", "4")?
//!     .set("execution.runtime-mode", "batch")?;
//! assert_eq!(startup.get("parallelism.default").as_deref(), Some("4"));
//!
//! let table_config = startup.create_environment_config()?;
//! assert_eq!(table_config.get(&RuntimeOptions::PARALLELISM_DEFAULT), 4);
//! assert!(startup.set("parallelism.default", "8").is_err());
//! # Ok::<(), options_core::ConfigError>(())
//! ```

use std::fmt;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, PoisonError};

use crate::table_config::TableConfig;
use options_core::layers::{LayerKind, LayeredConfig};
use options_core::Catalogue;
use options_core::{ConfigError, ConfigErrorKind};
use options_core::{Configuration, Source};

/// Where a [`StartupConfig`] is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Buffering values; no environment yet.
    Buffering,
    /// The environment was created from the buffer.
    Created,
    /// An environment created elsewhere was injected; the buffer was dropped.
    Injected,
}

pub(crate) struct State {
    pub(crate) buffer: Configuration,
    pub(crate) phase: Phase,
    /// The environment [`get_or_create_table_environment`](StartupConfig::get_or_create_table_environment)
    /// or [`set_table_environment`](StartupConfig::set_table_environment) registered. Kept
    /// without its type: the session module registers it and reads it back, so this buffer does
    /// not depend on sessions (which depend on it).
    pub(crate) environment: Option<RegisteredEnvironment>,
}

/// An environment registered with a [`StartupConfig`], its type known only to the module that
/// registered it (`session::startup_environment`).
pub(crate) type RegisteredEnvironment = Arc<dyn std::any::Any + Send + Sync>;

/// A buffer of configuration for an environment that does not exist yet; see the
/// [module docs](self).
pub struct StartupConfig {
    catalogue: Option<Arc<Catalogue>>,
    state: Mutex<State>,
}

impl Default for StartupConfig {
    fn default() -> Self {
        Self::new()
    }
}

impl StartupConfig {
    /// An empty buffer validating values against the built-in catalogue.
    pub fn new() -> Self {
        Self::with_catalogue(Some(crate::builtin::catalogue()))
    }

    /// An empty buffer validating values against `catalogue` (or not at all).
    pub fn with_catalogue(catalogue: Option<Arc<Catalogue>>) -> Self {
        StartupConfig {
            state: Mutex::new(State {
                buffer: empty(catalogue.as_ref()),
                phase: Phase::Buffering,
                environment: None,
            }),
            catalogue,
        }
    }

    pub(crate) fn state(&self) -> MutexGuard<'_, State> {
        // Every mutation below completes or leaves the state unchanged, so a poisoned lock still
        // guards a consistent state.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Buffers `value` for `key` (validated now when the catalogue declares the key). An error once
    /// the environment exists.
    pub fn set(&self, key: &str, value: &str) -> Result<&Self, ConfigError> {
        self.set_with_source(key, value, Source::Application)
    }

    /// Like [`set`](Self::set), recording where the value came from (the shell buffers its `-D`
    /// arguments as [`Source::Argument`], so listings name them).
    pub fn set_with_source(
        &self,
        key: &str,
        value: &str,
        source: Source,
    ) -> Result<&Self, ConfigError> {
        let mut state = self.state();
        if state.phase != Phase::Buffering {
            return Err(ConfigError::from(
                ConfigErrorKind::AfterEnvironmentCreated {
                    key: key.to_owned(),
                },
            ));
        }
        state.buffer.set_str_with_source(key, value, source)?;
        Ok(self)
    }

    /// The buffered value of exactly `key`.
    pub fn get(&self, key: &str) -> Option<String> {
        self.state().buffer.get_str(key).map(str::to_owned)
    }

    /// The buffered key -> value pairs for display (sensitive values are `******`).
    pub fn to_display_map(&self) -> std::collections::BTreeMap<String, String> {
        self.state().buffer.to_display_map()
    }

    /// Where the buffer is in its life.
    pub fn phase(&self) -> Phase {
        self.state().phase
    }

    /// Creates the environment's configuration with the buffered values in its root (above any
    /// other layer); the buffer closes.
    pub fn create_environment_config(&self) -> Result<TableConfig, ConfigError> {
        let base = match &self.catalogue {
            Some(c) => LayeredConfig::from_layers([], Some(c.clone())),
            None => LayeredConfig::new(),
        };
        self.create_environment_config_with(&base)
    }

    /// Like [`create_environment_config`](Self::create_environment_config), on top of loaded
    /// layers (`config.yaml`, environment, arguments); the buffered values win over them.
    pub fn create_environment_config_with(
        &self,
        base: &LayeredConfig,
    ) -> Result<TableConfig, ConfigError> {
        let buffered = self.take_buffer(&mut self.state())?;
        let root = base.with_layer(LayerKind::Application, buffered);
        Ok(TableConfig::with_root(root))
    }

    /// The buffered values, taken for the environment being created; the buffer closes. An error
    /// when an environment was already created or injected.
    pub(crate) fn take_buffer(&self, state: &mut State) -> Result<Configuration, ConfigError> {
        if state.phase != Phase::Buffering {
            return Err(ConfigError::from(ConfigErrorKind::EnvironmentExists));
        }
        state.phase = Phase::Created;
        Ok(std::mem::replace(
            &mut state.buffer,
            empty(self.catalogue.as_ref()),
        ))
    }

    /// Registers an environment created elsewhere: it keeps its own configuration and receives
    /// none of the buffered values, which are dropped (a warning names their keys). Returns the
    /// configuration unchanged.
    pub fn inject(&self, config: TableConfig) -> TableConfig {
        self.drop_buffer_for_injected(&mut self.state());
        config
    }

    /// Drops the buffer because an environment created elsewhere arrived, warning with the keys
    /// it held; returns the warning (`None` when nothing was buffered).
    pub(crate) fn drop_buffer_for_injected(&self, state: &mut State) -> Option<String> {
        let dropped = std::mem::replace(&mut state.buffer, empty(self.catalogue.as_ref()));
        state.phase = Phase::Injected;
        if dropped.is_empty() {
            return None;
        }
        let keys: Vec<&str> = dropped.iter().map(|e| e.key()).collect();
        let warning = format!(
            "an environment was injected; buffered startup configuration is not applied to it: {}",
            keys.join(", ")
        );
        log::warn!("{warning}");
        Some(warning)
    }

    /// Empties the buffer and opens it again, as if no environment had been created (a registered
    /// environment is forgotten; holders of it keep theirs).
    pub fn reset(&self) {
        let mut state = self.state();
        state.buffer = empty(self.catalogue.as_ref());
        state.phase = Phase::Buffering;
        state.environment = None;
    }
}

fn empty(catalogue: Option<&Arc<Catalogue>>) -> Configuration {
    match catalogue {
        Some(c) => Configuration::with_catalogue(c.clone()),
        None => Configuration::new(),
    }
}

impl fmt::Debug for StartupConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let state = self.state();
        f.debug_struct("StartupConfig")
            .field("phase", &state.phase)
            .field("buffer", &state.buffer)
            .finish()
    }
}

/// The process-wide startup configuration (created on first use, with the built-in catalogue).
pub fn config() -> &'static StartupConfig {
    static CONFIG: OnceLock<StartupConfig> = OnceLock::new();
    CONFIG.get_or_init(StartupConfig::new)
}

/// Creates the environment's configuration from the process-wide buffer
/// (see [`StartupConfig::create_environment_config`]).
pub fn create_environment_config() -> Result<TableConfig, ConfigError> {
    config().create_environment_config()
}

/// Registers an environment created elsewhere with the process-wide buffer
/// (see [`StartupConfig::inject`]).
pub fn inject(table_config: TableConfig) -> TableConfig {
    config().inject(table_config)
}
