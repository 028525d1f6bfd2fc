//! The Flink Kubernetes Operator's settings where they are written (issue 40): a resource's
//! `spec.flinkConfiguration` checked against Flink's catalogue and the operator's, the operator's
//! own configuration (Helm values, its ConfigMap) with defaults by Flink version and namespace,
//! `migrate` renaming the operator's old spellings, and `explain` answering operator keys. The
//! files are in `tests/data/inputs/`; each report is compared with its expected text
//! (`BLESS=1` rewrites them).

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::support::flinkconf;

fn inputs() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/inputs")
}

/// Runs flinkconf in `tests/data/inputs`, so reports name the files as given.
fn run(args: &[&str]) -> Output {
    flinkconf()
        .current_dir(inputs())
        .args(args)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Compares `actual` with the expected file, or writes it under `BLESS=1`.
fn expect(name: &str, actual: &str) {
    let path = inputs().join("expected").join(name);
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("{} is missing; run with BLESS=1", path.display()));
    assert_eq!(actual, expected, "{name} differs (BLESS=1 rewrites it)");
}

/// The report's problem lines (`FILE:LINE:COL: level: ...`), without notes and summary.
fn problems(report: &str) -> Vec<&str> {
    report
        .lines()
        .filter(|l| l.contains(": error: ") || l.contains(": warning: "))
        .collect()
}

