//! `table.optimizer.*`: options that steer the query optimizer toward a better plan.
//!
//! Facts follow Apache Flink 1.19's `OptimizerConfigOptions`; the descriptions are this project's
//! own.

use crate::{ConfigEnum, MemorySize, Options};

/// Options that steer the query optimizer: aggregation phases, joins, plan reuse, push-down and
/// runtime filters.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "optimizer",
    title = "Optimizer Options",
    family = "Table & SQL"
)]
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
        one_of = ["AUTO", "TWO_PHASE", "ONE_PHASE"]
    )]
    pub agg_phase_strategy: String,

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

    /// Pushes local aggregations into sources that can aggregate themselves.
    #[option(
        key = "table.optimizer.source.aggregate-pushdown-enabled",
        default = true,
        scope = "batch"
    )]
    pub source_aggregate_pushdown_enabled: bool,

    /// Pushes filter conditions into sources that can filter themselves, so fewer rows are read.
    #[option(
        key = "table.optimizer.source.predicate-pushdown-enabled",
        default = true,
        scope = "batch, streaming"
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
        deprecated_keys = ["table.optimizer.sql-to-rel.project.merge.enabled"]
    )]
    pub sql2rel_project_merge_enabled: bool,
}

/// How `table.optimizer.non-deterministic-update.strategy` handles non-deterministic updates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ConfigEnum)]
pub enum NonDeterministicUpdateStrategy {
    /// Add operators that keep results consistent; fail when that is impossible.
    TryResolve,
    /// Plan as written.
    Ignore,
}
