//! Layered configuration: precedence of every pair of layers, provenance, explain, unknown keys.

use options_flink::legacy::FlinkSources;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use options_core::layers::{LayerKind, Strictness};
use options_core::layers::{LayeredConfig, LayeredConfigBuilder, NoticeKind};
use options_core::{ConfigError, Configuration, ReadableConfig, Source};
use options_flink::builtin::{self, CheckpointingOptions, ExecutionOptions, RuntimeOptions};

const FILE: &str = "conf/config.yaml";

fn builder() -> LayeredConfigBuilder {
    LayeredConfig::builder().catalogue(builtin::catalogue())
}

fn application(value: i32) -> Configuration {
    let mut config = Configuration::new();
    config
        .set(&RuntimeOptions::PARALLELISM_DEFAULT, value)
        .unwrap();
    config
}

fn parallelism(config: &LayeredConfig) -> (i32, Source) {
    let source = config
        .resolved()
        .entry("parallelism.default")
        .map(|e| e.source().clone())
        .unwrap_or(Source::Default);
    (config.get(&RuntimeOptions::PARALLELISM_DEFAULT), source)
}

fn file_source(line: u32, column: u32) -> Source {
    Source::File {
        path: Arc::from(Path::new(FILE)),
        line,
        column,
    }
}

fn env_source() -> Source {
    Source::Env {
        var: "FLINK_PARALLELISM_DEFAULT".into(),
    }
}

#[test]
fn default_when_no_layer_sets_the_key() {
    let config = builder().build().unwrap();
    assert_eq!(parallelism(&config), (1, Source::Default));
}

#[test]
fn file_beats_default() {
    let config = builder()
        .config_yaml("parallelism.default: 2\n", FILE)
        .build()
        .unwrap();
    assert_eq!(parallelism(&config), (2, file_source(1, 1)));
}

#[test]
fn env_beats_file() {
    let config = builder()
        .config_yaml("parallelism.default: 2\n", FILE)
        .env([("FLINK_PARALLELISM_DEFAULT", "3")])
        .build()
        .unwrap();
    assert_eq!(parallelism(&config), (3, env_source()));
}

#[test]
fn argument_beats_env() {
    let config = builder()
        .env([("FLINK_PARALLELISM_DEFAULT", "3")])
        .args(["-Dparallelism.default=4"])
        .build()
        .unwrap();
    assert_eq!(parallelism(&config), (4, Source::Argument));
}

#[test]
fn application_beats_argument() {
    let config = builder()
        .args(["-Dparallelism.default=4"])
        .application(application(5))
        .build()
        .unwrap();
    assert_eq!(parallelism(&config), (5, Source::Application));
}

#[test]
fn precedence_does_not_depend_on_the_order_sources_are_given() {
    let config = builder()
        .application(application(5))
        .args(["-Dparallelism.default=4"])
        .env([("FLINK_PARALLELISM_DEFAULT", "3")])
        .config_yaml("parallelism.default: 2\n", FILE)
        .build()
        .unwrap();
    assert_eq!(parallelism(&config), (5, Source::Application));
    let kinds: Vec<LayerKind> = config.layers().iter().map(|l| l.kind()).collect();
    assert_eq!(
        kinds,
        [
            LayerKind::File,
            LayerKind::Env,
            LayerKind::Arguments,
            LayerKind::Application
        ]
    );
}

#[test]
fn every_higher_layer_beats_every_lower_one() {
    type AddLayer = fn(LayeredConfigBuilder) -> LayeredConfigBuilder;
    let layers: [(&str, AddLayer); 4] = [
        ("file", |b| b.config_yaml("parallelism.default: 2\n", FILE)),
        ("env", |b| b.env([("FLINK_PARALLELISM_DEFAULT", "3")])),
        ("args", |b| b.args(["-Dparallelism.default=4"])),
        ("application", |b| b.application(application(5))),
    ];
    for low in 0..layers.len() {
        for high in low + 1..layers.len() {
            let config = (layers[high].1)((layers[low].1)(builder()))
                .build()
                .unwrap();
            let expected = [2, 3, 4, 5][high];
            assert_eq!(
                config.get(&RuntimeOptions::PARALLELISM_DEFAULT),
                expected,
                "{} over {}",
                layers[high].0,
                layers[low].0
            );
        }
    }
}

#[test]
fn a_higher_layer_wins_even_when_it_uses_a_deprecated_spelling() {
    let option = &CheckpointingOptions::INCREMENTAL;
    let old = option.meta().deprecated_keys[0].name();
    let config = builder()
        .config_yaml(format!("{}: true\n", option.key()), FILE)
        .args([format!("-D{old}=false")])
        .build()
        .unwrap();
    assert!(!config.get(option));
}

#[test]
fn file_entries_carry_path_line_and_column() {
    let text = "# comment\ntable:\n  exec:\n    state.ttl: 1 h\n";
    let config = builder().config_yaml(text, FILE).build().unwrap();
    let entry = config.resolved().entry("table.exec.state.ttl").unwrap();
    assert_eq!(entry.source(), &file_source(4, 5));
    assert_eq!(entry.source().to_string(), "file conf/config.yaml:4:5");
    assert_eq!(
        config.get(&ExecutionOptions::STATE_TTL),
        Duration::from_secs(3600)
    );
}

