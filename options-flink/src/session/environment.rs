//! [`TableEnvironment`]: the configuration-facing part of a table environment (seed `003`): its
//! settings, the current catalog and database, and the catalogs it knows.

use std::sync::{Arc, OnceLock};

use crate::builtin::runtime::RuntimeMode;
use crate::builtin::{RuntimeOptions, TableOptions};
use crate::table_config::TableConfig;
use options_core::layers::{LayerKind, LayeredConfig};
use options_core::OptionMeta;
use options_core::{Catalogue, KeyStatus};
use options_core::{ConfigEntry, Configuration, ReadableConfig, Source};

use super::catalogs::{qualify, CatalogRegistry, ObjectIdentifier};
use super::error::SessionError;
use super::key_search::KeySearch;
use super::keys;
use super::keys::settable_keys_unsorted;

/// How to create a [`TableEnvironment`]: batch or streaming, the built-in catalog and database
/// names, and the configuration it starts from.
#[derive(Clone, Debug, Default)]
pub struct EnvironmentSettings {
    mode: Option<RuntimeMode>,
    builtin_catalog: Option<String>,
    builtin_database: Option<String>,
    root: LayeredConfig,
    catalogue: Option<Arc<Catalogue>>,
    release: Option<options_core::Release>,
}

impl EnvironmentSettings {
    /// Mode and names from the configuration (by default streaming, `default_catalog` and
    /// `default_database`), an empty configuration and the built-in catalogue.
    pub fn new() -> Self {
        Self::default()
    }

    /// Runs in batch mode (sets `execution.runtime-mode`).
    pub fn in_batch_mode(mut self) -> Self {
        self.mode = Some(RuntimeMode::Batch);
        self
    }

    /// Runs in streaming mode (sets `execution.runtime-mode`).
    pub fn in_streaming_mode(mut self) -> Self {
        self.mode = Some(RuntimeMode::Streaming);
        self
    }

    /// The name of the catalog created at startup (else `table.builtin-catalog-name`).
    pub fn with_builtin_catalog_name(mut self, name: impl Into<String>) -> Self {
        self.builtin_catalog = Some(name.into());
        self
    }

    /// The name of the database created at startup (else `table.builtin-database-name`).
    pub fn with_builtin_database_name(mut self, name: impl Into<String>) -> Self {
        self.builtin_database = Some(name.into());
        self
    }

    /// The layers the environment starts from (`config.yaml`, environment variables, `-D`
    /// arguments): the read-only root of its [`TableConfig`]. Startup-only options take effect
    /// only here.
    pub fn with_root(mut self, root: LayeredConfig) -> Self {
        self.root = root;
        self
    }

    /// Settings given in code, added to the root as its application layer.
    pub fn with_configuration(mut self, configuration: Configuration) -> Self {
        self.root = self.root.with_layer(LayerKind::Application, configuration);
        self
    }

    /// The catalogue that validates keys and values (else the root's, else the built-in one).
    pub fn with_catalogue(mut self, catalogue: Arc<Catalogue>) -> Self {
        self.catalogue = Some(catalogue);
        self
    }

    /// Answers for `release`: the catalogue (as chosen above) seen at that release, so `SET` of
    /// an option it does not have is refused and unset options read its defaults.
    pub fn with_release(mut self, release: options_core::Release) -> Self {
        self.release = Some(release);
        self
    }
}

/// Where the current catalog or database came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Chosen {
    /// The built-in name, never changed.
    Builtin,
    /// Changed by `USE` or `SET`.
    Session,
}

/// The configuration-facing part of a table environment (seed `003`): a [`TableConfig`] (the
/// read-only root from creation under the layer that `SET` writes), the registered catalogs and
/// databases, and the current catalog and database.
#[derive(Clone, Debug)]
pub struct TableEnvironment {
    catalogue: Arc<Catalogue>,
    config: TableConfig,
    registry: CatalogRegistry,
    builtin_catalog: String,
    builtin_database: String,
    current_catalog: String,
    current_database: String,
    catalog_chosen: Chosen,
    database_chosen: Chosen,
    /// The keys completion offers, prepared on the first Tab press; clones share them.
    key_search: OnceLock<Arc<KeySearch>>,
}

