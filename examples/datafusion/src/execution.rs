//! `datafusion.execution.*`: batches, partitions, spilling, writing files, joins and aggregates
//! at run time. Parquet has sections of its own ([`crate::parquet`]).

use options_core::Options;

use crate::enums::SpillCompression;

/// How queries run: batch sizes, parallelism, memory set aside for sorting and spilling, and how
/// output files are written.
///
/// Keys start with `datafusion.execution.`.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "execution",
    title = "Execution",
    family = "Execution",
    engine = crate::DATAFUSION
)]
pub struct ExecutionOptions {
    /// How many rows a record batch holds when operators build new ones.
    ///
    /// Larger batches cost more memory each; very small ones spend more on per-batch overhead
    /// than on the rows.
    #[option(key = "datafusion.execution.batch_size", default = 8192, min = 1)]
    pub batch_size: usize,

    /// A hash join may use a perfect hash table when the build side's keys span fewer values
    /// than this (largest minus smallest), whatever their density.
    ///
    /// Only build sides of fewer than 2^32 rows qualify.
    #[option(
        key = "datafusion.execution.perfect_hash_join_small_build_threshold",
        default = 1024
    )]
    pub perfect_hash_join_small_build_threshold: usize,

    /// The least key density for which a hash join may use a perfect hash table: rows divided
    /// by the span of the keys (largest minus smallest, plus one).
    ///
    /// Only build sides of fewer than 2^32 rows qualify.
    #[option(
        key = "datafusion.execution.perfect_hash_join_min_key_density",
        default = 0.15
    )]
    pub perfect_hash_join_min_key_density: f64,

    /// Merges small batches between operators into batches of about
    /// `datafusion.execution.batch_size` rows.
    ///
    /// Helps after filters or joins that keep few rows of each batch.
    #[option(key = "datafusion.execution.coalesce_batches", default = true)]
    pub coalesce_batches: bool,

    /// Gathers statistics (row counts, sizes, min and max) when a table is first created.
    ///
    /// Changing it later has no effect on tables that exist already.
    #[option(key = "datafusion.execution.collect_statistics", default = true)]
    pub collect_statistics: bool,

    /// How many partitions a query is split into to run in parallel.
    ///
    /// `0` stands for the number of CPU cores of the machine, which is what a new session
    /// starts with.
    #[option(key = "datafusion.execution.target_partitions", default = 0)]
    pub target_partitions: usize,

    /// The session's time zone, which functions such as `now()` use for the timestamps they
    /// return.
    #[option(key = "datafusion.execution.time_zone")]
    pub time_zone: Option<String>,

    /// How many parts of a plan are planned at once, mainly the inputs of a `UNION`.
    ///
    /// `0` stands for the number of CPU cores, which is what a new session starts with.
    #[option(key = "datafusion.execution.planning_concurrency", default = 0)]
    pub planning_concurrency: usize,

    /// Skips the check that an aggregate's physical input has exactly the schema its logical
    /// input had (nullability and metadata included).
    ///
    /// A way around planner bugs that the check exposes; leave it off otherwise.
    #[option(
        key = "datafusion.execution.skip_physical_aggregate_schema_check",
        default = false
    )]
    pub skip_physical_aggregate_schema_check: bool,

    /// Lets grouped aggregation use the newer aggregate streams where they apply, instead of
    /// always taking the older hash-aggregate stream.
    ///
    /// A temporary switch while the migration lasts; it will go away afterwards.
    #[option(
        key = "datafusion.execution.enable_migration_aggregate",
        default = true
    )]
    pub enable_migration_aggregate: bool,

    /// How spill files are compressed.
    ///
    /// `lz4_frame` is quicker, `zstd` gives smaller files; spill files are Arrow IPC streams, so
    /// only the codecs that format supports are offered.
    #[option(
        key = "datafusion.execution.spill_compression",
        default = "uncompressed"
    )]
    pub spill_compression: SpillCompression,

    /// Bytes set aside for each sort that may spill, so that it can sort and merge its data in
    /// memory before writing it out.
    ///
    /// Has no effect when the sort cannot spill (no disk manager).
    #[option(
        key = "datafusion.execution.sort_spill_reservation_bytes",
        default = 10485760
    )]
    pub sort_spill_reservation_bytes: usize,

    /// Below this many bytes, a sort concatenates its input and sorts it as one batch instead of
    /// sorting batches and merging them.
    #[option(
        key = "datafusion.execution.sort_in_place_threshold_bytes",
        default = 1048576
    )]
    pub sort_in_place_threshold_bytes: usize,

    /// The most bytes each partition buffers when sort pushdown replaces a sort by a buffer
    /// ahead of a merge, so the scan can read ahead.
    ///
    /// The buffer never holds more than the sort it replaces would, and the memory pool's limit
    /// still applies, so a large value is safe.
    #[option(
        key = "datafusion.execution.sort_pushdown_buffer_capacity",
        default = 1073741824
    )]
    pub sort_pushdown_buffer_capacity: usize,

    /// The size at which an operator closes a spill file and starts the next one.
    ///
    /// Larger files mean fewer files; smaller ones free disk space sooner, as each is deleted
    /// once read. Only repartitioning follows it so far.
    #[option(
        key = "datafusion.execution.max_spill_file_size_bytes",
        default = 134217728,
        min = 1
    )]
    pub max_spill_file_size_bytes: usize,

    /// Lets a nested-loop join that must emit unmatched left rows fall back to a memory-limited
    /// mode coordinated across the right side's partitions.
    ///
    /// The coordination assumes every partition runs in one process: engines that run each
    /// partition as a separate task should turn it off, and such joins then fail under memory
    /// pressure instead of waiting forever.
    #[option(
        key = "datafusion.execution.enable_nlj_coordinated_fallback",
        default = true
    )]
    pub enable_nlj_coordinated_fallback: bool,

    /// How many files are read at once to infer schemas and statistics.
    #[option(
        key = "datafusion.execution.meta_fetch_concurrency",
        default = 32,
        min = 1
    )]
    pub meta_fetch_concurrency: usize,

    /// The fewest files a write produces in parallel; batches go to the writers in turn.
    #[option(
        key = "datafusion.execution.minimum_parallel_output_files",
        default = 4,
        min = 1
    )]
    pub minimum_parallel_output_files: usize,

    /// About how many rows an output file holds before the writer starts the next one.
    ///
    /// A target, not a limit: a file may run slightly over, and the last one is usually
    /// smaller.
    #[option(
        key = "datafusion.execution.soft_max_rows_per_output_file",
        default = 50000000,
        min = 1
    )]
    pub soft_max_rows_per_output_file: usize,

    /// The most record batches held for each output file being written.
    ///
    /// Half of it bounds the files in flight to the writers, half the batches queued for one
    /// writer; so at least 2. More can write faster and uses more memory.
    #[option(
        key = "datafusion.execution.max_buffered_batches_per_output_file",
        default = 2,
        min = 2
    )]
    pub max_buffered_batches_per_output_file: usize,

    /// Leaves subdirectories out when a directory is scanned for data files, as Hive does.
    ///
    /// Partitioned layouts (`year=2021/month=01/...`) are read either way.
    #[option(
        key = "datafusion.execution.listing_table_ignore_subdirectory",
        default = true
    )]
    pub listing_table_ignore_subdirectory: bool,

    /// Reads partition columns from Hive-style directory names when a table is created through
    /// the listing table factory.
    #[option(
        key = "datafusion.execution.listing_table_factory_infer_partitions",
        default = true
    )]
    pub listing_table_factory_infer_partitions: bool,

    /// Accepts recursive common table expressions (`WITH RECURSIVE`).
    #[option(key = "datafusion.execution.enable_recursive_ctes", default = true)]
    pub enable_recursive_ctes: bool,

    /// Groups files whose statistics do not overlap, sorted, so that some sorts can be left
    /// out. Experimental.
    #[option(
        key = "datafusion.execution.split_file_groups_by_statistics",
        default = false
    )]
    pub split_file_groups_by_statistics: bool,

    /// Keeps the `PARTITIONED BY` columns in the rows written, not only in the directory names.
    #[option(
        key = "datafusion.execution.keep_partition_by_columns",
        default = false
    )]
    pub keep_partition_by_columns: bool,

    /// Lets an idle partition of a file scan take files (or byte ranges) assigned to another
    /// partition, so all of them stay busy.
    ///
    /// Engines that run each partition as an isolated task and rely on the assignment made at
    /// planning should turn it off.
    #[option(
        key = "datafusion.execution.enable_file_stream_work_stealing",
        default = true
    )]
    pub enable_file_stream_work_stealing: bool,

    /// Partial aggregation gives up aggregating when groups per input row exceed this ratio,
    /// and passes rows on instead.
    #[option(
        key = "datafusion.execution.skip_partial_aggregation_probe_ratio_threshold",
        default = 0.8
    )]
    pub skip_partial_aggregation_probe_ratio_threshold: f64,

    /// How many input rows partial aggregation reads before it checks that ratio.
    #[option(
        key = "datafusion.execution.skip_partial_aggregation_probe_rows_threshold",
        default = 100000
    )]
    pub skip_partial_aggregation_probe_rows_threshold: usize,

    /// Lets estimated row counts, not only exact ones, decide whether more parallelism pays off.
    ///
    /// Gives better plans when the statistics are good; it may become the default.
    #[option(
        key = "datafusion.execution.use_row_number_estimates_to_optimize_partitioning",
        default = false
    )]
    pub use_row_number_estimates_to_optimize_partitioning: bool,

    /// Makes joins emit batches of at most `datafusion.execution.batch_size` rows.
    ///
    /// Saves memory when a selective join filter meets large tables, at a small cost in speed.
    #[option(
        key = "datafusion.execution.enforce_batch_size_in_joins",
        default = false
    )]
    pub enforce_batch_size_in_joins: bool,

    /// The buffer, in bytes, for writing output files, and so the size of each part uploaded to
    /// an object store.
    ///
    /// Very large files (100 GiB and up) may need a larger buffer, as object stores limit how
    /// many parts one upload has.
    #[option(
        key = "datafusion.execution.objectstore_writer_buffer_size",
        default = 10485760
    )]
    pub objectstore_writer_buffer_size: usize,

    /// Follows ANSI SQL for the Spark-compatible functions: stricter casts, and errors where
    /// the lenient mode returns `NULL` (division by zero, overflow, invalid casts).
    ///
    /// Experimental.
    #[option(key = "datafusion.execution.enable_ansi_mode", default = false)]
    pub enable_ansi_mode: bool,

    /// How many bytes a hash join reads ahead on its probe side while the build side is still
    /// being built; `0` waits for the build side.
    ///
    /// Reading ahead lowers latency when the query waits on I/O, but leaves dynamic filters no
    /// time to form, so queries that rely on them may slow down.
    #[option(key = "datafusion.execution.hash_join_buffering_capacity", default = 0)]
    pub hash_join_buffering_capacity: usize,
}
