//! `datafusion.spark.*`: the Spark-compatible functions.

use options_core::Options;

use crate::enums::MapKeyDedupPolicy;

/// How the Spark-compatible functions (`datafusion-spark`) behave where Spark lets a setting
/// decide. Each key follows the `spark.sql.*` setting of the same meaning.
///
/// Keys start with `datafusion.spark.`.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "spark",
    title = "Spark compatibility",
    engine = crate::DATAFUSION
)]
pub struct SparkOptions {
    /// What `map_from_arrays`, `map_from_entries` and `str_to_map` do with a key given twice:
    /// fail (`EXCEPTION`) or keep the value given last (`LAST_WIN`). Spark's
    /// `spark.sql.mapKeyDedupPolicy`.
    #[option(key = "datafusion.spark.map_key_dedup_policy", default = "EXCEPTION")]
    pub map_key_dedup_policy: MapKeyDedupPolicy,
}
