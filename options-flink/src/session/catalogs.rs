//! The catalogs and databases a session knows, and how object paths resolve against the current
//! catalog and database.

use std::collections::BTreeMap;
use std::fmt;

use super::error::SessionError;
use super::suggest::closest;
use options_core::sql::{quote_if_needed, split_path};

/// One catalog: its databases and the one `USE CATALOG` switches to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CatalogEntry {
    default_database: String,
    databases: Vec<String>,
}

impl CatalogEntry {
    /// The database `USE CATALOG` makes current.
    pub fn default_database(&self) -> &str {
        &self.default_database
    }

    /// The databases, sorted.
    pub fn databases(&self) -> &[String] {
        &self.databases
    }

    fn contains(&self, database: &str) -> bool {
        self.databases
            .binary_search_by(|d| d.as_str().cmp(database))
            .is_ok()
    }
}

/// The registered catalog and database names (names are case-sensitive).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CatalogRegistry {
    catalogs: BTreeMap<String, CatalogEntry>,
}

impl CatalogRegistry {
    /// An empty registry.
    pub fn new() -> Self {
        Self::default()
    }

    /// Registers a catalog holding one database, its default.
    pub fn register_catalog(
        &mut self,
        name: &str,
        default_database: &str,
    ) -> Result<(), SessionError> {
        if self.catalogs.contains_key(name) {
            return Err(SessionError::CatalogExists {
                name: name.to_owned(),
            });
        }
        self.catalogs.insert(
            name.to_owned(),
            CatalogEntry {
                default_database: default_database.to_owned(),
                databases: vec![default_database.to_owned()],
            },
        );
        Ok(())
    }

    /// Registers a database in a registered catalog.
    pub fn register_database(&mut self, catalog: &str, name: &str) -> Result<(), SessionError> {
        let entry = self.catalog(catalog)?;
        if entry.contains(name) {
            return Err(SessionError::DatabaseExists {
                catalog: catalog.to_owned(),
                name: name.to_owned(),
            });
        }
        let entry = self.catalogs.get_mut(catalog).expect("checked above");
        let at = entry.databases.partition_point(|d| d.as_str() < name);
        entry.databases.insert(at, name.to_owned());
        Ok(())
    }

    /// A registered catalog, or an error naming the close ones.
    pub fn catalog(&self, name: &str) -> Result<&CatalogEntry, SessionError> {
        self.catalogs.get(name).ok_or_else(|| {
            let known: Vec<String> = self.catalogs.keys().cloned().collect();
            SessionError::UnknownCatalog {
                name: name.to_owned(),
                suggestions: closest(name, known.iter().map(String::as_str)),
                known,
            }
        })
    }

    /// Checks that `database` is registered in `catalog`.
    pub fn check_database(&self, catalog: &str, database: &str) -> Result<(), SessionError> {
        let entry = self.catalog(catalog)?;
        if entry.contains(database) {
            return Ok(());
        }
        Err(SessionError::UnknownDatabase {
            catalog: catalog.to_owned(),
            name: database.to_owned(),
            suggestions: closest(database, entry.databases.iter().map(String::as_str)),
            known: entry.databases.clone(),
        })
    }

    /// The catalog names, sorted.
    pub fn catalog_names(&self) -> impl Iterator<Item = &str> {
        self.catalogs.keys().map(String::as_str)
    }

    /// The database names of a catalog, sorted (none for an unknown catalog).
    pub fn database_names(&self, catalog: &str) -> &[String] {
        self.catalogs
            .get(catalog)
            .map_or(&[][..], |c| c.databases.as_slice())
    }
}

/// A fully qualified object name: `catalog.database.object` (a name that is not a plain identifier
/// displays back-quoted: `` `my catalog`.`db.name`.t ``).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ObjectIdentifier {
    /// The catalog.
    pub catalog: String,
    /// The database.
    pub database: String,
    /// The object (table, view, function).
    pub object: String,
}

impl fmt::Display for ObjectIdentifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}.{}.{}",
            quote_if_needed(&self.catalog),
            quote_if_needed(&self.database),
            quote_if_needed(&self.object)
        )
    }
}

/// Qualifies a requested path against the current catalog and database:
///
/// | requested path  | resolved path                                   |
/// |-----------------|-------------------------------------------------|
/// | `tab1`          | `[current-catalog].[current-database].tab1`     |
/// | `db1.tab1`      | `[current-catalog].db1.tab1`                    |
/// | `cat1.db1.tab1` | `cat1.db1.tab1`                                 |
///
/// A part may be back-quoted (`` `my catalog`.`db.name`.t ``, ` `` ` for a back-quote inside), so
/// names can hold dots and spaces. Only the shape of the path is checked here, not whether the
/// object exists.
pub fn qualify(
    path: &str,
    current_catalog: &str,
    current_database: &str,
) -> Result<ObjectIdentifier, SessionError> {
    let invalid = |reason: &str| SessionError::InvalidPath {
        path: path.to_owned(),
        reason: reason.to_owned(),
    };
    let mut parts = split_path(path).map_err(|reason| invalid(&reason))?;
    let object = parts.pop().unwrap_or_default();
    let (catalog, database) = match parts.len() {
        0 => (current_catalog.to_owned(), current_database.to_owned()),
        1 => (current_catalog.to_owned(), parts.remove(0)),
        2 => {
            let database = parts.remove(1);
            (parts.remove(0), database)
        }
        _ => {
            return Err(invalid(
                "expected object, database.object or catalog.database.object",
            ))
        }
    };
    Ok(ObjectIdentifier {
        catalog,
        database,
        object,
    })
}
