//! Pattern keys (`metrics.reporter.<name>.interval`): declared once, matched when a user writes an
//! instance (`metrics.reporter.prom.interval`), typed and validated by the pattern's type.

use std::sync::Arc;
use std::time::Duration;

use options_core::key_index::KeyRole;
use options_core::ReadableConfig;
use options_core::{Catalogue, ConfigError, ConfigErrorKind, Configuration, KeyStatus, Options};
use options_flink::builtin::{catalogue, HadoopPassthroughOptions, MetricsReporterOptions};

fn config() -> Configuration {
    Configuration::with_catalogue(catalogue())
}

fn pattern_of(key: &str) -> &'static str {
    match catalogue().classify(key) {
        KeyStatus::Known(r) => {
            assert_eq!(r.role, KeyRole::Pattern, "{key}");
            r.meta.key_str()
        }
        other => panic!("{key}: {other:?}"),
    }
}

#[test]
fn an_instance_is_typed_by_its_pattern() {
    let mut config = config();
    config
        .set_str("metrics.reporter.prom.interval", "15 s")
        .unwrap();
    let interval = MetricsReporterOptions::INTERVAL.instance("prom");
    assert_eq!(interval.key(), "metrics.reporter.prom.interval");
    assert_eq!(config.get(&interval), Duration::from_secs(15));
    assert_eq!(
        config.get(&MetricsReporterOptions::INTERVAL.instance("jmx")),
        Duration::from_secs(10),
        "an instance nobody set has the pattern's default"
    );
}

#[test]
fn an_instance_value_is_validated_by_the_pattern_type() {
    let err = config()
        .set_str("metrics.reporter.prom.interval", "15 mins")
        .map(drop)
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid value \"15 mins\" for metrics.reporter.prom.interval: expected a Duration such as \"3 min\" or \"500 ms\" (unknown unit \"mins\")"
    );
}

#[test]
fn the_most_specific_pattern_wins() {
    assert_eq!(
        pattern_of("metrics.reporter.prom.interval"),
        "metrics.reporter.<name>.interval"
    );
    assert_eq!(
        pattern_of("metrics.reporter.prom.scope.variables.additional"),
        "metrics.reporter.<name>.scope.variables.additional"
    );
    // A parameter of Flink's own reporters is declared (issue 43); any other passes through.
    assert_eq!(
        pattern_of("metrics.reporter.prom.port"),
        "metrics.reporter.<name>.port"
    );
    assert_eq!(
        pattern_of("metrics.reporter.custom.batchWindow"),
        "metrics.reporter.<name>.<parameter>"
    );
}

#[test]
fn a_trailing_placeholder_spans_several_segments() {
    assert_eq!(
        pattern_of("metrics.reporter.jmx.port.range"),
        "metrics.reporter.<name>.<parameter>"
    );
    assert_eq!(
        pattern_of("flink.hadoop.fs.s3a.endpoint"),
        "flink.hadoop.<key>"
    );
    let mut config = config();
    config.set_str("flink.hadoop.dfs.replication", "2").unwrap();
    let replication = HadoopPassthroughOptions::HADOOP
        .try_instance(&["dfs.replication"])
        .unwrap();
    assert_eq!(config.get(&replication).as_deref(), Some("2"));
}

#[test]
fn an_inner_placeholder_is_one_segment() {
    // `a.b` cannot be a reporter name: the key is read as reporter `a` with parameter `b.interval`.
    assert_eq!(
        pattern_of("metrics.reporter.a.b.interval"),
        "metrics.reporter.<name>.<parameter>"
    );
    let err = MetricsReporterOptions::INTERVAL
        .try_instance(&["a.b"])
        .unwrap_err();
    assert!(err.to_string().contains("without '.'"), "{err}");
}

