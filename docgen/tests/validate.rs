//! `docgen validate` on a realistic config.yaml with a typo, a bad duration and a deprecated key.

mod common;

use docgen::source::Loaded;
use docgen::validate::{check_text, render_report};

const CONFIG: &str = "\
# Session defaults for the nightly jobs.
table:
  exec:
    mini-batch:
      enabeld: true
      allow-latency: 5 s
    async-lookup.timeout: 3 mins
table.exec.default-parallelism: 4
python.executable: python3
";

const EXPECTED: &str = "\
config.yaml:5:7: error: unknown configuration key \"table.exec.mini-batch.enabeld\"; did you mean \"table.exec.mini-batch.enabled\"?
config.yaml:7:5: error: invalid value \"3 mins\" for table.exec.async-lookup.timeout: expected a Duration such as \"3 min\" or \"500 ms\" (unknown unit \"mins\")
config.yaml:8:1: warning: \"table.exec.default-parallelism\" is a deprecated key; use \"table.exec.resource.default-parallelism\" instead
config.yaml: 2 errors and 1 warning
";

#[test]
fn the_binary_reports_each_problem_with_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let catalogue = common::write_catalogue(dir.path());
    std::fs::write(dir.path().join("config.yaml"), CONFIG).unwrap();
    let o = common::docgen()
        .current_dir(dir.path())
        .args([
            "validate",
            "config.yaml",
            "--catalogue",
            catalogue.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&o.stdout), EXPECTED);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn a_live_catalogue_reports_the_same_problems() {
    let loaded = Loaded::from_catalogue(common::catalogue());
    let problems = check_text(&loaded, CONFIG);
    assert_eq!(render_report("config.yaml", &problems), EXPECTED);
}

#[test]
fn dash_d_lines_are_checked_too() {
    let loaded = Loaded::from_catalogue(common::catalogue());
    let text = "-Dtable.exec.mini-batch.enabled=yes\n# comment\n-Dpython.executable=python3\n";
    let problems = check_text(&loaded, text);
    assert_eq!(
        render_report("flags.txt", &problems),
        "flags.txt:1:3: error: invalid value \"yes\" for table.exec.mini-batch.enabled: expected a Boolean such as \"true\" or \"false\"\n\
         flags.txt: 1 error and 0 warnings\n"
    );
}

#[test]
fn enum_values_are_checked_from_a_catalogue_file() {
    let dir = tempfile::tempdir().unwrap();
    let loaded = Loaded::from_json_file(&common::write_catalogue(dir.path())).unwrap();
    let problems = check_text(&loaded, "table.exec.shuffle-mode: SOMETIMES\n");
    assert_eq!(
        render_report("config.yaml", &problems),
        "config.yaml:1:1: error: invalid value \"SOMETIMES\" for table.exec.shuffle-mode: expected an Enum such as one of ALL_EDGES_BLOCKING, ALL_EDGES_PIPELINED\n\
         config.yaml:1:1: warning: option \"table.exec.shuffle-mode\" is deprecated; see `docgen explain table.exec.shuffle-mode`\n\
         config.yaml: 1 error and 1 warning\n"
    );
}

#[test]
fn a_clean_file_exits_0() {
    let dir = tempfile::tempdir().unwrap();
    let catalogue = common::write_catalogue(dir.path());
    let file = dir.path().join("ok.yaml");
    std::fs::write(&file, "table.exec.mini-batch.enabled: true\n").unwrap();
    let o = common::docgen()
        .args([
            "validate",
            file.to_str().unwrap(),
            "--catalogue",
            catalogue.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stdout).ends_with(": ok\n"));
}

#[test]
fn nesting_under_a_map_option_is_its_value() {
    let loaded = Loaded::builtin();
    let text = "python.job-options:\n  pipeline.name: nightly\n  owner: data\n";
    let problems = check_text(&loaded, text);
    assert_eq!(render_report("config.yaml", &problems), "config.yaml: ok\n");
}

#[test]
fn the_binary_checks_against_the_built_in_catalogue_by_default() {
    let dir = tempfile::tempdir().unwrap();
    let config = "\
execution.runtime-mode: streaming
parallelism.default: 4
table:
  exec:
    mini-batch.enabeld: true
    async-lookup.timeout: 3 mins
    topn-cache-size: 20000
";
    std::fs::write(dir.path().join("config.yaml"), config).unwrap();
    let o = common::docgen()
        .current_dir(dir.path())
        .args(["validate", "config.yaml"])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "\
config.yaml:5:5: error: unknown configuration key \"table.exec.mini-batch.enabeld\"; did you mean \"table.exec.mini-batch.enabled\"?
config.yaml:6:5: error: invalid value \"3 mins\" for table.exec.async-lookup.timeout: expected a Duration such as \"3 min\" or \"500 ms\" (unknown unit \"mins\")
config.yaml:7:5: warning: \"table.exec.topn-cache-size\" is a deprecated key; use \"table.exec.rank.topn-cache-size\" instead
config.yaml: 2 errors and 1 warning
"
    );
    assert_eq!(o.status.code(), Some(1));
}
