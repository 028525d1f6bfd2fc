//! Every run in a machine format writes one valid document, a run that stops included: a legacy
//! `flink-conf.yaml` named alone under a release that no longer reads it, a release never
//! carried. Rule links point at the site `--docs-url` names, and SARIF carries each rule's text.

use serde_json::Value;

use crate::support::flinkconf;

fn legacy_file() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("flink-conf.yaml");
    std::fs::write(&path, "parallelism.default: 4\n").unwrap();
    (dir, path.display().to_string())
}

#[test]
fn a_json_run_that_stops_writes_a_report_saying_why() {
    let (_dir, path) = legacy_file();
    let out = flinkconf()
        .args([
            "validate",
            &path,
            "--release",
            "2.3",
            "--output-format",
            "json",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let report: Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    let errors = report["run_errors"].as_array().unwrap();
    assert!(
        errors[0].as_str().unwrap().contains("flink-conf.yaml"),
        "{report}"
    );
    assert_eq!(report["files"].as_array().unwrap().len(), 0);
    // And on standard error, as before.
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: "));
}

#[test]
fn a_sarif_run_that_stops_says_so_in_its_invocation() {
    let out = flinkconf()
        .args([
            "validate",
            ".",
            "--release",
            "0.9",
            "--output-format",
            "sarif",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let log: Value = serde_json::from_slice(&out.stdout).expect("one SARIF log");
    let invocation = &log["runs"][0]["invocations"][0];
    assert_eq!(invocation["executionSuccessful"], false);
    let why = invocation["toolExecutionNotifications"][0]["message"]["text"]
        .as_str()
        .unwrap();
    assert!(why.contains("0.9"), "{why}");
}

#[test]
fn junit_and_github_runs_that_stop_say_why() {
    let (_dir, path) = legacy_file();
    for (format, expected) in [
        ("junit", "<error type=\"run\""),
        ("github", "::error title=flinkconf::"),
    ] {
        let out = flinkconf()
            .args([
                "validate",
                &path,
                "--release",
                "2.3",
                "--output-format",
                format,
            ])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains(expected), "{format}: {text}");
    }
}

#[test]
fn sarif_rules_carry_their_text_and_link_to_the_site_named() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.yaml");
    std::fs::write(&path, "paralelism.default: 4\n").unwrap();
    let sarif = |extra: &[&str]| -> Value {
        let out = flinkconf()
            .args([
                "validate",
                path.to_str().unwrap(),
                "--output-format",
                "sarif",
            ])
            .args(extra)
            .output()
            .unwrap();
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let log = sarif(&[]);
    let rules = log["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .unwrap();
    let unknown = rules.iter().find(|r| r["id"] == "unknown-key").unwrap();
    assert!(unknown["help"]["markdown"]
        .as_str()
        .unwrap()
        .contains("unknown-key"));
    assert!(!unknown["help"]["text"].as_str().unwrap().contains('`'));
    // No site named: no link that leads nowhere.
    assert!(unknown.get("helpUri").is_none(), "{unknown}");
    let log = sarif(&["--docs-url", "https://flink.example.com/flinkconf/"]);
    let rules = log["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .unwrap();
    let unknown = rules.iter().find(|r| r["id"] == "unknown-key").unwrap();
    assert_eq!(
        unknown["helpUri"],
        "https://flink.example.com/flinkconf/rules/unknown-key.html"
    );
}