#[test]
fn an_empty_placeholder_is_an_error_that_says_so() {
    let catalogue = catalogue();
    assert!(matches!(
        catalogue.classify("metrics.reporter..port"),
        KeyStatus::EmptyPlaceholder { pattern: "metrics.reporter.<name>.port", ref placeholder } if placeholder == "name"
    ));
    assert_eq!(
        catalogue.unknown_key_error("metrics.reporter..port").to_string(),
        "configuration key \"metrics.reporter..port\" leaves <name> of \"metrics.reporter.<name>.port\" empty; name it, e.g. \"metrics.reporter.my-name.port\""
    );
    let err = MetricsReporterOptions::INTERVAL
        .try_instance(&[""])
        .unwrap_err();
    assert!(
        err.to_string().contains("non-empty value for <name>"),
        "{err}"
    );
}

#[test]
fn an_instance_naming_a_secret_is_masked() {
    let mut config = config();
    config
        .set_str("flink.hadoop.fs.s3a.secret.key", "abc123")
        .unwrap();
    assert_eq!(
        config.to_display_map()["flink.hadoop.fs.s3a.secret.key"],
        "******"
    );
    assert!(!format!("{config:?}").contains("abc123"));
}

/// A group of our own: an exact key beside a pattern that would also match it.
#[derive(Options)]
#[options(section = "demo", title = "Demo")]
struct Demo {
    /// The size of one named pool.
    #[option(key = "demo.pool.<pool>.size", default = 4)]
    pool_size: i32,

    /// The size of the default pool, declared on its own.
    #[option(key = "demo.pool.default.size", default = "8 mb")]
    default_pool_size: options_core::MemorySize,
}

#[test]
fn an_exact_key_wins_over_a_pattern() {
    let catalogue = Catalogue::new().with::<Demo>().unwrap();
    let exact = catalogue.resolve("demo.pool.default.size").unwrap();
    assert_eq!(exact.role, KeyRole::Key);
    let instance = catalogue.resolve("demo.pool.small.size").unwrap();
    assert_eq!(instance.role, KeyRole::Pattern);
    assert_eq!(instance.meta.key_str(), "demo.pool.<pool>.size");
    let mut config = Configuration::with_catalogue(Arc::new(catalogue));
    config.set_str("demo.pool.small.size", "2").unwrap();
    assert_eq!(config.get(&Demo::POOL_SIZE.instance("small")), 2);
    let snapshot = Demo::from_config(&config).unwrap();
    assert_eq!(
        snapshot.pool_size, 4,
        "the snapshot holds the pattern's default"
    );
    assert_eq!(
        snapshot.default_pool_size,
        options_core::MemorySize::from_mebibytes(8)
    );
}

#[test]
fn a_catalogue_without_patterns_calls_instances_unknown() {
    let catalogue = Catalogue::new()
        .with::<options_flink::builtin::TableOptions>()
        .unwrap();
    assert!(matches!(
        catalogue.classify("metrics.reporter.prom.interval"),
        KeyStatus::Unknown { .. }
    ));
}

#[test]
fn set_rejects_an_empty_placeholder() {
    let err: ConfigError = catalogue().unknown_key_error("external-resource..amount");
    assert!(
        matches!(err.kind(), ConfigErrorKind::EmptyPlaceholder { .. }),
        "{err}"
    );
}

#[test]
fn set_accepts_an_instance_and_shows_it_with_its_source() {
    use options_flink::session::{EnvironmentSettings, TableEnvironment};
    let mut env = TableEnvironment::create(EnvironmentSettings::new());
    let (out, ok) = env.execute_to_string(
        "SET 'metrics.reporter.prom.interval' = '15 s';\nSET 'metrics.reporter.prom.interval';\n",
    );
    assert!(ok, "{out}");
    assert!(out.contains("value:            15 s (session)\n"), "{out}");
    assert!(
        out.contains("(an instance of metrics.reporter.<name>.interval)"),
        "{out}"
    );
    let (out, ok) = env.execute_to_string("SET 'metrics.reporter..port' = '1';\n");
    assert!(!ok);
    assert!(
        out.contains("leaves <name> of \"metrics.reporter.<name>.port\" empty"),
        "{out}"
    );
    let (out, ok) = env.execute_to_string("SET 'metrics.reporter.prom.interval' = '15 mins';\n");
    assert!(!ok);
    assert!(out.contains("invalid value \"15 mins\""), "{out}");
}

