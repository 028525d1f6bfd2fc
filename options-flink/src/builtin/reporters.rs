//! Per-reporter options of metric and trace reporters: pattern keys such as
//! `metrics.reporter.<name>.interval`, one instance per reporter a user names
//! (`metrics.reporter.prom.interval`). See [`options_core::pattern`] for how keys match.
//!
//! Facts follow Apache Flink's `MetricOptions`, `TraceOptions` and (2.1 on) `EventOptions`; the
//! descriptions are this project's own.

use std::collections::BTreeMap;
use std::time::Duration;

use options_core::Options;

/// Settings of each metric reporter, named by the `<name>` in its keys.
///
/// A reporter is configured under `metrics.reporter.<name>.`; its factory class says which
/// implementation it is, and any other key under that prefix is passed to the reporter as is.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "metric-reporters",
    title = "Metric Reporters",
    family = "Observability", engine = crate::ENGINE,
    change_class = crate::engine::change::CLUSTER_START)]
pub struct MetricsReporterOptions {
    /// Factory class that creates the reporter named `<name>`, e.g.
    /// `org.apache.flink.metrics.prometheus.PrometheusReporterFactory`.
    #[option(key = "metrics.reporter.<name>.factory.class")]
    pub factory_class: Option<String>,

    /// Old way to name a metric reporter's class, as `metrics.reporter.<name>.class`; use
    /// `metrics.reporter.<name>.factory.class`.
    ///
    /// Flink declares it as `class`, relative to the reporter's prefix; it is declared here under
    /// the key a configuration file writes.
    #[option(
        key = "metrics.reporter.<name>.class",
        hidden,
        deprecated = "1.11: use metrics.reporter.<name>.factory.class; since 1.17 reporters can only be created through a factory (version not confirmed)",
        removed = "2.0: use metrics.reporter.<name>.factory.class; since 1.17 reporters are created only through a factory"
    )]
    pub class: Option<String>,

    /// How often the reporter named `<name>` sends its metrics. Only reporters that push metrics
    /// on a schedule read it.
    #[option(key = "metrics.reporter.<name>.interval", default = "10 s")]
    pub interval: Duration,

    /// Metrics the reporter sends, as `scope:name:type` filters separated by `;` (`*` matches
    /// anything). A metric is sent when an include filter matches and no exclude filter does.
    #[option(key = "metrics.reporter.<name>.filter.includes", default = "*:*:*")]
    pub filter_includes: Vec<String>,

    /// Metrics the reporter leaves out, in the `scope:name:type` form of
    /// `metrics.reporter.<name>.filter.includes`; empty excludes nothing.
    #[option(key = "metrics.reporter.<name>.filter.excludes", default = "")]
    pub filter_excludes: Vec<String>,

    /// Character joining the parts of a metric's scope in the names this reporter emits.
    #[option(key = "metrics.reporter.<name>.scope.delimiter", default = ".")]
    pub scope_delimiter: String,

    /// Extra variables attached to every metric of this reporter, as `key:value` pairs.
    #[option(
        key = "metrics.reporter.<name>.scope.variables.additional",
        default = ""
    )]
    pub scope_variables_additional: BTreeMap<String, String>,

    /// Scope variables this reporter leaves out of its metrics, separated by `;`.
    #[option(
        key = "metrics.reporter.<name>.scope.variables.excludes",
        default = "."
    )]
    pub scope_variables_excludes: String,

    /// Any other setting of the reporter named `<name>` (`metrics.reporter.prom.port: 9249`),
    /// passed to it as a string; what it accepts depends on the reporter.
    #[option(key = "metrics.reporter.<name>.<parameter>")]
    pub parameter: Option<String>,
}

/// Settings of each trace reporter, named by the `<name>` in its keys.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "trace-reporters",
    title = "Trace Reporters",
    family = "Observability", engine = crate::ENGINE,
    change_class = crate::engine::change::CLUSTER_START)]
