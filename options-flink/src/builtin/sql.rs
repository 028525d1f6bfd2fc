//! `sql.*`: session options of a hosted SQL service (seed `004`), set with `SET` statements.
//!
//! Several mirror a Flink option under a shorter key (`sql.local-time-zone` for
//! `table.local-time-zone`, `sql.state-ttl` for `table.exec.state.ttl`); the descriptions are this
//! project's own.
//!
//! Two of those pairs are one setting: each option of the pair names the other as its fallback
//! key, so a value set under either key is read through both (`TableConfig::local_time_zone()`,
//! `SET 'key';`, `SHOW OPTIONS`), a layer that sets one hides the other's value in lower layers,
//! and `RESET` of either removes both. Only the defaults stay apart while neither is set: the
//! hosted service's `UTC` and `0 ms`, Flink's `default` (the machine's zone) and `0 ms`.
//!
//! Choices the seed leaves open, recorded here:
//! * `sql.snapshot.mode`: the seed's table gives the default `off`, its prose says `now`; we follow
//!   the table (and the reference TSV), so snapshot queries are opt-in.
//! * [`GlobalScanStartupMode`] and [`GlobalScanBoundedMode`]: the seed names the types only. We use
//!   the values of the Kafka-style connector options they override (`scan.startup.mode`,
//!   `scan.bounded.mode`), spelled as those options spell them (`earliest-offset`, ...).

use std::time::Duration;

use options_core::{ConfigEnum, Options};

/// Session options of a hosted SQL service: current catalog and database, dry runs, time zone,
/// state retention and table scan overrides.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "sql",
    title = "SQL Session Options",
    family = "Table & SQL",
    engine = crate::ENGINE,
    change_class = crate::engine::change::JOB_SUBMISSION
)]
pub struct SqlOptions {
    /// Catalog used for object names that do not name one; same effect as `USE CATALOG name`.
    ///
    /// Needed when statements use names that are not fully qualified.
    #[option(key = "sql.current-catalog", scope = "batch, streaming")]
    pub current_catalog: Option<String>,

    /// Database used for object names that do not name one; same effect as `USE name`.
    ///
    /// Needed when statements use names that are not fully qualified.
    #[option(key = "sql.current-database", scope = "batch, streaming")]
    pub current_database: Option<String>,

    /// Parses and validates statements without running them, to check a script before submitting
    /// it.
    #[option(key = "sql.dry-run", default = false, scope = "batch, streaming")]
    pub dry_run: bool,

    /// Returns query results directly with the statement's response instead of through a
    /// separate result fetch.
    #[option(key = "sql.inline-result", default = false, scope = "batch, streaming")]
    pub inline_result: bool,

