//! `datafusion.explain.*`: what `EXPLAIN` and `EXPLAIN ANALYZE` print.

use options_core::Options;

use crate::enums::{ExplainFormat, MetricType};

/// What `EXPLAIN` prints, and how: which plans, statistics, sizes and schemas, in which layout,
/// and which metrics `EXPLAIN ANALYZE` reports.
///
/// Keys start with `datafusion.explain.`.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "explain",
    title = "Explain",
    engine = crate::DATAFUSION
)]
pub struct ExplainOptions {
    /// Prints only the logical plans.
    #[option(key = "datafusion.explain.logical_plan_only", default = false)]
    pub logical_plan_only: bool,

    /// Prints only the physical plans.
    #[option(key = "datafusion.explain.physical_plan_only", default = false)]
    pub physical_plan_only: bool,

    /// Prints each physical operator's statistics.
    #[option(key = "datafusion.explain.show_statistics", default = false)]
    pub show_statistics: bool,

    /// Prints partition sizes.
    #[option(key = "datafusion.explain.show_sizes", default = true)]
    pub show_sizes: bool,

    /// Prints each operator's schema.
    #[option(key = "datafusion.explain.show_schema", default = false)]
    pub show_schema: bool,

    /// The layout of the printed plan.
    #[option(key = "datafusion.explain.format", default = "indent")]
    pub format: ExplainFormat,

    /// How wide the `tree` layout may grow, in characters; `0` sets no limit.
    #[option(key = "datafusion.explain.tree_maximum_render_width", default = 240)]
    pub tree_maximum_render_width: usize,

    /// How many metrics `EXPLAIN ANALYZE` prints: `summary` for the essentials, `dev` for
    /// everything operators record.
    #[option(key = "datafusion.explain.analyze_level", default = "dev")]
    pub analyze_level: MetricType,

    /// Which kinds of metric `EXPLAIN ANALYZE` prints: `all`, `none` (the plan's shape only), or
    /// some of `rows`, `bytes`, `timing` and `uncategorized`, separated by commas.
    ///
    /// A metric without a kind counts as `uncategorized`.
    #[option(
        key = "datafusion.explain.analyze_categories",
        default = "all",
        validate = crate::checks::analyze_categories
    )]
    pub analyze_categories: String,
}