pub struct TraceReporterOptions {
    /// Factory class that creates the trace reporter named `<name>`.
    #[option(key = "traces.reporter.<name>.factory.class")]
    pub factory_class: Option<String>,

    /// Spans the trace reporter called `<name>` sends, as a list of filters of the form
    /// `<scope>[:<name>[,<name>]]`; the default `*:*:*` sends every span.
    #[option(
        key = "traces.reporter.<name>.filter.includes",
        default = "*:*:*",
        since = "2.1"
    )]
    pub filter_includes: Vec<String>,

    /// Spans the trace reporter called `<name>` leaves out, as a list of filters of the form
    /// `<scope>[:<name>[,<name>]]`.
    ///
    /// Excludes win over includes.
    #[option(
        key = "traces.reporter.<name>.filter.excludes",
        default = "",
        since = "2.1"
    )]
    pub filter_excludes: Vec<String>,

    /// Character that joins the parts of a span's identifier for the trace reporter called
    /// `<name>`.
    #[option(
        key = "traces.reporter.<name>.scope.delimiter",
        default = ".",
        since = "2.1"
    )]
    pub scope_delimiter: String,

    /// Extra variables attached to every span this reporter emits, as `key:value` pairs.
    #[option(
        key = "traces.reporter.<name>.scope.variables.additional",
        default = ""
    )]
    pub scope_variables_additional: BTreeMap<String, String>,

    /// Variables the trace reporter called `<name>` leaves out of spans, separated by `;`.
    ///
    /// Only tag-based reporters look at it.
    #[option(
        key = "traces.reporter.<name>.scope.variables.excludes",
        default = ".",
        since = "2.1"
    )]
    pub scope_variables_excludes: String,

    /// Any other setting of the trace reporter named `<name>`, passed to it as a string.
    #[option(key = "traces.reporter.<name>.<parameter>")]
    pub parameter: Option<String>,
}

/// Settings of each event reporter (Flink 2.1 on), named by the `<name>` in its keys.
///
/// An event reporter sends structured events, such as job status changes, to an external system;
/// `events.reporters` chooses which of the configured ones start.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "event-reporters",
    title = "Event Reporters",
    family = "Observability",
    engine = crate::ENGINE,
    change_class = crate::engine::change::CLUSTER_START
)]
pub struct EventReporterOptions {
    /// Class name of the factory that creates the event reporter called `<name>`.
    ///
    /// Event reporters send structured events (such as job status changes) to an external system.
    #[option(key = "events.reporter.<name>.factory.class", since = "2.1")]
    pub factory_class: Option<String>,

    /// Events the reporter called `<name>` sends, as a list of filters of the form
    /// `<scope>[:<name>[,<name>]]`.
    ///
    /// The scope is a pattern over the event's logical scope, with `*` for any text and `.` between
    /// parts (`*.job` matches job-level events); the names are patterns over the event name. The
    /// default `*:*:*` sends every event.
    #[option(
        key = "events.reporter.<name>.filter.includes",
        default = "*:*:*",
        since = "2.1"
    )]
    pub filter_includes: Vec<String>,

    /// Events the reporter called `<name>` leaves out, as a list of filters in the same
    /// `<scope>[:<name>[,<name>]]` form as `events.reporter.<name>.filter.includes`.
    ///
    /// Excludes win over includes.
    #[option(
        key = "events.reporter.<name>.filter.excludes",
        default = "",
        since = "2.1"
    )]
    pub filter_excludes: Vec<String>,

    /// Character that joins the parts of an event's identifier for the reporter called `<name>`.
    #[option(
        key = "events.reporter.<name>.scope.delimiter",
        default = ".",
        since = "2.1"
    )]
    pub scope_delimiter: String,

    /// Extra variables, as `key:value` pairs, that the reporter called `<name>` attaches to every
    /// event, such as a cluster or team name.
    #[option(
        key = "events.reporter.<name>.scope.variables.additional",
        default = "",
        since = "2.1"
    )]
    pub scope_variables_additional: BTreeMap<String, String>,

    /// Variables the reporter called `<name>` leaves out of events, separated by `;`.
    ///
    /// Only tag-based reporters look at it.
    #[option(
        key = "events.reporter.<name>.scope.variables.excludes",
        default = ".",
        since = "2.1"
    )]
    pub scope_variables_excludes: String,

    /// Any further setting of the event reporter called `<name>`, passed to the reporter as is;
    /// which parameters exist depends on the reporter.
    #[option(key = "events.reporter.<name>.<parameter>", since = "2.1")]
    pub parameter: Option<String>,
}

