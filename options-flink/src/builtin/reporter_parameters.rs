//! Parameters of the metric and trace reporters Flink ships (`plugins/metrics-*`): JMX,
//! Prometheus, Prometheus PushGateway, InfluxDB, Datadog, StatsD, Graphite, Slf4j and
//! OpenTelemetry. Each is a pattern key under the reporter's name
//! (`metrics.reporter.<name>.port`), typed as the reporters read it; its description says which
//! reporters read it. A parameter is typed by key, not by the reporter's factory class: a key two
//! reporters share (`port`, `host`) takes the type that fits both (`port` is a port or a port
//! range, as JMX and Prometheus listen on one of a range); `flinkconf validate` then checks the
//! port against the file's reporter ([`FlinkReporter::listens`]: a sender takes one port). Any other parameter still
//! passes through `metrics.reporter.<name>.<parameter>` ([`super::reporters`]).
//!
//! The reporters' jars are plugins, not part of `flink-dist`, so the release tables do not list
//! these keys; the groups belong to the [`PLUGIN_FAMILY`](super::PLUGIN_FAMILY). Facts follow
//! Flink's metric reporter documentation and its generated reporter tables; the descriptions are
//! this project's own. Slf4j reads only the common `interval`. The OpenTelemetry reporters
//! (`flink-metrics-otel`) arrived in Flink 2.0; the metric reporter's compression, batching and
//! attribute-length limits in 2.3 (FLIP-553, named in Flink 2.3's release notes). Its export
//! protocol (`exporter.protocol`, gRPC or HTTP) is not declared: the release that added it is not
//! confirmed here, so it passes through `<parameter>` as before.

use options_core::{Options, Secret};

