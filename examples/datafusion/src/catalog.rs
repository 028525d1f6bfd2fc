//! `datafusion.catalog.*`: the default catalog and schema, and how tables are found.

use options_core::Options;

/// Which catalog and schema a session starts in, and what an unqualified table name resolves to.
///
/// Keys start with `datafusion.catalog.`.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "catalog",
    title = "Catalog",
    engine = crate::DATAFUSION
)]
pub struct CatalogOptions {
    /// Creates the default catalog and its default schema when the session starts.
    ///
    /// Turn it off when the application registers every catalog itself.
    #[option(
        key = "datafusion.catalog.create_default_catalog_and_schema",
        default = true
    )]
    pub create_default_catalog_and_schema: bool,

    /// The catalog a table name without a catalog part belongs to.
    #[option(key = "datafusion.catalog.default_catalog", default = "datafusion")]
    pub default_catalog: String,

    /// The schema a table name without a schema part belongs to.
    #[option(key = "datafusion.catalog.default_schema", default = "public")]
    pub default_schema: String,

    /// Offers the `information_schema` views (`tables`, `columns`, `df_settings`, ...).
    ///
    /// `SHOW` statements read these views, so they need this option on.
    #[option(key = "datafusion.catalog.information_schema", default = false)]
    pub information_schema: bool,

    /// A directory whose files become the tables of the default schema.
    ///
    /// Read together with `datafusion.catalog.format` when the session starts.
    #[option(key = "datafusion.catalog.location")]
    pub location: Option<String>,

    /// The file format of the tables under `datafusion.catalog.location` (`parquet`, `csv`, ...).
    #[option(key = "datafusion.catalog.format")]
    pub format: Option<String>,

    /// Whether CSV files have a header row, when `CREATE EXTERNAL TABLE` does not say.
    #[option(key = "datafusion.catalog.has_header", default = true)]
    pub has_header: bool,

    /// Whether a quoted CSV value may span lines, when `CREATE EXTERNAL TABLE` does not say.
    ///
    /// Reading such values correctly rules out splitting one file between several readers, so
    /// scans may be slower with it on.
    #[option(key = "datafusion.catalog.newlines_in_values", default = false)]
    pub newlines_in_values: bool,
}