impl TableEnvironment {
    /// Creates an environment: registers the built-in catalog with the built-in database and makes
    /// them current.
    ///
    /// This environment is independent of the startup buffer; to apply the values buffered in
    /// [`startup::config()`](crate::startup::config) use
    /// [`get_or_create`](Self::get_or_create) (see [`super::startup_environment`]).
    pub fn create(settings: EnvironmentSettings) -> Self {
        let catalogue = settings
            .catalogue
            .or_else(|| settings.root.catalogue().cloned())
            .unwrap_or_else(keys::default_catalogue);
        let catalogue = match settings.release {
            Some(release) if catalogue.release() != Some(release) => {
                match catalogue.at_release(release) {
                    Ok(seen) => Arc::new(seen),
                    Err(e) => {
                        // Groups that conflict at that release: keep the catalogue as given.
                        log::error!("cannot answer for release {release}: {e}");
                        catalogue
                    }
                }
            }
            _ => catalogue,
        };
        let mut root = settings.root.with_catalogue(Some(catalogue.clone()));
        if let Some(mode) = settings.mode {
            let mut chosen = Configuration::with_catalogue(catalogue.clone());
            // Every variant of the enum is accepted: runtime mode declares no constraint.
            let accepted = chosen.set(&RuntimeOptions::RUNTIME_MODE, mode).is_ok();
            debug_assert!(accepted);
            root = root.with_layer(LayerKind::Application, chosen);
        }
        let builtin_catalog = settings
            .builtin_catalog
            .unwrap_or_else(|| root.get(&TableOptions::BUILTIN_CATALOG_NAME));
        let builtin_database = settings
            .builtin_database
            .unwrap_or_else(|| root.get(&TableOptions::BUILTIN_DATABASE_NAME));
        let mut registry = CatalogRegistry::new();
        registry
            .register_catalog(&builtin_catalog, &builtin_database)
            .expect("an empty registry has no catalogs");
        TableEnvironment {
            config: TableConfig::with_root(root),
            catalogue,
            registry,
            current_catalog: builtin_catalog.clone(),
            current_database: builtin_database.clone(),
            builtin_catalog,
            builtin_database,
            catalog_chosen: Chosen::Builtin,
            database_chosen: Chosen::Builtin,
            key_search: OnceLock::new(),
        }
    }

    /// The keys completion offers (see [`settable_keys_unsorted`]), prepared once.
    pub(crate) fn key_search(&self) -> &KeySearch {
        self.key_search
            .get_or_init(|| Arc::new(KeySearch::new(settable_keys_unsorted(&self.catalogue))))
    }

    /// Every key `SET` accepts and completion offers (see
    /// [`settable_keys`](super::keys::settable_keys)), sorted: prepared on first use and kept, so
    /// a Tab press after `SET ` costs no sort.
    pub fn settable_keys(&self) -> &[&'static str] {
        self.key_search().keys()
    }

    /// Whether the keys completion offers are prepared yet.
    #[cfg(test)]
    pub(crate) fn keys_prepared(&self) -> bool {
        self.key_search.get().is_some()
    }

    /// The catalogue that validates keys and values.
    pub fn catalogue(&self) -> &Arc<Catalogue> {
        &self.catalogue
    }

    /// Whether the environment runs in streaming mode (`execution.runtime-mode` is not `BATCH`).
    pub fn is_streaming_mode(&self) -> bool {
        self.config.get(&RuntimeOptions::RUNTIME_MODE) != RuntimeMode::Batch
    }

    /// The environment's configuration: the root from creation and what the session set.
    ///
    /// The current catalog and database belong to the environment: change them with
    /// [`use_catalog`](Self::use_catalog) / [`use_database`](Self::use_database) (or `SET`), not
    /// through [`config_mut`](Self::config_mut).
    pub fn config(&self) -> &TableConfig {
        &self.config
    }