/// Parameters of Flink's own metric reporters.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "metric-reporter-parameters",
    title = "Metric Reporter Parameters (plugins)",
    family = "Plugins and Modules",
    engine = crate::ENGINE,
    change_class = crate::engine::change::CLUSTER_START
)]
pub struct MetricReporterParameterOptions {
    /// Port the reporter uses. JMX and Prometheus listen on it and accept a range
    /// (`9250-9260`, one port per process on a shared machine; Prometheus defaults to 9249);
    /// PushGateway, InfluxDB (default 8086), StatsD and Graphite send to it, so take one port.
    #[option(
        key = "metrics.reporter.<name>.port",
        validate = crate::builtin::checks::port_range
    )]
    pub port: Option<String>,

    /// Host the reporter sends to: the InfluxDB, StatsD or Graphite server, or (older
    /// PushGateway setups) the PushGateway.
    #[option(key = "metrics.reporter.<name>.host")]
    pub host: Option<String>,

    /// PushGateway: the gateway's URL with scheme and port (`http://pushgateway:9091`), read in
    /// place of `host` and `port`.
    #[option(key = "metrics.reporter.<name>.hostUrl", mixed_case)]
    pub host_url: Option<String>,

    /// PushGateway: job name the metrics are pushed under.
    #[option(key = "metrics.reporter.<name>.jobName", mixed_case)]
    pub job_name: Option<String>,

    /// PushGateway: appends a random suffix to `jobName`, so that processes pushing under one
    /// name do not overwrite each other.
    #[option(
        key = "metrics.reporter.<name>.randomJobNameSuffix",
        mixed_case,
        default = true
    )]
    pub random_job_name_suffix: bool,

    /// PushGateway: removes this process's metrics from the gateway when it shuts down (on a
    /// best-effort basis).
    #[option(
        key = "metrics.reporter.<name>.deleteOnShutdown",
        mixed_case,
        default = true
    )]
    pub delete_on_shutdown: bool,

    /// PushGateway: labels added to every pushed metric and used to group them, as
    /// `name=value` pairs separated by `;` (`env=prod;team=data`).
    #[option(key = "metrics.reporter.<name>.groupingKey", mixed_case)]
    pub grouping_key: Option<String>,

    /// Prometheus and PushGateway: drop characters outside `[a-zA-Z0-9:_]` from label values.
    /// Turn it off only when every label value already satisfies Prometheus's rules.
    #[option(
        key = "metrics.reporter.<name>.filterLabelValueCharacters",
        mixed_case,
        default = true
    )]
    pub filter_label_value_characters: bool,

    /// InfluxDB: database the metrics are written to.
    #[option(key = "metrics.reporter.<name>.db")]
    pub db: Option<String>,

    /// InfluxDB: `http` or `https`.
    #[option(key = "metrics.reporter.<name>.scheme", one_of = ["http", "https"])]
    pub scheme: Option<String>,

    /// InfluxDB: user the reporter logs in as.
    #[option(key = "metrics.reporter.<name>.username")]
    pub username: Option<String>,

    /// InfluxDB: password of `username`. A credential.
    #[option(key = "metrics.reporter.<name>.password", sensitive)]
    pub password: Option<Secret<String>>,

    /// InfluxDB: retention policy the points are written with; unset uses the database's default.
    #[option(key = "metrics.reporter.<name>.retentionPolicy", mixed_case)]
    pub retention_policy: Option<String>,

    /// InfluxDB: write consistency level.
    #[option(
        key = "metrics.reporter.<name>.consistency",
        one_of = ["ALL", "ANY", "ONE", "QUORUM"]
    )]
    pub consistency: Option<String>,

    /// InfluxDB: milliseconds allowed to open a connection (10000 when unset).
    #[option(key = "metrics.reporter.<name>.connectTimeout", mixed_case, min = 0)]
    pub connect_timeout: Option<i32>,

    /// InfluxDB: milliseconds allowed for one write (10000 when unset).
    #[option(key = "metrics.reporter.<name>.writeTimeout", mixed_case, min = 0)]
    pub write_timeout: Option<i32>,

    /// Datadog: the API key the metrics are sent with. A credential.
    #[option(key = "metrics.reporter.<name>.apikey", sensitive)]
    pub apikey: Option<Secret<String>>,

    /// Datadog: proxy host the reporter sends through; unset sends directly.
    #[option(key = "metrics.reporter.<name>.proxyHost", mixed_case)]
    pub proxy_host: Option<String>,

    /// Datadog: port of `proxyHost` (8080 when unset).
    #[option(
        key = "metrics.reporter.<name>.proxyPort",
        mixed_case,
        min = 0,
        max = 65535
    )]
    pub proxy_port: Option<i32>,

    /// Datadog: which Datadog site receives the metrics, `US` (when unset) or `EU`.
    #[option(key = "metrics.reporter.<name>.dataCenter", mixed_case, one_of = ["US", "EU"])]
    pub data_center: Option<String>,

    /// Datadog: tags added to every metric, separated by commas.
    #[option(key = "metrics.reporter.<name>.tags")]
    pub tags: Option<String>,

    /// Datadog: most metrics sent in one request (2000 when unset).
    #[option(
        key = "metrics.reporter.<name>.maxMetricsPerRequest",
        mixed_case,
        min = 1
    )]
    pub max_metrics_per_request: Option<i32>,

    /// Datadog: names metrics by their logical scope rather than their full scope.
    #[option(key = "metrics.reporter.<name>.useLogicalIdentifier", mixed_case)]
    pub use_logical_identifier: Option<bool>,

    /// Graphite: transport to the server, `TCP` (when unset) or `UDP`.
    #[option(key = "metrics.reporter.<name>.protocol", one_of = ["TCP", "UDP"])]
    pub protocol: Option<String>,

    /// OpenTelemetry: the collector's endpoint the metrics are exported to.
    #[option(key = "metrics.reporter.<name>.exporter.endpoint", since = "2.0")]
    pub exporter_endpoint: Option<String>,

    /// OpenTelemetry: time allowed for one export, as a duration (`10 s`).
    #[option(key = "metrics.reporter.<name>.exporter.timeout", since = "2.0")]
    pub exporter_timeout: Option<std::time::Duration>,

    /// OpenTelemetry: the `service.name` resource attribute of exported metrics.
    #[option(key = "metrics.reporter.<name>.service.name", since = "2.0")]
    pub service_name: Option<String>,

    /// OpenTelemetry: the `service.version` resource attribute of exported metrics.
    #[option(key = "metrics.reporter.<name>.service.version", since = "2.0")]
    pub service_version: Option<String>,

    /// OpenTelemetry: how each export request is compressed, `gzip` or `none`. Compression keeps
    /// the payload of a large job under the size a collector accepts.
    #[option(
        key = "metrics.reporter.<name>.exporter.compression",
        since = "2.3",
        default = "none",
        one_of = ["none", "gzip"]
    )]
    pub exporter_compression: String,

    /// OpenTelemetry: how many metrics one export request carries; a report is split into as
    /// many requests as it takes. `0` or less sends the whole report in one request.
    #[option(key = "metrics.reporter.<name>.batch.size", since = "2.3", default = 0)]
    pub batch_size: i32,

    /// OpenTelemetry: the longest value the metric attribute `<attribute>` may have when
    /// exported; longer values are cut to it. `*` sets the limit of every attribute without one
    /// of its own, `0` drops the attribute, a negative number lifts the limit
    /// (`metrics.reporter.otel.transform.attribute-value-length-limits.task_name: 60`).
    #[option(
        key = "metrics.reporter.<name>.transform.attribute-value-length-limits.<attribute>",
        since = "2.3"
    )]
    pub attribute_value_length_limit: Option<i32>,
}

/// Parameters of Flink's OpenTelemetry trace reporter.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "trace-reporter-parameters",
    title = "Trace Reporter Parameters (plugins)",
    family = "Plugins and Modules",
    engine = crate::ENGINE,
    change_class = crate::engine::change::CLUSTER_START
)]
pub struct TraceReporterParameterOptions {
    /// OpenTelemetry: the collector's endpoint the spans are exported to.
    #[option(key = "traces.reporter.<name>.exporter.endpoint", since = "2.0")]
    pub exporter_endpoint: Option<String>,

    /// OpenTelemetry: time allowed for one export, as a duration (`10 s`).
    #[option(key = "traces.reporter.<name>.exporter.timeout", since = "2.0")]
    pub exporter_timeout: Option<std::time::Duration>,

