//! [`TableEnvironment`]: the configuration-facing part of a table environment (seed `003`): its
//! settings, the current catalog and database, and the catalogs it knows.

use std::sync::Arc;

use crate::catalogue::{Catalogue, KeyStatus};
use crate::config::{ConfigEntry, Configuration, ReadableConfig, Source};
use crate::error::ConfigError;
use crate::option::{ConfigOption, OptionKey, OptionMeta};
use crate::value::OptionValue;

use super::catalogs::{qualify, CatalogRegistry, ObjectIdentifier};
use super::error::SessionError;
use super::keys;

/// How to create a [`TableEnvironment`]: batch or streaming, the built-in catalog and database
/// names, and the configuration it starts from.
#[derive(Clone, Debug)]
pub struct EnvironmentSettings {
    streaming: bool,
    builtin_catalog: Option<String>,
    builtin_database: Option<String>,
    configuration: Configuration,
    catalogue: Option<Arc<Catalogue>>,
}

impl Default for EnvironmentSettings {
    fn default() -> Self {
        EnvironmentSettings {
            streaming: true,
            builtin_catalog: None,
            builtin_database: None,
            configuration: Configuration::new(),
            catalogue: None,
        }
    }
}

impl EnvironmentSettings {
    /// Streaming mode, names from the configuration (or `default_catalog` / `default_database`),
    /// an empty configuration and the built-in catalogue.
    pub fn new() -> Self {
        Self::default()
    }

    /// Runs in batch mode.
    pub fn in_batch_mode(mut self) -> Self {
        self.streaming = false;
        self
    }

