//! `flinkconf validate` and `flinkconf migrate` on the files where Flink configuration lives: Kubernetes
//! manifests, the operator's Helm values and compose files (`tests/data/inputs/`), each report
//! compared with its expected text (`BLESS=1` rewrites them), every position in the user's file,
//! and no secret in any output.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::support::flinkconf;
use options_check::input::{detect, extract, Format};

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
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("{} is missing; run with BLESS=1", path.display()));
    assert_eq!(actual, expected, "{name} differs (BLESS=1 rewrites it)");
}

#[test]
fn a_two_document_manifest_reports_the_typo_and_the_bad_duration_where_they_are() {
    let o = run(&["validate", "flink-deployments.yaml"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    // Positions in the manifest itself: line 43, column 9 is `timeout: 10 mins`.
    assert!(
        out.contains("flink-deployments.yaml:43:9: error: invalid value \"10 mins\""),
        "{out}"
    );
    assert!(out.contains("flink-deployments.yaml:44:5: warning: unknown configuration key \"table.exec.mini-batch.enabeld\""), "{out}");
    expect("flink-deployments.validate.txt", &out);
}

#[test]
fn helm_values_are_checked_as_the_file_they_hold() {
    let o = run(&["validate", "operator-values.yaml"]);
    assert_eq!(o.status.code(), Some(1));
    let out = text(&o.stdout);
    assert!(out.contains("operator-values.yaml:12:5: error: invalid value \"two\" for taskmanager.numberOfTaskSlots"), "{out}");
    expect("operator-values.validate.txt", &out);
}

#[test]
fn compose_flink_properties_are_checked_in_both_spellings() {
    let o = run(&["validate", "docker-compose.yml"]);
    assert_eq!(o.status.code(), Some(1));
    let out = text(&o.stdout);
    assert!(out.contains("docker-compose.yml:13:9: error"), "{out}");
    assert!(out.contains("docker-compose.yml:24:9: error"), "{out}");
    expect("docker-compose.validate.txt", &out);
}

#[test]
fn migrating_a_manifest_changes_only_its_keys_and_version() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("migrated.yaml");
    let o = run(&[
        "migrate",
        "flink-deployments.yaml",
        "--to",
        "2.3",
        "-o",
        target.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let before = std::fs::read_to_string(inputs().join("flink-deployments.yaml")).unwrap();
    let after = std::fs::read_to_string(&target).unwrap();
    let changed: Vec<(&str, &str)> = before
        .lines()
        .zip(after.lines())
        .filter(|(a, b)| a != b)
        .collect();
    assert_eq!(
        changed,
        [
            ("  flinkVersion: v1_19", "  flinkVersion: v2_3"),
            (
                "    state.backend: rocksdb",
                "    state.backend.type: rocksdb"
            ),
            (
                "    state.checkpoints.dir: s3://payments-state/enrich/checkpoints",
                "    execution.checkpointing.dir: s3://payments-state/enrich/checkpoints"
            ),
            ("  flinkVersion: v1_19", "  flinkVersion: v2_3"),
        ]
    );
    // `.type` added, `state.checkpoints.dir` renamed `execution.checkpointing.dir` (1.20), `v1_19`
    // twice one character shorter: no other byte differs.
    assert_eq!(before.len() + 5 + 6 - 2, after.len());
    assert_eq!(before.lines().count(), after.lines().count());
    expect("flink-deployments.migrate.txt", &after);
}

#[test]
fn other_documents_are_skipped_and_the_output_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("all.yaml");
    std::fs::write(
        &file,
        "apiVersion: v1\nkind: Service\nmetadata:\n  name: rest\n---\napiVersion: flink.apache.org/v1beta1\nkind: FlinkSessionJob\nmetadata:\n  name: job\nspec:\n  deploymentName: session\n  flinkConfiguration:\n    pipeline.name: nightly\n    parallelism.default: \"4\"\n",
    )
    .unwrap();
    let o = run(&["validate", file.to_str().unwrap()]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(
        out.contains(
            ":1: note: document 1 (Service rest) skipped: not a FlinkDeployment or FlinkSessionJob"
        ),
        "{out}"
    );
    assert!(
        out.contains(":13: note: checking FlinkSessionJob job (document 2)"),
        "{out}"
    );
}

#[test]
fn a_manifests_own_release_wins_over_the_command_line_release() {
    // flink-deployments.yaml's resources run Flink 1.19 (spec.flinkVersion v1_19).
    let o = run(&["validate", "flink-deployments.yaml", "--release", "2.3"]);
    let out = text(&o.stdout);
    assert!(
        out.contains("against Flink 1.19 (spec.flinkVersion v1_19; a document's own release wins over --release 2.3"),
        "{out}"
    );
    assert!(!out.contains("against Flink 2.3"), "{out}");
    // --release-override is the one way to check it against another release.
    let o = run(&[
        "validate",
        "flink-deployments.yaml",
        "--release-override",
        "2.3",
    ]);
    let out = text(&o.stdout);
    assert!(
        out.contains("against Flink 2.3 (--release-override)"),
        "{out}"
    );
    assert!(!out.contains("against Flink 1.19"), "{out}");
    // A release no catalogue has is a usage error.
    let o = run(&["validate", "flink-deployments.yaml", "--release", "3.0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("\"3.0\" is not a release of Apache Flink known here"),
        "{}",
        text(&o.stderr)
    );
}

/// Validates a one-document manifest written to a temporary file; exit code and report.
fn validate_manifest(api: &str, flink_version: &str, configuration: &str) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("deployment.yaml");
    std::fs::write(
        &file,
        format!("apiVersion: {api}\nkind: FlinkDeployment\nmetadata:\n  name: old\nspec:\n  flinkVersion: {flink_version}\n  flinkConfiguration:\n{configuration}"),
    )
    .unwrap();
    let o = run(&["validate", file.to_str().unwrap()]);
    (o.status.code(), text(&o.stdout))
}

/// A key Flink 2.0 removed, which every 1.x release reads.
const REMOVED_IN_2_0: &str = "    taskmanager.network.blocking-shuffle.type: file\n";

#[test]
fn a_manifest_of_an_older_release_is_checked_against_the_oldest_carried_with_a_note() {
    let (code, out) = validate_manifest("flink.apache.org/v1beta1", "v1_18", REMOVED_IN_2_0);
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains("Flink 1.18 is not a release carried here (1.19 to 2.3): checked against 1.19, the oldest release carried"),
        "{out}"
    );
    assert!(!out.contains("removed in 2.0"), "{out}");
}

#[test]
fn a_manifest_of_a_newer_release_is_checked_against_the_newest_with_a_note() {
    let (code, out) = validate_manifest("flink.apache.org/v1beta1", "v2_5", REMOVED_IN_2_0);
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("Flink 2.5 is not a release carried here (1.19 to 2.3): checked against 2.3, the newest release carried"),
        "{out}"
    );
    assert!(out.contains("removed in 2.0"), "{out}");
}