    /// The environment's configuration, for typed sets from code.
    pub fn config_mut(&mut self) -> &mut TableConfig {
        &mut self.config
    }

    /// The configuration the environment was created with (read-only).
    pub fn root_configuration(&self) -> &LayeredConfig {
        self.config.root_configuration()
    }

    /// What the session set (with `SET` or [`set_str`](Self::set_str)).
    pub fn session_configuration(&self) -> &Configuration {
        self.config.configuration()
    }

    /// The entry of exactly this key (session first, then root): for keys no option declares.
    pub fn lookup_free_form(&self, key: &str) -> Option<&ConfigEntry> {
        self.config
            .configuration()
            .entry(key)
            .or_else(|| self.config.root_configuration().resolved().entry(key))
    }

    /// Validates and sets a value in the session, as `SET 'key' = 'value'` does: unknown keys,
    /// invalid values and startup-only options are errors. Setting `sql.current-catalog` or
    /// `sql.current-database` is the same as [`use_catalog`](Self::use_catalog) /
    /// [`use_database`](Self::use_database).
    pub fn set_str(&mut self, key: &str, value: &str) -> Result<(), SessionError> {
        match key {
            keys::CURRENT_CATALOG => return self.use_catalog(value),
            keys::CURRENT_DATABASE => return self.use_database(value),
            _ => {}
        }
        // The table config rejects startup-only options; unknown keys are rejected here.
        self.known_option(key)?;
        self.config
            .set_str_with_source(key, value, Source::Session)?;
        Ok(())
    }