    /// Runs in streaming mode (the default).
    pub fn in_streaming_mode(mut self) -> Self {
        self.streaming = true;
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

    /// The configuration the environment starts from (its read-only root: file, environment
    /// variables, arguments). Startup-only options take effect only here.
    pub fn with_configuration(mut self, configuration: Configuration) -> Self {
        self.configuration = configuration;
        self
    }

    /// The catalogue that validates keys and values (by default the built-in one).
    pub fn with_catalogue(mut self, catalogue: Arc<Catalogue>) -> Self {
        self.catalogue = Some(catalogue);
        self
    }

    /// Whether the environment runs in streaming mode.
    pub fn is_streaming_mode(&self) -> bool {
        self.streaming
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

/// The configuration-facing part of a table environment: a root configuration (read-only after
/// creation), a session layer that `SET` writes, the registered catalogs and databases, and the
/// current catalog and database.
#[derive(Clone, Debug)]
pub struct TableEnvironment {
    catalogue: Arc<Catalogue>,
    root: Configuration,
    session: Configuration,
    registry: CatalogRegistry,
    builtin_catalog: String,
    builtin_database: String,
    current_catalog: String,
    current_database: String,
    catalog_chosen: Chosen,
    database_chosen: Chosen,
    streaming: bool,
}

impl TableEnvironment {
    /// Creates an environment: registers the built-in catalog with the built-in database and makes
    /// them current.
    pub fn create(settings: EnvironmentSettings) -> Self {
        let catalogue = settings.catalogue.unwrap_or_else(keys::default_catalogue);
        let root = settings.configuration;
        let name_from = |explicit: Option<String>, key: &'static str, fallback: &str| {
            explicit
                .or_else(|| root.get_str(key).map(str::to_owned))
                .unwrap_or_else(|| fallback.to_owned())
        };
        let builtin_catalog = name_from(
            settings.builtin_catalog,
            keys::BUILTIN_CATALOG_NAME,
            keys::DEFAULT_CATALOG,
        );
        let builtin_database = name_from(
            settings.builtin_database,
            keys::BUILTIN_DATABASE_NAME,
            keys::DEFAULT_DATABASE,
        );
        let mut registry = CatalogRegistry::new();
        registry
            .register_catalog(&builtin_catalog, &builtin_database)
            .expect("an empty registry has no catalogs");
        TableEnvironment {
            session: Configuration::with_catalogue(catalogue.clone()),
            catalogue,
            root,
            registry,
            current_catalog: builtin_catalog.clone(),
            current_database: builtin_database.clone(),
            builtin_catalog,
            builtin_database,
            catalog_chosen: Chosen::Builtin,
            database_chosen: Chosen::Builtin,
            streaming: settings.streaming,
        }
    }

    /// The catalogue that validates keys and values.
    pub fn catalogue(&self) -> &Arc<Catalogue> {
        &self.catalogue
    }

    /// Whether the environment runs in streaming mode.
    pub fn is_streaming_mode(&self) -> bool {
        self.streaming
    }

    /// The configuration the environment was created with (read-only).
    pub fn root_configuration(&self) -> &Configuration {
        &self.root
    }

    /// What the session set (with `SET` or [`set_str`](Self::set_str)).
    pub fn session_configuration(&self) -> &Configuration {
        &self.session
    }

    /// Reads an option: the session's value, else the root's, else the default.
    pub fn get<T: OptionValue>(&self, option: &ConfigOption<T>) -> T {
        ReadableConfig::get(&Layers(self), option)
    }

    /// Reads an option when the session or the root sets it.
    pub fn get_optional<T: OptionValue>(&self, option: &ConfigOption<T>) -> Option<T> {
        ReadableConfig::get_optional(&Layers(self), option)
    }

    /// The entry that answers an option (session first, then root), if any.
    pub fn lookup(&self, meta: &OptionMeta) -> Option<&ConfigEntry> {
        self.session.lookup(meta).or_else(|| self.root.lookup(meta))
    }

    /// The entry of exactly this key (session first, then root): for keys no option declares.
    pub fn lookup_free_form(&self, key: &str) -> Option<&ConfigEntry> {
        self.session.entry(key).or_else(|| self.root.entry(key))
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
        if let Some(meta) = self.known_option(key)? {
            if meta.startup_only {
                return Err(ConfigError::StartupOnly {
                    key: key.to_owned(),
                }
                .into());
            }
        }
        self.session
            .set_str_with_source(key, value, Source::Session)?;
        Ok(())
    }

    /// The option a key names (`None` for a key under a free-form prefix of the catalogue), or an
    /// unknown-key error with suggestions.
    pub fn known_option(&self, key: &str) -> Result<Option<&'static OptionMeta>, SessionError> {
        match self.catalogue.classify(key) {
            KeyStatus::Known(resolved) => Ok(Some(resolved.meta)),
            KeyStatus::FreeForm => Ok(None),
            KeyStatus::Unknown { .. } => Err(self.catalogue.unknown_key_error(key).into()),
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
        let mut removed = false;
        match self.catalogue.resolve(key) {
            // Every spelling of the option goes, not only the one given.
            Some(resolved) => {
                for k in resolved.meta.all_keys() {
                    removed |= self.session.remove_str(k.name());
                }
            }
            None => removed = self.session.remove_str(key),
        }
        if removed {
            Ok(())
        } else {
            self.known_option(key)?;
            Err(not_set())
        }
    }

    /// Removes every session setting and returns to the built-in catalog and database.
    pub fn reset_all(&mut self) {
        self.session = Configuration::with_catalogue(self.catalogue.clone());
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
        for (key, value, chosen) in [
            (
                keys::CURRENT_CATALOG,
                &self.current_catalog,
                self.catalog_chosen,
            ),
            (
                keys::CURRENT_DATABASE,
                &self.current_database,
                self.database_chosen,
            ),
        ] {
            let changed = chosen == Chosen::Session || self.catalog_chosen == Chosen::Session;
            if changed {
                // Known string options (or unknown keys) accept any name.
                let _ = self
                    .session
                    .set_str_with_source(key, value, Source::Session);
            } else {
                self.session.remove_str(key);
            }
        }
    }
}

/// The session layer over the root, for typed reads.
struct Layers<'a>(&'a TableEnvironment);

impl ReadableConfig for Layers<'_> {
    fn entry_for(&self, key: &OptionKey) -> Option<&ConfigEntry> {
        self.0
            .session
            .entry_for(key)
            .or_else(|| self.0.root.entry_for(key))
    }
}