/// The key that named a metric reporter by its class, which Flink 2.0 no longer reads (reporters
/// are created only through a factory, `metrics.reporter.<name>.factory.class`).
pub const REPORTER_CLASS_KEY: &str = "metrics.reporter.<name>.class";

/// Flink's own metric reporters: the class a configuration named with
/// `metrics.reporter.<name>.class`, and the factory `metrics.reporter.<name>.factory.class` names
/// instead.
pub const REPORTER_FACTORIES: [(&str, &str); 8] = [
    (
        "org.apache.flink.metrics.jmx.JMXReporter",
        "org.apache.flink.metrics.jmx.JMXReporterFactory",
    ),
    (
        "org.apache.flink.metrics.prometheus.PrometheusReporter",
        "org.apache.flink.metrics.prometheus.PrometheusReporterFactory",
    ),
    (
        "org.apache.flink.metrics.prometheus.PrometheusPushGatewayReporter",
        "org.apache.flink.metrics.prometheus.PrometheusPushGatewayReporterFactory",
    ),
    (
        "org.apache.flink.metrics.slf4j.Slf4jReporter",
        "org.apache.flink.metrics.slf4j.Slf4jReporterFactory",
    ),
    (
        "org.apache.flink.metrics.graphite.GraphiteReporter",
        "org.apache.flink.metrics.graphite.GraphiteReporterFactory",
    ),
    (
        "org.apache.flink.metrics.influxdb.InfluxdbReporter",
        "org.apache.flink.metrics.influxdb.InfluxdbReporterFactory",
    ),
    (
        "org.apache.flink.metrics.datadog.DatadogHttpReporter",
        "org.apache.flink.metrics.datadog.DatadogHttpReporterFactory",
    ),
    (
        "org.apache.flink.metrics.statsd.StatsDReporter",
        "org.apache.flink.metrics.statsd.StatsDReporterFactory",
    ),
];

/// What replaces `key: class`, when `key` names a reporter by its class
/// (`metrics.reporter.prom.class`, an instance of [`REPORTER_CLASS_KEY`]): the key that names its
/// factory (`metrics.reporter.prom.factory.class`) and, when `class` is one of Flink's own
/// reporters ([`REPORTER_FACTORIES`]), that factory.
///
/// ```
/// use options_flink::builtin::reporters::reporter_factory;
/// let (key, factory) = reporter_factory(
///     "metrics.reporter.prom.class",
///     "org.apache.flink.metrics.prometheus.PrometheusReporter",
/// )
/// .unwrap();
/// assert_eq!(key, "metrics.reporter.prom.factory.class");
/// assert_eq!(factory, Some("org.apache.flink.metrics.prometheus.PrometheusReporterFactory"));
/// assert_eq!(reporter_factory("metrics.reporter.prom.class", "com.example.Mine").unwrap().1, None);
/// assert!(reporter_factory("metrics.reporter.prom.factory.class", "x").is_none());
/// ```
pub fn reporter_factory(key: &str, class: &str) -> Option<(String, Option<&'static str>)> {
    if !matches!(
        options_core::pattern::match_key(REPORTER_CLASS_KEY, key),
        options_core::pattern::PatternMatch::Instance { .. }
    ) {
        return None;
    }
    let instance = key.strip_suffix(".class")?;
    let factory = REPORTER_FACTORIES
        .iter()
        .find(|(reporter, _)| *reporter == class.trim())
        .map(|(_, factory)| *factory);
    Some((format!("{instance}.factory.class"), factory))
}
