//! The JSON Schemas options-docs writes and keeps, checked with an independent validator (Python's
//! `jsonschema`, draft 2020-12; `.ci/run` installs it when the machine lacks it):
//! `config.schema.json` refuses a value outside a declared constraint and accepts Flink's stock
//! `config.yaml`; `site/catalogue.json` matches the committed schema of the catalogue format.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Validates the YAML or JSON document `instance` against `schema`; the validator's messages on
/// failure.
fn validate(schema: &Path, instance: &str) -> Result<(), String> {
    let script = r#"
import json, sys, yaml, jsonschema
schema = json.load(open(sys.argv[1]))
instance = yaml.safe_load(sys.stdin.read())
errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(instance), key=str)
print("\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors))
sys.exit(1 if errors else 0)
"#;
    let mut child = Command::new("python3")
        .arg("-c")
        .arg(script)
        .arg(schema)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("python3 runs (see .ci/run for jsonschema and PyYAML)");
    use std::io::Write as _;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(instance.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !stderr.contains("Traceback"),
        "the validator itself failed (is jsonschema installed?):\n{stderr}"
    );
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stdout).into_owned())
    }
}

fn config_schema() -> PathBuf {
    root().join("site/config.schema.json")
}

#[test]
fn config_schema_refuses_a_buffer_capacity_of_zero() {
    let err = validate(
        &config_schema(),
        "table.exec.async-lookup.buffer-capacity: 0\n",
    )
    .unwrap_err();
    assert!(err.contains("minimum of 1"), "{err}");
    // Nested spelling too.
    let nested = "table:\n  exec:\n    async-lookup:\n      buffer-capacity: 0\n";
    assert!(validate(&config_schema(), nested).is_err());
}

#[test]
fn config_schema_refuses_a_strategy_outside_one_of() {
    let err = validate(
        &config_schema(),
        "table.optimizer.agg-phase-strategy: THREE_PHASE\n",
    )
    .unwrap_err();
    assert!(
        err.contains("is not valid under any of the given schemas"),
        "{err}"
    );
    // Another case of a declared value is Flink's own spelling too.
    validate(
        &config_schema(),
        "table.optimizer.agg-phase-strategy: two_phase\n",
    )
    .unwrap();
}

#[test]
fn config_schema_refuses_a_typo_in_either_form() {
    let flat = validate(&config_schema(), "table.exec.mini-batch.enabeld: true\n").unwrap_err();
    assert!(flat.contains("enabeld"), "{flat}");
    let nested = "table:\n  exec:\n    mini-batch:\n      enabeld: true\n";
    assert!(validate(&config_schema(), nested).is_err());
}

/// One bad value among twenty valid keys is one finding: a validator that drops what a failing
/// part of the schema evaluated (Python's `jsonschema`, which `check-jsonschema` runs) once also
/// called the valid keys beside it "unevaluated" (issue 38).
#[test]
fn config_schema_reports_one_bad_value_among_twenty_valid_keys_once() {
    let file =
        std::fs::read_to_string(root().join("tests/data/schema-tools/one-bad-value.yaml")).unwrap();
    let err = validate(&config_schema(), &file).unwrap_err();
    let findings: Vec<&str> = err.lines().collect();
    assert_eq!(findings.len(), 1, "{err}");
    assert!(
        findings[0].starts_with("['pipeline.auto-watermark-interval']: '200 mss'"),
        "{err}"
    );
    // The same file with the value mended is valid: the other twenty keys are.
    validate(&config_schema(), &file.replace("200 mss", "200 ms")).unwrap();
}

#[test]
fn config_schema_accepts_a_valid_buffer_capacity() {
    validate(
        &config_schema(),
        "table.exec.async-lookup.buffer-capacity: 1\n",
    )
    .unwrap();
}

/// Flink's own `config.yaml`: every key it sets is declared, and every value valid.
#[test]
fn config_schema_accepts_the_stock_flink_config_yaml() {
    let stock = std::fs::read_to_string(
        root().join("tests/data/flink-versions/flink-1.19.3-default-config.yaml"),
    )
    .unwrap();
    validate(&config_schema(), &stock).unwrap();
}

#[test]
fn the_generated_catalogue_json_matches_the_catalogue_format_schema() {
    let json = std::fs::read_to_string(root().join("site/catalogue.json")).unwrap();
    validate(
        &root().join("options-docs/schema/catalogue.schema.json"),
        &json,
    )
    .unwrap();
}

#[test]
fn the_catalogue_format_schema_refuses_a_bad_deprecation_note() {
    let json = std::fs::read_to_string(root().join("site/catalogue.json")).unwrap();
    let broken = json.replacen(
        "\"deprecation\": null",
        "\"deprecation\": {\"since\": \"soon\", \"note\": \"\"}",
        1,
    );
    assert!(validate(
        &root().join("options-docs/schema/catalogue.schema.json"),
        &broken
    )
    .is_err());
}

