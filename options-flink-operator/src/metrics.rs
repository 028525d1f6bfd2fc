//! `kubernetes.operator.*` metric options: which metrics the operator itself publishes and under
//! which names.
//!
//! The operator reads them from its own configuration only (see [`crate::placement`]). Its metric
//! reporters are configured through `kubernetes.operator.metrics.*` pass-through keys, declared in
//! [`crate::OperatorMetricReporterOptions`].

use std::time::Duration;

use options_core::Options;

/// The operator's own metrics: the groups it publishes and the scopes that name them.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "operator-system-metrics",
    title = "Operator: Metrics",
    family = "Operator system",
    engine = crate::engine::OPERATOR,
    change_class = crate::change::OPERATOR_START
)]
pub struct OperatorMetricOptions {
    /// Publishes the Java Operator SDK's metrics: reconciliations started, finished and
    /// failed, queue sizes and the like.
    #[option(key = "kubernetes.operator.josdk.metrics.enabled", default = true)]
    pub josdk_metrics_enabled: bool,

    /// Publishes metrics of the operator's JVM: memory, garbage collection, threads.
    #[option(key = "kubernetes.operator.jvm.metrics.enabled", default = true)]
    pub jvm_metrics_enabled: bool,

    /// Publishes metrics of the operator's Kubernetes client: requests sent, responses and
    /// their latency.
    #[option(
        key = "kubernetes.operator.kubernetes.client.metrics.enabled",
        default = true
    )]
    pub kubernetes_client_metrics_enabled: bool,

    /// Also counts the Kubernetes client's responses by status class (`2xx`, `4xx`, `5xx`),
    /// not only by exact status code.
    #[option(
        key = "kubernetes.operator.kubernetes.client.metrics.http.response.code.groups.enabled",
        default = false
    )]
    pub kubernetes_client_metrics_http_response_code_groups_enabled: bool,

    /// Requests of the Kubernetes client that take longer than this are counted as slow
    /// requests.
    #[option(
        key = "kubernetes.operator.kubernetes.client.metrics.slow.request.threshold",
        default = "5 s",
        since = "1.11"
    )]
    pub kubernetes_client_metrics_slow_request_threshold: Duration,

    /// How many recent samples each of the operator's histogram metrics keeps.
    #[option(
        key = "kubernetes.operator.metrics.histogram.sample.size",
        default = 1000
    )]
    pub metrics_histogram_sample_size: i32,

    /// The scope (name prefix) of metrics about one resource, with placeholders filled in per
    /// metric: `<host>`, `<namespace>` and `<name>` of the operator, and the resource's
    /// namespace, name and kind.
    #[option(
        key = "kubernetes.operator.metrics.scope.k8soperator.resource",
        default = "<host>.k8soperator.<namespace>.<name>.resource.<resourcens>.<resourcename>.<resourcetype>",
        deprecated_keys = ["metrics.scope.k8soperator.resource"]
    )]
    pub metrics_scope_k8soperator_resource: String,

    /// The scope (name prefix) of metrics about all resources of one kind in one namespace,
    /// with placeholders filled in per metric.
    #[option(
        key = "kubernetes.operator.metrics.scope.k8soperator.resourcens",
        default = "<host>.k8soperator.<namespace>.<name>.namespace.<resourcens>.<resourcetype>",
        deprecated_keys = ["metrics.scope.k8soperator.resourcens"]
    )]
    pub metrics_scope_k8soperator_resourcens: String,

    /// The scope (name prefix) of the operator's process-wide metrics, with placeholders filled
    /// in per metric.
    #[option(
        key = "kubernetes.operator.metrics.scope.k8soperator.system",
        default = "<host>.k8soperator.<namespace>.<name>.system",
        deprecated_keys = ["metrics.scope.k8soperator"]
    )]
    pub metrics_scope_k8soperator_system: String,

    /// Publishes how long resources spend in each lifecycle state (created, deployed, stable,
    /// upgrading, failed, ...) and how often they move between states.
    #[option(
        key = "kubernetes.operator.resource.lifecycle.metrics.enabled",
        default = true
    )]
    pub resource_lifecycle_metrics_enabled: bool,

    /// Keeps the lifecycle time histograms per namespace as well as for all namespaces
    /// together.
    #[option(
        key = "kubernetes.operator.resource.lifecycle.namespace.histograms.enabled",
        default = true
    )]
    pub resource_lifecycle_namespace_histograms_enabled: bool,

    /// Publishes metrics about the resources the operator manages: how many there are per
    /// namespace, kind and state.
    #[option(key = "kubernetes.operator.resource.metrics.enabled", default = true)]
    pub resource_metrics_enabled: bool,
}
