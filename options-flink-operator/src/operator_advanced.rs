//! The operator's own settings that few installations change and no resource can override: what
//! the operator's docs list as "Advanced System Configuration".
//!
//! Like [`crate::OperatorSystemOptions`] they are read from the operator's configuration only
//! (see [`crate::placement`]).

use std::time::Duration;

use options_core::Options;

use crate::enums::DeletionPropagation;

/// Fine-tuning of the operator process: its configuration cache and reloading, health probes,
/// observation intervals, caps on per-resource savepoint history, start-up and shutdown.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "operator-system-advanced",
    title = "Operator: Advanced System Options",
    family = "Operator system",
    engine = crate::engine::OPERATOR,
    change_class = crate::change::OPERATOR_START
)]
pub struct OperatorAdvancedOptions {
    /// How often the operator refreshes its view of the Kubernetes cluster's free capacity,
    /// which the autoscaler checks before it asks for more resources.
    ///
    /// The default, a negative interval (`-1 min`), turns the check off. It is a value only the
    /// operator's code can hold: Flink's duration syntax has no sign, so a configuration can
    /// leave the option unset (off) or give a positive interval.
    #[option(
        key = "kubernetes.operator.cluster.resource-view.refresh-interval",
        default_doc = "-1 min"
    )]
    pub cluster_resource_view_refresh_interval: Option<Duration>,

    /// How many resource configurations (the operator's defaults merged with a resource's own
    /// settings) the operator keeps cached.
    #[option(key = "kubernetes.operator.config.cache.size", default = 1000)]
    pub config_cache_size: i32,

    /// How long a cached resource configuration is kept after its last use.
    #[option(key = "kubernetes.operator.config.cache.timeout", default = "10 min")]
    pub config_cache_timeout: Duration,

    /// How often the operator looks for changes to its configuration file, when dynamic
    /// configuration is on.
    #[option(
        key = "kubernetes.operator.dynamic.config.check.interval",
        default = "5 min"
    )]
    pub dynamic_config_check_interval: Duration,

    /// Applies changes to the operator's configuration file (its ConfigMap) while it runs,
    /// without a restart.
    #[option(key = "kubernetes.operator.dynamic.config.enabled", default = true)]
    pub dynamic_config_enabled: bool,

    /// How many Kubernetes events the operator raises per reconciliation for exceptions it
    /// finds in a job's exception history.
    #[option(
        key = "kubernetes.operator.events.exceptions.limit-per-reconciliation",
        default = 10,
        since = "1.12"
    )]
    pub events_exceptions_limit_per_reconciliation: i32,

    /// How many lines of the stack trace each exception event carries.
    #[option(
        key = "kubernetes.operator.events.exceptions.stacktrace-lines",
        default = 5,
        since = "1.12"
    )]
    pub events_exceptions_stacktrace_lines: i32,

    /// How long a canary resource (a test resource whose only purpose is to show the operator
    /// still reconciles) may wait for reconciliation before the operator reports itself
    /// unhealthy.
    #[option(
        key = "kubernetes.operator.health.canary.resource.timeout",
        default = "1 min"
    )]
    pub health_canary_resource_timeout: Duration,

    /// Serves the operator's health endpoint, which Kubernetes liveness probes ask.
    #[option(key = "kubernetes.operator.health.probe.enabled", default = true)]
    pub health_probe_enabled: bool,

    /// The port of the operator's health endpoint.
    #[option(key = "kubernetes.operator.health.probe.port", default = 8085)]
    pub health_probe_port: i32,

    /// Lets the operator create and update the Ingress of a deployment that asks for one;
    /// turned off, Ingress objects are left to others.
    #[option(
        key = "kubernetes.operator.ingress.manage",
        default = true,
        since = "1.13"
    )]
    pub ingress_manage: bool,

    /// A Kubernetes label selector: only resources whose labels match it are managed by this
    /// operator, so that several operators can share a namespace. No value manages every
    /// resource.
    #[option(key = "kubernetes.operator.label.selector")]
    pub label_selector: Option<String>,

    /// How often the operator checks on a resource that is in the middle of a change (a
    /// deployment starting, a job upgrading).
    #[option(
        key = "kubernetes.operator.observer.progress-check.interval",
        default = "10 s"
    )]
    pub observer_progress_check_interval: Duration,

    /// How long the operator waits, once a new cluster's REST port accepts connections, before
    /// it marks the deployment ready.
    #[option(
        key = "kubernetes.operator.observer.rest-ready.delay",
        default = "10 s"
    )]
    pub observer_rest_ready_delay: Duration,

    /// How Kubernetes deletes the objects that belong to a cluster the operator deletes:
    /// dependents first (`Foreground`), in the background afterwards (`Background`), or not at
    /// all (`Orphan`).
    #[option(
        key = "kubernetes.operator.resource.deletion.propagation",
        default = "Foreground"
    )]
    pub resource_deletion_propagation: DeletionPropagation,

    /// The largest `kubernetes.operator.savepoint.history.max.age` a resource may set; a
    /// larger setting is cut to it. No value sets no cap.
    #[option(key = "kubernetes.operator.savepoint.history.max.age.threshold")]
    pub savepoint_history_max_age_threshold: Option<Duration>,

    /// The largest `kubernetes.operator.savepoint.history.max.count` a resource may set; a
    /// larger setting is cut to it. No value sets no cap.
    #[option(key = "kubernetes.operator.savepoint.history.max.count.threshold")]
    pub savepoint_history_max_count_threshold: Option<i32>,

    /// Stops the operator at start-up when it cannot watch one of its namespaces (for example
    /// for lack of permissions), rather than running without it.
    #[option(
        key = "kubernetes.operator.startup.stop-on-informer-error",
        default = true
    )]
    pub startup_stop_on_informer_error: bool,

    /// How long the operator, when asked to stop, waits for reconciliations in progress to
    /// finish.
    #[option(key = "kubernetes.operator.termination.timeout", default = "10 s")]
    pub termination_timeout: Duration,
}