#[test]
fn a_config_yaml_instance_is_typed_and_an_unknown_secret_is_a_notice_without_its_value() {
    use options_core::layers::{LayeredConfig, Strictness};
    let yaml = "metrics.reporter.prom.port: 9249\nmetrics.reporter.prom.interval: 15 s\nmyplugin.secret-key: abc-do-not-print\n";
    let config = LayeredConfig::builder()
        .catalogue(catalogue())
        .config_yaml(yaml, "config.yaml")
        .build()
        .unwrap();
    let port = MetricsReporterOptions::PARAMETER
        .try_instance(&["prom", "port"])
        .unwrap();
    assert_eq!(config.get(&port).as_deref(), Some("9249"));
    assert_eq!(
        config.get(&MetricsReporterOptions::INTERVAL.instance("prom")),
        Duration::from_secs(15)
    );
    let notices: Vec<String> = config.notices().iter().map(ToString::to_string).collect();
    assert_eq!(
        notices,
        ["config.yaml:3:1: unknown configuration key \"myplugin.secret-key\" (kept)"]
    );
    let strict = LayeredConfig::builder()
        .catalogue(catalogue())
        .strictness(Strictness::Strict)
        .config_yaml(yaml, "config.yaml")
        .build()
        .unwrap_err()
        .to_string();
    assert!(
        strict.contains("unknown configuration key \"myplugin.secret-key\""),
        "{strict}"
    );
    assert!(!strict.contains("abc-do-not-print"), "{strict}");
    let empty = LayeredConfig::builder()
        .catalogue(catalogue())
        .config_yaml("metrics.reporter..port: 1\n", "config.yaml")
        .build()
        .unwrap_err()
        .to_string();
    assert!(empty.contains("leaves <name>"), "{empty}");
}

#[test]
fn instances_come_from_environment_variables_and_arguments_too() {
    use options_core::layers::LayeredConfig;
    let config = LayeredConfig::builder()
        .catalogue(catalogue())
        .env([("FLINK_METRICS_REPORTER_PROM_INTERVAL", "20 s")])
        .args(["-Dmetrics.reporter.jmx.interval=30 s"])
        .build()
        .unwrap();
    let interval = |name| config.get(&MetricsReporterOptions::INTERVAL.instance(name));
    assert_eq!(interval("prom"), Duration::from_secs(20));
    assert_eq!(interval("jmx"), Duration::from_secs(30));
    assert!(config.notices().is_empty(), "{:?}", config.notices());
}

/// A removed pattern key is not the catch-all's to take: Flink 2.x reads no
/// `metrics.reporter.<name>.class`, so `metrics.reporter.prom.class` is refused under 2.x (the
/// reporter would never start) and read as the deprecated option under 1.x.
#[test]
fn an_instance_of_a_removed_pattern_is_absent_not_the_catch_alls() {
    let key = "metrics.reporter.prom.class";
    let class = "org.apache.flink.metrics.prometheus.PrometheusReporter";
    let releases = &options_flink::FLINK_RELEASES;
    let old = options_flink::builtin::catalogue_at(releases.release("1.19").unwrap());
    assert_eq!(
        old.resolve(key).map(|r| r.meta.key_str()),
        Some("metrics.reporter.<name>.class")
    );
    Configuration::with_catalogue(old)
        .set_str(key, class)
        .unwrap();
    let new = catalogue();
    assert!(new.resolve(key).is_none());
    assert!(matches!(new.classify(key), KeyStatus::Absent(_)));
    let error = config().set_str(key, class).unwrap_err().to_string();
    assert!(error.contains("it was removed in 2.0"), "{error}");
    // Its neighbours stay the catch-all's, the typed parameters' and the factory's.
    assert_eq!(
        pattern_of("metrics.reporter.prom.myParameter"),
        "metrics.reporter.<name>.<parameter>"
    );
    assert_eq!(
        pattern_of("metrics.reporter.prom.port"),
        "metrics.reporter.<name>.port"
    );
    assert_eq!(
        pattern_of("metrics.reporter.prom.factory.class"),
        "metrics.reporter.<name>.factory.class"
    );
}