#[test]
fn a_manifest_of_the_operators_first_api_reads_its_free_text_version_with_a_note() {
    let (code, out) = validate_manifest("flink.apache.org/v1alpha1", "1.14.3", REMOVED_IN_2_0);
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains("is of the operator's first API (flink.apache.org/v1alpha1), whose spec.flinkVersion is free text: \"1.14.3\" read as Flink 1.14.3"),
        "{out}"
    );
    assert!(
        out.contains(
            "Flink 1.14.3 is not a release carried here (1.19 to 2.3): checked against 1.19"
        ),
        "{out}"
    );
    // Text that names no version is a note too, and the newest release is used.
    let (code, out) = validate_manifest("flink.apache.org/v1alpha1", "latest", REMOVED_IN_2_0);
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("\"latest\" names no release, so the newest is used"),
        "{out}"
    );
    // The later APIs take only v1_19-style versions.
    let (code, out) = validate_manifest("flink.apache.org/v1beta1", "1.14.3", REMOVED_IN_2_0);
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("is not a release such as v1_19 or v2_3"),
        "{out}"
    );
}

#[test]
fn format_overrides_detection() {
    // A config.yaml read as a manifest holds no resource.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("config.yaml");
    std::fs::write(&file, "parallelism.default: 2\n").unwrap();
    let o = run(&["validate", file.to_str().unwrap(), "--format", "kubernetes"]);
    assert!(
        text(&o.stdout).contains("no FlinkDeployment or FlinkSessionJob"),
        "{}",
        text(&o.stdout)
    );
    let o = run(&["validate", file.to_str().unwrap(), "--format", "nonsense"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("expected one of config, flink-conf, kubernetes, helm, compose")
    );
}

#[test]
fn detection_is_by_content() {
    let read = |name: &str| std::fs::read_to_string(inputs().join(name)).unwrap();
    assert_eq!(
        detect(&read("flink-deployments.yaml"), false),
        Format::Kubernetes
    );
    assert_eq!(detect(&read("operator-values.yaml"), false), Format::Helm);
    assert_eq!(detect(&read("docker-compose.yml"), false), Format::Compose);
    assert_eq!(
        detect("table.exec.mini-batch.enabled: true\n", false),
        Format::Config
    );
    assert_eq!(
        detect("taskmanager.numberOfTaskSlots: 2\n", true),
        Format::FlinkConf
    );
    assert_eq!(detect("not: [valid\n", false), Format::Config);
}

/// Detection skips the tree for a text naming none of its keys; a key spelled with escapes still
/// counts, as YAML reads it.
#[test]
fn detection_reads_escaped_keys() {
    assert_eq!(
        detect(
            "\"apiVersio\\x6e\": v1\n\"kin\\u0064\": FlinkDeployment\n",
            false
        ),
        Format::Kubernetes
    );
    assert_eq!(
        detect("\"servic\\x65s\":\n  jm: {}\n", false),
        Format::Compose
    );
    assert_eq!(detect("a.path: \"C:\\\\tmp\"\n", false), Format::Config);
}

const CANARY: &str = "CANARY7f3a";

/// Secrets in every input: a sensitive option, a key named like a secret, the same secret key
/// twice, an invalid value under a secret key. No output may show the value.
#[test]
fn secrets_stay_masked_in_every_input() {
    let config = format!(
        "security.ssl.keystore-password: {CANARY}\ns3.secret-key: {CANARY}\nsecurity.ssl.truststore-password: {CANARY}\nsecurity.ssl.truststore-password: {CANARY}x\nfs.s3a.access.token: [{CANARY}]\n"
    );
    let indent = |n: usize| {
        config
            .lines()
            .map(|l| format!("{}{l}\n", " ".repeat(n)))
            .collect::<String>()
    };
    let files = [
        (
            "manifest.yaml",
            format!("apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nmetadata:\n  name: x\nspec:\n  flinkVersion: v1_19\n  flinkConfiguration:\n{}", indent(4)),
        ),
        (
            "values.yaml",
            format!("defaultConfiguration:\n  config.yaml: |\n{}  flink-conf.yaml: |\n{}", indent(4), indent(4)),
        ),
        (
            "compose.yml",
            format!("services:\n  jm:\n    environment:\n      FLINK_PROPERTIES: |\n{}", indent(8)),
        ),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (name, content) in &files {
        let path = dir.path().join(name);
        std::fs::write(&path, content).unwrap();
        let shown = path.to_str().unwrap();
        for args in [
            vec!["validate", shown],
            vec!["validate", shown, "--strict"],
            vec![
                "migrate",
                shown,
                "-o",
                dir.path().join("out.yaml").to_str().unwrap(),
            ],
        ] {
            let o = run(&args);
            let all = format!("{}{}", text(&o.stdout), text(&o.stderr));
            assert!(!all.contains(CANARY), "{args:?} shows the secret:\n{all}");
            if args[0] == "validate" {
                assert!(all.contains("error") || all.contains("warning"), "{all}");
            }
        }
        let format = detect(content, false);
        let extracted = extract(format, content);
        assert!(!extracted.embedded.is_empty(), "{name}");
        assert!(
            !format!("{extracted:?}").contains(CANARY),
            "{name}: Debug shows the secret"
        );
    }
}
