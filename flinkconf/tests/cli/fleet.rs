//! `flinkconf validate PATH...` over a repository: directories walked (`.gitignore`, hidden
//! folders, `--exclude`), each file recognised by name and content, placeholders not checked,
//! chart templates skipped, SQL scripts' `SET` statements checked, standard input, shards, rules
//! (`--select`, `--ignore`, `--fail-on`, `flinkconf.toml`) and every output format: the JSON
//! report against its committed schema, SARIF against the official SARIF 2.1.0 schema (Python's
//! `jsonschema`), JUnit parsed back with Python's `xml.etree`.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use crate::support::flinkconf;

fn write(root: &Path, rel: &str, text: &str) {
    let path = root.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// A repository holding every kind of file, each with one planted problem where it has one.
fn repository() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(
        root,
        "conf/config.yaml",
        "parallelism.default: 4\nexecution.checkpointing.interval: ${CHECKPOINT_INTERVAL}\ntaskmanager.numberOfTaskSlots: many\n",
    );
    write(
        root,
        "k8s/deploy.yaml",
        "apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nmetadata:\n  name: basic\nspec:\n  flinkVersion: v1_20\n  flinkConfiguration:\n    taskmanager.numberOfTaskSlots: \"2\"\n    paralelism.default: \"4\"\n    execution.checkpointing.interval: \"{{ .Values.interval }}\"\n",
    );
    write(
        root,
        "k8s/service.yaml",
        "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n",
    );
    write(
        root,
        "chart/templates/deploy.yaml",
        "apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nmetadata:\n  name: {{ .Release.Name }}\n",
    );
    write(
        root,
        "chart/values.yaml",
        "defaultConfiguration:\n  create: true\n  config.yaml: |+\n    taskmanager.numberOfTaskSlots: two\n",
    );
    write(
        root,
        "compose/docker-compose.yml",
        "services:\n  jobmanager:\n    image: flink:2.0\n    environment:\n      - |\n        FLINK_PROPERTIES=\n        jobmanager.rpc.address: jobmanager\n        parallelism.default: zero\n",
    );
    write(
        root,
        "sql/job.sql",
        "-- a job\nSET 'parallelism.default' = '2';\nSET 'execution.checkpointing.interval' = 'soon';\nSET 'pipeline.name' = '${JOB_NAME}';\nCREATE TABLE t (a INT) WITH ('connector' = 'datagen');\nSET 'table.exec.mini-batch.enabeld' = 'true';\n",
    );
    write(root, "clean/config.yaml", "parallelism.default: 4\n");
    write(
        root,
        "ignored/config.yaml",
        "taskmanager.numberOfTaskSlots: bad\n",
    );
    write(
        root,
        ".hidden/config.yaml",
        "taskmanager.numberOfTaskSlots: bad\n",
    );
    write(root, ".gitignore", "ignored/\n");
    write(root, "README.md", "# readme\n");
    dir
}

