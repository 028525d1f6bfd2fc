//! `table.*` options that are neither execution (`table.exec.*`) nor optimizer
//! (`table.optimizer.*`) options: catalogs, dialect, time zone, compiled plans, generated code.
//!
//! Facts (keys, types, defaults, scopes) follow Apache Flink's `TableConfigOptions` of 1.19 to
//! 2.3; the descriptions are this project's own.

use options_core::{ConfigEnum, Options};

/// General settings of a table environment: catalogs, SQL dialect, time zone, compiled plans and
/// code generation.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "table",
    title = "Table Options",
    family = "Table & SQL",
    engine = crate::ENGINE,
    change_class = crate::engine::change::JOB_SUBMISSION
)]
pub struct TableOptions {
    /// Name of the in-memory catalog that every table environment creates at startup.
    ///
    /// This catalog is also the initial current catalog, so unqualified table names resolve in it
    /// until `USE CATALOG` selects another one. Change it when your naming conventions reserve
    /// `default_catalog` for something else.
    #[option(
        key = "table.builtin-catalog-name",
        default = "default_catalog",
        scope = "batch, streaming"
    )]
    pub builtin_catalog_name: String,

    /// Name of the database created inside the built-in catalog at startup.
    ///
    /// It is the initial current database, used for unqualified names until `USE` picks another.
    #[option(
        key = "table.builtin-database-name",
        default = "default_database",
        scope = "batch, streaming"
    )]
    pub builtin_database_name: String,

    /// Factories of catalog modification listeners, notified after every DDL change to a catalog
    /// (create, alter or drop of a database or table).
    ///
    /// Give the factory identifiers separated by `;`. Typical use: lineage or audit integrations
    /// that must see every schema change. Unset means no listener is installed.
    #[option(
        key = "table.catalog-modification.listeners",
        scope = "batch, streaming"
    )]
    pub catalog_modification_listeners: Option<Vec<String>>,

    /// Makes DML statements (`INSERT INTO`, `EXECUTE STATEMENT SET`) wait until the submitted job
    /// has finished before returning.
    ///
    /// With `false` (the default) a statement returns as soon as the job is submitted. Set it to
    /// `true` in scripts whose next statement depends on the data the previous one wrote.
    #[option(key = "table.dml-sync", default = false, scope = "batch, streaming")]
    pub dml_sync: bool,

    /// Allows table hints such as `/*+ OPTIONS('k'='v') */` to override a table's options inside
    /// one query.
    ///
    /// Turn it off to make table definitions authoritative, for example on a shared platform where
    /// queries must not change connector settings.
    #[option(
        key = "table.dynamic-table-options.enabled",
        default = true,
        scope = "batch, streaming"
    )]
    pub dynamic_table_options_enabled: bool,

    /// The SQL dialect used to parse statements: `default` (Flink SQL) or `hive`.
    ///
    /// The Hive dialect needs the Hive connector on the class path; switch back to `default` for
    /// statements that use Flink-specific syntax.
    #[option(
        key = "table.sql-dialect",
        default = "default",
        scope = "batch, streaming",
        validate = crate::builtin::checks::sql_dialect
    )]
    pub sql_dialect: String,

    /// The session time zone, used for `TIMESTAMP_LTZ` values: converting them to and from
    /// `TIMESTAMP`, `TIME` or strings, and functions such as `CURRENT_TIMESTAMP`.
    ///
    /// Accepts a TZDB zone id (`America/Los_Angeles`) or a fixed offset (`GMT+03:00`). The value
    /// `default` uses the time zone of the machine running the client.
    #[option(
        key = "table.local-time-zone",
        default = "default",
        fallback_keys = ["sql.local-time-zone"],
        scope = "batch, streaming",
        validate = crate::builtin::checks::time_zone
    )]
    pub local_time_zone: String,

    /// Widest column, in characters, when results are printed as a table (for example by the SQL
    /// client); longer values are cut off.
    ///
    /// Raise it when you inspect long strings interactively.
    #[option(
        key = "table.display.max-column-width",
        default = 30,
        scope = "batch, streaming"
    )]
    pub display_max_column_width: i32,

    /// Local directory where resources added with `ADD JAR` or used by functions
    /// (`CREATE FUNCTION ... USING JAR`) are downloaded before use.
    ///
    /// Defaults to the system's temporary directory; point it at a disk with enough space when you
    /// use large artifacts.
    #[option(
        key = "table.resources.download-dir",
        default = std::env::temp_dir().to_string_lossy().into_owned(),
        default_doc = "System.getProperty(\"java.io.tmpdir\")",
        scope = "batch, streaming"
    )]
    pub resources_download_dir: String,

    /// Makes `CREATE TABLE AS SELECT` and `REPLACE TABLE AS SELECT` atomic: the target table only
    /// appears (or is replaced) once the job has written all its data.
    ///
    /// Requires a sink that supports staging; without it the table is created first and filled
    /// afterwards, so a failed job can leave a half-written table behind.
    #[option(
        key = "table.rtas-ctas.atomicity-enabled",
        default = false,
        scope = "batch, streaming"
    )]
    pub rtas_ctas_atomicity_enabled: bool,

    /// Which columns `SELECT *` and similar star expansions leave out.
    ///
    /// Empty by default: every column, metadata and computed ones included, is expanded. Add
    /// `EXCLUDE_ALIASED_VIRTUAL_METADATA_COLUMNS` to drop virtual metadata columns that have an
    /// alias, and `EXCLUDE_DEFAULT_VIRTUAL_METADATA_COLUMNS` to drop those without one; give both
    /// separated by `;`.
    #[option(
        key = "table.column-expansion-strategy",
        default = "",
        scope = "batch, streaming"
    )]
    pub column_expansion_strategy: Vec<ColumnExpansionStrategy>,

    /// How much catalog information a compiled plan (`COMPILE PLAN`) stores about the tables and
    /// functions it uses.
    ///
    /// `ALL` stores identifiers, schemas and options, so the plan restores without the catalog;
    /// `SCHEMA` stores identifiers and schemas and reads options from the catalog on restore;
    /// `IDENTIFIER` stores only identifiers, so everything else must come from the catalog.
    #[option(
        key = "table.plan.compile.catalog-objects",
        default = "ALL",
        scope = "batch, streaming"
    )]
    pub plan_compile_catalog_objects: CatalogPlanCompilation,

    /// Where catalog objects come from when a compiled plan is restored.
    ///
    /// `ALL` uses what the plan stored and asks the catalog only for what is missing;
    /// `ALL_ENFORCED` uses only what the plan stored and fails when something is missing;
    /// `IDENTIFIER` looks every object up in the catalog by identifier, ignoring stored details.
    #[option(
        key = "table.plan.restore.catalog-objects",
        default = "ALL",
        scope = "batch, streaming"
    )]
    pub plan_restore_catalog_objects: CatalogPlanRestoration,

    /// Lets `COMPILE PLAN` overwrite an existing plan file.
    ///
    /// By default a plan file that already exists makes the statement fail, protecting plans you
    /// meant to keep.
    #[option(
        key = "table.plan.force-recompile",
        default = false,
        scope = "streaming"
    )]
    pub plan_force_recompile: bool,

    /// Length of generated code, in characters, above which the code generator splits a method into
    /// smaller ones.
    ///
    /// The JVM does not JIT-compile very long methods and rejects methods over 64 KB of bytecode;
    /// lower the value if jobs with wide rows or long expressions fail to compile or run slowly.
    #[option(
        key = "table.generated-code.max-length",
        default = 4000,
        scope = "batch, streaming"
    )]
    pub generated_code_max_length: i32,

    /// Most fields a generated class may hold before the code generator moves them into arrays.
    ///
    /// Internal tuning for very wide queries; rarely needs changing.
    #[option(key = "table.generated-code.max-members", default = 10000, hidden)]
    pub generated_code_max_members: i32,

    /// Ignores `NOT NULL` on the fields of nested row types, as releases before 2.2 did.
    ///
    /// Off (the default), such constraints are kept, which lets rows serve in computed columns and
    /// join keys; turn it on only to keep old queries working while they are fixed.
    #[option(
        key = "table.legacy-nested-row-nullability",
        default = false,
        scope = "batch, streaming",
        since = "2.2"
    )]
    pub legacy_nested_row_nullability: bool,

    /// Which secret store keeps secrets that SQL objects refer to, such as the credentials of
    /// connections and models.
    ///
    /// `generic_in_memory` (the default) holds them in memory for the session only; other kinds
    /// come from factories on the class path.
    #[option(
        key = "table.secret-store.kind",
        default = "generic_in_memory",
        scope = "batch, streaming",
        since = "2.3"
    )]
    pub secret_store_kind: String,
}

/// What `table.plan.compile.catalog-objects` stores in a compiled plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ConfigEnum)]
pub enum CatalogPlanCompilation {
    /// Identifiers, schemas and options.
    All,
    /// Identifiers and schemas, without options.
    Schema,
    /// Identifiers only.
    Identifier,
}

/// Where `table.plan.restore.catalog-objects` takes catalog objects from on restore.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ConfigEnum)]
pub enum CatalogPlanRestoration {
    /// The plan first, the catalog for anything missing.
    All,
    /// The plan only; missing objects are an error.
    AllEnforced,
    /// The catalog only, by identifier.
    Identifier,
}

/// A kind of column that `table.column-expansion-strategy` leaves out of `SELECT *`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ConfigEnum)]
pub enum ColumnExpansionStrategy {
    /// Virtual metadata columns declared with an alias (`m AS METADATA FROM 'k' VIRTUAL`).
    ExcludeAliasedVirtualMetadataColumns,
    /// Virtual metadata columns declared without an alias.
    ExcludeDefaultVirtualMetadataColumns,
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_zone_check_names_the_declared_key() {
        assert_eq!(
            crate::builtin::zone::ZONE_KEY,
            super::TableOptions::LOCAL_TIME_ZONE.key()
        );
    }
}
