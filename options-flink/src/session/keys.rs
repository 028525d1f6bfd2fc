//! The keys the session treats specially, and the keys it offers.

use std::sync::Arc;

use options_core::Catalogue;

/// `sql.current-catalog`: setting it is `USE CATALOG`.
pub const CURRENT_CATALOG: &str = "sql.current-catalog";
/// `sql.current-database`: setting it is `USE`.
pub const CURRENT_DATABASE: &str = "sql.current-database";
/// `table.builtin-catalog-name`: the catalog created at startup.
pub const BUILTIN_CATALOG_NAME: &str = "table.builtin-catalog-name";
/// `table.builtin-database-name`: the database created at startup.
pub const BUILTIN_DATABASE_NAME: &str = "table.builtin-database-name";
/// The default of `table.builtin-catalog-name`.
pub const DEFAULT_CATALOG: &str = "default_catalog";
/// The default of `table.builtin-database-name`.
pub const DEFAULT_DATABASE: &str = "default_database";

/// The catalogue an environment uses when the settings name none: the built-in one.
pub fn default_catalogue() -> Arc<Catalogue> {
    crate::builtin::catalogue()
}

/// Every key `SET` accepts and completion offers: the catalogue's documented, non-deprecated keys
/// plus the current catalog and database, sorted.
pub fn settable_keys(catalogue: &Catalogue) -> Vec<&'static str> {
    let mut keys: Vec<&'static str> = settable_keys_unsorted(catalogue).collect();
    keys.sort_unstable();
    keys.dedup();
    keys
}

/// [`settable_keys`] in catalogue order, possibly with a repeat: for callers that rank (and so
/// sort) only the keys that match, as completion does on every keystroke.
pub(crate) fn settable_keys_unsorted(
    catalogue: &Catalogue,
) -> impl Iterator<Item = &'static str> + '_ {
    catalogue
        .options()
        .filter(|(_, meta)| !meta.hidden && !meta.deprecated)
        .map(|(_, meta)| meta.key_str())
        .chain([CURRENT_CATALOG, CURRENT_DATABASE])
}
