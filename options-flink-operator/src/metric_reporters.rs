//! `kubernetes.operator.metrics.*` pass-through keys: the operator's metric reporters.
//!
//! The operator's docs tables do not list these. The operator takes every key under
//! `kubernetes.operator.metrics.`, strips that prefix and hands the rest to Flink's metric
//! system as a `metrics.*` setting: `kubernetes.operator.metrics.reporter.prom.port: 9999`
//! configures the reporter `prom` as `metrics.reporter.prom.port` would in a Flink cluster.
//! The keys are pattern keys (see `options_core::pattern`); the declared options of
//! [`crate::OperatorMetricOptions`] win over them.

use std::time::Duration;

use options_core::Options;

/// The operator's metric reporters and any other Flink `metrics.*` setting, given for the
/// operator's own metrics.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "operator-system-metric-reporters",
    title = "Operator: Metric Reporters",
    family = "Operator system",
    engine = crate::engine::OPERATOR,
    change_class = crate::change::OPERATOR_START
)]
pub struct OperatorMetricReporterOptions {
    /// Factory class of the operator's metric reporter named `<name>`, such as
    /// `org.apache.flink.metrics.prometheus.PrometheusReporterFactory`.
    #[option(key = "kubernetes.operator.metrics.reporter.<name>.factory.class")]
    pub reporter_factory_class: Option<String>,

    /// How often the operator's reporter named `<name>` sends its metrics, for reporters that
    /// push on a schedule (Flink's `metrics.reporter.<name>.interval`).
    #[option(
        key = "kubernetes.operator.metrics.reporter.<name>.interval",
        default = "10 s"
    )]
    pub reporter_interval: Duration,

    /// Any other setting of the operator's reporter named `<name>`
    /// (`kubernetes.operator.metrics.reporter.prom.port: 9999`), passed to the reporter as text.
    #[option(key = "kubernetes.operator.metrics.reporter.<name>.<parameter>")]
    pub reporter_parameter: Option<String>,

    /// Any other Flink `metrics.*` setting for the operator's metrics: the operator drops the
    /// `kubernetes.operator.` prefix and gives the rest to Flink's metric system as text.
    #[option(key = "kubernetes.operator.metrics.<key>")]
    pub metrics: Option<String>,
}
