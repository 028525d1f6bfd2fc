//! A production-style Flink 1.19 configuration (HA on ZooKeeper, RocksDB with local recovery,
//! checkpoint and savepoint directories, a metrics reporter, S3 plugin keys, spellings Flink 2.x
//! removed or renamed, secrets), as `config.yaml` and as a legacy `flink-conf.yaml`, through the
//! binary: validated under 2.3, and upgraded from 1.19 to 2.3. Outputs are snapshotted in
//! `tests/data/upgrade/expected/` (refresh with `BLESS=1`).

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::support::flinkconf;

/// The secret values of both inputs: no report or message may hold them.
const SECRETS: [&str; 2] = ["do-not-print-this-secret", "do-not-print-this-either"];

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/upgrade")
}

/// Runs flinkconf in the data directory (so messages name the input as `config.yaml`).
fn run(args: &[&str]) -> Output {
    flinkconf().current_dir(data()).args(args).output().unwrap()
}

/// Exit code, then standard output, then standard error.
fn transcript(o: &Output) -> String {
    format!(
        "exit {}\n--- stdout\n{}--- stderr\n{}",
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn snapshot(name: &str, actual: &str) {
    let path = data().join("expected").join(name);
    if std::env::var_os(options_docs::BLESS_VAR).is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        expected == actual,
        "{} differs ({}=1 refreshes it):\n{actual}",
        path.display(),
        options_docs::BLESS_VAR
    );
}

fn assert_no_secret(what: &str, text: &str) {
    for secret in SECRETS {
        assert!(!text.contains(secret), "{what} shows a secret:\n{text}");
    }
}

/// Upgrades `input` from 1.19 to 2.3: the migrated file and the report.
fn upgrade(input: &str) -> (String, String) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("config.yaml");
    let o = run(&[
        "migrate",
        input,
        "--from",
        "1.19",
        "--to",
        "2.3",
        "-o",
        out.to_str().unwrap(),
    ]);
    let report = transcript(&o).replace(out.to_str().unwrap(), "OUT/config.yaml");
    // Removed and hidden keys need a look: exit 1, and the file is written all the same.
    assert_eq!(o.status.code(), Some(1), "{report}");
    (std::fs::read_to_string(&out).unwrap(), report)
}

#[test]
fn the_1_19_config_yaml_under_2_3_names_what_2_3_removed_and_renamed() {
    let o = run(&["validate", "--release", "2.3", "config.yaml"]);
    let shown = transcript(&o);
    assert_no_secret("validate", &shown);
    for expected in [
        "\"taskmanager.heap.size\" is not read by Apache Flink 2.3: it was removed in 2.0",
        "\"pipeline.registered-kryo-types\" is not read by Apache Flink 2.3: it was removed in 2.0",
        "\"state.backend.local-recovery\" is a deprecated key; use \
         \"execution.checkpointing.local-backup.enabled\" and \
         \"execution.state-recovery.from-local\" instead",
    ] {
        assert!(shown.contains(expected), "{expected}:\n{shown}");
    }
    assert_eq!(o.status.code(), Some(1), "{shown}");
    snapshot("validate-config.yaml-2.3.txt", &shown);
}

#[test]
fn a_legacy_file_under_2_3_is_refused_with_the_way_to_migrate_it() {
    let o = run(&["validate", "--release", "2.3", "flink-conf.yaml"]);
    let shown = transcript(&o);
    assert!(
        shown.contains("Apache Flink 2.3 does not read flink-conf.yaml")
            && shown.contains("flinkconf migrate flink-conf.yaml --from 1.20 --to 2.3"),
        "{shown}"
    );
    assert_ne!(o.status.code(), Some(0), "{shown}");
    snapshot("validate-flink-conf.yaml-2.3.txt", &shown);
    // Under the release it was written for, it reads as before.
    let o = run(&["validate", "--release", "1.19", "flink-conf.yaml"]);
    assert_eq!(o.status.code(), Some(0), "{}", transcript(&o));
}

#[test]
fn the_upgrade_renames_comments_out_and_reports_real_default_changes() {
    for input in ["config.yaml", "flink-conf.yaml"] {
        let (yaml, report) = upgrade(input);
        assert_no_secret("the report", &report);
        // Every option that reads a renamed key gets it.
        for line in [
            "    local-backup:\n      enabled: true\n",
            "  state-recovery:\n    from-local: true\n",
            "    dir: s3://flink-checkpoints/ckpt\n",
            "    savepoint-dir: s3://flink-savepoints/sp\n",
        ] {
            assert!(yaml.contains(line), "{input}: {line}\n{yaml}");
        }
        // Removed options are commented out with why; plugin keys and comments are kept.
        for line in [
            "# taskmanager.heap.size: 3g",
            "# pipeline.registered-kryo-types: com.example.Order;com.example.Customer",
            "  endpoint: https://s3.eu-central-1.amazonaws.com\n",
            "# File-system plugin keys (passed through to the plugin)\n",
        ] {
            assert!(yaml.contains(line), "{input}: {line}\n{yaml}");
        }
        // Real default changes are listed; a Long of milliseconds that became the same Duration
        // is not.
        assert!(
            report.contains("security.ssl.verify-hostname: true -> false")
                && report.contains("kubernetes.transactional-operation.max-retries: 5 -> 15"),
            "{report}"
        );
        assert!(!report.contains("heartbeat.interval"), "{report}");
        snapshot(&format!("migrated-from-{input}"), &yaml);
        snapshot(&format!("migrate-report-{input}.txt"), &report);
    }
}

#[test]
fn the_upgraded_file_validates_under_2_3_and_both_inputs_give_the_same_settings() {
    let settings = |yaml: &str| -> Vec<String> {
        yaml.lines()
            .filter(|l| !l.trim_start().starts_with('#') && !l.trim().is_empty())
            .map(str::to_owned)
            .collect()
    };
    let (from_yaml, _) = upgrade("config.yaml");
    let (from_legacy, _) = upgrade("flink-conf.yaml");
    assert_eq!(settings(&from_yaml), settings(&from_legacy));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.yaml");
    std::fs::write(&path, &from_yaml).unwrap();
    let o = run(&["validate", "--release", "2.3", path.to_str().unwrap()]);
    let shown = transcript(&o);
    assert_eq!(o.status.code(), Some(0), "{shown}");
    // Its S3 keys are plugin options now (issue 43), so nothing is left to warn about.
    assert!(shown.contains(": ok\n"), "{shown}");
    assert_no_secret("validate", &shown);
}
