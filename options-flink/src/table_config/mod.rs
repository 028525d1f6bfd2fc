//! [`TableConfig`]: the configuration of one table environment (session): a read-only **root** (the
//! environment's layers: `config.yaml`, environment variables, `-D` arguments, values given when the
//! environment was created) under a mutable **application** layer that wins.
//!
//! Reads see everything; writes only touch the application layer. A typed read looks in the
//! application layer, then in the root, then falls back to the option's default: two table probes by
//! a precomputed key hash, no lock, no allocation for `Copy` values.

mod handles;

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

pub use crate::builtin::{IntoLocalTimeZone, LocalTimeZone, SqlDialect, ZoneKind};
pub use handles::GLOBAL_JOB_PARAMETERS;

use options_core::layers::{Explanation, LayeredConfig};
use options_core::Catalogue;
use options_core::OptionValue;
use options_core::{ConfigEntry, Configuration, ReadableConfig, Source};
use options_core::{ConfigError, ConfigErrorKind, ConfigErrors};
use options_core::{ConfigOption, OptionKey, OptionMeta};

/// The configuration of a table environment: the environment's read-only root layers plus the
/// application's own settings, which win. See the [module docs](self).
///
/// ```
/// use std::time::Duration;
/// use options_flink::TableConfig;
///
/// let mut config = TableConfig::default();
/// config.set_idle_state_retention(Duration::from_secs(3600));
/// config.set_local_time_zone("GMT+02:00").unwrap();
/// assert_eq!(config.idle_state_retention(), Duration::from_secs(3600));
/// assert_eq!(config.local_time_zone().unwrap().id(), "GMT+02:00");
/// ```
#[derive(Clone)]
pub struct TableConfig {
    root: Arc<LayeredConfig>,
    /// The root's merged table, held here too so a read of the root is one pointer away, as it
    /// was when the merged table sat inside the root.
    root_merged: Arc<Configuration>,
    application: Configuration,
}

impl Default for TableConfig {
    /// No root settings; values are validated against the built-in catalogue.
    fn default() -> Self {
        TableConfig::with_root(LayeredConfig::new())
    }
}

impl TableConfig {
    /// An empty configuration answering for `release` of the built-in catalogue: its keys, types
    /// and defaults (an option of another release is refused, naming when it arrived or left).
    ///
    /// ```
    /// use options_flink::FLINK_RELEASES;
    /// use options_flink::TableConfig;
    ///
    /// let config = TableConfig::at_release(FLINK_RELEASES.release("2.0").unwrap());
    /// assert_eq!(config.catalogue().unwrap().release().unwrap().version(), "2.0");
    /// ```
    pub fn at_release(release: options_core::Release) -> Self {
        let catalogue = crate::builtin::catalogue_at(release);
        TableConfig::with_root(LayeredConfig::from_layers([], Some(catalogue)))
    }

    /// A configuration over `root` (the environment's layers). The application layer validates
    /// string values with the root's catalogue, or the built-in one when the root has none.
    pub fn with_root(root: impl Into<Arc<LayeredConfig>>) -> Self {
        let root = root.into();
        let catalogue = root.catalogue().cloned().or_else(default_catalogue);
        let application = match catalogue {
            Some(c) => Configuration::with_catalogue(c),
            None => Configuration::new(),
        };
        TableConfig {
            root_merged: root.merged(),
            root,
            application,
        }
    }

    /// The catalogue that validates string values and knows which options are startup-only.
    pub fn catalogue(&self) -> Option<&Arc<Catalogue>> {
        self.application.catalogue()
    }

    /// Sets an application value. Options read only at startup (such as `execution.runtime-mode`)
    /// are rejected: the environment already exists.
    ///
    /// An earlier application setting of the option under another spelling (a fallback or
    /// deprecated key) is dropped, so the latest setting is the one read.
    pub fn set<T: OptionValue>(
        &mut self,
        option: &ConfigOption<T>,
        value: T,
    ) -> Result<&mut Self, ConfigError> {
        check_not_startup_only(option.meta())?;
        self.put(option, value)?;
        Ok(self)
    }

