//! `datafusion.optimizer.*`: which rewrites the logical and physical optimizers apply.

use options_core::Options;

/// Which rewrites the optimizers apply: limits and filters pushed down, repartitioning for
/// parallelism, join strategies and their thresholds.
///
/// Keys start with `datafusion.optimizer.`.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "optimizer",
    title = "Optimizer",
    engine = crate::DATAFUSION
)]
pub struct OptimizerOptions {
    /// Gives a `LIMIT` to a grouping without aggregate functions (a `DISTINCT`), which can then
    /// stop once it has that many groups.
    #[option(
        key = "datafusion.optimizer.enable_distinct_aggregation_soft_limit",
        default = true
    )]
    pub enable_distinct_aggregation_soft_limit: bool,

    /// Adds round-robin repartitioning where it raises parallelism.
    #[option(
        key = "datafusion.optimizer.enable_round_robin_repartition",
        default = true
    )]
    pub enable_round_robin_repartition: bool,

    /// Applies a `LIMIT` inside an aggregation where the query allows it.
    #[option(key = "datafusion.optimizer.enable_topk_aggregation", default = true)]
    pub enable_topk_aggregation: bool,

    /// Moves a `LIMIT` below window functions where the result stays the same.
    #[option(key = "datafusion.optimizer.enable_window_limits", default = true)]
    pub enable_window_limits: bool,

    /// Turns "filter on `ROW_NUMBER() <= K` over a sort" into a per-partition top-K, which keeps
    /// K rows per window partition instead of sorting everything.
    ///
    /// Pays off when the window partition key has few values; with many, it can use more memory
    /// and time than the sort.
    #[option(key = "datafusion.optimizer.enable_window_topn", default = false)]
    pub enable_window_topn: bool,

    /// Moves a top-K (a sort with a limit) below a hash repartition whose key starts the sort
    /// key, so fewer rows are shuffled.
    #[option(key = "datafusion.optimizer.enable_topk_repartition", default = true)]
    pub enable_topk_repartition: bool,

    /// Lets a top-K send the bound it has reached so far to the file scans, which then skip
    /// data that cannot make it.
    ///
    /// `datafusion.optimizer.enable_dynamic_filter_pushdown` sets this too.
    #[option(
        key = "datafusion.optimizer.enable_topk_dynamic_filter_pushdown",
        default = true
    )]
    pub enable_topk_dynamic_filter_pushdown: bool,

    /// Runs uncorrelated scalar subqueries as their own operator at execution time, instead of
    /// rewriting every scalar subquery into a left join.
    ///
    /// Turning it off brings back the older rewrite, which gives wrong results for subqueries
    /// returning several rows and supports fewer positions. A stopgap for distributed engines,
    /// due to be removed.
    #[option(
        key = "datafusion.optimizer.enable_physical_uncorrelated_scalar_subquery",
        default = true
    )]
    pub enable_physical_uncorrelated_scalar_subquery: bool,

    /// Lets a hash join send a filter built from its build side to the probe side's file scans.
    ///
    /// `datafusion.optimizer.enable_dynamic_filter_pushdown` sets this too.
    #[option(
        key = "datafusion.optimizer.enable_join_dynamic_filter_pushdown",
        default = true
    )]
    pub enable_join_dynamic_filter_pushdown: bool,

    /// Lets an aggregation send a filter built from what it has seen to the file scans.
    ///
    /// `datafusion.optimizer.enable_dynamic_filter_pushdown` sets this too.
    #[option(
        key = "datafusion.optimizer.enable_aggregate_dynamic_filter_pushdown",
        default = true
    )]
    pub enable_aggregate_dynamic_filter_pushdown: bool,

    /// Dynamic filters from top-K, joins and aggregations reach the file scans: with
    /// `ORDER BY ts DESC LIMIT 10`, files holding only older timestamps than the ten kept so far
    /// are skipped.
    ///
    /// In DataFusion, setting it sets the top-K, join and aggregate switches above to the same
    /// value.
    #[option(
        key = "datafusion.optimizer.enable_dynamic_filter_pushdown",
        default = true
    )]
    pub enable_dynamic_filter_pushdown: bool,

    /// Adds a filter dropping `NULL` keys on the nullable side of a join between a nullable and
    /// a non-nullable column.
    ///
    /// Costs more than it saves with formats that cannot push filters down.
    #[option(key = "datafusion.optimizer.filter_null_join_keys", default = false)]
    pub filter_null_join_keys: bool,

    /// Repartitions by the grouping keys so aggregates run in
    /// `datafusion.execution.target_partitions` parallel parts.
    #[option(key = "datafusion.optimizer.repartition_aggregations", default = true)]
    pub repartition_aggregations: bool,

    /// Files (or groups of files) smaller than this many bytes are scanned as one partition,
    /// not split by byte range.
    ///
    /// Lower values give more, smaller partitions: more cores busy on modest files, a little
    /// more overhead per partition.
    #[option(
        key = "datafusion.optimizer.repartition_file_min_size",
        default = 1048576
    )]
    pub repartition_file_min_size: usize,

    /// Repartitions by the join keys so joins run in `datafusion.execution.target_partitions`
    /// parallel parts.
    #[option(key = "datafusion.optimizer.repartition_joins", default = true)]
    pub repartition_joins: bool,

    /// Allows symmetric hash joins on unbounded inputs that have neither ordering nor filters.
    ///
    /// Such a join cannot prune its buffers: outer, semi and anti joins then produce their
    /// rows only at the end, and a long-running stream may run out of memory.
    #[option(
        key = "datafusion.optimizer.allow_symmetric_joins_without_pruning",
        default = true
    )]
    pub allow_symmetric_joins_without_pruning: bool,

    /// Splits scans into `datafusion.execution.target_partitions` even parts, cutting large
    /// files into byte ranges and spreading in-memory batches.
    ///
    /// Off, files are still read in parallel but never split. File sources: Parquet and CSV.
    #[option(key = "datafusion.optimizer.repartition_file_scans", default = true)]
    pub repartition_file_scans: bool,

    /// Groups files by their Hive partition values, so the scan declares that partitioning,
    /// once there are at least this many distinct values.
    ///
    /// `0` never does, `1` always does. Fewer groups than target partitions reduce I/O
    /// parallelism.
    #[option(key = "datafusion.optimizer.preserve_file_partitions", default = 0)]
    pub preserve_file_partitions: usize,

    /// Repartitions by the window's partition keys so window functions run in parallel.
    #[option(key = "datafusion.optimizer.repartition_windows", default = true)]
    pub repartition_windows: bool,

    /// Sorts each partition and merges the sorted partitions, instead of gathering everything
    /// and sorting once; faster on several cores.
    #[option(key = "datafusion.optimizer.repartition_sorts", default = true)]
    pub repartition_sorts: bool,

    /// From this many partitions up, data hash-partitioned on a subset of the keys (`a` for
    /// `a, b`) is left as it is; below it, it is repartitioned for more parallelism.
    ///
    /// `0` always repartitions; a large value never does.
    #[option(key = "datafusion.optimizer.subset_repartition_threshold", default = 4)]
    pub subset_repartition_threshold: usize,

    /// Keeps data that is already sorted in order (order-preserving repartitions and merges)
    /// rather than repartitioning freely and sorting again.
    #[option(key = "datafusion.optimizer.prefer_existing_sort", default = false)]
    pub prefer_existing_sort: bool,

    /// Logs a warning and goes on when an optimizer rule fails, instead of failing the query.
    #[option(key = "datafusion.optimizer.skip_failed_rules", default = false)]
    pub skip_failed_rules: bool,

    /// How many times the optimizer runs its rules over a plan.
    #[option(key = "datafusion.optimizer.max_passes", default = 3)]
    pub max_passes: usize,

    /// Reorders join keys top-down in the physical plan, to avoid repartitions.
    #[option(
        key = "datafusion.optimizer.top_down_join_key_reordering",
        default = true
    )]
    pub top_down_join_key_reordering: bool,

    /// Lets statistics decide which input of a join is built and which is probed; off, the
    /// query's order is kept.
    #[option(key = "datafusion.optimizer.join_reordering", default = true)]
    pub join_reordering: bool,

    /// Has no effect: the optimizer always asks the session's statistics registry.
    #[option(
        key = "datafusion.optimizer.use_statistics_registry",
        default = false,
        deprecated = "55.0.0: ignored; register statistics providers on the session state"
    )]
    pub use_statistics_registry: bool,

    /// Chooses hash joins over sort-merge joins: faster, and they take more memory.
    #[option(key = "datafusion.optimizer.prefer_hash_join", default = true)]
    pub prefer_hash_join: bool,

    /// Plans a piecewise merge join for joins with a single range condition. Experimental.
    #[option(
        key = "datafusion.optimizer.enable_piecewise_merge_join",
        default = false
    )]
    pub enable_piecewise_merge_join: bool,

    /// A hash join input estimated at most this many bytes is gathered into one partition.
    #[option(
        key = "datafusion.optimizer.hash_join_single_partition_threshold",
        default = 4194304
    )]
    pub hash_join_single_partition_threshold: usize,

    /// A hash join input estimated at most this many rows is gathered into one partition.
    #[option(
        key = "datafusion.optimizer.hash_join_single_partition_threshold_rows",
        default = 131072
    )]
    pub hash_join_single_partition_threshold_rows: usize,

    /// The largest build side, in bytes per partition, that a hash join sends to the probe
    /// side as an `IN (...)` list; larger ones are probed through the hash table. `0` never
    /// sends a list.
    ///
    /// A list prunes better (statistics, bloom filters) and travels well in distributed plans,
    /// but copies the build side: up to this much memory per partition.
    #[option(
        key = "datafusion.optimizer.hash_join_inlist_pushdown_max_size",
        default = 131072
    )]
    pub hash_join_inlist_pushdown_max_size: usize,

    /// The most distinct build-side values a hash join sends as an `IN (...)` list, beside the
    /// size limit above. `0` never sends a list.
    #[option(
        key = "datafusion.optimizer.hash_join_inlist_pushdown_max_distinct_values",
        default = 150
    )]
    pub hash_join_inlist_pushdown_max_distinct_values: usize,

    /// The share of rows, in percent, a filter is assumed to keep when statistics cannot tell.
    #[option(
        key = "datafusion.optimizer.default_filter_selectivity",
        default = 20,
        max = 100
    )]
    pub default_filter_selectivity: usize,

    /// Keeps a `UNION` as it is instead of turning it into an interleave.
    #[option(key = "datafusion.optimizer.prefer_existing_union", default = false)]
    pub prefer_existing_union: bool,

    /// Returns view types as plain ones in the output: `Utf8View` as `LargeUtf8`, `BinaryView`
    /// as `LargeBinary`.
    #[option(key = "datafusion.optimizer.expand_views_at_output", default = false)]
    pub expand_views_at_output: bool,

    /// Asks data sources to read in the order a sort needs (files or row groups in reverse,
    /// say), so a top-K query can stop early; the sort itself stays, for correctness.
    #[option(key = "datafusion.optimizer.enable_sort_pushdown", default = true)]
    pub enable_sort_pushdown: bool,

    /// Moves leaf expressions (such as `get_field`) out of filters, sorts and joins into
    /// projections next to the scans.
    #[option(
        key = "datafusion.optimizer.enable_leaf_expression_pushdown",
        default = true
    )]
    pub enable_leaf_expression_pushdown: bool,

    /// Merges the branches of a `UNION DISTINCT` that read the same source and differ only in
    /// their filters into one branch with the filters combined.
    #[option(key = "datafusion.optimizer.enable_unions_to_filter", default = false)]
    pub enable_unions_to_filter: bool,
}