fn run_in(dir: &Path, args: &[&str]) -> Output {
    flinkconf().current_dir(dir).args(args).output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_directory_is_walked_and_every_kind_of_file_is_checked_in_path_order() {
    let repo = repository();
    let o = run_in(repo.path(), &["validate", "."]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let expected = [
        "chart/templates/deploy.yaml: note: skipped: a Helm chart template",
        "chart/values.yaml:4:5: error: invalid value \"two\" for taskmanager.numberOfTaskSlots",
        "compose/docker-compose.yml:8:9: error: invalid value \"zero\" for parallelism.default",
        "conf/config.yaml:3:1: error: invalid value \"many\" for taskmanager.numberOfTaskSlots",
        "k8s/deploy.yaml:9:5: warning: unknown configuration key \"paralelism.default\"",
        "sql/job.sql:3:5: error: invalid value \"soon\" for execution.checkpointing.interval",
        "sql/job.sql:6:5: warning: unknown configuration key \"table.exec.mini-batch.enabeld\"",
        "6 files checked: 4 errors and 2 warnings; 3 files skipped",
    ];
    let mut at = 0;
    for line in expected {
        let found = out[at..]
            .find(line)
            .unwrap_or_else(|| panic!("{line:?} missing or out of order in:\n{out}"));
        at += found;
    }
    // .gitignore'd and hidden folders are not walked; a placeholder is never an invalid value;
    // a clean file is not listed; a chart template is no YAML error.
    for absent in [
        "ignored/",
        ".hidden/",
        "CHECKPOINT_INTERVAL",
        "clean/",
        "Values.interval",
    ] {
        assert!(!out.contains(absent), "{absent} in:\n{out}");
    }
    // --verbose: clean files, notes (placeholders too) and files passed over.
    let o = run_in(repo.path(), &["validate", "--verbose", "."]);
    let out = text(&o.stdout);
    for line in [
        "README.md: note: skipped: not a file that holds Flink configuration",
        "clean/config.yaml: ok",
        "conf/config.yaml:2:1: note: \"execution.checkpointing.interval\" is \"${CHECKPOINT_INTERVAL}\", a placeholder filled in later: its value is not checked",
        "k8s/deploy.yaml:10:5: note: \"execution.checkpointing.interval\" is \"{{ .Values.interval }}\"",
        "k8s/service.yaml: note: skipped: Kubernetes resources, none a FlinkDeployment or FlinkSessionJob",
        "sql/job.sql:4:5: note: \"pipeline.name\" is \"${JOB_NAME}\"",
    ] {
        assert!(out.contains(line), "{line:?} missing in:\n{out}");
    }
}

/// What the manifests hook of .pre-commit-hooks.yaml runs on every YAML file of a repository:
/// manifests checked at their lines, other YAML passed over, chart templates skipped rather than
/// read as broken YAML.
#[test]
fn every_yaml_file_read_as_manifests_checks_only_flink_resources() {
    let repo = repository();
    let o = run_in(
        repo.path(),
        &[
            "validate",
            "--format",
            "kubernetes",
            "k8s/deploy.yaml",
            "k8s/service.yaml",
            "chart/templates/deploy.yaml",
        ],
    );
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(
        out.contains(
            "k8s/deploy.yaml:9:5: warning: unknown configuration key \"paralelism.default\""
        ),
        "{out}"
    );
    assert!(
        out.contains("chart/templates/deploy.yaml: note: skipped: a Helm chart template"),
        "{out}"
    );
    assert!(!out.contains(": error:"), "{out}");
}

#[test]
fn excludes_shards_and_threads_keep_one_deterministic_answer() {
    let repo = repository();
    let o = run_in(
        repo.path(),
        &[
            "validate",
            "--exclude",
            "sql/**",
            "--exclude",
            "docker-compose.yml",
            ".",
        ],
    );
    let out = text(&o.stdout);
    assert!(
        !out.contains("sql/job.sql") && !out.contains("compose/"),
        "{out}"
    );
    assert!(out.contains("conf/config.yaml:3:1"), "{out}");

    let whole = text(&run_in(repo.path(), &["validate", "--verbose", "-j", "1", "."]).stdout);
    let parallel = text(&run_in(repo.path(), &["validate", "--verbose", "-j", "4", "."]).stdout);
    assert_eq!(whole, parallel);
    // The shards partition the files: each file in exactly one.
    let mut seen = Vec::new();
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let o = run_in(
            repo.path(),
            &[
                "validate",
                "--output-format",
                "json",
                "--shard",
                &shard,
                ".",
            ],
        );
        let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        for f in json["files"].as_array().unwrap() {
            seen.push(f["path"].as_str().unwrap().to_owned());
        }
    }
    seen.sort();
    let o = run_in(repo.path(), &["validate", "--output-format", "json", "."]);
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let mut all: Vec<String> = json["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["path"].as_str().unwrap().to_owned())
        .collect();
    all.sort();
    assert_eq!(seen, all);
    let bad = run_in(repo.path(), &["validate", "--shard", "4/3", "."]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn standard_input_is_read_as_the_file_it_is_named() {
    let mut child = flinkconf()
        .args(["validate", "-", "--stdin-filename", "deploy/config.yaml"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"parallelism.default: 4\ntaskmanager.numberOfTaskSlots: many\n")
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(1));
    let out = text(&o.stdout);
    assert!(
        out.contains("deploy/config.yaml:2:1: error: invalid value \"many\""),
        "{out}"
    );
}

#[test]
fn an_unreadable_file_is_reported_and_the_run_goes_on_and_none_readable_is_exit_2() {
    let repo = repository();
    let o = run_in(
        repo.path(),
        &["validate", "missing.yaml", "clean/config.yaml"],
    );
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("missing.yaml: error: "), "{out}");
    assert!(
        out.contains("1 file checked: 1 error and 0 warnings; 1 file unreadable"),
        "{out}"
    );
    // Found under a directory: a config.yaml beyond the limits is an error at its position,
    // another YAML file (nothing says it is Flink's) is skipped.
    write(repo.path(), "bin/a/config.yaml", "a: 1\n\0\n");
    write(repo.path(), "bin/b/other.yaml", "a: 1\n\0\n");
    let o = run_in(repo.path(), &["validate", "--verbose", "bin"]);
    let out = text(&o.stdout);
    assert!(
        out.contains("bin/a/config.yaml:2:1: error: the file contains a NUL byte"),
        "{out}"
    );
    assert!(
        out.contains("bin/b/other.yaml: note: skipped: not read: "),
        "{out}"
    );
    let o = run_in(
        repo.path(),
        &["validate", "missing.yaml", "missing-too.yaml"],
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stdout));
}

#[test]
fn rules_are_chosen_by_id_and_fail_on_chooses_the_exit_code() {
    let repo = repository();
    let o = run_in(repo.path(), &["validate", "--select", "unknown-key", "."]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(
        out.contains("paralelism.default") && !out.contains("invalid value"),
        "{out}"
    );
    let o = run_in(
        repo.path(),
        &[
            "validate",
            "--select",
            "unknown-key",
            "--fail-on",
            "warning",
            ".",
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    let o = run_in(
        repo.path(),
        &["validate", "--ignore", "invalid-value,unknown-key", "."],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
    let o = run_in(repo.path(), &["validate", "--select", "no-such-rule", "."]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn the_project_file_sets_rules_and_release_and_a_flag_wins() {
    let repo = repository();
    write(
        repo.path(),
        "flinkconf.toml",
        "ignore = [\"invalid-value\"]\nfail-on = \"warning\"\nexclude = [\"sql/**\"]\n",
    );
    // Found from a folder below it.
    let o = run_in(&repo.path().join("conf"), &["validate", ".."]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "warnings fail: {out}");
    assert!(
        !out.contains("invalid value") && !out.contains("sql/"),
        "{out}"
    );
    let o = run_in(
        repo.path(),
        &[
            "validate",
            "--fail-on",
            "error",
            "--ignore",
            "unknown-key",
            ".",
        ],
    );
    assert_eq!(
        o.status.code(),
        Some(1),
        "the flag replaces the file's ignore list: {}",
        text(&o.stdout)
    );
    // --config names another file; one that does not parse is a usage error.
    write(
        repo.path(),
        "other.toml",
        "release = \"2.0\"\nselect = [\"removed-key\"]\n",
    );
    write(
        repo.path(),
        "old/config.yaml",
        "taskmanager.heap.size: 1g\nparallelism.default: x\n",
    );
    let o = run_in(repo.path(), &["validate", "--config", "other.toml", "old"]);
    let out = text(&o.stdout);
    assert!(
        out.contains("old/config.yaml:1:1: error: configuration key \"taskmanager.heap.size\" is not read by Apache Flink 2.0"),
        "{out}"
    );
    assert!(
        !out.contains("parallelism.default"),
        "only the selected rule: {out}"
    );
    write(repo.path(), "bad.toml", "releas = \"1.19\"\n");
    let o = run_in(repo.path(), &["validate", "--config", "bad.toml", "."]);
    assert_eq!(o.status.code(), Some(2));
}

/// Runs `script` with Python, `args` after it; its standard output, or a panic with its errors.
fn python(script: &str, args: &[&Path]) -> String {
    let o = Command::new("python3")
        .arg("-c")
        .arg(script)
        .args(args)
        .output()
        .expect("python3 runs (see .ci/run for jsonschema)");
    assert!(
        o.status.success(),
        "{}\n{}",
        text(&o.stdout),
        text(&o.stderr)
    );
    text(&o.stdout)
}

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/fleet")
        .join(rel)
}

#[test]
fn every_output_format_in_one_run_each_valid_by_its_own_standard() {
    let repo = repository();
    let o = run_in(
        repo.path(),
        &[
            "validate",
            "--output-format",
            "text",
            "--output-format",
            "json=report.json",
            "--output-format",
            "sarif=report.sarif",
            "--output-format",
            "junit=report.xml",
            "--output-format",
            "github=report.github",
            ".",
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stdout).contains("6 files checked"));
    let root = repo.path();

    // JSON: the committed schema of version 1.
    let schema =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../options-check/schema/report.schema.json");
    let out = python(
        r#"
import json, sys, jsonschema
schema = json.load(open(sys.argv[1])); report = json.load(open(sys.argv[2]))
jsonschema.Draft202012Validator.check_schema(schema)
errors = list(jsonschema.Draft202012Validator(schema).iter_errors(report))
assert not errors, [e.message for e in errors]
print(report["version"], report["summary"]["errors"], report["summary"]["warnings"])
"#,
        &[&schema, &root.join("report.json")],
    );
    assert_eq!(out.trim(), "1 4 2");

    // SARIF: the official 2.1.0 schema (shipped by npm's @microsoft/jest-sarif, see its README).
    let out = python(
        r#"
import json, sys, jsonschema
schema = json.load(open(sys.argv[1])); log = json.load(open(sys.argv[2]))
errors = list(jsonschema.Draft4Validator(schema).iter_errors(log))
assert not errors, [f"{list(e.absolute_path)}: {e.message}" for e in errors]
run = log["runs"][0]; rules = run["tool"]["driver"]["rules"]
for r in run["results"]:
    assert rules[r["ruleIndex"]]["id"] == r["ruleId"]
    assert rules[r["ruleIndex"]]["help"]["text"] and "helpUri" not in rules[r["ruleIndex"]]
bad = [r for r in run["results"] if r["level"] == "error"]
loc = bad[0]["locations"][0]["physicalLocation"]
print(len(bad), bad[0]["ruleId"], loc["artifactLocation"]["uri"], loc["region"]["startLine"], loc["region"]["startColumn"])
"#,
        &[
            &data("sarif/sarif-schema-2.1.0.json"),
            &root.join("report.sarif"),
        ],
    );
    assert_eq!(out.trim(), "4 invalid-value chart/values.yaml 4 5");

    // JUnit: one testcase per file, a failure per error.
    let out = python(
        r#"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
suite = root.find("testsuite")
cases = suite.findall("testcase")
failures = [(c.get("name"), f.get("type")) for c in cases for f in c.findall("failure")]
print(len(cases), suite.get("failures"), failures)
"#,
        &[&root.join("report.xml")],
    );
    assert_eq!(
        out.trim(),
        "8 4 [('chart/values.yaml', 'invalid-value'), ('compose/docker-compose.yml', 'invalid-value'), ('conf/config.yaml', 'invalid-value'), ('sql/job.sql', 'invalid-value')]"
    );

    // GitHub: workflow commands.
    let github = std::fs::read_to_string(root.join("report.github")).unwrap();
    assert!(
        github.contains("::error file=conf/config.yaml,line=3,col=1,title=invalid-value::invalid value \"many\""),
        "{github}"
    );
    assert!(
        github.contains("::warning file=k8s/deploy.yaml,line=9,col=5,title=unknown-key::"),
        "{github}"
    );
    assert!(
        github.contains("::notice file=conf/config.yaml,line=2,col=1,title=placeholder::"),
        "{github}"
    );
}

#[test]
fn one_file_in_json_is_the_same_report_as_its_text() {
    let repo = repository();
    let o = run_in(
        repo.path(),
        &["validate", "conf/config.yaml", "--output-format", "json"],
    );
    assert_eq!(o.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let files = json["files"].as_array().unwrap();
    assert_eq!(files.len(), 1);
    assert_eq!(files[0]["kind"], "config");
    let rules: Vec<&str> = files[0]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["rule"].as_str().unwrap())
        .collect();
    assert_eq!(rules, ["placeholder", "invalid-value"]);
}
