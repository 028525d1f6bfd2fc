//! `load_config_yaml`: a config.yaml checked against the built-in catalogue.

use std::path::Path;

use options_core::layers::NoticeKind;
use options_core::layers::Strictness;
use options_core::yaml::{load_config_yaml, YamlErrorKind};
use options_core::{ReadableConfig, Source};
use options_flink::builtin::{self, ExecutionOptions, PythonOptions};

fn load(text: &str, strictness: Strictness) -> Result<options_core::yaml::YamlLoad, String> {
    load_config_yaml(
        text,
        Path::new("conf/config.yaml"),
        &builtin::catalogue(),
        strictness,
    )
    .map_err(|e| e.to_string())
}

#[test]
fn a_block_mapping_under_a_map_option_is_its_value() {
    let text = "python:\n  job-options:\n    a: 1\n    b: x\n";
    let loaded = load(text, Strictness::Strict).unwrap();
    let setting = &loaded.settings()[0];
    assert_eq!(
        (setting.key.as_str(), setting.value.as_str(), setting.line),
        ("python.job-options", "a:1,b:x", 2)
    );
    let config = loaded.to_configuration(Some(builtin::catalogue()));
    let map = config.get(&PythonOptions::JOB_OPTIONS).unwrap();
    assert_eq!(map["b"], "x");
}

#[test]
fn a_block_mapping_elsewhere_is_more_keys() {
    let loaded = load("table.exec:\n  state.ttl: 1 h\n", Strictness::Strict).unwrap();
    assert_eq!(loaded.settings()[0].key, "table.exec.state.ttl");
}

#[test]
fn the_configuration_keeps_file_positions() {
    let loaded = load("\n\ntable.exec.state.ttl: 2 h\n", Strictness::Strict).unwrap();
    let config = loaded.to_configuration(Some(builtin::catalogue()));
    let entry = config.lookup(ExecutionOptions::STATE_TTL.meta()).unwrap();
    assert!(matches!(
        entry.source(),
        Source::File {
            line: 3,
            column: 1,
            ..
        }
    ));
}

#[test]
fn every_error_is_reported_with_its_position_in_file_order() {
    let text = "\
table.exec.state.ttl: 3 mins
table.exec.mini-batch.enabeld: true
table.exec.mini-batch.size: many
";
    let message = load(text, Strictness::Strict).unwrap_err();
    let lines: Vec<&str> = message.lines().collect();
    // The value layer words the details; this test pins the positions, keys and order.
    assert_eq!(lines.len(), 3, "{message}");
    assert!(lines[0].starts_with(
        "conf/config.yaml:1:1: invalid value \"3 mins\" for table.exec.state.ttl: expected a Duration"
    ));
    assert_eq!(
        lines[1],
        "conf/config.yaml:2:1: unknown configuration key \"table.exec.mini-batch.enabeld\"; did you mean \"table.exec.mini-batch.enabled\"?"
    );
    assert!(lines[2].starts_with(
        "conf/config.yaml:3:1: invalid value \"many\" for table.exec.mini-batch.size: expected a Long"
    ));
}

#[test]
fn lenient_loading_reports_unknown_keys_as_notices() {
    let loaded = load("table.exec.mini-batch.enabeld: true\n", Strictness::Lenient).unwrap();
    assert_eq!(loaded.settings().len(), 1);
    assert!(matches!(
        &loaded.notices()[0].kind,
        NoticeKind::UnknownKey { suggestions, .. } if suggestions[0] == "table.exec.mini-batch.enabled"
    ));
}

#[test]
fn structural_errors_come_first_and_carry_the_file_path() {
    let err = load_config_yaml(
        "a: 1\na: 2\n",
        Path::new("/etc/flink/config.yaml"),
        &builtin::catalogue(),
        Strictness::Lenient,
    )
    .unwrap_err();
    assert_eq!(err.errors().len(), 1);
    assert!(matches!(
        err.errors()[0].kind(),
        YamlErrorKind::DuplicateKey { first_line: 1, .. }
    ));
    assert_eq!(
        err.to_string(),
        "/etc/flink/config.yaml:2:1: duplicate key \"a\" (first at line 1)"
    );
}

#[test]
fn a_yaml_list_given_to_an_option_of_text_is_its_yaml_text_as_flink_reads_it() {
    // Flink 1.19.3 and 2.3.0 read `pipeline.name: [a, b]` as the text "[a, b]".
    let loaded = load(
        "pipeline.name: [a, b]\npipeline.jars: [x.jar, y.jar]\n",
        Strictness::Strict,
    )
    .unwrap();
    assert_eq!(loaded.settings()[0].value, "[a, b]");
    let config = loaded.to_configuration(Some(builtin::catalogue()));
    assert_eq!(
        config.get(&builtin::PipelineOptions::NAME).as_deref(),
        Some("[a, b]")
    );
    // A list option takes the list as its items.
    assert_eq!(
        config.get(&builtin::PipelineOptions::JARS).unwrap(),
        ["x.jar", "y.jar"]
    );
    let notices: Vec<String> = loaded.notices().iter().map(|n| n.to_string()).collect();
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(
        notices[0].contains("almost always a mistake"),
        "{notices:?}"
    );
}

#[test]
fn a_secret_given_as_a_list_is_never_shown() {
    let loaded = load(
        "security.ssl.internal.keystore-password: [hunter2]\n",
        Strictness::Strict,
    )
    .unwrap();
    let notices: Vec<String> = loaded.notices().iter().map(|n| n.to_string()).collect();
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(!notices[0].contains("hunter2"), "{notices:?}");
    assert!(!format!("{:?}", loaded.settings()).contains("hunter2"));
}