    /// OpenTelemetry: the `service.name` resource attribute of exported spans.
    #[option(key = "traces.reporter.<name>.service.name", since = "2.0")]
    pub service_name: Option<String>,

    /// OpenTelemetry: the `service.version` resource attribute of exported spans.
    #[option(key = "traces.reporter.<name>.service.version", since = "2.0")]
    pub service_version: Option<String>,
}

/// One of Flink's own metric reporters: the factory a configuration names and the parameters
/// (of [`MetricReporterParameterOptions`], relative to `metrics.reporter.<name>.`) it reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlinkReporter {
    /// The reporter's name in Flink's documentation (`Prometheus PushGateway`).
    pub name: &'static str,
    /// The value of `metrics.reporter.<name>.factory.class` that selects it.
    pub factory: &'static str,
    /// The declared parameters it reads.
    pub parameters: &'static [&'static str],
    /// Whether it listens on its `port` (and so takes a range, one port per process on a shared
    /// machine) rather than sending to one.
    pub listens: bool,
}

/// Flink's own metric reporters and the declared parameters each reads (Flink's metric reporter
/// documentation). `validate` warns about a declared parameter the file's reporter does not read.
pub static FLINK_METRIC_REPORTERS: &[FlinkReporter] = &[
    FlinkReporter {
        name: "JMX",
        factory: "org.apache.flink.metrics.jmx.JMXReporterFactory",
        parameters: &["port"],
        listens: true,
    },
    FlinkReporter {
        name: "Prometheus",
        factory: "org.apache.flink.metrics.prometheus.PrometheusReporterFactory",
        parameters: &["port", "filterLabelValueCharacters"],
        listens: true,
    },
    FlinkReporter {
        name: "Prometheus PushGateway",
        factory: "org.apache.flink.metrics.prometheus.PrometheusPushGatewayReporterFactory",
        parameters: &[
            "hostUrl",
            "host",
            "port",
            "jobName",
            "randomJobNameSuffix",
            "deleteOnShutdown",
            "groupingKey",
            "filterLabelValueCharacters",
        ],
        listens: false,
    },
    FlinkReporter {
        name: "InfluxDB",
        factory: "org.apache.flink.metrics.influxdb.InfluxdbReporterFactory",
        parameters: &[
            "scheme",
            "host",
            "port",
            "db",
            "username",
            "password",
            "retentionPolicy",
            "consistency",
            "connectTimeout",
            "writeTimeout",
        ],
        listens: false,
    },
    FlinkReporter {
        name: "Datadog",
        factory: "org.apache.flink.metrics.datadog.DatadogHttpReporterFactory",
        parameters: &[
            "apikey",
            "proxyHost",
            "proxyPort",
            "dataCenter",
            "tags",
            "maxMetricsPerRequest",
            "useLogicalIdentifier",
        ],
        listens: false,
    },
    FlinkReporter {
        name: "StatsD",
        factory: "org.apache.flink.metrics.statsd.StatsDReporterFactory",
        parameters: &["host", "port"],
        listens: false,
    },
    FlinkReporter {
        name: "Graphite",
        factory: "org.apache.flink.metrics.graphite.GraphiteReporterFactory",
        parameters: &["host", "port", "protocol"],
        listens: false,
    },
    FlinkReporter {
        name: "Slf4j",
        factory: "org.apache.flink.metrics.slf4j.Slf4jReporterFactory",
        parameters: &[],
        listens: false,
    },
    FlinkReporter {
        name: "OpenTelemetry",
        factory: "org.apache.flink.metrics.otel.OpenTelemetryMetricReporterFactory",
        parameters: &[
            "exporter.endpoint",
            "exporter.timeout",
            "service.name",
            "service.version",
            "exporter.compression",
            "batch.size",
            "transform.attribute-value-length-limits.<attribute>",
        ],
        listens: false,
    },
];

/// The reporter of [`FLINK_METRIC_REPORTERS`] a factory class names, if it is one of them.
pub fn flink_metric_reporter(factory: &str) -> Option<&'static FlinkReporter> {
    FLINK_METRIC_REPORTERS
        .iter()
        .find(|r| r.factory == factory.trim())
}

#[cfg(test)]
mod tests {
    use super::*;
    use options_core::OptionGroup;

    #[test]
    fn every_reporter_parameter_is_declared_and_read_by_some_reporter() {
        let declared: Vec<&str> = MetricReporterParameterOptions::group()
            .options
            .iter()
            .map(|o| {
                o.key_str()
                    .strip_prefix("metrics.reporter.<name>.")
                    .unwrap()
            })
            .collect();
        for reporter in FLINK_METRIC_REPORTERS {
            for p in reporter.parameters {
                assert!(
                    declared.contains(p),
                    "{}: {p} is not declared",
                    reporter.name
                );
            }
        }
        for p in &declared {
            assert!(
                FLINK_METRIC_REPORTERS
                    .iter()
                    .any(|r| r.parameters.contains(p)),
                "{p} is read by no reporter"
            );
        }
    }
}
