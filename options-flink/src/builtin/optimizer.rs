//! `table.optimizer.*`: options that steer the query optimizer toward a better plan.
//!
//! Facts follow Apache Flink's `OptimizerConfigOptions` of each release 1.19 to 2.3 (`since`,
//! `removed` and `changed` say what differs); the descriptions are this project's own.

use options_core::{ConfigEnum, MemorySize, Options};

/// Options that steer the query optimizer: aggregation phases, joins, plan reuse, push-down and
/// runtime filters.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "optimizer",
    title = "Optimizer Options",
    family = "Table & SQL", engine = crate::ENGINE,
    change_class = crate::engine::change::JOB_SUBMISSION)]
pub struct OptimizerOptions {
    /// Whether aggregations run in one phase or two.
    ///
    /// `AUTO` (the default) lets the cost model decide. `TWO_PHASE` pre-aggregates locally before
    /// the shuffle and combines globally after it, which helps with skewed keys; aggregate
    /// functions that cannot be split still run in one phase. `ONE_PHASE` always aggregates once,
    /// after the shuffle.
    #[option(
        key = "table.optimizer.agg-phase-strategy",
        default = "AUTO",
        scope = "batch, streaming",
        changed(release = "1.20", value_type = "String", default = "AUTO")
    )]
    pub agg_phase_strategy: AggPhaseStrategy,

    /// Largest table, in bytes, that a join sends whole to every worker (a broadcast join) instead
    /// of shuffling both sides.
    ///
    /// Raise it when small dimension tables are shuffled needlessly; `-1` disables broadcast joins.
    #[option(
        key = "table.optimizer.join.broadcast-threshold",
        default = 1048576,
        scope = "batch"
    )]
    pub join_broadcast_threshold: i64,

    /// Splits distinct aggregations (`COUNT(DISTINCT x)`, `SUM(DISTINCT x)`) into two levels: the
    /// first spreads rows over buckets derived from the distinct value, the second combines the
    /// buckets.
    ///
    /// Turn it on when a few group keys receive most rows and the distinct aggregation becomes a
    /// hot spot.
    #[option(
        key = "table.optimizer.distinct-agg.split.enabled",
        default = false,
        scope = "streaming"
    )]
    pub distinct_agg_split_enabled: bool,

    /// Number of buckets used by a split distinct aggregation: the first level groups by
    /// `hash(distinct value) % buckets` in addition to the query's keys.
    ///
    /// More buckets spread hot keys further but keep more state.
    #[option(
        key = "table.optimizer.distinct-agg.split.bucket-num",
        default = 1024,
        scope = "streaming",
        only_when = "table.optimizer.distinct-agg.split.enabled = true"
    )]
    pub distinct_agg_split_bucket_num: i32,

    /// Finds identical parts of a plan and computes them once.
    #[option(
        key = "table.optimizer.reuse-sub-plan-enabled",
        default = true,
        scope = "batch, streaming"
    )]
    pub reuse_sub_plan_enabled: bool,

    /// Reads a table source once when a plan scans it several times.
    ///
    /// Only takes effect while `table.optimizer.reuse-sub-plan-enabled` is `true`.
    #[option(
        key = "table.optimizer.reuse-source-enabled",
        default = true,
        scope = "batch, streaming",
        only_when = "table.optimizer.reuse-sub-plan-enabled = true"
    )]
    pub reuse_source_enabled: bool,

    /// Merges sinks of one statement set that write to the same table into a single sink, as long
    /// as sub-plan reuse is on.
    ///
    /// On by default.
    #[option(
        key = "table.optimizer.reuse-sink-enabled",
        default = true,
        scope = "batch, streaming",
        since = "2.1",
        only_when = "table.optimizer.reuse-sub-plan-enabled = true"
    )]
    pub reuse_sink_enabled: bool,

    /// When a plan with several sinks is cut into blocks that are optimized separately, recognizes
    /// identical blocks by their digest and optimizes them only once, so the resulting job reuses
    /// them.
    #[option(
        key = "table.optimizer.reuse-optimize-block-with-digest-enabled",
        default = false,
        scope = "batch, streaming",
        since = "1.20"
    )]
    pub reuse_optimize_block_with_digest_enabled: bool,

    /// Lets the optimizer cut a multi-sink plan into separately optimized blocks at a `UNION ALL`.
    ///
    /// Off, it looks for the cut point in the union's inputs instead.
    #[option(
        key = "table.optimizer.union-all-as-breakpoint-enabled",
        default = true,
        scope = "batch, streaming",
        since = "1.20"
    )]
    pub union_all_as_breakpoint_enabled: bool,

    /// Pushes local aggregations into sources that can aggregate themselves.
    #[option(
        key = "table.optimizer.source.aggregate-pushdown-enabled",
        default = true,
        scope = "batch",
        hidden,
        deprecated = "1.20: no replacement; only the legacy FilterableTableSource interface read it, and 2.0 removed both",
        removed = "2.0: no replacement; only the legacy FilterableTableSource interface read it, and 2.0 removed that interface",
        changed(release = "1.20", documented)
    )]
    pub source_aggregate_pushdown_enabled: bool,

    /// Pushes filter conditions into sources that can filter themselves, so fewer rows are read.
    #[option(
        key = "table.optimizer.source.predicate-pushdown-enabled",
        default = true,
        scope = "batch, streaming",
        hidden,
        deprecated = "1.20: no replacement; only the legacy FilterableTableSource interface read it, and 2.0 removed both",
        removed = "2.0: no replacement; only the legacy FilterableTableSource interface read it, and 2.0 removed that interface",
        changed(release = "1.20", documented)
    )]
    pub source_predicate_pushdown_enabled: bool,

    /// Asks sources for table statistics when the catalog has none, to improve cost estimates.
    ///
    /// Gathering statistics can be slow for sources with many files; turn it off when planning
    /// takes too long.
    #[option(
        key = "table.optimizer.source.report-statistics-enabled",
        default = true,
        scope = "batch, streaming"
    )]
    pub source_report_statistics_enabled: bool,

    /// Lets the optimizer change the order of joins based on cost estimates.
    ///
    /// Off by default, so joins run in the order the query writes them.
    #[option(
        key = "table.optimizer.join-reorder-enabled",
        default = false,
        scope = "batch, streaming"
    )]
    pub join_reorder_enabled: bool,

    /// Most tables in one join for which join reordering considers bushy plans; larger joins only
    /// get left-deep plans, which are cheaper to search.
    #[option(
        key = "table.optimizer.bushy-join-reorder-threshold",
        default = 12,
        scope = "batch, streaming"
    )]
    pub bushy_join_reorder_threshold: i32,

    /// Merges operators into multi-input operators, which avoids some shuffles and lets inputs be
    /// read in the best order.
    #[option(
        key = "table.optimizer.multiple-input-enabled",
        default = true,
        scope = "batch"
    )]
    pub multiple_input_enabled: bool,

    /// Prunes partitions of a large table at run time using the filter on the table it is joined
    /// with (dynamic partition pruning).
    #[option(
        key = "table.optimizer.dynamic-filtering.enabled",
        default = true,
        scope = "batch, streaming"
    )]
    pub dynamic_filtering_enabled: bool,

    /// Builds a filter from the small side of a join while the job runs and applies it to the
    /// large side before the shuffle.
    ///
    /// Helps joins that discard most rows of the large side. The other
    /// `table.optimizer.runtime-filter.*` options set the size and ratio limits that decide when a
    /// filter is worth building.
    #[option(
        key = "table.optimizer.runtime-filter.enabled",
        default = false,
        scope = "batch"
    )]
    pub runtime_filter_enabled: bool,

    /// Largest estimated build side for which a runtime filter is built.
    #[option(
        key = "table.optimizer.runtime-filter.max-build-data-size",
        default = "150 mb",
        scope = "batch"
    )]
    pub runtime_filter_max_build_data_size: MemorySize,

    /// Smallest estimated probe side for which a runtime filter is applied; smaller inputs are not
    /// worth filtering. Keep it above `table.optimizer.runtime-filter.max-build-data-size`.
    #[option(
        key = "table.optimizer.runtime-filter.min-probe-data-size",
        default = "10 gb",
        scope = "batch"
    )]
    pub runtime_filter_min_probe_data_size: MemorySize,

    /// Smallest estimated share of probe-side rows a runtime filter must remove to be applied
    /// (`0.5` = half).
    #[option(
        key = "table.optimizer.runtime-filter.min-filter-ratio",
        default = 0.5,
        scope = "batch"
    )]
    pub runtime_filter_min_filter_ratio: f64,

    /// What the optimizer does about non-deterministic values in an updating query, which can make
    /// a retraction differ from the row it should retract.
    ///
    /// Sources of such values: non-deterministic functions, lookup joins against tables that
    /// change, and metadata columns of change-data-capture sources. `IGNORE` (the default) plans
    /// the query as written. `TRY_RESOLVE` materializes lookup join results where needed (more
    /// state) and rejects the query, explaining why, for the cases only a change to the SQL can
    /// fix.
    #[option(
        key = "table.optimizer.non-deterministic-update.strategy",
        default = "IGNORE",
        scope = "streaming"
    )]
    pub non_deterministic_update_strategy: NonDeterministicUpdateStrategy,

    /// Merges projections while translating SQL into a plan.
    ///
    /// Merging can copy a non-deterministic expression into several places, so one value is
    /// computed more than once and can differ; it is off by default. Enable it only for queries
    /// without non-deterministic expressions.
    #[option(
        key = "table.optimizer.sql2rel.project-merge.enabled",
        default = false,
        scope = "batch, streaming",
        changed(
            release = "2.0",
            deprecated_keys = ["table.optimizer.sql-to-rel.project.merge.enabled"]
        )
    )]
    pub sql2rel_project_merge_enabled: bool,

    /// Merges the final phase of a split distinct aggregation with the following local aggregation
    /// into one incremental step, which saves state and network traffic.
    ///
    /// Applies when both local-global aggregation and distinct-aggregation splitting are used.
    #[option(
        key = "table.optimizer.incremental-agg-enabled",
        default = true,
        scope = "streaming",
        since = "1.20"
    )]
    pub incremental_agg_enabled: bool,

    /// When a batch join may be turned into a broadcast join: `auto` (the default; at planning time
    /// if sizes are known, otherwise at runtime once the real input sizes are), `runtime_only`
    /// (only at runtime) or `none` (never adaptively).
    #[option(
        key = "table.optimizer.adaptive-broadcast-join.strategy",
        default = "auto",
        scope = "batch",
        since = "2.0"
    )]
    pub adaptive_broadcast_join_strategy: AdaptiveBroadcastJoinStrategy,

    /// Whether skewed partitions of batch joins are split at runtime: `auto` (the default; only
    /// when no extra shuffle is needed), `forced` (even if it adds a shuffle) or `none`.
    #[option(
        key = "table.optimizer.skewed-join-optimization.strategy",
        default = "auto",
        scope = "batch",
        since = "2.0"
    )]
    pub skewed_join_optimization_strategy: SkewedJoinStrategy,

    /// A partition of a batch join counts as skewed when it is this many times larger than the
    /// median partition and also larger than
    /// `table.optimizer.skewed-join-optimization.skewed-threshold`.
    #[option(
        key = "table.optimizer.skewed-join-optimization.skewed-factor",
        default = 4.0,
        scope = "batch",
        since = "2.0"
    )]
    pub skewed_join_optimization_skewed_factor: f64,

    /// Size a partition of a batch join must exceed, besides
    /// `table.optimizer.skewed-join-optimization.skewed-factor`, before it is split as skewed.
    #[option(
        key = "table.optimizer.skewed-join-optimization.skewed-threshold",
        default = "256 mb",
        scope = "batch",
        since = "2.0"
    )]
    pub skewed_join_optimization_skewed_threshold: MemorySize,

    /// Whether regular streaming joins are turned into delta joins, which look rows up in the
    /// source tables instead of keeping both sides in state: `AUTO` (the default; where possible),
    /// `FORCE` (fail if a join cannot be converted) or `NONE`.
    #[option(
        key = "table.optimizer.delta-join.strategy",
        default = "AUTO",
        scope = "streaming",
        since = "2.1"
    )]
    pub delta_join_strategy: DeltaJoinStrategy,

    /// Combines a chain of streaming joins on a common key into one multi-way join operator, which
    /// avoids storing the intermediate results of each join.
    ///
    /// Experimental; its state layout may still change between releases.
    #[option(
        key = "table.optimizer.multi-join.enabled",
        default = false,
        scope = "streaming",
        since = "2.1"
    )]
    pub multi_join_enabled: bool,

    /// Most table arguments one process table function (PTF) call may take.
    #[option(
        key = "table.optimizer.ptf.max-tables",
        default = 20,
        scope = "batch, streaming",
        since = "2.1"
    )]
    pub ptf_max_tables: i32,
}

