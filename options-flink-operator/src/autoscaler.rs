//! `job.autoscaler.*`: the job autoscaler, which watches a job's metrics and changes the
//! parallelism of its vertices (and, if asked, its TaskManager memory).
//!
//! Every option here may be set per resource (`spec.flinkConfiguration`) as well as in the
//! operator's default configuration. Before the autoscaler became a module of its own its keys
//! started with `kubernetes.operator.`; each option still reads that old spelling as a fallback
//! key, as the operator's `AutoScalerOptions` declares.

use std::time::Duration;

use options_core::{MemorySize, Options};

use crate::enums::{KeyGroupOrPartitionsAdjustMode, MetricAggregator};

/// The job autoscaler: when it acts, how it measures load, how far it may scale, and the memory
/// tuning that comes with it.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "autoscaler",
    title = "Autoscaler",
    family = "Per resource",
    engine = crate::engine::OPERATOR,
    change_class = crate::change::OPERATOR_LIVE
)]
pub struct AutoscalerOptions {
    /// Consumer lag above which the job counts as working through a backlog.
    ///
    /// While the lag stays above this, the autoscaler does not scale the job down, since the
    /// extra capacity is still being used to catch up.
    #[option(
        key = "job.autoscaler.backlog-processing.lag-threshold",
        default = "5 min",
        fallback_keys = ["kubernetes.operator.job.autoscaler.backlog-processing.lag-threshold"]
    )]
    pub backlog_processing_lag_threshold: Duration,

    /// How quickly a scaled job should have worked off the backlog that built up while it was
    /// restarting.
    ///
    /// The autoscaler sizes each vertex for the incoming rate plus the backlog spread over this
    /// time; `0 ms` leaves the backlog out of the computation.
    #[option(
        key = "job.autoscaler.catch-up.duration",
        default = "30 min",
        fallback_keys = ["kubernetes.operator.job.autoscaler.catch-up.duration"]
    )]
    pub catch_up_duration: Duration,

    /// Turns the autoscaler on for the job: it starts collecting metrics and evaluating them.
    ///
    /// Whether it also applies what it decides is `job.autoscaler.scaling.enabled`.
    #[option(
        key = "job.autoscaler.enabled",
        default = false,
        fallback_keys = ["kubernetes.operator.job.autoscaler.enabled"]
    )]
    pub enabled: bool,

    /// Periods in which the autoscaler must not rescale the job, separated by `;`.
    ///
    /// Each period is a time of day range such as `9:00-11:30`, a Quartz cron expression
    /// naming the excluded seconds, or both joined with `&&` (the period is excluded when both
    /// match). Empty allows scaling at any time.
    #[option(
        key = "job.autoscaler.excluded.periods",
        default = "",
        fallback_keys = ["kubernetes.operator.job.autoscaler.excluded.periods"]
    )]
    pub excluded_periods: Vec<String>,

    /// How long a REST request from the autoscaler to the job's cluster (for metrics and job
    /// details) may take before it is abandoned.
    #[option(
        key = "job.autoscaler.flink.rest-client.timeout",
        default = "10 s",
        fallback_keys = ["kubernetes.operator.job.autoscaler.flink.rest-client.timeout"]
    )]
    pub flink_rest_client_timeout: Duration,

    /// How long past scaling decisions are remembered before they are dropped from the job's
    /// scaling history.
    #[option(
        key = "job.autoscaler.history.max.age",
        default = "1 d",
        fallback_keys = ["kubernetes.operator.job.autoscaler.history.max.age"]
    )]
    pub history_max_age: Duration,

    /// How many past scaling decisions are remembered per vertex.
    #[option(
        key = "job.autoscaler.history.max.count",
        default = 3,
        fallback_keys = ["kubernetes.operator.job.autoscaler.history.max.count"]
    )]
    pub history_max_count: i32,

    /// Share of time the TaskManagers may spend in garbage collection before the autoscaler
    /// pauses rescaling the job.
    ///
    /// A job short of memory does not get faster with more parallelism; past this share the
    /// autoscaler reports the pressure instead. `1.0` never pauses it.
    #[option(
        key = "job.autoscaler.memory.gc-pressure.threshold",
        default = 1.0,
        fallback_keys = ["kubernetes.operator.job.autoscaler.memory.gc-pressure.threshold"]
    )]
    pub memory_gc_pressure_threshold: f64,

    /// Share of the TaskManagers' heap that may be in use before the autoscaler pauses
    /// rescaling the job; `1.0` never pauses it.
    #[option(
        key = "job.autoscaler.memory.heap-usage.threshold",
        default = 1.0,
        fallback_keys = ["kubernetes.operator.job.autoscaler.memory.heap-usage.threshold"]
    )]
    pub memory_heap_usage_threshold: f64,

    /// Lets the autoscaler resize the TaskManagers' memory (heap, managed and network memory)
    /// to what the job was seen to use, when it rescales the job.
    #[option(
        key = "job.autoscaler.memory.tuning.enabled",
        default = false,
        fallback_keys = ["kubernetes.operator.job.autoscaler.memory.tuning.enabled"]
    )]
    pub memory_tuning_enabled: bool,

    /// Gives the memory that tuning frees from other pools to managed memory (which RocksDB
    /// uses) instead of shrinking the TaskManagers.
    #[option(
        key = "job.autoscaler.memory.tuning.maximize-managed-memory",
        default = false,
        fallback_keys = ["kubernetes.operator.job.autoscaler.memory.tuning.maximize-managed-memory"]
    )]
    pub memory_tuning_maximize_managed_memory: bool,

    /// Headroom memory tuning adds to the usage it measured, as a share of that usage (`0.2`
    /// adds a fifth).
    #[option(
        key = "job.autoscaler.memory.tuning.overhead",
        default = 0.2,
        fallback_keys = ["kubernetes.operator.job.autoscaler.memory.tuning.overhead"]
    )]
    pub memory_tuning_overhead: f64,

    /// When a scale-down leaves fewer TaskManagers, gives each of them more memory, so that the
    /// tuned sizes still hold the state and work the job spreads over fewer processes.
    ///
    /// Has an effect only with memory tuning on.
    #[option(
        key = "job.autoscaler.memory.tuning.scale-down-compensation.enabled",
        default = true,
        fallback_keys = ["kubernetes.operator.job.autoscaler.memory.tuning.scale-down-compensation.enabled"]
    )]
    pub memory_tuning_scale_down_compensation_enabled: bool,

    /// How the busy time of a vertex's subtasks is combined into the one figure its scaling
    /// decision uses: the busiest subtask (`MAX`), the mean (`AVG`) or the least busy (`MIN`).
    #[option(
        key = "job.autoscaler.metrics.busy-time.aggregator",
        default = "MAX",
        fallback_keys = ["kubernetes.operator.job.autoscaler.metrics.busy-time.aggregator"]
    )]
    pub metrics_busy_time_aggregator: MetricAggregator,

    /// How far back metrics are averaged before a scaling decision; decisions wait until a
    /// full window of metrics has been collected.
    #[option(
        key = "job.autoscaler.metrics.window",
        default = "15 min",
        fallback_keys = ["kubernetes.operator.job.autoscaler.metrics.window"]
    )]
    pub metrics_window: Duration,

    /// The lowest scaling coefficient the observed-scalability estimate may give, so that a few
    /// poor observations cannot make the autoscaler ask for far more parallelism than needed.
    #[option(
        key = "job.autoscaler.observed-scalability.coefficient-min",
        default = 0.5,
        fallback_keys = ["kubernetes.operator.job.autoscaler.observed-scalability.coefficient-min"],
        since = "1.12"
    )]
    pub observed_scalability_coefficient_min: f64,

    /// Estimates from past rescales how a vertex's throughput actually grows with its
    /// parallelism, and uses that estimate instead of assuming the growth is linear.
    #[option(
        key = "job.autoscaler.observed-scalability.enabled",
        default = false,
        fallback_keys = ["kubernetes.operator.job.autoscaler.observed-scalability.enabled"],
        since = "1.12"
    )]
    pub observed_scalability_enabled: bool,

    /// How many past rescales of a vertex the observed-scalability estimate needs before it is
    /// used.
    #[option(
        key = "job.autoscaler.observed-scalability.min-observations",
        default = 3,
        fallback_keys = ["kubernetes.operator.job.autoscaler.observed-scalability.min-observations"],
        since = "1.12"
    )]
    pub observed_scalability_min_observations: i32,

    /// Source lag above which the autoscaler trusts the processing rate it observed while the
    /// source was catching up over the rate it derives from busy time.
    #[option(
        key = "job.autoscaler.observed-true-processing-rate.lag-threshold",
        default = "30 s",
        fallback_keys = ["kubernetes.operator.job.autoscaler.observed-true-processing-rate.lag-threshold"]
    )]
    pub observed_true_processing_rate_lag_threshold: Duration,

    /// How many observations of a source's processing rate under lag are needed before that
    /// observed rate is used.
    #[option(
        key = "job.autoscaler.observed-true-processing-rate.min-observations",
        default = 2,
        fallback_keys = ["kubernetes.operator.job.autoscaler.observed-true-processing-rate.min-observations"]
    )]
    pub observed_true_processing_rate_min_observations: i32,

    /// How far (as a share) the observed processing rate of a source must differ from the
    /// busy-time estimate before the autoscaler switches to the observed one.
    #[option(
        key = "job.autoscaler.observed-true-processing-rate.switch-threshold",
        default = 0.15,
        fallback_keys = ["kubernetes.operator.job.autoscaler.observed-true-processing-rate.switch-threshold"]
    )]
    pub observed_true_processing_rate_switch_threshold: f64,

    /// The most CPU (in cores, over all the job's TaskManagers) a scaled job may ask for; a
    /// decision above it is not applied. No value sets no limit.
    #[option(
        key = "job.autoscaler.quota.cpu",
        fallback_keys = ["kubernetes.operator.job.autoscaler.quota.cpu"]
    )]
    pub quota_cpu: Option<f64>,

    /// The most memory (over all the job's TaskManagers) a scaled job may ask for; a decision
    /// above it is not applied. No value sets no limit.
    #[option(
        key = "job.autoscaler.quota.memory",
        fallback_keys = ["kubernetes.operator.job.autoscaler.quota.memory"]
    )]
    pub quota_memory: Option<MemorySize>,

    /// How long a restart after rescaling is expected to take. The autoscaler adds the data
    /// that arrives meanwhile to the backlog it sizes the job for.
    #[option(
        key = "job.autoscaler.restart.time",
        default = "5 min",
        fallback_keys = ["kubernetes.operator.job.autoscaler.restart.time"]
    )]
    pub restart_time: Duration,

    /// Measures how long the job's restarts after rescaling really take, and uses the
    /// measurement in place of `job.autoscaler.restart.time`.
    #[option(
        key = "job.autoscaler.restart.time-tracking.enabled",
        default = false,
        fallback_keys = ["kubernetes.operator.job.autoscaler.restart.time-tracking.enabled"]
    )]
    pub restart_time_tracking_enabled: bool,

    /// The longest measured restart time the autoscaler will use, so that one slow restart does
    /// not distort every later decision.
    #[option(
        key = "job.autoscaler.restart.time-tracking.limit",
        default = "15 min",
        fallback_keys = ["kubernetes.operator.job.autoscaler.restart.time-tracking.limit"]
    )]
    pub restart_time_tracking_limit: Duration,

    /// How long a scale-down waits before it is carried out.
    ///
    /// Scale-downs asked for within this time are merged into one, so the job restarts less
    /// often; `0 ms` or less scales down at once. The key was once
    /// `job.autoscaler.scale-up.grace-period`, which is still read.
    #[option(
        key = "job.autoscaler.scale-down.interval",
        default = "1 h",
        fallback_keys = [
            "kubernetes.operator.job.autoscaler.scale-up.grace-period",
            "kubernetes.operator.job.autoscaler.scale-down.interval"
        ],
        deprecated_keys = ["job.autoscaler.scale-up.grace-period"]
    )]
    pub scale_down_interval: Duration,

    /// The largest share by which one scale-down may cut a vertex's parallelism (`0.6`: to no
    /// less than 40% of it).
    #[option(
        key = "job.autoscaler.scale-down.max-factor",
        default = 0.6,
        fallback_keys = ["kubernetes.operator.job.autoscaler.scale-down.max-factor"]
    )]
    pub scale_down_max_factor: f64,

    /// The largest factor by which one scale-up may multiply a vertex's parallelism, relative
    /// to its current one; the default is high enough to set no practical limit.
    #[option(
        key = "job.autoscaler.scale-up.max-factor",
        default = 100000.0,
        fallback_keys = ["kubernetes.operator.job.autoscaler.scale-up.max-factor"]
    )]
    pub scale_up_max_factor: f64,

    /// Checks after each scale-up whether throughput grew as predicted, and stops scaling up a
    /// vertex whose scale-ups did not help.
    #[option(
        key = "job.autoscaler.scaling.effectiveness.detection.enabled",
        default = false,
        fallback_keys = ["kubernetes.operator.job.autoscaler.scaling.effectiveness.detection.enabled"]
    )]
    pub scaling_effectiveness_detection_enabled: bool,

    /// The share of the predicted throughput gain a scale-up must deliver to count as
    /// effective.
    #[option(
        key = "job.autoscaler.scaling.effectiveness.threshold",
        default = 0.1,
        fallback_keys = ["kubernetes.operator.job.autoscaler.scaling.effectiveness.threshold"]
    )]
    pub scaling_effectiveness_threshold: f64,

    /// Applies the parallelism the autoscaler computes. Turned off, the autoscaler still
    /// collects metrics and reports its recommendations, but changes nothing.
    #[option(
        key = "job.autoscaler.scaling.enabled",
        default = true,
        fallback_keys = ["kubernetes.operator.job.autoscaler.scaling.enabled"]
    )]
    pub scaling_enabled: bool,

    /// The shortest time between two reports of the same scaling event, so that a
    /// recommendation that is not applied does not flood the resource's events.
    #[option(
        key = "job.autoscaler.scaling.event.interval",
        default = "30 min",
        fallback_keys = ["kubernetes.operator.job.autoscaler.scaling.event.interval"]
    )]
    pub scaling_event_interval: Duration,

    /// What the autoscaler does when the parallelism it computed would spread a vertex's key
    /// groups, or a source's partitions, unevenly over its subtasks.
    #[option(
        key = "job.autoscaler.scaling.key-group.partitions.adjust.mode",
        default = "EVENLY_SPREAD",
        fallback_keys = ["kubernetes.operator.job.autoscaler.scaling.key-group.partitions.adjust.mode"],
        since = "1.11"
    )]
    pub scaling_key_group_partitions_adjust_mode: KeyGroupOrPartitionsAdjustMode,

    /// How long after the job starts or rescales the autoscaler lets it settle: metrics of that
    /// time do not count as load, and no new scaling happens.
    #[option(
        key = "job.autoscaler.stabilization.interval",
        default = "5 min",
        fallback_keys = ["kubernetes.operator.job.autoscaler.stabilization.interval"]
    )]
    pub stabilization_interval: Duration,

    /// Upper edge of the band of utilization the autoscaler leaves alone: a vertex busier than
    /// this is scaled up. No value takes the edge from the target utilization and the old
    /// boundary option.
    #[option(
        key = "job.autoscaler.utilization.max",
        fallback_keys = ["kubernetes.operator.job.autoscaler.utilization.max"],
        since = "1.11"
    )]
    pub utilization_max: Option<f64>,

    /// Lower edge of the band of utilization the autoscaler leaves alone: a vertex less busy
    /// than this is scaled down. No value takes the edge from the target utilization and the
    /// old boundary option.
    #[option(
        key = "job.autoscaler.utilization.min",
        fallback_keys = ["kubernetes.operator.job.autoscaler.utilization.min"],
        since = "1.11"
    )]
    pub utilization_min: Option<f64>,

    /// How busy (as a share of time) each vertex should be after scaling; the autoscaler picks
    /// the parallelism that brings the vertex to this level.
    #[option(
        key = "job.autoscaler.utilization.target",
        default = 0.7,
        fallback_keys = [
            "kubernetes.operator.job.autoscaler.utilization.target",
            "kubernetes.operator.job.autoscaler.target.utilization"
        ],
        deprecated_keys = ["job.autoscaler.target.utilization"],
        since = "1.11"
    )]
    pub utilization_target: f64,

    /// How busy (as a share of time) each vertex should be after scaling. Renamed
    /// `job.autoscaler.utilization.target` in 1.11.
    #[option(
        key = "job.autoscaler.target.utilization",
        default = 0.7,
        fallback_keys = ["kubernetes.operator.job.autoscaler.target.utilization"],
        removed = "1.11: renamed to job.autoscaler.utilization.target, which still reads this key"
    )]
    pub target_utilization: f64,

    /// How far utilization may stray from the target before the autoscaler acts, as a share
    /// of time on either side of it.
    ///
    /// Replaced in 1.11 by `job.autoscaler.utilization.min` and `job.autoscaler.utilization.max`;
    /// the operator still reads it to derive those edges when they are not set, but no longer
    /// documents it.
    #[option(
        key = "job.autoscaler.target.utilization.boundary",
        default = 0.3,
        fallback_keys = ["kubernetes.operator.job.autoscaler.target.utilization.boundary"],
        hidden,
        deprecated = "1.11: use job.autoscaler.utilization.min and job.autoscaler.utilization.max",
        changed(release = "1.11", documented)
    )]
    pub target_utilization_boundary: f64,

    /// Job vertex ids the autoscaler never rescales, separated by `;`. Their parallelism stays
    /// as the job sets it.
    #[option(
        key = "job.autoscaler.vertex.exclude.ids",
        default = "",
        fallback_keys = ["kubernetes.operator.job.autoscaler.vertex.exclude.ids"]
    )]
    pub vertex_exclude_ids: Vec<String>,

    /// The highest parallelism the autoscaler gives any vertex (a vertex's own maximum
    /// parallelism still applies when lower).
    #[option(
        key = "job.autoscaler.vertex.max-parallelism",
        default = 200,
        fallback_keys = ["kubernetes.operator.job.autoscaler.vertex.max-parallelism"]
    )]
    pub vertex_max_parallelism: i32,

    /// The lowest parallelism the autoscaler gives any vertex.
    #[option(
        key = "job.autoscaler.vertex.min-parallelism",
        default = 1,
        fallback_keys = ["kubernetes.operator.job.autoscaler.vertex.min-parallelism"]
    )]
    pub vertex_min_parallelism: i32,
}