/// The table of text values that `tests/yaml-ls` checks against the schema's patterns is Flink's
/// grammar: every `accept` parses with the runtime's parser of its type, no `reject` does.
#[test]
fn the_value_table_of_the_editor_test_is_the_runtime_grammar() {
    use options_core::{MemorySize, OptionValue};
    let table: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("tests/yaml-ls/values.json")).unwrap(),
    )
    .unwrap();
    let parses = |kind: &str, text: &str| match kind {
        "Duration" => std::time::Duration::parse_config(text).is_ok(),
        "MemorySize" => MemorySize::parse_config(text).is_ok(),
        "Boolean" => bool::parse_config(text).is_ok(),
        "Integer" => i32::parse_config(text).is_ok(),
        "Double" => f64::parse_config(text).is_ok(),
        other => panic!("no parser for {other}"),
    };
    let mut wrong = Vec::new();
    for (kind, rows) in table.as_object().unwrap() {
        if kind.starts_with('$') {
            continue;
        }
        for (list, expected) in [("accept", true), ("reject", false)] {
            for value in rows[list].as_array().unwrap() {
                let text = value.as_str().unwrap();
                if parses(kind, text) != expected {
                    wrong.push(format!("{kind} {text:?} should be in {list}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:?}");
}

/// Another engine's catalogue (DataFusion's: its engine, enum aliases, unsigned types) matches the
/// format's schema too, and its `config.schema.json` refuses a batch size of 0.
#[test]
fn another_engines_catalogue_matches_the_catalogue_format_schema() {
    let docs = root().join("examples/datafusion/docs");
    let json = std::fs::read_to_string(docs.join("catalogue.json")).unwrap();
    validate(
        &root().join("options-docs/schema/catalogue.schema.json"),
        &json,
    )
    .unwrap();
    let schema = docs.join("config.schema.json");
    validate(&schema, "datafusion.execution.batch_size: 1024\n").unwrap();
    let err = validate(&schema, "datafusion.execution.batch_size: 0\n").unwrap_err();
    assert!(err.contains("less than the minimum of 1"), "{err}");
    let err = validate(&schema, "datafusion.execution.target_partitions: -1\n").unwrap_err();
    assert!(err.contains("less than the minimum of 0"), "{err}");
}

/// Catch-all options (a trailing placeholder) with old plain keys: an Integer one, as a
/// downstream crate may declare, and a String one like Flink's pass-through keys.
mod catch_all {
    use options_core::{GroupMeta, OptionKey, OptionMeta};

    pub const OPTIONS: &[OptionMeta] = &[
        {
            let mut m = OptionMeta::new::<Option<i32>>("demo.retries.<operation>");
            m.deprecated_keys = &[OptionKey::new("demo.max-retries")];
            m.description = "Retries of one operation.";
            m
        },
        {
            let mut m = OptionMeta::new::<Option<String>>("demo.plugin.<parameter>");
            m.deprecated_keys = &[OptionKey::new("demo.plugin-setting")];
            m.description = "Any setting of the plugin, passed to it as a string.";
            m
        },
    ];

    pub static GROUP: GroupMeta = GroupMeta {
        id: "demo",
        title: "Demo Options",
        description: "",
        family: "",
        options: OPTIONS,
        releases: None,
    };
}

#[test]
fn a_deprecated_key_of_a_catch_all_takes_the_schema_of_the_option_it_names() {
    let catalogue = options_core::Catalogue::new()
        .with_group(&catch_all::GROUP)
        .unwrap();
    let doc = options_docs::CatalogueDoc::from_catalogue(&catalogue);
    let files = options_docs::render(&doc, &options_docs::Templates::builtin().unwrap()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let schema = dir.path().join("config.schema.json");
    std::fs::write(&schema, &files[Path::new("config.schema.json")]).unwrap();
    // The old key names the option itself, read as its type, as the runtime reads it.
    validate(&schema, "demo.max-retries: 3\n").unwrap();
    assert!(validate(&schema, "demo.max-retries: many\n").is_err());
    let mut config = options_core::Configuration::with_catalogue(std::sync::Arc::new(catalogue));
    assert!(config.set_str("demo.max-retries", "many").is_err());
    // A mapping under a plain key flattens to other keys: not a value of a String option.
    validate(&schema, "demo.plugin-setting: on\n").unwrap();
    assert!(validate(&schema, "demo.plugin-setting:\n  a: b\n").is_err());
    // Instances of the catch-alls stay as they were.
    validate(
        &schema,
        "demo.plugin.anything.nested: x\ndemo.retries.read: 2\n",
    )
    .unwrap();
}