    /// Session time zone for `TIMESTAMP_LTZ` values, used when converting them to types without a
    /// zone (`TIMESTAMP`, `TIME`, strings).
    ///
    /// Accepts a TZDB zone id (`America/Los_Angeles`) or a fixed offset (`GMT+03:00`). The
    /// counterpart of `table.local-time-zone`.
    #[option(
        key = "sql.local-time-zone",
        default = "UTC",
        fallback_keys = ["table.local-time-zone"],
        scope = "batch, streaming",
        validate = crate::builtin::checks::time_zone
    )]
    pub local_time_zone: String,

    /// Whether queries read a snapshot of their tables instead of running continuously.
    ///
    /// `now` reads the tables as they are when the statement starts and then finishes; `off` (the
    /// default) runs queries over the unbounded tables.
    #[option(key = "sql.snapshot.mode", default = "off", scope = "batch, streaming")]
    pub snapshot_mode: String,

    /// Shortest time a piece of state is kept after its last update before it may be removed; the
    /// counterpart of `table.exec.state.ttl`.
    ///
    /// `0 ms` (the default) never removes state. Pick a time longer than the longest gap between
    /// updates of one key, or results change.
    #[option(
        key = "sql.state-ttl",
        default = "0 ms",
        scope = "streaming",
        fallback_keys = ["table.exec.state.ttl"]
    )]
    pub state_ttl: Duration,

    /// End position, in epoch milliseconds, for scans bounded by `timestamp`; overrides
    /// `scan.bounded.timestamp-millis` of tables in newly created queries.
    ///
    /// Does not apply to tables that set their own non-default value.
    #[option(
        key = "sql.tables.scan.bounded.timestamp-millis",
        scope = "batch, streaming"
    )]
    pub tables_scan_bounded_timestamp_millis: Option<i64>,

    /// Where scans of tables in newly created queries stop; overrides `scan.bounded.mode`.
    ///
    /// `latest-offset` stops at the offsets that are latest when the query starts,
    /// `group-offsets` at the consumer group's committed offsets, `timestamp` at
    /// `sql.tables.scan.bounded.timestamp-millis`, `specific-offsets` at per-partition offsets the
    /// table declares; `unbounded` never stops. Does not apply to tables that set their own
    /// non-default value.
    #[option(key = "sql.tables.scan.bounded.mode", scope = "batch, streaming")]
    pub tables_scan_bounded_mode: Option<GlobalScanBoundedMode>,

    /// Time without records after which a partition is marked idle, so watermarks can advance
    /// without it; the counterpart of `table.exec.source.idle-timeout`.
    ///
    /// Only helps while at least one partition still receives data. `0 ms` (the default) disables
    /// idle detection.
    #[option(
        key = "sql.tables.scan.idle-timeout",
        default = "0 ms",
        scope = "streaming"
    )]
    pub tables_scan_idle_timeout: Duration,

    /// Largest event-time lead one split or partition may have over the slowest one before it is
    /// paused (watermark alignment).
    ///
    /// `0 ms` disables alignment, which suits queries without event-time semantics (regular
    /// joins, plain ETL); for event-time queries, disabling it can make state grow.
    #[option(
        key = "sql.tables.scan.watermark-alignment.max-allowed-drift",
        default = "1 min",
        scope = "streaming"
    )]
    pub tables_scan_watermark_alignment_max_allowed_drift: Duration,

    /// Start position, in epoch milliseconds, for scans starting at `timestamp`; overrides
    /// `scan.startup.timestamp-millis` of tables in newly created queries.
    ///
    /// Does not apply to tables that set their own non-default value.
    #[option(
        key = "sql.tables.scan.startup.timestamp-millis",
        scope = "batch, streaming"
    )]
    pub tables_scan_startup_timestamp_millis: Option<i64>,

    /// Where scans of tables in newly created queries start; overrides `scan.startup.mode`.
    ///
    /// `earliest-offset` reads each partition from its start, `latest-offset` only new records,
    /// `group-offsets` from the consumer group's committed offsets, `timestamp` from
    /// `sql.tables.scan.startup.timestamp-millis`, `specific-offsets` from per-partition offsets
    /// the table declares. Does not apply to tables that set their own non-default value.
    #[option(key = "sql.tables.scan.startup.mode", scope = "batch, streaming")]
    pub tables_scan_startup_mode: Option<GlobalScanStartupMode>,

    /// Parallelism of table source operators, unless a table sets its own.
    #[option(
        key = "sql.tables.scan.source-operator-parallelism",
        scope = "batch, streaming"
    )]
    pub tables_scan_source_operator_parallelism: Option<i32>,
}

/// Where `sql.tables.scan.startup.mode` starts reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ConfigEnum)]
pub enum GlobalScanStartupMode {
    /// From the earliest available offset.
    #[config(name = "earliest-offset")]
    EarliestOffset,
    /// From the latest offset: only new records.
    #[config(name = "latest-offset")]
    LatestOffset,
    /// From the offsets committed by the consumer group.
    #[config(name = "group-offsets")]
    GroupOffsets,
    /// From `sql.tables.scan.startup.timestamp-millis`.
    #[config(name = "timestamp")]
    Timestamp,
    /// From offsets given per partition by the table.
    #[config(name = "specific-offsets")]
    SpecificOffsets,
}

/// Where `sql.tables.scan.bounded.mode` stops reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ConfigEnum)]
pub enum GlobalScanBoundedMode {
    /// At the latest offset when the query starts.
    #[config(name = "latest-offset")]
    LatestOffset,
    /// At the offsets committed by the consumer group.
    #[config(name = "group-offsets")]
    GroupOffsets,
    /// At `sql.tables.scan.bounded.timestamp-millis`.
    #[config(name = "timestamp")]
    Timestamp,
    /// At offsets given per partition by the table.
    #[config(name = "specific-offsets")]
    SpecificOffsets,
    /// Never: the scan is unbounded.
    #[config(name = "unbounded")]
    Unbounded,
}