#[test]
fn autoscaler_settings_of_a_manifest_are_checked_where_they_are() {
    let o = run(&["validate", "autoscaling.yaml"]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert_eq!(
        problems(&out),
        [
            "autoscaling.yaml:9:5: warning: unknown configuration key \"job.autoscaler.enabeld\" (passed through as is); did you mean \"job.autoscaler.enabled\"?",
            "autoscaling.yaml:10:5: error: invalid value \"ten minutes\" for job.autoscaler.metrics.window: expected a Duration such as \"3 min\" or \"500 ms\" (must start with a number)",
            "autoscaling.yaml:11:5: error: invalid value \"yes\" for kubernetes.operator.job.autoscaler.enabled: expected a Boolean such as \"true\" or \"false\"",
            "autoscaling.yaml:11:5: warning: \"kubernetes.operator.job.autoscaler.enabled\" is a deprecated key; use \"job.autoscaler.enabled\" instead",
        ],
        "{out}"
    );
    assert!(!out.contains("not checked"), "{out}");
    assert!(
        out.contains("against Flink 1.20 (spec.flinkVersion v1_20) and the Kubernetes operator 1.15 (the newest carried; no release named)"),
        "{out}"
    );
    expect("autoscaling.validate.txt", &out);
}

#[test]
fn the_operators_autoscaler_example_validates_with_its_spellings_named() {
    let o = run(&["validate", "autoscaler-example.yaml"]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(!out.contains(": error: "), "{out}");
    assert!(
        out.contains("Flink 1.18 is not a release carried here (1.19 to 2.3): checked against 1.19, the oldest release carried"),
        "{out}"
    );
    for (old, new) in [
        ("enabled", "enabled"),
        ("stabilization.interval", "stabilization.interval"),
        ("metrics.window", "metrics.window"),
        ("target.utilization", "utilization.target"),
    ] {
        let warning = format!(
            "warning: \"kubernetes.operator.job.autoscaler.{old}\" is a deprecated key; use \"job.autoscaler.{new}\" instead"
        );
        assert!(out.contains(&warning), "{warning}\n{out}");
    }
    expect("autoscaler-example.validate.txt", &out);
}

#[test]
fn operator_options_a_resource_cannot_set_are_warnings_saying_where_they_belong() {
    let o = run(&["validate", "operator-placement.yaml"]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("operator-placement.yaml:11:5: warning: \"kubernetes.operator.reconcile.interval\" configures the operator itself and cannot be set per resource, so it has no effect here: set it in the operator's configuration (Helm values defaultConfiguration, or the operator's ConfigMap)"), "{out}");
    assert!(out.contains("operator-placement.yaml:12:5: warning: \"kubernetes.operator.metrics.reporter.prom.port\" configures the operator itself"), "{out}");
    assert!(out.contains("operator-placement.yaml:13:5: warning: \"autoscaler.standalone.fetcher.flink-cluster.host\" is read only by the standalone autoscaler process"), "{out}");
    // A per-resource option is not one of them.
    assert!(!out.contains("savepoint.history.max.count"), "{out}");
    // The closed set of an operator enum, and a deprecated operator key.
    assert!(out.contains("operator-placement.yaml:16:5: error: invalid value \"EVERYWHERE\" for job.autoscaler.scaling.key-group.partitions.adjust.mode"), "{out}");
    assert!(out.contains("operator-placement.yaml:15:5: warning: \"job.autoscaler.target.utilization\" is a deprecated key; use \"job.autoscaler.utilization.target\" instead"), "{out}");
    // The operator's sensitive option: its value is never printed.
    assert!(
        out.contains("operator-placement.yaml:14:5: error: invalid value \"******\""),
        "{out}"
    );
    assert!(!out.contains("hunter2"), "{out}");
    expect("operator-placement.validate.txt", &out);
}

#[test]
fn helm_values_are_the_operators_configuration_and_flinks_defaults() {
    let o = run(&["validate", "operator-config-values.yaml"]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    for expected in [
        // The operator's options, checked at their place in the block.
        "operator-config-values.yaml:9:5: error: invalid value \"many\" for kubernetes.operator.reconcile.parallelism",
        "operator-config-values.yaml:10:5: warning: \"kubernetes.operator.reconciler.reschedule.interval\" is a deprecated key; use \"kubernetes.operator.reconcile.interval\" instead",
        // A typo of either catalogue's key is named.
        "operator-config-values.yaml:11:5: warning: unknown configuration key \"kubernetes.operator.job.autoscaler.enabeld\" (passed through as is); did you mean \"job.autoscaler.enabled\"?",
        "operator-config-values.yaml:12:5: warning: \"autoscaler.standalone.control-loop.interval\" is read only by the standalone autoscaler process",
        // Defaults by Flink version: v1_18 is read as 1.19, the oldest carried.
        "operator-config-values.yaml:15:5: error: invalid value \"two\" for taskmanager.numberOfTaskSlots",
        "(default for flinkVersion v1_18, checked against Flink 1.19)",
        "operator-config-values.yaml:16:5: warning: \"state.backend\" is a deprecated key; use \"state.backend.type\" instead (default for flinkVersion v2_0, checked against Flink 2.0)",
        // Defaults by namespace: the operator's options too.
        "operator-config-values.yaml:17:5: error: invalid value \"soon\" for job.autoscaler.metrics.window",
    ] {
        assert!(out.contains(expected), "{expected}\n{out}");
    }
    // Operator options set where the operator reads them are not misplaced.
    assert!(!out.contains("cannot be set per resource"), "{out}");
    assert!(!out.contains("not checked"), "{out}");
    expect("operator-config-values.validate.txt", &out);
}

#[test]
fn the_operators_configmap_is_checked_as_its_configuration() {
    let o = run(&["validate", "operator-configmap.yaml"]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("operator-configmap.yaml:9: note: checking ConfigMap flink-operator-config (document 1): data.\"config.yaml\" against"), "{out}");
    assert!(out.contains("operator-configmap.yaml:10:5: error: invalid value \"forever\" for kubernetes.operator.savepoint.history.max.age"), "{out}");
    assert!(
        out.contains("document 2 (Service flink-operator-webhook) skipped"),
        "{out}"
    );
    expect("operator-configmap.validate.txt", &out);
}

#[test]
fn operator_release_chooses_the_operator_catalogue() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("job.yaml");
    std::fs::write(
        &file,
        "apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nmetadata:\n  name: j\nspec:\n  flinkVersion: v1_20\n  flinkConfiguration:\n    job.autoscaler.utilization.target: \"0.8\"\n",
    )
    .unwrap();
    let shown = file.to_str().unwrap();
    let o = run(&["validate", shown]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
    // Operator 1.10 read the option as job.autoscaler.target.utilization only.
    let o = run(&["validate", shown, "--operator-release", "1.10"]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.contains("and the Kubernetes operator 1.10 (--operator-release)"),
        "{out}"
    );
    assert!(
        out.contains("error: configuration key \"job.autoscaler.utilization.target\" is not read by Apache Flink Kubernetes Operator 1.10: it was added in 1.11; choose --operator-release 1.11 or later to use it"),
        "{out}"
    );
    // A release the operator never had is a usage error.
    let o = run(&["validate", shown, "--operator-release", "0.9"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
}

#[test]
fn migrating_a_manifest_renames_the_operators_old_spellings() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("migrated.yaml");
    let o = run(&[
        "migrate",
        "autoscaler-example.yaml",
        "-o",
        target.to_str().unwrap(),
    ]);
    let report = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{report}{}", text(&o.stderr));
    let before = std::fs::read_to_string(inputs().join("autoscaler-example.yaml")).unwrap();
    let after = std::fs::read_to_string(&target).unwrap();
    let changed: Vec<(&str, &str)> = before
        .lines()
        .zip(after.lines())
        .filter(|(a, b)| a != b)
        .collect();
    assert_eq!(
        changed,
        [
            (
                "    kubernetes.operator.job.autoscaler.enabled: \"true\"",
                "    job.autoscaler.enabled: \"true\""
            ),
            (
                "    kubernetes.operator.job.autoscaler.stabilization.interval: \"1m\"",
                "    job.autoscaler.stabilization.interval: \"1m\""
            ),
            (
                "    kubernetes.operator.job.autoscaler.metrics.window: \"5m\"",
                "    job.autoscaler.metrics.window: \"5m\""
            ),
            (
                "    kubernetes.operator.job.autoscaler.target.utilization: \"0.6\"",
                "    job.autoscaler.utilization.target: \"0.6\""
            ),
            (
                "    kubernetes.operator.job.autoscaler.target.utilization.boundary: \"0.2\"",
                "    job.autoscaler.target.utilization.boundary: \"0.2\""
            ),
        ]
    );
    assert!(
        report.contains("autoscaler-example.yaml:15: note: renamed deprecated key \"kubernetes.operator.job.autoscaler.target.utilization\" to \"job.autoscaler.utilization.target\""),
        "{report}"
    );
    // The migrated manifest names no old spelling any more.
    let o = run(&["validate", target.to_str().unwrap()]);
    let out = text(&o.stdout);
    assert!(!out.contains("is a deprecated key"), "{out}");
    // A spelling whose current key the configuration sets too is left, with a warning.
    let o = run(&["migrate", "autoscaling.yaml"]);
    let report = text(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{report}");
    assert!(report.contains("autoscaling.yaml:11: warning: \"kubernetes.operator.job.autoscaler.enabled\" is a deprecated key of \"job.autoscaler.enabled\", which line 8 sets too and which wins; remove this line"), "{report}");
}

#[test]
fn migrating_the_operators_configmap_renames_in_its_config_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("operator.yaml");
    let before = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: flink-operator-config\ndata:\n  config.yaml: |+\n    kubernetes.operator.reconciler.reschedule.interval: 30 s\n    kubernetes.operator.job.autoscaler.enabled: \"true\"\n  log4j-operator.properties: |+\n    rootLogger.level = INFO\n";
    std::fs::write(&file, before).unwrap();
    let o = run(&["migrate", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(
        text(&o.stdout),
        before
            .replace("reconciler.reschedule", "reconcile")
            .replace("kubernetes.operator.job.autoscaler", "job.autoscaler")
    );
    assert!(text(&o.stderr).contains(":7: note: renamed deprecated key \"kubernetes.operator.reconciler.reschedule.interval\" to \"kubernetes.operator.reconcile.interval\""), "{}", text(&o.stderr));
}

#[test]
fn explain_answers_operator_keys_and_says_which_catalogue() {
    let o = run(&["explain", "job.autoscaler.metrics.window"]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}{}", text(&o.stderr));
    assert!(out.starts_with("job.autoscaler.metrics.window is not a Flink option: answered by the catalogue of the Apache Flink Kubernetes Operator 1.15; set per resource"), "{out}");
    let o = run(&["explain", "kubernetes.operator.reconcile.interval"]);
    let out = text(&o.stdout);
    assert!(
        out.contains("set in the operator's configuration only"),
        "{out}"
    );
    let o = run(&["explain", "kubernetes.operator.job.autoscaler.enabled"]);
    let out = text(&o.stdout);
    assert!(
        out.contains("kubernetes.operator.job.autoscaler.enabled is a fallback key of job.autoscaler.enabled."),
        "{out}"
    );
    // Flink's keys are answered by Flink's catalogue, as before.
    let o = run(&["explain", "parallelism.default"]);
    assert!(!text(&o.stdout).contains("not a Flink option"));
    // --operator-release answers for that release.
    let o = run(&[
        "explain",
        "--operator-release",
        "1.10",
        "job.autoscaler.utilization.target",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains("added in 1.11; choose --operator-release 1.11 or later"),
        "{}",
        text(&o.stderr)
    );
    let o = run(&[
        "explain",
        "--operator-release",
        "1.10",
        "job.autoscaler.target.utilization",
    ]);
    assert!(
        text(&o.stdout).contains("Operator 1.10; set per resource"),
        "{}",
        text(&o.stdout)
    );
    // A typo of an operator key is named.
    let o = run(&["explain", "job.autoscaler.enabeld"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains("did you mean \"job.autoscaler.enabled\""),
        "{}",
        text(&o.stderr)
    );
}