    /// Sets an application value, dropping the application's settings of the option's other
    /// spellings (most options have none: then this is one `set`).
    fn put<T: OptionValue>(
        &mut self,
        option: &ConfigOption<T>,
        value: T,
    ) -> Result<(), ConfigError> {
        let meta = option.meta();
        self.application.set(option, value)?;
        for k in meta.fallback_keys.iter().chain(meta.deprecated_keys) {
            self.application.remove_str(k.name());
        }
        Ok(())
    }

    /// [`put`](Self::put) for the conveniences below, whose options declare no constraint, so the
    /// set cannot be refused (checked in debug builds).
    fn put_unconstrained<T: OptionValue>(&mut self, option: &ConfigOption<T>, value: T) {
        debug_assert!(option.meta().constraint.is_empty());
        if let Err(e) = self.put(option, value) {
            unreachable!("{e}");
        }
    }

    /// Sets an application value by key and string, validated when the catalogue declares the key.
    /// Startup-only options are rejected. As with [`set`](Self::set), an earlier application
    /// setting of the same option under another spelling is dropped.
    pub fn set_str(&mut self, key: &str, value: &str) -> Result<&mut Self, ConfigError> {
        self.set_str_with_source(key, value, Source::Application)
    }

    /// Like [`set_str`](Self::set_str), recording another source (a session's `SET` uses
    /// [`Source::Session`]).
    pub fn set_str_with_source(
        &mut self,
        key: &str,
        value: &str,
        source: Source,
    ) -> Result<&mut Self, ConfigError> {
        let meta = self.settable(key)?;
        self.application.set_str_with_source(key, value, source)?;
        if let Some(meta) = meta {
            for k in meta.all_keys().filter(|k| k.name() != key) {
                self.application.remove_str(k.name());
            }
        }
        Ok(self)
    }

    /// Removes the application's setting of `key` (and, when the catalogue declares it, of its
    /// other spellings), so the root or the default shows again; returns whether anything was set.
    pub fn reset(&mut self, key: &str) -> bool {
        let meta = self
            .catalogue()
            .and_then(|c| c.resolve(key))
            .map(|r| r.meta);
        match meta {
            Some(meta) => meta.all_keys().fold(false, |removed, k| {
                self.application.remove_str(k.name()) | removed
            }),
            None => self.application.remove_str(key),
        }
    }

    /// Copies every entry of `config` into the application layer (its values win).
    ///
    /// Entries whose key the catalogue declares are validated as [`set_str`](Self::set_str)
    /// validates them: the value must parse as the option's type, and startup-only options are
    /// rejected. When any entry is rejected nothing is copied, and every rejected entry is
    /// reported. An option `config` sets replaces the application's earlier setting of it under
    /// any spelling, as a higher layer does (see [`options_core::layers`]).
    pub fn add_configuration(&mut self, config: &Configuration) -> Result<&mut Self, ConfigErrors> {
        // Each entry goes through `set_str`'s checks (the catalogue's parser and validator, its
        // sensitivity) into `incoming`, which is laid over the layer only when every entry passed.
        let mut incoming = match self.catalogue() {
            Some(c) => Configuration::with_catalogue(c.clone()),
            None => Configuration::new(),
        };
        let mut errors = Vec::new();
        for entry in config.iter() {
            let added = self.settable(entry.key()).and_then(|_| {
                incoming
                    .set_str_with_source(entry.key(), entry.value(), entry.source().clone())
                    .map(drop)
            });
            errors.extend(added.err());
        }
        if !errors.is_empty() {
            return Err(ConfigErrors(errors));
        }
        let catalogue = self.catalogue().cloned();
        options_core::layers::overlay(&mut self.application, &incoming, catalogue.as_deref());
        Ok(self)
    }

