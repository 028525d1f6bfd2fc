//! Plugin and module options (issue 43): a production-style file using the S3 plugins, the SQL
//! gateway and the Prometheus reporters validates clean; typos inside a plugin family get that
//! family's key; a key written far from its option gets the last-resort suggestion; no secret
//! value is ever printed.

use std::path::PathBuf;
use std::process::Output;

fn data() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/plugins")
}

fn validate(args: &[&str], dir: &std::path::Path) -> (Output, String) {
    let o = crate::support::flinkconf()
        .current_dir(dir)
        .arg("validate")
        .args(args)
        .output()
        .unwrap();
    let out = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    (o, out)
}

const SECRETS: &[&str] = &[
    "AKIAPRODEXAMPLE0001",
    "do-not-print-this-s3-secret",
    "do-not-print-this-s3a-secret",
];

#[test]
fn a_production_file_with_plugins_validates_with_no_warning() {
    for strict in [false, true] {
        let mut args = vec!["config.yaml"];
        args.extend(strict.then_some("--strict"));
        let (o, out) = validate(&args, &data());
        assert_eq!(out, "config.yaml: ok\n", "strict {strict}");
        assert_eq!(o.status.code(), Some(0));
    }
}

#[test]
fn explain_and_a_bad_value_of_a_plugin_secret_never_show_the_secret() {
    let dir = tempfile::tempdir().unwrap();
    // A secret in a place that fails: the error names the key, never the value.
    std::fs::write(
        dir.path().join("config.yaml"),
        "s3.secret-key: [do-not-print-this-s3-secret, x]\ns3.entropy.length: 0\n",
    )
    .unwrap();
    let (_, out) = validate(&["config.yaml"], dir.path());
    assert!(out.contains("s3.entropy.length"), "{out}");
    for secret in SECRETS {
        assert!(!out.contains(secret), "{out}");
    }
    let o = crate::support::flinkconf()
        .args(["explain", "s3.secret-key"])
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("s3.secret-key"), "{out}");
}

#[test]
fn a_typo_inside_a_plugin_family_gets_that_familys_key() {
    let dir = tempfile::tempdir().unwrap();
    let config = "\
s3.acess-key: AKIAPRODEXAMPLE0001
s3.secret-kye: do-not-print-this-s3-secret
fs.s3a.secret.kye: do-not-print-this-s3a-secret
s3.entropy.lenght: 4
sql-gateway.endpoint.rest.prot: 8083
metrics.reporter.prom.factory.class: org.apache.flink.metrics.prometheus.PrometheusReporterFactory
metrics.reporter.prom.prot: 9249
metrics.reporter.push.factory.class: org.apache.flink.metrics.prometheus.PrometheusPushGatewayReporterFactory
metrics.reporter.push.jobname: x
metrics.reporter.push.hostUrll: http://gw:9091
metrics.reporter.custom.factory.class: com.example.CustomReporterFactory
metrics.reporter.custom.prot: 1
metrics.reporter.custom.batchWindow: 5
";
    std::fs::write(dir.path().join("config.yaml"), config).unwrap();
    let (o, out) = validate(&["config.yaml"], dir.path());
    for (line, meant) in [
        (1, "s3.access-key"),
        (2, "s3.secret-key"),
        (3, "fs.s3a.secret.key"),
        (4, "s3.entropy.length"),
        (5, "sql-gateway.endpoint.rest.port"),
        (7, "metrics.reporter.prom.port"),
        (10, "metrics.reporter.push.hostUrl"),
    ] {
        let expected = format!("config.yaml:{line}:1: warning: ");
        let at = out
            .lines()
            .find(|l| l.starts_with(&expected))
            .unwrap_or_else(|| panic!("no warning at line {line}:\n{out}"));
        assert!(
            at.contains(&format!("did you mean \"{meant}\"")),
            "line {line}: {at}"
        );
    }
    // `jobname` is `jobName` in another case, which the catalogue reads as that key (declared
    // `mixed_case`); an unknown reporter's parameters pass as before.
    assert!(!out.contains("config.yaml:9:"), "{out}");
    assert!(!out.contains("config.yaml:12:"), "{out}");
    assert!(!out.contains("config.yaml:13:"), "{out}");
    assert!(
        out.ends_with("config.yaml: 0 errors and 7 warnings\n"),
        "{out}"
    );
    assert_eq!(o.status.code(), Some(0));
    for secret in SECRETS {
        assert!(!out.contains(secret), "{out}");
    }
    // Strictly, each is an error.
    let (o, out) = validate(&["--strict", "config.yaml"], dir.path());
    assert!(
        out.ends_with("config.yaml: 7 errors and 0 warnings\n"),
        "{out}"
    );
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn the_exponential_delay_mistakes_get_their_keys() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("config.yaml"),
        "restart-strategy.exponential-delay.multiplier: 2\nrestart-strategy.exponential-delay.max-attempts: 5\n",
    )
    .unwrap();
    let (_, out) = validate(&["config.yaml"], dir.path());
    assert!(
        out.contains("config.yaml:1:1: warning: unknown configuration key \"restart-strategy.exponential-delay.multiplier\" (passed through as is); did you mean \"restart-strategy.exponential-delay.backoff-multiplier\"?"),
        "{out}"
    );
    assert!(
        out.contains("config.yaml:2:1: warning: unknown configuration key \"restart-strategy.exponential-delay.max-attempts\" (passed through as is); did you mean \"restart-strategy.exponential-delay.attempts-before-reset-backoff\"?"),
        "{out}"
    );
}