#[test]
fn explain_lists_every_layer_winner_first() {
    let config = builder()
        .config_yaml("a: 1\nparallelism.default: 2\n", FILE)
        .env([("FLINK_PARALLELISM_DEFAULT", "3")])
        .args(["-Dparallelism.default=4"])
        .build()
        .unwrap();
    let explanation = config.explain("parallelism.default");
    assert_eq!(explanation.winner().unwrap().value, "4");
    assert_eq!(
        explanation.to_string(),
        "\
parallelism.default = 4
  set by command-line argument: 4 (wins)
  set by environment variable FLINK_PARALLELISM_DEFAULT: 3
  set by file conf/config.yaml:2:1: 2
  default: 1
"
    );
}

#[test]
fn explain_of_an_unset_key_shows_the_default() {
    let config = builder().build().unwrap();
    assert_eq!(
        config.explain("table.exec.state.ttl").to_string(),
        "table.exec.state.ttl = 0 ms (default)\n  default: 0 ms\n"
    );
    assert_eq!(
        config.explain("no.such.key").to_string(),
        "no.such.key is not set\n"
    );
}

#[test]
fn explain_names_a_deprecated_spelling() {
    let option = &CheckpointingOptions::INCREMENTAL;
    let old = option.meta().deprecated_keys[0].name();
    let config = builder().args([format!("-D{old}=false")]).build().unwrap();
    let text = config.explain(option.key()).to_string();
    assert!(
        text.contains(&format!(
            "set by command-line argument as {old}: false (wins)"
        )),
        "{text}"
    );
}

#[test]
fn lenient_loading_keeps_and_reports_unknown_keys_with_suggestions() {
    let config = builder()
        .config_yaml("table.exec.mini-batch.enabeld: true\n", FILE)
        .build()
        .unwrap();
    assert_eq!(
        config.resolved().get_str("table.exec.mini-batch.enabeld"),
        Some("true")
    );
    let notice = &config.notices()[0];
    assert_eq!(
        notice.to_string(),
        "conf/config.yaml:1:1: unknown configuration key \"table.exec.mini-batch.enabeld\"; did you mean \"table.exec.mini-batch.enabled\"? (kept)"
    );
}

#[test]
fn strict_loading_rejects_unknown_keys_from_the_file_and_the_arguments() {
    let errors = builder()
        .strictness(Strictness::Strict)
        .config_yaml("table.exec.mini-batch.enabeld: true\n", FILE)
        .env([("FLINK_PARALLELISM_DEFAULTS", "3")])
        .args(["-Dtable.exec.state.tl=1 h"])
        .build()
        .unwrap_err();
    let text = errors.to_string();
    assert_eq!(errors.errors().len(), 2, "{text}");
    assert!(text.starts_with("conf/config.yaml:1:1: unknown configuration key \"table.exec.mini-batch.enabeld\"; did you mean \"table.exec.mini-batch.enabled\"?"), "{text}");
    assert!(text.contains("command-line argument: unknown configuration key \"table.exec.state.tl\"; did you mean \"table.exec.state.ttl\"?"), "{text}");
    assert!(!text.contains("FLINK_PARALLELISM_DEFAULTS"), "{text}");
}

#[test]
fn strict_loading_only_notices_unknown_keys_from_the_environment() {
    let config = builder()
        .strictness(Strictness::Strict)
        .env([
            ("FLINK_VERSION", "1.19.1"),
            ("FLINK_TM_HEAP", "1g"),
            ("FLINK_PARALLELISM_DEFAULTS", "3"),
            ("FLINK_PARALLELISM_DEFAULT", "2"),
        ])
        .build()
        .unwrap();
    assert_eq!(config.get(&RuntimeOptions::PARALLELISM_DEFAULT), 2);
    let notices: Vec<String> = config.notices().iter().map(ToString::to_string).collect();
    assert_eq!(
        notices,
        [
            "environment variable FLINK_PARALLELISM_DEFAULTS: unknown configuration key \"parallelism.defaults\"; did you mean \"parallelism.default\"? (kept)",
            "environment variable FLINK_TM_HEAP: unknown configuration key \"tm.heap\" (kept)",
            "environment variable FLINK_VERSION: unknown configuration key \"version\" (kept)",
        ]
    );
}

#[test]
fn strict_loading_still_rejects_bad_values_from_the_environment() {
    let errors = builder()
        .strictness(Strictness::Strict)
        .env([
            ("FLINK_VERSION", "1.19.1"),
            ("FLINK_PARALLELISM_DEFAULT", "many"),
        ])
        .build()
        .unwrap_err();
    assert_eq!(errors.errors().len(), 1, "{errors}");
    assert!(errors.to_string().starts_with(
        "environment variable FLINK_PARALLELISM_DEFAULT: invalid value \"many\" for parallelism.default"
    ));
}

