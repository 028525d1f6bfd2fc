//! `datafusion.format.*`: how values are printed in query results.

use options_core::Options;

use crate::enums::ConfigDurationFormat;

/// How values look when record batches are printed: nulls, dates and times (as `chrono` format
/// strings), durations and type annotations.
///
/// Keys start with `datafusion.format.`.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "format",
    title = "Output format",
    engine = crate::DATAFUSION
)]
pub struct FormatOptions {
    /// Prints a value that cannot be formatted as an error text in its place, instead of
    /// failing.
    #[option(key = "datafusion.format.safe", default = true)]
    pub safe: bool,

    /// The text printed for a null value.
    #[option(key = "datafusion.format.null", default = "")]
    pub null: String,

    /// How dates are printed.
    #[option(key = "datafusion.format.date_format", default = "%Y-%m-%d")]
    pub date_format: Option<String>,

    /// How date-times are printed.
    #[option(
        key = "datafusion.format.datetime_format",
        default = "%Y-%m-%dT%H:%M:%S%.f"
    )]
    pub datetime_format: Option<String>,

    /// How timestamps without a time zone are printed.
    #[option(
        key = "datafusion.format.timestamp_format",
        default = "%Y-%m-%dT%H:%M:%S%.f"
    )]
    pub timestamp_format: Option<String>,

    /// How timestamps with a time zone are printed; `NULL` prints them in ISO 8601.
    #[option(key = "datafusion.format.timestamp_tz_format")]
    pub timestamp_tz_format: Option<String>,

    /// How times of day are printed.
    #[option(key = "datafusion.format.time_format", default = "%H:%M:%S%.f")]
    pub time_format: Option<String>,

    /// How durations are printed.
    #[option(key = "datafusion.format.duration_format", default = "pretty")]
    pub duration_format: ConfigDurationFormat,

    /// Prints each value's type beside it.
    #[option(key = "datafusion.format.types_info", default = false)]
    pub types_info: bool,
}
