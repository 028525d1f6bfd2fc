//! Issue 48, class 8: a legacy flink-conf.yaml kept under another name is read as one, the
//! report says which reader was chosen and why, and `migrate` names the file it was given.

use std::fs;
use std::process::Output;

use crate::support::flinkconf;

fn run(args: &[&str]) -> Output {
    flinkconf().args(args).output().unwrap()
}

fn all(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// A flink-conf.yaml as many repositories keep it: a placeholder only the legacy reader takes
/// unquoted, and a key set twice (the last wins).
const LEGACY: &str = "jobmanager.rpc.address: localhost\n\
                      taskmanager.numberOfTaskSlots: 4\n\
                      parallelism.default: 2\n\
                      parallelism.default: 4\n";

#[test]
fn a_copy_named_flink_conf_prod_is_validated_as_a_legacy_file_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("flink-conf-prod.yaml");
    fs::write(&file, LEGACY).unwrap();
    let o = run(&["validate", "--release", "1.19", file.to_str().unwrap()]);
    let text = all(&o);
    assert_eq!(o.status.code(), Some(0), "{text}");
    assert!(text.contains("read as a legacy flink-conf.yaml"), "{text}");
    assert!(text.contains("holds flink-conf"), "{text}");
    assert!(text.contains("is set again at line 4"), "{text}");
    assert!(!text.contains("duplicate key"), "{text}");
}

#[test]
fn a_flat_file_yaml_refuses_is_read_as_a_legacy_file_whatever_its_name() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("flink.yaml");
    fs::write(&file, LEGACY).unwrap();
    let o = run(&["validate", "--release", "1.19", file.to_str().unwrap()]);
    let text = all(&o);
    assert_eq!(o.status.code(), Some(0), "{text}");
    assert!(
        text.contains("\"parallelism.default\" is set on lines 3 and 4"),
        "{text}"
    );
}

#[test]
fn migrate_of_a_copy_names_the_file_given_and_reads_it_as_legacy() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("flink-conf-prod.yaml");
    fs::write(&file, LEGACY).unwrap();
    let o = run(&["migrate", file.to_str().unwrap()]);
    let text = all(&o);
    assert!(!text.contains("config.yaml:4:1"), "{text}");
    assert!(text.contains("parallelism:\n  default: 4\n"), "{text}");
}

#[test]
fn a_migrate_error_names_the_file_given() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cluster.yaml");
    fs::write(
        &file,
        "state:\n  backend: rocksdb\nstate:\n  backend: hashmap\n",
    )
    .unwrap();
    let o = run(&[
        "migrate",
        "--from",
        "1.19",
        "--to",
        "2.0",
        file.to_str().unwrap(),
    ]);
    let text = all(&o);
    assert_eq!(o.status.code(), Some(1), "{text}");
    assert!(text.contains("cluster.yaml:3:1: duplicate key"), "{text}");
    assert!(!text.contains("config.yaml:"), "{text}");
}