    /// The option `key` sets when the catalogue declares it; an error when it is startup-only.
    fn settable(&self, key: &str) -> Result<Option<&'static OptionMeta>, ConfigError> {
        match self.catalogue().and_then(|c| c.resolve(key)) {
            Some(r) => check_not_startup_only(r.meta).map(|()| Some(r.meta)),
            None => Ok(None),
        }
    }

    /// The application layer: what was set on this configuration.
    pub fn configuration(&self) -> &Configuration {
        &self.application
    }

    /// The root: the environment's layers, read-only.
    pub fn root_configuration(&self) -> &LayeredConfig {
        &self.root
    }

    /// Replaces the root (the environment's layers); the application layer is kept.
    pub fn set_root_configuration(&mut self, root: impl Into<Arc<LayeredConfig>>) -> &mut Self {
        self.root = root.into();
        self.root_merged = self.root.merged();
        self
    }

    /// Every winning key -> value, unmasked (for handing to an engine). An option the application
    /// sets appears only under the application's spelling: the root's settings of it, under any
    /// spelling, are left out, so a reader of the map sees what [`get`](ReadableConfig::get) returns.
    pub fn to_map(&self) -> BTreeMap<String, String> {
        self.winning().to_map()
    }

    /// Every winning key -> value for display: sensitive values are `******`. Spellings are
    /// resolved as in [`to_map`](Self::to_map).
    pub fn to_display_map(&self) -> BTreeMap<String, String> {
        self.winning().to_display_map()
    }

    /// The root's winning settings with the application layer laid over them, the way layers are
    /// merged (see [`options_core::layers`]).
    fn winning(&self) -> Configuration {
        let mut merged = self.root.resolved().clone();
        options_core::layers::overlay(
            &mut merged,
            &self.application,
            self.catalogue().map(Arc::as_ref),
        );
        merged
    }

    /// Every layer that sets `key`, the winner first, with sources.
    pub fn explain(&self, key: &str) -> Explanation {
        let root_layers = self.root.layers().iter().rev().map(|l| l.configuration());
        Explanation::build(
            key,
            std::iter::once(&self.application).chain(root_layers),
            self.catalogue().map(Arc::as_ref),
        )
    }

    /// The SQL dialect (`table.sql-dialect`, read ignoring case).
    pub fn sql_dialect(&self) -> Result<SqlDialect, ConfigError> {
        let value = self.get(handles::SQL_DIALECT);
        SqlDialect::parse(&value).ok_or_else(|| {
            ConfigError::invalid_setting(
                handles::SQL_DIALECT.key(),
                &value,
                "one of \"default\", \"hive\"",
            )
        })
    }

    /// Sets the SQL dialect.
    pub fn set_sql_dialect(&mut self, dialect: SqlDialect) -> &mut Self {
        self.put_unconstrained(handles::SQL_DIALECT, dialect.as_str().to_owned());
        self
    }

    /// The session time zone (`table.local-time-zone`): used when converting `TIMESTAMP_LTZ`
    /// values to and from types without a zone. `default` gives the system's zone.
    pub fn local_time_zone(&self) -> Result<LocalTimeZone, ConfigError> {
        let value = self.get(handles::LOCAL_TIME_ZONE);
        LocalTimeZone::parse(&value).ok_or_else(|| crate::builtin::zone::invalid_zone(&value))
    }

    /// Sets the session time zone: a TZDB id (`Europe/Berlin`, `UTC`), a fixed offset
    /// (`GMT+02:00`), or `default` for the system's zone, given as a string, as a typed
    /// [`jiff::tz::Offset`] (Flink's `ZoneOffset.ofHours(2)` is `Offset::constant(2)`) or as a
    /// [`LocalTimeZone`]. The canonical spelling is stored.
    pub fn set_local_time_zone(
        &mut self,
        zone: impl IntoLocalTimeZone,
    ) -> Result<&mut Self, ConfigError> {
        let zone = zone.into_local_time_zone()?;
        self.put_unconstrained(handles::LOCAL_TIME_ZONE, zone.config_value().to_owned());
        Ok(self)
    }

    /// How long state that was not updated is kept (`table.exec.state.ttl`); zero keeps it forever.
    pub fn idle_state_retention(&self) -> Duration {
        self.get(handles::STATE_TTL)
    }

    /// Sets how long state that was not updated is kept; zero keeps it forever. State is cleared
    /// on a best-effort basis after that time.
    pub fn set_idle_state_retention(&mut self, retention: Duration) -> &mut Self {
        self.put_unconstrained(handles::STATE_TTL, retention);
        self
    }

    /// Sets idle state retention from a minimum and a maximum, as older Flink versions did.
    ///
    /// Only the minimum is kept (as `table.exec.state.ttl`); the maximum is derived as 1.5 x the
    /// minimum. The maximum given must still be at least 5 minutes above the minimum, unless both
    /// are zero (never clear state).
    #[deprecated(note = "use set_idle_state_retention")]
    pub fn set_idle_state_retention_time(
        &mut self,
        min: Duration,
        max: Duration,
    ) -> Result<&mut Self, ConfigError> {
        const MIN_GAP: Duration = Duration::from_secs(5 * 60);
        let both_zero = min.is_zero() && max.is_zero();
        if !both_zero && max.saturating_sub(min) < MIN_GAP {
            return Err(ConfigError::from(ConfigErrorKind::InvalidSetting {
                key: handles::STATE_TTL.key().to_owned(),
                value: format!(
                    "min {}, max {}",
                    min.to_config_string(),
                    max.to_config_string()
                ),
                expected: "a maximum at least 5 minutes greater than the minimum (or both zero)"
                    .to_owned(),
            }));
        }
        Ok(self.set_idle_state_retention(min))
    }

    /// The minimum idle state retention: the idle state retention itself.
    #[deprecated(note = "use idle_state_retention")]
    pub fn min_idle_state_retention_time(&self) -> Duration {
        self.idle_state_retention()
    }

    /// The maximum idle state retention: 1.5 x the idle state retention.
    #[deprecated(note = "use idle_state_retention")]
    pub fn max_idle_state_retention_time(&self) -> Duration {
        self.idle_state_retention().saturating_mul(3) / 2
    }

    /// The length (in bytes of generated code) above which generated methods are split
    /// (`table.generated-code.max-length`).
    pub fn max_generated_code_length(&self) -> i32 {
        self.get(handles::GENERATED_CODE_MAX_LENGTH)
    }

    /// Sets the length above which generated methods are split.
    pub fn set_max_generated_code_length(&mut self, length: i32) -> &mut Self {
        self.put_unconstrained(handles::GENERATED_CODE_MAX_LENGTH, length);
        self
    }

    /// Adds one user parameter to `pipeline.global-job-parameters`, keeping the parameters already
    /// set (by any layer); the merged map is stored in the application layer.
    pub fn add_job_parameter(&mut self, key: &str, value: &str) -> &mut Self {
        let mut params = self.job_parameters();
        params.insert(key.to_owned(), value.to_owned());
        self.put_unconstrained(&GLOBAL_JOB_PARAMETERS, Some(params));
        self
    }

    /// The user parameters (`pipeline.global-job-parameters`), empty when unset.
    pub fn job_parameters(&self) -> BTreeMap<String, String> {
        self.get(&GLOBAL_JOB_PARAMETERS).unwrap_or_default()
    }
}

fn check_not_startup_only(meta: &OptionMeta) -> Result<(), ConfigError> {
    if meta.startup_only {
        Err(ConfigError::from(ConfigErrorKind::StartupOnly {
            key: meta.key_str().to_owned(),
        }))
    } else {
        Ok(())
    }
}

fn default_catalogue() -> Option<Arc<Catalogue>> {
    Some(crate::builtin::catalogue())
}

impl ReadableConfig for TableConfig {
    fn release(&self) -> Option<options_core::Release> {
        self.application.release()
    }

    #[inline]
    fn entry_for(&self, key: &OptionKey) -> Option<&ConfigEntry> {
        self.application
            .entry_for(key)
            .or_else(|| self.root_merged.entry_for(key))
    }

    /// Each layer answers with all spellings of the option before the next layer is asked, so
    /// the application's setting wins whichever spelling either layer used.
    #[inline]
    fn lookup(&self, meta: &OptionMeta) -> Option<&ConfigEntry> {
        self.application
            .lookup(meta)
            .or_else(|| self.root_merged.lookup(meta))
    }
}

impl fmt::Debug for TableConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TableConfig")
            .field("root", &*self.root)
            .field("application", &self.application)
            .finish()
    }
}
