//! `datafusion.sql_parser.*`: how SQL text is read and planned.

use options_core::Options;

use crate::enums::Dialect;

/// How SQL text is parsed: the dialect, identifier and type rules, limits, and a few planning
/// choices made while reading it.
///
/// Keys start with `datafusion.sql_parser.`.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "sql_parser",
    title = "SQL parser",
    engine = crate::DATAFUSION
)]
pub struct SqlParserOptions {
    /// Reads literals such as `1.5` as decimals instead of floating-point numbers.
    #[option(key = "datafusion.sql_parser.parse_float_as_decimal", default = false)]
    pub parse_float_as_decimal: bool,

    /// Lower-cases identifiers that are not quoted.
    #[option(
        key = "datafusion.sql_parser.enable_ident_normalization",
        default = true
    )]
    pub enable_ident_normalization: bool,

    /// Has no effect: values that do not depend on case are lower-cased in any case.
    #[option(
        key = "datafusion.sql_parser.enable_options_value_normalization",
        default = false,
        deprecated = "55.0.0: ignored; values whose case does not matter are normalised anyway"
    )]
    pub enable_options_value_normalization: bool,

    /// The SQL dialect the parser follows.
    #[option(key = "datafusion.sql_parser.dialect", default = "generic")]
    pub dialect: Dialect,

    /// Accepts a length on `VARCHAR` (`VARCHAR(20)`) and ignores it; off, such a length is an
    /// error.
    ///
    /// Arrow strings have no maximum length, so the length could not be enforced.
    #[option(
        key = "datafusion.sql_parser.support_varchar_with_length",
        default = true
    )]
    pub support_varchar_with_length: bool,

    /// Plans SQL string types (`VARCHAR`, `CHAR`, `TEXT`, `STRING`) as `Utf8View`; off, as
    /// `Utf8`.
    #[option(
        key = "datafusion.sql_parser.map_string_types_to_utf8view",
        default = true
    )]
    pub map_string_types_to_utf8view: bool,

    /// Records, in the logical plan, where in the query text each part came from.
    #[option(key = "datafusion.sql_parser.collect_spans", default = false)]
    pub collect_spans: bool,

    /// How deeply a query may nest before parsing stops with an error.
    #[option(key = "datafusion.sql_parser.recursion_limit", default = 50, min = 1)]
    pub recursion_limit: usize,

    /// Where `NULL`s sort when a query does not say: `nulls_max` (last going up, as PostgreSQL
    /// does), `nulls_min` (first going up), `nulls_first` or `nulls_last` (whatever the
    /// direction).
    #[option(
        key = "datafusion.sql_parser.default_null_ordering",
        default = "nulls_max",
        one_of = ["nulls_max", "nulls_min", "nulls_first", "nulls_last"]
    )]
    pub default_null_ordering: String,

    /// Drops `ORDER BY` from subqueries and common table expressions when it cannot change the
    /// result (no `LIMIT` or other operator depends on the order).
    #[option(
        key = "datafusion.sql_parser.enable_subquery_sort_elimination",
        default = true
    )]
    pub enable_subquery_sort_elimination: bool,
}
