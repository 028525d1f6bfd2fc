//! `flinkconf effective` (issue 49): what a deployment's Flink really receives, from the files in
//! `tests/data/effective/`, its text and JSON compared with their expected files (`BLESS=1`
//! rewrites them), the JSON checked against its schema.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::support::flinkconf;

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/effective")
}

/// Runs flinkconf in `tests/data/effective`, so outputs name the files as given.
fn run(args: &[&str]) -> Output {
    flinkconf().current_dir(dir()).args(args).output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Compares `actual` with the expected file, or writes it under `BLESS=1`.
fn expect(name: &str, actual: &str) {
    let path = dir().join("expected").join(name);
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("{} is missing; run with BLESS=1", path.display()));
    assert_eq!(actual, expected, "{name} differs (BLESS=1 rewrites it)");
}

const SHOWCASE: [&str; 4] = [
    "effective",
    "orders.yaml",
    "--operator-config",
    "operator-configmap.yaml",
];

#[test]
fn the_text_table_shows_each_value_with_its_layer_and_what_it_shadows() {
    let o = run(&SHOWCASE);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}{}", text(&o.stderr));
    let row = |key: &str| {
        out.lines()
            .find(|l| l.trim_start().starts_with(&format!("{key} ")))
            .unwrap_or_else(|| panic!("no row for {key}:\n{out}"))
            .to_owned()
    };
    assert!(row("taskmanager.numberOfTaskSlots").contains("operator-version-default"));
    assert!(row("taskmanager.memory.process.size").contains("spec.taskManager.resource.memory"));
    assert!(out.contains("shadows  2g "), "{out}");
    assert!(!out.contains("hunter2"), "a secret is masked: {out}");
    expect("orders.txt", &out);
}

#[test]
fn the_json_follows_its_schema() {
    let o = run(&[&SHOWCASE[..], &["--output-format", "json"]].concat());
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}{}", text(&o.stderr));
    assert!(!out.contains("hunter2"), "a secret is masked");
    expect("orders.json", &out);
    let schema =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../options-check/schema/effective.schema.json");
    let checked = Command::new("python3")
        .arg("-c")
        .arg(
            r#"
import json, sys, jsonschema
schema = json.load(open(sys.argv[1])); doc = json.load(open(sys.argv[2]))
jsonschema.Draft202012Validator.check_schema(schema)
errors = list(jsonschema.Draft202012Validator(schema).iter_errors(doc))
assert not errors, [e.message for e in errors]
s = [x for x in doc["deployments"][0]["settings"] if x["key"] == "taskmanager.memory.process.size"][0]
print(s["source"]["layer"], s["source"]["path"], s["shadows"][0]["value"], s["shadows"][0]["source"]["line"])
"#,
        )
        .arg(&schema)
        .arg(dir().join("expected/orders.json"))
        .output()
        .expect("python3 with jsonschema (see .ci/run)");
    assert!(checked.status.success(), "{}", text(&checked.stderr));
    assert_eq!(
        text(&checked.stdout).trim(),
        "spec-field spec.taskManager.resource.memory 2g 23"
    );
}

#[test]
fn one_key_shows_flinks_default_when_no_layer_sets_it() {
    let o = run(&["effective", "orders.yaml", "--key", "rest.port"]);
    let out = text(&o.stdout);
    assert!(out.contains("rest.port"), "{out}");
    assert!(out.contains("flink-default"), "{out}");
    assert_eq!(out.lines().count(), 3, "{out}");
}

#[test]
fn all_adds_flinks_defaults_under_and_beside_the_values() {
    let plain = text(&run(&SHOWCASE).stdout);
    let all = text(&run(&[&SHOWCASE[..], &["--all"]].concat()).stdout);
    assert!(all.lines().count() > plain.lines().count() + 500);
    assert!(!plain.contains("flink-default"));
}

#[test]
fn an_operator_release_flinkconf_does_not_carry_is_a_usage_error() {
    let o = run(&["effective", "orders.yaml", "--operator-release", "1.9"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn a_file_without_resources_is_invalid_input() {
    let o = run(&["effective", "operator-configmap.yaml"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("no FlinkDeployment or FlinkSessionJob"));
}

#[test]
fn validate_with_the_operator_config_reports_what_the_merge_shows() {
    let o = run(&[
        "validate",
        "orders.yaml",
        "--operator-config",
        "operator-configmap.yaml",
        "--output-format",
        "json",
    ]);
    let out = text(&o.stdout);
    assert!(out.contains("\"rule\": \"replaced-by-spec\""), "{out}");
    let without = text(&run(&["validate", "orders.yaml"]).stdout);
    assert!(!without.contains("replaced by"), "{without}");
}

#[test]
fn unused_operator_defaults_are_noted_against_the_operator_config() {
    let out = text(&run(&SHOWCASE).stdout);
    assert!(
        out.starts_with("operator-configmap.yaml:20:11: note: 1 default for namespace billing"),
        "{out}"
    );
}

#[test]
fn a_conf_directory_with_flink_properties_and_dynamic_properties() {
    let o = flinkconf()
        .current_dir(dir())
        .env(
            "FLINK_PROPERTIES",
            "rest.port: 8090\nparallelism.default: 3\n",
        )
        .args([
            "effective",
            "conf",
            "-D",
            "rest.port=8091",
            "-Dexecution.checkpointing.dir=file:///tmp/new",
        ])
        .output()
        .unwrap();
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}{}", text(&o.stderr));
    assert!(out.contains("dynamic-property"), "{out}");
    assert!(out.contains("FLINK_PROPERTIES line 1:1"), "{out}");
    expect("conf.txt", &out);
}

#[test]
fn dynamic_properties_do_not_apply_to_manifests() {
    let o = run(&["effective", "orders.yaml", "-Da=b"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn validate_takes_the_operator_config_the_project_file_names() {
    let project = tempfile::tempdir().unwrap();
    std::fs::write(
        project.path().join("flinkconf.toml"),
        format!(
            "operator-config = \"{}\"\n",
            dir().join("operator-configmap.yaml").display()
        ),
    )
    .unwrap();
    std::fs::copy(
        dir().join("orders.yaml"),
        project.path().join("orders.yaml"),
    )
    .unwrap();
    let o = flinkconf()
        .current_dir(project.path())
        .args(["validate", "orders.yaml"])
        .output()
        .unwrap();
    assert!(
        text(&o.stdout).contains("is replaced by spec.taskManager.resource.memory"),
        "{}",
        text(&o.stdout)
    );
}
