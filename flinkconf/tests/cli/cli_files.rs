//! `flinkconf migrate`, `flinkconf template` and `flinkconf validate` on legacy files and conf directories,
//! through the binary: exit codes, where output goes, atomic writes.

use std::fs;
use std::process::Output;

use crate::support::flinkconf;

fn run(args: &[&str]) -> Output {
    flinkconf().args(args).output().unwrap()
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn migrate_writes_the_file_and_prints_the_report_exit_0_when_clean() {
    let dir = tempfile::tempdir().unwrap();
    let legacy = dir.path().join("flink-conf.yaml");
    fs::write(&legacy, "# two\nparallelism.default: 2\n").unwrap();
    let target = dir.path().join("config.yaml");
    let o = run(&[
        "migrate",
        legacy.to_str().unwrap(),
        "-o",
        target.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(out(&o).contains("nothing needs attention"), "{}", out(&o));
    let yaml = fs::read_to_string(&target).unwrap();
    assert!(
        yaml.ends_with("# two\nparallelism:\n  default: 2\n"),
        "{yaml}"
    );
    // Only the new file is left: the temporary file was renamed into place.
    let mut names: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["config.yaml", "flink-conf.yaml"]);
}

#[test]
fn migrate_to_standard_output_reports_on_standard_error_exit_1_when_something_needs_a_look() {
    let dir = tempfile::tempdir().unwrap();
    let legacy = dir.path().join("flink-conf.yaml");
    fs::write(&legacy, "parallelism.default: 2\nmy.password:hunter2\n").unwrap();
    let o = run(&["migrate", "--flat", dir.path().to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        out(&o).contains("\nparallelism.default: 2\n"),
        "{}",
        out(&o)
    );
    assert!(err(&o).contains(":2: warning: no \": \""), "{}", err(&o));
    assert!(!err(&o).contains("hunter2"));
}

#[test]
fn migrate_of_a_missing_file_is_a_usage_error() {
    let o = run(&["migrate", "/nonexistent/flink-conf.yaml"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err(&o).starts_with("error: cannot read /nonexistent/flink-conf.yaml"),
        "{}",
        err(&o)
    );
}

#[test]
fn validate_reads_the_file_flink_1_x_would_read_from_a_conf_directory() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("config.yaml"), "parallelism.default: 2\n").unwrap();
    fs::write(
        dir.path().join("flink-conf.yaml"),
        "parallelism.default: x\nparallelism.default: 3\nnested:\n",
    )
    .unwrap();
    let o = run(&[
        "validate",
        "--release",
        "1.20",
        dir.path().to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", out(&o));
    let report = out(&o).replace(&dir.path().display().to_string(), "DIR");
    assert_eq!(
        report,
        "DIR/flink-conf.yaml:1:1: warning: \"parallelism.default\" is set again at line 2, which wins; this line has no effect\n\
         DIR/flink-conf.yaml:3:1: warning: no \": \" (colon and space) separates a key from a non-empty value, so Flink ignores the line (indentation does not nest keys in flink-conf.yaml)\n\
         DIR/flink-conf.yaml: 0 errors and 2 warnings\n"
    );
}

#[test]
fn flink_2_reads_config_yaml_from_a_conf_directory_and_never_flink_conf_yaml() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("config.yaml"), "parallelism.default: 2\n").unwrap();
    fs::write(
        dir.path().join("flink-conf.yaml"),
        "parallelism.default: x\n",
    )
    .unwrap();
    let o = run(&["validate", dir.path().to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", out(&o));
    assert!(out(&o).contains("config.yaml: ok"), "{}", out(&o));

    fs::remove_file(dir.path().join("config.yaml")).unwrap();
    let o = run(&["validate", "--release", "2.0", dir.path().to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", out(&o));
    let message = err(&o).replace(&dir.path().display().to_string(), "DIR");
    assert_eq!(
        message,
        "error: DIR/flink-conf.yaml: Apache Flink 2.0 does not read flink-conf.yaml (it was dropped in 2.0; only config.yaml is read); convert it with `flinkconf migrate DIR/flink-conf.yaml --from 1.20 --to 2.0 -o config.yaml`, or choose --release 1.20 to check it as 1.x reads it\n"
    );
}

#[test]
fn validate_of_a_file_with_a_nul_byte_is_invalid_input() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("config.yaml");
    fs::write(&file, b"a: \0\n").unwrap();
    let o = run(&["validate", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        err(&o).contains("config.yaml:1:4: the file contains a NUL byte"),
        "{}",
        err(&o)
    );
}

#[test]
fn template_writes_the_file_atomically() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("config.yaml");
    let o = run(&["template", "--out", target.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let text = fs::read_to_string(&target).unwrap();
    assert!(text.contains("# parallelism.default: 1\n"));
    let o = run(&["validate", target.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", out(&o));
}
