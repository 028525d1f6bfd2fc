//! The operator's own settings that no resource can override: what the operator's docs list as
//! "System Configuration".
//!
//! They are read from the operator's configuration only; in a resource's
//! `spec.flinkConfiguration` they do nothing (see [`crate::placement`]).

use std::time::Duration;

use options_core::Options;

/// The operator process: which namespaces it watches, how often and how many resources it
/// reconciles, retries, leader election, timeouts of its calls to Flink, and what it records of
/// errors.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "operator-system",
    title = "Operator: System Options",
    family = "Operator system",
    engine = crate::engine::OPERATOR,
    change_class = crate::change::OPERATOR_START
)]
pub struct OperatorSystemOptions {
    /// Lets a change of `kubernetes.operator.watched.namespaces` in the dynamic configuration
    /// take effect while the operator runs, instead of at its next start.
    #[option(
        key = "kubernetes.operator.dynamic.namespaces.enabled",
        default = false
    )]
    pub dynamic_namespaces_enabled: bool,

    /// The most characters of each exception field (message, stack trace line) the operator
    /// writes into a resource's status.
    #[option(key = "kubernetes.operator.exception.field.max.length", default = 2048)]
    pub exception_field_max_length: i32,

    /// Includes the stack trace of an error in the resource's status, not only its message.
    #[option(
        key = "kubernetes.operator.exception.stacktrace.enabled",
        default = false
    )]
    pub exception_stacktrace_enabled: bool,

    /// The most characters of a stack trace the operator writes into a resource's status.
    #[option(
        key = "kubernetes.operator.exception.stacktrace.max.length",
        default = 2048
    )]
    pub exception_stacktrace_max_length: i32,

    /// How many exceptions of an error's cause chain the operator writes into a resource's
    /// status.
    #[option(
        key = "kubernetes.operator.exception.throwable.list.max.count",
        default = 2
    )]
    pub exception_throwable_list_max_count: i32,

    /// How long the operator waits for a job to be cancelled or stopped (with a savepoint,
    /// if asked) before it gives up on the call.
    #[option(
        key = "kubernetes.operator.flink.client.cancel.timeout",
        default = "1 min",
        deprecated_keys = ["kubernetes.operator.reconciler.flink.cancel.job.timeout"]
    )]
    pub flink_client_cancel_timeout: Duration,

    /// How long a REST call from the operator to a Flink cluster may take before it fails.
    #[option(
        key = "kubernetes.operator.flink.client.timeout",
        default = "10 s",
        deprecated_keys = ["kubernetes.operator.observer.flink.client.timeout"]
    )]
    pub flink_client_timeout: Duration,

    /// How long submitting a job to a cluster may take before the submission counts as failed.
    #[option(
        key = "kubernetes.operator.job.submission.timeout",
        default = "10 min",
        since = "1.14"
    )]
    pub job_submission_timeout: Duration,

    /// Runs the operator with leader election, so that several replicas can run and only the
    /// leader reconciles. Needs `kubernetes.operator.leader-election.lease-name`.
    #[option(key = "kubernetes.operator.leader-election.enabled", default = false)]
    pub leader_election_enabled: bool,

    /// How long a leader's lease lasts: after it runs out without renewal, another replica may
    /// take over.
    #[option(
        key = "kubernetes.operator.leader-election.lease-duration",
        default = "15 s"
    )]
    pub leader_election_lease_duration: Duration,

    /// Name of the Kubernetes Lease object the replicas compete for; required with leader
    /// election on.
    #[option(key = "kubernetes.operator.leader-election.lease-name")]
    pub leader_election_lease_name: Option<String>,

    /// How long the leader keeps trying to renew its lease before it steps down.
    #[option(
        key = "kubernetes.operator.leader-election.renew-deadline",
        default = "10 s"
    )]
    pub leader_election_renew_deadline: Duration,

    /// How long a replica waits between attempts to acquire or renew the lease.
    #[option(
        key = "kubernetes.operator.leader-election.retry-period",
        default = "2 s"
    )]
    pub leader_election_retry_period: Duration,

    /// How many reconciliations of one resource the rate limiter allows in each refresh period.
    #[option(key = "kubernetes.operator.rate-limiter.limit", default = 5)]
    pub rate_limiter_limit: i32,

    /// The period over which the rate limiter counts a resource's reconciliations.
    #[option(
        key = "kubernetes.operator.rate-limiter.refresh-period",
        default = "15 s"
    )]
    pub rate_limiter_refresh_period: Duration,

    /// How often each resource is reconciled when nothing about it has changed.
    #[option(
        key = "kubernetes.operator.reconcile.interval",
        default = "1 min",
        deprecated_keys = ["kubernetes.operator.reconciler.reschedule.interval"]
    )]
    pub reconcile_interval: Duration,

    /// How many resources the operator reconciles at the same time (its reconciler threads).
    ///
    /// The default is the Java Operator SDK's, as the operator's release ships it.
    #[option(
        key = "kubernetes.operator.reconcile.parallelism",
        default = 50,
        deprecated_keys = ["kubernetes.operator.reconciler.max.parallelism"]
    )]
    pub reconcile_parallelism: i32,

    /// How long the operator waits for a cluster's Kubernetes objects to be gone when it shuts
    /// the cluster down (on deletion or upgrade).
    #[option(
        key = "kubernetes.operator.resource.cleanup.timeout",
        default = "5 min",
        deprecated_keys = ["kubernetes.operator.reconciler.flink.cluster.shutdown.timeout"]
    )]
    pub resource_cleanup_timeout: Duration,

    /// The wait before the first retry of a reconciliation that failed.
    #[option(key = "kubernetes.operator.retry.initial.interval", default = "5 s")]
    pub retry_initial_interval: Duration,

    /// The factor by which the wait grows from one retry of a failed reconciliation to the
    /// next.
    #[option(key = "kubernetes.operator.retry.interval.multiplier", default = 1.5)]
    pub retry_interval_multiplier: f64,

    /// How many times a failed reconciliation is retried before the operator stops retrying
    /// it.
    #[option(key = "kubernetes.operator.retry.max.attempts", default = 15)]
    pub retry_max_attempts: i32,

    /// The longest wait between retries of a failed reconciliation, however far the multiplier
    /// has grown it. No value sets no limit.
    #[option(key = "kubernetes.operator.retry.max.interval")]
    pub retry_max_interval: Option<Duration>,

    /// The URL schemes from which the operator downloads a job's artifacts, separated by `;`.
    #[option(
        key = "kubernetes.operator.user.artifacts.allowed-schemes",
        default = "https",
        since = "1.15"
    )]
    pub user_artifacts_allowed_schemes: Vec<String>,

    /// The directory in the operator's container where it keeps artifacts downloaded for
    /// session jobs before submitting them.
    #[option(
        key = "kubernetes.operator.user.artifacts.base.dir",
        default = "/opt/flink/artifacts"
    )]
    pub user_artifacts_base_dir: String,

    /// Refuses to download artifacts from hosts that resolve to local or internal addresses
    /// (loopback, link-local and the like), so that a resource cannot make the operator reach
    /// services only it can see.
    #[option(
        key = "kubernetes.operator.user.artifacts.disallow-restricted-hosts",
        default = true,
        since = "1.15"
    )]
    pub user_artifacts_disallow_restricted_hosts: bool,

    /// The namespaces whose resources the operator manages, separated by commas. The default,
    /// the Java Operator SDK's `JOSDK_ALL_NAMESPACES`, means every namespace.
    #[option(
        key = "kubernetes.operator.watched.namespaces",
        default = "JOSDK_ALL_NAMESPACES"
    )]
    pub watched_namespaces: String,
}
