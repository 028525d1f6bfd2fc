//! The closed sets of values among the operator's options. Each enum keeps the operator's value
//! names (matched ignoring case, as Flink's configuration matches enum constants).
//!
//! Five are the operator's own enums (their constants are in the reference tables); two come
//! from libraries the operator uses, and their names are the ones the operator's docs list:
//! [`SavepointFormatType`] is Flink's, [`DeletionPropagation`] is the fabric8 Kubernetes
//! client's (shown with its `toString()` spelling, `Foreground`).

use options_core::ConfigEnum;

/// How the autoscaler condenses the busy-time samples of a vertex's subtasks into one figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ConfigEnum)]
pub enum MetricAggregator {
    /// The mean over all subtasks.
    #[config(name = "AVG")]
    Avg,
    /// The busiest subtask.
    #[config(name = "MAX")]
    Max,
    /// The least busy subtask.
    #[config(name = "MIN")]
    Min,
}

/// How the autoscaler picks a parallelism when a vertex's key groups (or a source's partitions)
/// cannot be split evenly at the computed parallelism.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ConfigEnum)]
pub enum KeyGroupOrPartitionsAdjustMode {
    /// Only parallelisms that give every subtask the same number of key groups or partitions.
    #[config(name = "EVENLY_SPREAD")]
    EvenlySpread,
    /// The parallelism that keeps the most subtasks busy, even when some get one more key group
    /// or partition than others.
    #[config(name = "MAXIMIZE_UTILISATION")]
    MaximizeUtilisation,
}

/// Where the standalone autoscaler keeps its state between control loops.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ConfigEnum)]
pub enum StateStoreType {
    /// In the process's memory: lost when the process stops.
    #[config(name = "MEMORY")]
    Memory,
    /// In a database reached through JDBC.
    #[config(name = "JDBC")]
    Jdbc,
}

/// Where the standalone autoscaler sends the events it raises.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ConfigEnum)]
pub enum EventHandlerType {
    /// Into its log.
    #[config(name = "LOGGING")]
    Logging,
    /// Into a database table reached through JDBC.
    #[config(name = "JDBC")]
    Jdbc,
}

/// The kind of checkpoint the operator asks a job for when it triggers one itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ConfigEnum)]
pub enum CheckpointType {
    /// A complete, self-contained checkpoint.
    #[config(name = "FULL")]
    Full,
    /// A checkpoint that stores only what changed since an earlier one.
    #[config(name = "INCREMENTAL")]
    Incremental,
    /// Leaves the choice to the job's own checkpoint settings.
    #[config(name = "UNKNOWN")]
    Unknown,
}

/// The format of savepoints the operator triggers (Flink's `SavepointFormatType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ConfigEnum)]
pub enum SavepointFormatType {
    /// Flink's portable format, readable by any state backend.
    #[config(name = "CANONICAL")]
    Canonical,
    /// The state backend's own format: faster to take and restore, tied to that backend.
    #[config(name = "NATIVE")]
    Native,
}

/// How Kubernetes deletes the objects that belong to a resource the operator deletes (the
/// fabric8 client's `DeletionPropagation`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ConfigEnum)]
pub enum DeletionPropagation {
    /// Leaves dependent objects in place.
    #[config(name = "Orphan")]
    Orphan,
    /// Deletes the owner at once and its dependents afterwards, in the background.
    #[config(name = "Background")]
    Background,
    /// Deletes the dependents first and the owner only once they are gone.
    #[config(name = "Foreground")]
    Foreground,
}