#[test]
fn invalid_values_are_reported_with_their_source() {
    let errors = builder()
        .config_yaml("x: 1\ntable.exec.state.ttl: 3 mins\n", FILE)
        .env([("FLINK_PARALLELISM_DEFAULT", "many")])
        .build()
        .unwrap_err();
    let messages: Vec<String> = errors.errors().iter().map(|e| e.to_string()).collect();
    assert!(
        messages[0].starts_with(
            "conf/config.yaml:2:1: invalid value \"3 mins\" for table.exec.state.ttl: expected a Duration"
        ),
        "{messages:?}"
    );
    assert!(
        messages[1].starts_with(
            "environment variable FLINK_PARALLELISM_DEFAULT: invalid value \"many\" for parallelism.default: expected an Integer"
        ),
        "{messages:?}"
    );
}

#[test]
fn deprecated_keys_are_reported_as_notices() {
    let option = &CheckpointingOptions::INCREMENTAL;
    let old = option.meta().deprecated_keys[0].name();
    let config = builder()
        .config_yaml(format!("{old}: false\n"), FILE)
        .build()
        .unwrap();
    assert!(matches!(
        &config.notices()[0].kind,
        NoticeKind::DeprecatedKey { replacement, .. } if replacement == option.key()
    ));
}

#[test]
fn arguments_other_than_d_are_ignored_and_a_bad_d_is_an_error() {
    let config = builder()
        .args(["--verbose", "run", "-Dpipeline.name=a=b"])
        .build()
        .unwrap();
    assert_eq!(config.resolved().get_str("pipeline.name"), Some("a=b"));
    let errors = builder()
        .args(["-Dparallelism.default"])
        .build()
        .unwrap_err();
    assert_eq!(
        errors.to_string(),
        "command-line argument \"-Dparallelism.default\": expected -Dkey=value or -D key=value, e.g. -Dparallelism.default=4"
    );
}

#[test]
fn a_d_followed_by_a_separate_pair_is_a_setting() {
    let config = builder()
        .args(["run", "-D", "parallelism.default=3", "-Dpipeline.name=job"])
        .build()
        .unwrap();
    assert_eq!(parallelism(&config), (3, Source::Argument));
    assert_eq!(config.resolved().get_str("pipeline.name"), Some("job"));
}

#[test]
fn a_d_at_the_end_is_an_error_naming_it() {
    let errors = builder()
        .args(["-Dparallelism.default=3", "-D"])
        .build()
        .unwrap_err();
    assert_eq!(
        errors.to_string(),
        "command-line argument \"-D\": expected -Dkey=value or -D key=value, e.g. -Dparallelism.default=4"
    );
}

#[test]
fn a_d_followed_by_something_other_than_a_pair_is_an_error_naming_both() {
    let errors = builder()
        .args(["-D", "parallelism.default", "-D", "s3.secret-key"])
        .build()
        .unwrap_err();
    let messages: Vec<String> = errors.errors().iter().map(ToString::to_string).collect();
    assert_eq!(
        messages,
        [
            "command-line argument \"-D parallelism.default\": expected -Dkey=value or -D key=value, e.g. -Dparallelism.default=4",
            "command-line argument \"-D s3.secret-key\": expected -Dkey=value or -D key=value, e.g. -Dparallelism.default=4",
        ]
    );
}

#[test]
fn a_missing_config_file_is_an_error() {
    let errors = builder()
        .config_file("/nonexistent/config.yaml")
        .build()
        .unwrap_err();
    assert!(errors
        .to_string()
        .starts_with("cannot read /nonexistent/config.yaml: "));
}

#[test]
fn a_config_file_is_read_from_disk() {
    let dir = std::env::temp_dir().join(format!("layers-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("config.yaml");
    std::fs::write(&path, "parallelism:\n  default: 7\n").unwrap();
    let config = builder().config_file(&path).build().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(config.get(&RuntimeOptions::PARALLELISM_DEFAULT), 7);
    assert!(matches!(
        config
            .resolved()
            .entry("parallelism.default")
            .unwrap()
            .source(),
        Source::File {
            line: 2,
            column: 3,
            ..
        }
    ));
}

#[test]
fn without_a_catalogue_every_key_is_kept_and_parsed_on_read() {
    let config = LayeredConfig::builder()
        .config_yaml("anything.goes: 1\nparallelism.default: 9\n", FILE)
        .build()
        .unwrap();
    assert_eq!(config.resolved().get_str("anything.goes"), Some("1"));
    assert_eq!(config.get(&RuntimeOptions::PARALLELISM_DEFAULT), 9);
    assert!(config.notices().is_empty());
}

#[test]
fn a_layered_config_reads_through_the_readable_config_trait() {
    fn read(config: &impl ReadableConfig) -> Result<i32, ConfigError> {
        config.try_get(&RuntimeOptions::PARALLELISM_DEFAULT)
    }
    let config = builder().args(["-Dparallelism.default=6"]).build().unwrap();
    assert_eq!(read(&config), Ok(6));
}
