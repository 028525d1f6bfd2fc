//! The operator options that may be set per resource: what the operator's docs list under
//! "Resource/User Configuration".
//!
//! Each may be set in the operator's default configuration, for every resource, and in
//! `spec.flinkConfiguration` of a `FlinkDeployment` or `FlinkSessionJob`, for that resource alone
//! (see [`crate::placement`]).

use std::collections::BTreeMap;
use std::time::Duration;

use options_core::{Options, Secret};

use crate::enums::{CheckpointType, SavepointFormatType};

/// How the operator treats one deployment or session job: upgrades, savepoints and
/// checkpoints, health checks, rollbacks and deletion.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "operator-dynamic",
    title = "Operator: Per-Resource Options",
    family = "Per resource",
    engine = crate::engine::OPERATOR,
    change_class = crate::change::OPERATOR_LIVE
)]
pub struct OperatorDynamicOptions {
    /// How long a checkpoint that the operator triggered may stay pending before the attempt
    /// counts as failed.
    #[option(
        key = "kubernetes.operator.checkpoint.trigger.grace-period",
        default = "1 min"
    )]
    pub checkpoint_trigger_grace_period: Duration,

    /// The kind of checkpoint the operator asks for when it triggers one (periodic or manual).
    #[option(key = "kubernetes.operator.checkpoint.type", default = "FULL")]
    pub checkpoint_type: CheckpointType,

    /// Makes the cluster health check also require checkpoints to complete: a job with
    /// checkpointing on that completes none within the window counts as unhealthy.
    ///
    /// Has an effect only with `kubernetes.operator.cluster.health-check.enabled` on.
    #[option(
        key = "kubernetes.operator.cluster.health-check.checkpoint-progress.enabled",
        default = true
    )]
    pub cluster_health_check_checkpoint_progress_enabled: bool,

    /// The time within which a healthy job completes at least one checkpoint. No value
    /// derives the window from the job's checkpoint interval and timeout.
    #[option(key = "kubernetes.operator.cluster.health-check.checkpoint-progress.window")]
    pub cluster_health_check_checkpoint_progress_window: Option<Duration>,

    /// Watches the health of the job's cluster (restarts, checkpoint progress) and redeploys
    /// a cluster found unhealthy.
    #[option(
        key = "kubernetes.operator.cluster.health-check.enabled",
        default = false
    )]
    pub cluster_health_check_enabled: bool,

    /// How many job restarts within `kubernetes.operator.cluster.health-check.restarts.window`
    /// make the cluster count as unhealthy.
    #[option(
        key = "kubernetes.operator.cluster.health-check.restarts.threshold",
        default = 64
    )]
    pub cluster_health_check_restarts_threshold: i32,

    /// The time over which job restarts are counted for the health check.
    #[option(
        key = "kubernetes.operator.cluster.health-check.restarts.window",
        default = "2 min"
    )]
    pub cluster_health_check_restarts_window: Duration,

    /// How long a newly deployed or upgraded resource may take to become ready (its job
    /// running) before the deployment counts as failed; a rollback, when enabled, starts then.
    #[option(
        key = "kubernetes.operator.deployment.readiness.timeout",
        default = "5 min"
    )]
    pub deployment_readiness_timeout: Duration,

    /// Rolls a resource back to its last stable spec when an upgrade does not become ready in
    /// time.
    #[option(
        key = "kubernetes.operator.deployment.rollback.enabled",
        default = false
    )]
    pub deployment_rollback_enabled: bool,

    /// Labels for errors, as `regex:label` pairs: when an exception message matches a regular
    /// expression, its label is added to the error the resource's status shows.
    #[option(key = "kubernetes.operator.exception.label.mapper", default = "")]
    pub exception_label_mapper: BTreeMap<String, String>,

    /// Recreates the JobManager deployment of a running job when it has gone missing, restoring
    /// the job from its high-availability metadata.
    #[option(
        key = "kubernetes.operator.jm-deployment-recovery.enabled",
        default = true,
        deprecated_keys = ["kubernetes.operator.reconciler.jm-deployment-recovery.enabled"]
    )]
    pub jm_deployment_recovery_enabled: bool,

    /// How long the JobManager of an application that has finished (or failed for good) is
    /// kept running, so its results and logs can be inspected, before the operator shuts it
    /// down.
    #[option(
        key = "kubernetes.operator.jm-deployment.shutdown-ttl",
        default = "1 d"
    )]
    pub jm_deployment_shutdown_ttl: Duration,

    /// Gives JobManager pods a Kubernetes startup probe, so a JobManager that never comes up
    /// is noticed and restarted.
    #[option(
        key = "kubernetes.operator.jm-deployment.startup.probe.enabled",
        default = true
    )]
    pub jm_deployment_startup_probe_enabled: bool,

    /// Drains the job (lets event time advance to the end and fires every timer) when the
    /// operator stops it with a savepoint because the resource is deleted.
    #[option(
        key = "kubernetes.operator.job.drain-on-savepoint-deletion",
        default = false
    )]
    pub job_drain_on_savepoint_deletion: bool,

    /// Redeploys a job that has reached the terminal FAILED state, from its latest state.
    #[option(key = "kubernetes.operator.job.restart.failed", default = false)]
    pub job_restart_failed: bool,

    /// Stops the job with a savepoint when its resource is deleted, so its state survives the
    /// deletion.
    #[option(key = "kubernetes.operator.job.savepoint-on-deletion", default = false)]
    pub job_savepoint_on_deletion: bool,

    /// Goes ahead with an upgrade while a savepoint is still in progress, instead of waiting for
    /// it to finish.
    #[option(
        key = "kubernetes.operator.job.upgrade.ignore-pending-savepoint",
        default = false
    )]
    pub job_upgrade_ignore_pending_savepoint: bool,

    /// Applies a change that only sets new parallelism to the running job (with Flink's
    /// rescaling API, under the adaptive scheduler) instead of redeploying it.
    #[option(
        key = "kubernetes.operator.job.upgrade.inplace-scaling.enabled",
        default = true
    )]
    pub job_upgrade_inplace_scaling_enabled: bool,

    /// Lets a savepoint upgrade fall back to a last-state upgrade (from the latest checkpoint in
    /// the high-availability metadata) when no savepoint can be taken because the job is not
    /// running.
    #[option(
        key = "kubernetes.operator.job.upgrade.last-state-fallback.enabled",
        default = true
    )]
    pub job_upgrade_last_state_fallback_enabled: bool,

    /// Cancels the job through its REST API during a last-state upgrade, instead of deleting
    /// the cluster's deployment.
    #[option(
        key = "kubernetes.operator.job.upgrade.last-state.job-cancel.enabled",
        default = false
    )]
    pub job_upgrade_last_state_job_cancel_enabled: bool,

    /// The oldest the latest checkpoint may be for a last-state upgrade of a running job: with
    /// none recent enough, the operator triggers a savepoint instead. No value sets no limit.
    #[option(key = "kubernetes.operator.job.upgrade.last-state.max.allowed.checkpoint.age")]
    pub job_upgrade_last_state_max_allowed_checkpoint_age: Option<Duration>,

    /// How often the operator triggers a checkpoint of the job itself, on top of the job's own
    /// checkpointing; empty (the default) triggers none.
    ///
    /// Text rather than a duration, since it also takes a cron expression.
    #[option(key = "kubernetes.operator.periodic.checkpoint.interval", default = "")]
    pub periodic_checkpoint_interval: String,

    /// How often the operator triggers a savepoint of the job; empty (the default) triggers
    /// none.
    ///
    /// Text rather than a duration, since it also takes a cron expression.
    #[option(key = "kubernetes.operator.periodic.savepoint.interval", default = "")]
    pub periodic_savepoint_interval: String,

    /// The class of the resource listener named `<listener_name>`: a plugin the operator calls
    /// when a resource's status changes or an event is raised. Any other key under
    /// `kubernetes.operator.plugins.listeners.<listener_name>.` is handed to that listener.
    ///
    /// The operator's docs list the key with the per-resource options, but the operator loads
    /// listeners once, from its own configuration, when it starts.
    #[option(key = "kubernetes.operator.plugins.listeners.<listener_name>.class")]
    pub plugins_listeners_class: Option<String>,

    /// Merges lists in pod templates (containers, volumes, ...) by the `name` of their items
    /// instead of by position, when the JobManager or TaskManager template is laid over the
    /// common one.
    #[option(
        key = "kubernetes.operator.pod-template.merge-arrays-by-name",
        default = false
    )]
    pub pod_template_merge_arrays_by_name: bool,

    /// Cleans up the resource's savepoint history: savepoints that are too old or too many for
    /// the `kubernetes.operator.savepoint.history.max.*` limits are removed and their data
    /// disposed.
    #[option(key = "kubernetes.operator.savepoint.cleanup.enabled", default = true)]
    pub savepoint_cleanup_enabled: bool,

    /// Disposes a savepoint's data when the snapshot resource the operator created for it is
    /// deleted.
    #[option(
        key = "kubernetes.operator.savepoint.dispose-on-delete",
        default = false
    )]
    pub savepoint_dispose_on_delete: bool,

    /// The format of the savepoints the operator triggers: Flink's portable format
    /// (`CANONICAL`) or the state backend's own (`NATIVE`).
    #[option(
        key = "kubernetes.operator.savepoint.format.type",
        default = "CANONICAL"
    )]
    pub savepoint_format_type: SavepointFormatType,

    /// How long savepoints stay in the resource's savepoint history before they are cleaned
    /// up.
    #[option(key = "kubernetes.operator.savepoint.history.max.age", default = "1 d")]
    pub savepoint_history_max_age: Duration,

    /// How many savepoints the resource's savepoint history keeps; older ones are cleaned up.
    #[option(key = "kubernetes.operator.savepoint.history.max.count", default = 10)]
    pub savepoint_history_max_count: i32,

    /// How long a savepoint that the operator triggered may stay pending before the attempt
    /// counts as failed.
    #[option(
        key = "kubernetes.operator.savepoint.trigger.grace-period",
        default = "1 min",
        deprecated_keys = ["kubernetes.operator.observer.savepoint.trigger.grace-period"]
    )]
    pub savepoint_trigger_grace_period: Duration,

    /// Refuses to delete a session cluster while session job resources still run on it.
    #[option(
        key = "kubernetes.operator.session.deletion.block-on-session-jobs",
        default = true,
        since = "1.15"
    )]
    pub session_deletion_block_on_session_jobs: bool,

    /// Refuses to delete a session cluster while jobs that the operator does not manage (not
    /// submitted through a session job resource) still run on it.
    #[option(
        key = "kubernetes.operator.session.deletion.block-on-unmanaged-jobs",
        default = true,
        deprecated_keys = ["kubernetes.operator.session.block-on-unmanaged-jobs"],
        since = "1.15"
    )]
    pub session_deletion_block_on_unmanaged_jobs: bool,

    /// Refuses to delete a session cluster while jobs that the operator does not manage still
    /// run on it. Renamed `kubernetes.operator.session.deletion.block-on-unmanaged-jobs` in 1.15.
    #[option(
        key = "kubernetes.operator.session.block-on-unmanaged-jobs",
        default = true,
        since = "1.13",
        removed = "1.15: renamed to kubernetes.operator.session.deletion.block-on-unmanaged-jobs, which still reads this key"
    )]
    pub session_block_on_unmanaged_jobs: bool,

    /// Records the savepoints and checkpoints the operator takes as snapshot resources of
    /// their own (`FlinkStateSnapshot`), rather than only in the status of the job's resource.
    #[option(key = "kubernetes.operator.snapshot.resource.enabled", default = true)]
    pub snapshot_resource_enabled: bool,

    /// HTTP headers sent when the operator downloads a job's artifacts over HTTP, as
    /// `name:value` pairs. They may carry credentials, so their values are masked when shown.
    #[option(key = "kubernetes.operator.user.artifacts.http.header", sensitive)]
    pub user_artifacts_http_header: Option<Secret<BTreeMap<String, String>>>,
}
