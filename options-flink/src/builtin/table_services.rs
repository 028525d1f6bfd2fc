//! Options that Flink's release tables list among a table's `WITH (...)` options
//! (`kind=table-with`) but that the table environment and the SQL gateway read from the
//! configuration: where catalogs are stored, how `collect()` ships results to the client, and
//! which scheduler refreshes materialized tables. A configuration file setting them is right;
//! `scripts/gen_table_with.py` leaves them out of the table-option list (`CONFIGURATION_TOO`).
//!
//! Facts follow Flink's `CommonCatalogOptions`, `FileCatalogStoreFactoryOptions`,
//! `CollectSinkOperatorFactory` and `FactoryUtil` of 1.19 to 2.3, and the catalog store section of
//! Flink's catalogs page; the descriptions are this project's own.

use std::time::Duration;

use options_core::{MemorySize, Options};

/// Services of the table environment set in the configuration: the catalog store, result
/// collection and the materialized-table scheduler.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "table-services",
    title = "Catalog Store, Result Collection and Workflow Scheduler",
    family = "Table & SQL",
    engine = crate::ENGINE,
    change_class = crate::engine::change::JOB_SUBMISSION
)]
pub struct TableServiceOptions {
    /// Where the table environment keeps the catalogs created with `CREATE CATALOG`:
    /// `generic_in_memory` (the default) forgets them with the session, `file` writes each to a
    /// file under `table.catalog-store.file.path` so later sessions find them again.
    ///
    /// Set it in the configuration file or with `-D`; the catalog store is created with the table
    /// environment.
    #[option(key = "table.catalog-store.kind", default = "generic_in_memory")]
    pub catalog_store_kind: String,

    /// Directory of the `file` catalog store (`table.catalog-store.kind: file`): one file per
    /// catalog. Any file system Flink can write to, such as `file:///var/flink/catalogs` or an
    /// object store.
    #[option(key = "table.catalog-store.file.path")]
    pub catalog_store_file_path: Option<String>,

    /// Largest batch of rows, in bytes, that a job running `collect()` (or a SQL client query)
    /// sends to the client at once. Raise it when single rows are larger than the default.
    #[option(key = "collect-sink.batch-size.max", default = "2 mb")]
    pub collect_sink_batch_size_max: MemorySize,

    /// How long the client waits for the job's collect sink to answer a request for more rows
    /// before it asks again.
    #[option(key = "collect-sink.socket-timeout", default = "10 s")]
    pub collect_sink_socket_timeout: Duration,

    /// Which workflow scheduler the SQL gateway uses to refresh materialized tables in full
    /// refresh mode, by identifier (`embedded` runs one inside the gateway). Unset, such tables
    /// cannot be created.
    #[option(key = "workflow-scheduler.type", since = "1.20")]
    pub workflow_scheduler_type: Option<String>,
}