#[test]
fn a_table_option_in_a_config_file_is_an_error_that_says_where_it_belongs() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("config.yaml"),
        "sink.parallelism: 4\nformat: json\njson.ignore-parse-errors: true\nparallelism.default: 2\n",
    )
    .unwrap();
    let (o, out) = validate(&["config.yaml"], dir.path());
    for (line, key) in [
        (1, "sink.parallelism"),
        (2, "format"),
        (3, "json.ignore-parse-errors"),
    ] {
        let expected = format!(
            "config.yaml:{line}:1: error: \"{key}\" is a table option, not a configuration key: a configuration file naming it does nothing in Flink; write it in the table's definition, CREATE TABLE ... WITH ('{key}' = '...')\n"
        );
        assert!(out.contains(&expected), "{out}");
    }
    assert!(
        out.ends_with("config.yaml: 3 errors and 0 warnings\n"),
        "{out}"
    );
    assert_eq!(o.status.code(), Some(1));
    let o = crate::support::flinkconf()
        .args(["explain", "sink.parallelism"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("is a table option"), "{err}");
}

#[test]
fn a_parameter_the_files_flink_reporter_does_not_read_is_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("config.yaml"),
        "\
metrics.reporter.prom.factory.class: org.apache.flink.metrics.prometheus.PrometheusReporterFactory
metrics.reporter.prom.jobName: x
metrics.reporter.prom.port: 9249
metrics.reporter.jmx.factory.class: org.apache.flink.metrics.jmx.JMXReporterFactory
metrics.reporter.jmx.host: h
metrics.reporter.custom.factory.class: com.example.CustomReporterFactory
metrics.reporter.custom.jobName: y
",
    )
    .unwrap();
    let (o, out) = validate(&["config.yaml"], dir.path());
    assert_eq!(
        out,
        "\
config.yaml:2:1: warning: \"metrics.reporter.prom.jobName\" has no effect: the Prometheus reporter (line 1) does not read \"jobName\"; Prometheus PushGateway does
config.yaml:5:1: warning: \"metrics.reporter.jmx.host\" has no effect: the JMX reporter (line 4) does not read \"host\"; Prometheus PushGateway, InfluxDB, StatsD and Graphite do
config.yaml: 0 errors and 2 warnings
"
    );
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn a_reporter_port_is_checked_as_its_reporter_reads_it() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("config.yaml"),
        "metrics.reporter.jmx.factory.class: org.apache.flink.metrics.jmx.JMXReporterFactory\n\
         metrics.reporter.jmx.port: 9020-9040\n\
         metrics.reporter.pgw.factory.class: org.apache.flink.metrics.prometheus.PrometheusPushGatewayReporterFactory\n\
         metrics.reporter.pgw.port: 9091-9092\n\
         metrics.reporter.prom.factory.class: org.apache.flink.metrics.prometheus.PrometheusReporterFactory\n\
         metrics.reporter.prom.port: ninety\n",
    )
    .unwrap();
    let (o, out) = validate(&["config.yaml"], dir.path());
    assert_eq!(o.status.code(), Some(1), "{out}");
    // JMX listens and takes a range: nothing at line 2.
    assert!(!out.contains("config.yaml:2:"), "{out}");
    assert!(
        out.contains("config.yaml:4:1: error: invalid value \"9091-9092\" for metrics.reporter.pgw.port: the Prometheus PushGateway reporter (line 3) sends to one port"),
        "{out}"
    );
    assert!(
        out.contains("config.yaml:6:1: error: invalid value \"ninety\" for metrics.reporter.prom.port: not a port or port range"),
        "{out}"
    );
}

#[test]
fn flink_2_3_plugin_keys_are_typed_and_belong_to_2_3() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("config.yaml"),
        "\
metrics.reporter.otel.factory.class: org.apache.flink.metrics.otel.OpenTelemetryMetricReporterFactory
metrics.reporter.otel.exporter.compression: zstd
metrics.reporter.otel.batch.size: many
metrics.reporter.otel.transform.attribute-value-length-limits.task_name: long
s3.read.buffer.size: 1mb
s3.region: eu-west-1
",
    )
    .unwrap();
    let (o, out) = validate(&["--release", "2.3", "config.yaml"], dir.path());
    assert_eq!(
        out,
        "\
config.yaml:2:1: error: invalid value \"zstd\" for metrics.reporter.otel.exporter.compression: must be one of none, gzip
config.yaml:3:1: error: invalid value \"many\" for metrics.reporter.otel.batch.size: expected an Integer such as \"42\" (only digits with an optional leading + or - are allowed)
config.yaml:4:1: error: invalid value \"long\" for metrics.reporter.otel.transform.attribute-value-length-limits.task_name: expected an Integer such as \"42\" (only digits with an optional leading + or - are allowed)
config.yaml:5:1: error: invalid value \"1mb\" for s3.read.buffer.size: expected an Integer such as \"42\" (only digits with an optional leading + or - are allowed)
config.yaml: 4 errors and 0 warnings
"
    );
    assert_eq!(o.status.code(), Some(1));
    // Flink 2.2 ships neither the native S3 plugin nor these reporter settings.
    let (_, out) = validate(&["--release", "2.2", "config.yaml"], dir.path());
    assert!(
        out.contains("config.yaml:6:1: error: configuration key \"s3.region\" is not read by Apache Flink 2.2: it was added in 2.3"),
        "{out}"
    );
}
