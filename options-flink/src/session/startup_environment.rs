//! Seed 002 end to end: the values buffered in a [`StartupConfig`] (the process-wide one is
//! [`startup::config()`](crate::startup::config)) reach the [`TableEnvironment`] created from
//! it, startup-only options included, and asking again returns that same environment
//! (get-or-create). An environment handed in from outside receives none of them.
//!
//! ```
//! use options_core::prelude::*;
//! use options_flink::builtin::RuntimeOptions;
//! use options_flink::session::EnvironmentSettings;
//! use options_flink::startup::StartupConfig;
//!
//! let startup = StartupConfig::new();
//! startup
//!     .set("parallelism.default", "4")?
//!     .set("execution.runtime-mode", "batch")?;
//! let env = startup.get_or_create_table_environment(EnvironmentSettings::new());
//! assert!(!env.lock().unwrap().is_streaming_mode());
//! let again = startup.get_or_create_table_environment(EnvironmentSettings::new());
//! assert!(std::sync::Arc::ptr_eq(&env, &again));
//! assert_eq!(again.lock().unwrap().get(&RuntimeOptions::PARALLELISM_DEFAULT), 4);
//! # Ok::<(), options_core::ConfigError>(())
//! ```

use std::sync::{Arc, Mutex};

use crate::startup::{self, RegisteredEnvironment, StartupConfig};
use options_core::ConfigError;

use super::environment::{EnvironmentSettings, TableEnvironment};

/// A table environment shared by everyone who asked for it.
pub type SharedEnvironment = Arc<Mutex<TableEnvironment>>;

/// The environment registered with a buffer: only this module registers one, always a
/// [`SharedEnvironment`].
fn registered(slot: &Option<RegisteredEnvironment>) -> Option<SharedEnvironment> {
    slot.clone()
        .and_then(|env| env.downcast::<Mutex<TableEnvironment>>().ok())
}

impl StartupConfig {
    /// Creates an environment from `settings` with the buffered values laid over its root (they
    /// win over `config.yaml`, environment variables and arguments; startup-only options such as
    /// `execution.runtime-mode` take effect). The buffer closes: later
    /// [`set`](StartupConfig::set)s fail. An error when an environment was already created or
    /// injected; [`get_or_create_table_environment`](Self::get_or_create_table_environment)
    /// returns that one instead.
    pub fn create_table_environment(
        &self,
        settings: EnvironmentSettings,
    ) -> Result<TableEnvironment, ConfigError> {
        let buffered = self.take_buffer(&mut self.state())?;
        Ok(TableEnvironment::create(
            settings.with_configuration(buffered),
        ))
    }

    /// The environment registered here, else a new one created as
    /// [`create_table_environment`](Self::create_table_environment) does and registered: the
    /// first call decides, later calls (whatever their settings) return the same environment.
    pub fn get_or_create_table_environment(
        &self,
        settings: EnvironmentSettings,
    ) -> SharedEnvironment {
        let mut state = self.state();
        if let Some(env) = registered(&state.environment) {
            return env;
        }
        // Without a buffer (the config was created or injected another way), nothing to apply.
        let buffered = self.take_buffer(&mut state).unwrap_or_default();
        let env = TableEnvironment::create(settings.with_configuration(buffered));
        let env = Arc::new(Mutex::new(env));
        state.environment = Some(env.clone());
        env
    }

    /// Registers an environment created elsewhere: it is taken as fully configured and receives
    /// none of the buffered values, which are dropped with a warning (logged, and returned with
    /// the environment when anything was dropped). Later
    /// [`get_or_create_table_environment`](Self::get_or_create_table_environment) calls return it.
    pub fn set_table_environment(
        &self,
        env: TableEnvironment,
    ) -> (SharedEnvironment, Option<String>) {
        let env = Arc::new(Mutex::new(env));
        let warning = self.set_shared_table_environment(env.clone());
        (env, warning)
    }

    /// Like [`set_table_environment`](Self::set_table_environment), for an environment that is
    /// already shared (a binding whose handle other objects hold): every holder of `env` keeps
    /// seeing the same environment, which later
    /// [`get_or_create_table_environment`](Self::get_or_create_table_environment) calls return.
    /// Returns the warning naming the dropped buffered keys, if any.
    pub fn set_shared_table_environment(&self, env: SharedEnvironment) -> Option<String> {
        let mut state = self.state();
        let warning = self.drop_buffer_for_injected(&mut state);
        state.environment = Some(env);
        warning
    }

    /// The environment registered here, if any.
    pub fn table_environment(&self) -> Option<SharedEnvironment> {
        registered(&self.state().environment)
    }
}

impl TableEnvironment {
    /// The process-wide environment: created on the first call from `settings` and the values
    /// buffered in [`startup::config()`], returned as is by every later call (see
    /// [`StartupConfig::get_or_create_table_environment`]).
    pub fn get_or_create(settings: EnvironmentSettings) -> SharedEnvironment {
        startup::config().get_or_create_table_environment(settings)
    }
}
