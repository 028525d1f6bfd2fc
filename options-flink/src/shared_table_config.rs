//! [`SharedTableConfig`]: one [`TableConfig`] read by many threads while another applies `SET`.
//!
//! Readers take no lock: they read through [`SharedTableConfig::current`] (a guard, for a read now)
//! or keep a [`snapshot`](SharedTableConfig::snapshot) (`Arc<TableConfig>`), both read through
//! [`ReadableConfig`](options_core::ReadableConfig) as a [`TableConfig`] is. Every read of
//! one guard or snapshot sees one consistent state, never half of an update. Writers clone the
//! current configuration, change the clone and swap it in; a mutex orders writers so no update is
//! lost.

use std::fmt;
use std::ops::Deref;
use std::sync::{Arc, Mutex, PoisonError};

use arc_swap::{ArcSwap, Guard};

use crate::table_config::TableConfig;
use options_core::ConfigError;
use options_core::ConfigOption;
use options_core::OptionValue;

/// A [`TableConfig`] shared across threads: lock-free snapshots for readers, serialized
/// copy-on-write updates for writers.
///
/// ```
/// use options_flink::{shared_table_config::SharedTableConfig, TableConfig};
///
/// let shared = SharedTableConfig::new(TableConfig::default());
/// shared.set_str("pipeline.name", "nightly").unwrap();
/// let snapshot = shared.snapshot();
/// assert_eq!(snapshot.configuration().get_str("pipeline.name"), Some("nightly"));
/// ```
pub struct SharedTableConfig {
    current: ArcSwap<TableConfig>,
    writer: Mutex<()>,
}

impl SharedTableConfig {
    /// Shares `config`.
    pub fn new(config: TableConfig) -> Self {
        SharedTableConfig {
            current: ArcSwap::from_pointee(config),
            writer: Mutex::new(()),
        }
    }

    /// The current configuration; later updates do not change it.
    pub fn snapshot(&self) -> Arc<TableConfig> {
        self.current.load_full()
    }

    /// The current configuration for a read now, through
    /// [`ReadableConfig`](options_core::ReadableConfig): no lock and no reference count
    /// taken, so many threads reading at once do not contend. Hold it briefly (a few reads); keep a
    /// [`snapshot`](Self::snapshot) instead for longer.
    ///
    /// ```
    /// use options_core::prelude::*;
    /// use options_flink::builtin::ExecutionOptions;
    /// use options_flink::{shared_table_config::SharedTableConfig, TableConfig};
    ///
    /// let shared = SharedTableConfig::new(TableConfig::default());
    /// shared.set(&ExecutionOptions::MINI_BATCH_ENABLED, true).unwrap();
    /// assert!(shared.current().get(&ExecutionOptions::MINI_BATCH_ENABLED));
    /// ```
    #[inline]
    pub fn current(&self) -> impl Deref<Target = TableConfig> + '_ {
        Current(self.current.load())
    }

    /// Applies `change` to a copy of the current configuration and publishes the copy when it
    /// returns `Ok`; on `Err` nothing changes. Updates are applied one at a time.
    pub fn update<R, E>(
        &self,
        change: impl FnOnce(&mut TableConfig) -> Result<R, E>,
    ) -> Result<R, E> {
        // A panic in another writer leaves the published configuration intact, so the lock's
        // poison carries no information here.
        let _guard = self.writer.lock().unwrap_or_else(PoisonError::into_inner);
        let mut next = TableConfig::clone(&self.current.load());
        let result = change(&mut next)?;
        self.current.store(Arc::new(next));
        Ok(result)
    }

    /// Sets a typed value (see [`TableConfig::set`]).
    pub fn set<T: OptionValue>(
        &self,
        option: &ConfigOption<T>,
        value: T,
    ) -> Result<(), ConfigError> {
        self.update(|c| c.set(option, value).map(drop))
    }

    /// Sets a value by key and string (see [`TableConfig::set_str`]).
    pub fn set_str(&self, key: &str, value: &str) -> Result<(), ConfigError> {
        self.update(|c| c.set_str(key, value).map(drop))
    }
}

impl fmt::Debug for SharedTableConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("SharedTableConfig")
            .field(&*self.current.load())
            .finish()
    }
}

impl From<TableConfig> for SharedTableConfig {
    fn from(config: TableConfig) -> Self {
        SharedTableConfig::new(config)
    }
}

/// What [`SharedTableConfig::current`] gives: the current configuration, held by `arc_swap`'s
/// guard rather than a counted reference.
struct Current(Guard<Arc<TableConfig>>);

impl Deref for Current {
    type Target = TableConfig;

    #[inline]
    fn deref(&self) -> &TableConfig {
        &self.0
    }
}