/// How `table.optimizer.non-deterministic-update.strategy` handles non-deterministic updates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ConfigEnum)]
pub enum NonDeterministicUpdateStrategy {
    /// Add operators that keep results consistent; fail when that is impossible.
    TryResolve,
    /// Plan as written.
    Ignore,
}

/// How many phases `table.optimizer.agg-phase-strategy` lets an aggregation run in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ConfigEnum)]
pub enum AggPhaseStrategy {
    /// Let the planner choose one or two phases.
    Auto,
    /// Aggregate in a single phase after the shuffle.
    OnePhase,
    /// Pre-aggregate locally before the shuffle, then combine.
    TwoPhase,
}

/// When `table.optimizer.adaptive-broadcast-join.strategy` lets a batch join become a broadcast
/// join.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ConfigEnum)]
pub enum AdaptiveBroadcastJoinStrategy {
    /// Decide at planning time where possible, otherwise at runtime.
    #[config(name = "auto")]
    Auto,
    /// Decide only at runtime, from the real input sizes.
    #[config(name = "runtime_only")]
    RuntimeOnly,
    /// No adaptive broadcast join.
    #[config(name = "none")]
    None,
}

/// Whether `table.optimizer.skewed-join-optimization.strategy` splits skewed partitions of batch
/// joins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ConfigEnum)]
pub enum SkewedJoinStrategy {
    /// Split skewed partitions when it needs no extra shuffle.
    #[config(name = "auto")]
    Auto,
    /// Split skewed partitions even if that adds a shuffle.
    #[config(name = "forced")]
    Forced,
    /// Leave skewed partitions alone.
    #[config(name = "none")]
    None,
}

/// Whether `table.optimizer.delta-join.strategy` turns streaming joins into delta joins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ConfigEnum)]
pub enum DeltaJoinStrategy {
    /// Use a delta join where the query allows it, a regular join otherwise.
    Auto,
    /// Require a delta join and fail planning if it is not possible.
    Force,
    /// Never use delta joins.
    None,
}