    /// The option a key names (`None` for a key under a free-form prefix of the catalogue), or an
    /// unknown-key error with suggestions.
    pub fn known_option(&self, key: &str) -> Result<Option<&'static OptionMeta>, SessionError> {
        match self.catalogue.classify(key) {
            KeyStatus::Known(resolved) => Ok(Some(resolved.meta)),
            KeyStatus::FreeForm => Ok(None),
            KeyStatus::Unknown { .. } if crate::table_with::is_table_option(key) => {
                Err(SessionError::TableOption {
                    key: key.to_owned(),
                })
            }
            KeyStatus::Unknown { .. }
            | KeyStatus::EmptyPlaceholder { .. }
            | KeyStatus::Absent(_) => Err(self.catalogue.unknown_key_error(key).into()),
        }
    }

    /// Removes a session setting (under any spelling of the option); an error when the session
    /// never set it. Resetting the current catalog or database returns to the built-in ones.
    pub fn reset(&mut self, key: &str) -> Result<(), SessionError> {
        let not_set = || SessionError::NotSet {
            key: key.to_owned(),
        };
        match key {
            keys::CURRENT_CATALOG if self.catalog_chosen == Chosen::Session => {
                self.reset_catalog();
                return Ok(());
            }
            keys::CURRENT_DATABASE if self.database_chosen == Chosen::Session => {
                let database = self
                    .registry
                    .catalog(&self.current_catalog)
                    .map(|c| c.default_database().to_owned())?;
                self.current_database = database;
                self.database_chosen = Chosen::Builtin;
                self.mirror_current();
                return Ok(());
            }
            keys::CURRENT_CATALOG | keys::CURRENT_DATABASE => return Err(not_set()),
            _ => {}
        }
        // Every spelling of the option goes, not only the one given.
        if self.config.reset(key) {
            Ok(())
        } else {
            self.known_option(key)?;
            Err(not_set())
        }
    }

    /// Removes every session setting and returns to the built-in catalog and database.
    pub fn reset_all(&mut self) {
        let root = self.config.root_configuration().clone();
        self.config = TableConfig::with_root(root);
        self.reset_catalog();
    }

    fn reset_catalog(&mut self) {
        self.current_catalog = self.builtin_catalog.clone();
        self.current_database = self.builtin_database.clone();
        self.catalog_chosen = Chosen::Builtin;
        self.database_chosen = Chosen::Builtin;
        self.mirror_current();
    }

    /// Registers a catalog with its default database.
    pub fn register_catalog(
        &mut self,
        name: &str,
        default_database: &str,
    ) -> Result<(), SessionError> {
        self.registry.register_catalog(name, default_database)
    }

    /// Registers a database in a registered catalog.
    pub fn register_database(&mut self, catalog: &str, name: &str) -> Result<(), SessionError> {
        self.registry.register_database(catalog, name)
    }

    /// The registered catalogs and databases.
    pub fn catalogs(&self) -> &CatalogRegistry {
        &self.registry
    }

    /// Makes a registered catalog current, and its default database with it.
    pub fn use_catalog(&mut self, name: &str) -> Result<(), SessionError> {
        let database = self.registry.catalog(name)?.default_database().to_owned();
        self.current_catalog = name.to_owned();
        self.current_database = database;
        self.catalog_chosen = Chosen::Session;
        self.database_chosen = Chosen::Builtin;
        self.mirror_current();
        Ok(())
    }

    /// Makes a database of the current catalog current.
    pub fn use_database(&mut self, name: &str) -> Result<(), SessionError> {
        self.registry.check_database(&self.current_catalog, name)?;
        self.current_database = name.to_owned();
        self.database_chosen = Chosen::Session;
        self.mirror_current();
        Ok(())
    }

    /// The current catalog.
    pub fn current_catalog(&self) -> &str {
        &self.current_catalog
    }

    /// The current database.
    pub fn current_database(&self) -> &str {
        &self.current_database
    }

    /// The built-in catalog's name.
    pub fn builtin_catalog(&self) -> &str {
        &self.builtin_catalog
    }

    /// The built-in database's name.
    pub fn builtin_database(&self) -> &str {
        &self.builtin_database
    }

    /// Where the current catalog (`sql.current-catalog`) comes from.
    pub fn current_catalog_source(&self) -> Source {
        match self.catalog_chosen {
            Chosen::Builtin => Source::Default,
            Chosen::Session => Source::Session,
        }
    }

    /// Where the current database (`sql.current-database`) comes from.
    pub fn current_database_source(&self) -> Source {
        match (self.catalog_chosen, self.database_chosen) {
            (Chosen::Builtin, Chosen::Builtin) => Source::Default,
            _ => Source::Session,
        }
    }

    /// Qualifies an object path against the current catalog and database (seed `003`):
    /// `tab1` -> `[current-catalog].[current-database].tab1`, `db1.tab1` ->
    /// `[current-catalog].db1.tab1`, `cat1.db1.tab1` as is.
    pub fn qualify(&self, path: &str) -> Result<ObjectIdentifier, SessionError> {
        qualify(path, &self.current_catalog, &self.current_database)
    }

    /// Keeps `sql.current-catalog` / `sql.current-database` in the session layer in step with the
    /// current names, so engines reading those options see them.
    fn mirror_current(&mut self) {
        let changed = |chosen| chosen == Chosen::Session || self.catalog_chosen == Chosen::Session;
        let mirrored = [
            (
                keys::CURRENT_CATALOG,
                self.current_catalog.clone(),
                changed(self.catalog_chosen),
            ),
            (
                keys::CURRENT_DATABASE,
                self.current_database.clone(),
                changed(self.database_chosen),
            ),
        ];
        for (key, value, changed) in mirrored {
            if changed {
                // String options (or keys the catalogue does not know) accept any name.
                let _ = self
                    .config
                    .set_str_with_source(key, &value, Source::Session);
            } else {
                self.config.reset(key);
            }
        }
    }
}

/// Typed reads see the session's value, else the root's, else the default: the environment reads
/// as its [`TableConfig`] does.
impl ReadableConfig for TableEnvironment {
    fn release(&self) -> Option<options_core::Release> {
        self.config.release()
    }

    #[inline]
    fn entry_for(&self, key: &options_core::OptionKey) -> Option<&ConfigEntry> {
        self.config.entry_for(key)
    }

    #[inline]
    fn lookup(&self, meta: &OptionMeta) -> Option<&ConfigEntry> {
        self.config.lookup(meta)
    }
}
