//! Value types of the enum-typed `table.exec.*` options.

use options_core::ConfigEnum;

/// What `table.exec.sink.not-null-enforcer` does with a `NULL` bound for a `NOT NULL` column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ConfigEnum)]
pub enum NotNullEnforcer {
    /// Fail the job.
    Error,
    /// Drop the record silently.
    Drop,
}

/// What `table.exec.sink.type-length-enforcer` does with values that do not fit a length-limited
/// column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ConfigEnum)]
pub enum TypeLengthEnforcer {
    /// Write the value unchanged.
    Ignore,
    /// Cut values that are too long; pad fixed-length values that are too short.
    TrimPad,
    /// Fail when a value is longer than its declared type allows. (Flink 2.1 on.)
    Error,
}

/// When `table.exec.sink.upsert-materialize` adds a materializing operator in front of a sink.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ConfigEnum)]
pub enum UpsertMaterialize {
    /// Never.
    None,
    /// When the planner finds that changes could reach the sink out of order.
    Auto,
    /// Always, for sinks with a primary key.
    Force,
}

/// When `table.exec.sink.keyed-shuffle` redistributes rows by primary key before a sink.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ConfigEnum)]
pub enum SinkKeyedShuffle {
    /// Never.
    None,
    /// When the sink's parallelism differs from its input's.
    Auto,
    /// Always, for sinks with a primary key.
    Force,
}

/// Whether `table.exec.sink.rowtime-inserter` puts the event time into records handed to sinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ConfigEnum)]
pub enum RowtimeInserter {
    /// Insert the row's event time as the record timestamp.
    Enabled,
    /// Leave the record timestamp unset.
    Disabled,
}

/// Output order of `table.exec.async-lookup.output-mode`, `table.exec.async-ml-predict.output-mode`
/// and `table.exec.async-vector-search.output-mode`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ConfigEnum)]
pub enum AsyncOutputMode {
    /// Results leave in input order.
    Ordered,
    /// Results may leave as soon as they arrive, when that cannot change the query's result.
    AllowUnordered,
}

/// Retry policy of `table.exec.async-scalar.retry-strategy` and
/// `table.exec.async-table.retry-strategy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ConfigEnum)]
pub enum RetryStrategy {
    /// A failed call fails the job.
    NoRetry,
    /// Retry after a fixed delay, up to a maximum number of attempts.
    FixedDelay,
}

/// Whether `table.exec.legacy-cast-behaviour` restores the casting rules of Flink before 1.15.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ConfigEnum)]
pub enum LegacyCastBehaviour {
    /// Old rules: failed casts give `NULL`, no trimming or padding to the target length.
    Enabled,
    /// Current, SQL-standard rules.
    Disabled,
}

/// When `table.exec.uid.generation` gives operators stable ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ConfigEnum)]
pub enum UidGeneration {
    /// Only for jobs built from a compiled plan.
    PlanOnly,
    /// For every job.
    Always,
    /// Never; ids are derived from the job graph's shape.
    Disabled,
}

/// How deep `table.exec.sink.nested-constraint-enforcer` checks the constraints of values written
/// to a sink.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ConfigEnum)]
pub enum NestedConstraintEnforcer {
    /// Check top-level columns only.
    Ignore,
    /// Also check the fields of nested rows.
    Rows,
    /// Also check nested rows and the elements of collections.
    RowsAndCollections,
}

/// Which implementation of the sink upsert materializer
/// `table.exec.sink.upsert-materialize-strategy.type` chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ConfigEnum)]
pub enum UpsertMaterializeStrategy {
    /// The implementation of earlier releases.
    Legacy,
    /// Newer implementation; a key's history is kept in map state.
    Map,
    /// Newer implementation; a key's history is kept in one value.
    Value,
    /// Switch between the value and the map layout per key, by the number of entries.
    Adaptive,
}
