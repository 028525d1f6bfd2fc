//! End to end: a script piped into the `options-shell` binary, checked on its full output and exit
//! code.

mod support;

use std::process::Output;

use support::{run_shell, text};

fn shell(args: &[&str], script: &str) -> Output {
    run_shell(args, "/nonexistent/never-written", script)
}

#[test]
fn a_script_runs_every_statement_and_prints_the_results() {
    let script = "\
-- pick the catalog and database
USE CATALOG cat1;
USE
  sales;  /* statements may span lines */
set;
RESET;
SHOW OPTIONS LIKE 'sql.current-database';
";
    let out = shell(
        &["--sql-catalog", "cat1:db1", "--database", "cat1.sales"],
        script,
    );
    assert_eq!(
        text(&out.stdout),
        "\
current catalog is now \"cat1\", current database \"db1\".

current database is now \"sales\" (catalog \"cat1\").

+----------------------+-------+
|         Key          | Value |
+----------------------+-------+
| sql.current-catalog  | cat1  |
| sql.current-database | sales |
+----------------------+-------+

all configuration reset successfully.

+----------------------+------------------+---------+--------+------------------+---------+
|         Key          |      Value       | Default |  Type  |      Scope       | Source  |
+----------------------+------------------+---------+--------+------------------+---------+
| sql.current-database | default_database | (none)  | String | batch, streaming | default |
+----------------------+------------------+---------+--------+------------------+---------+
"
    );
    assert_eq!(text(&out.stderr), "");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn the_seed_example_sets_and_lists_the_time_zone() {
    let script = "SET 'table.local-time-zone' = 'America/Los_Angeles';\nSET;\n";
    let out = shell(&[], script);
    assert_eq!(
        text(&out.stdout),
        "\
configuration updated successfully.

+-----------------------+----------------------------+
|          Key          |           Value            |
+-----------------------+----------------------------+
| sql.current-catalog   | default_catalog (default)  |
| sql.current-database  | default_database (default) |
| table.local-time-zone | America/Los_Angeles        |
+-----------------------+----------------------------+
"
    );
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn startup_settings_come_from_arguments_and_errors_are_positioned() {
    let script = "\
SHOW OPTIONS LIKE 'parallelism.default';
SET 'execution.runtime-mode' = 'batch';
SET 'table.exec.mini-batch.enabled' = 'yes';
SET 'table.exec.mini-batch.enabeld' = 'true';
";
    let out = shell(&["-Dparallelism.default=8", "--batch"], script);
    assert_eq!(
        text(&out.stdout),
        "\
+---------------------+-------+---------+---------+-------+--------+
|         Key         | Value | Default |  Type   | Scope | Source |
+---------------------+-------+---------+---------+-------+--------+
| parallelism.default | 8     | 1       | Integer | -     | -D     |
+---------------------+-------+---------+---------+-------+--------+

error: execution.runtime-mode can only be set before the environment is created (it is read once at startup); set it in config.yaml, with -Dexecution.runtime-mode=..., or before creating the environment
 --> 2:5
  |
2 | SET 'execution.runtime-mode' = 'batch';
  |     ^^^^^^^^^^^^^^^^^^^^^^^^

error: invalid value \"yes\" for table.exec.mini-batch.enabled: expected a Boolean such as \"true\" or \"false\"
 --> 3:39
  |
3 | SET 'table.exec.mini-batch.enabled' = 'yes';
  |                                       ^^^^^

error: unknown configuration key \"table.exec.mini-batch.enabeld\"; did you mean \"table.exec.mini-batch.enabled\"?
 --> 4:5
  |
4 | SET 'table.exec.mini-batch.enabeld' = 'true';
  |     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
"
    );
    assert_eq!(
        text(&out.stderr),
        "options-shell: 3 of 4 statements failed\n"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn an_unknown_startup_key_is_a_warning() {
    let out = shell(&["-Dtable.local-time-zon=UTC"], "");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stderr),
        "options-shell: warning: command-line argument: unknown configuration key \"table.local-time-zon\"; did you mean \"table.local-time-zone\"? (kept)\n"
    );
}

#[test]
fn an_unknown_startup_key_is_a_usage_error_with_strict() {
    let out = shell(&["--strict", "-Dtable.local-time-zon=UTC"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "options-shell: command-line argument: unknown configuration key \"table.local-time-zon\"; did you mean \"table.local-time-zone\"?\n"
    );
}

#[test]
fn a_failing_statement_is_reported_and_the_exit_code_is_1() {
    let out = shell(
        &[],
        "USE CATALOG nope;\nSHOW OPTIONS LIKE 'sql.current-catalog';\n",
    );
    assert_eq!(
        text(&out.stdout),
        "\
error: catalog \"nope\" does not exist (registered catalogs: default_catalog)
 --> 1:13
  |
1 | USE CATALOG nope;
  |             ^^^^

+---------------------+-----------------+---------+--------+------------------+---------+
|         Key         |      Value      | Default |  Type  |      Scope       | Source  |
+---------------------+-----------------+---------+--------+------------------+---------+
| sql.current-catalog | default_catalog | (none)  | String | batch, streaming | default |
+---------------------+-----------------+---------+--------+------------------+---------+
"
    );
    assert_eq!(
        text(&out.stderr),
        "options-shell: 1 of 2 statements failed\n"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn empty_input_prints_nothing_and_succeeds() {
    let out = shell(&[], "");
    assert_eq!(text(&out.stdout), "");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn bad_arguments_exit_with_2_and_usage() {
    let out = shell(&["--frobnicate"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr)
        .starts_with("options-shell: unknown argument \"--frobnicate\"\n\nUsage: options-shell"));
}

#[test]
fn each_statement_is_answered_before_the_input_ends() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};

    let mut child = Command::new(env!("CARGO_BIN_EXE_options-shell"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    // The first answer arrives while standard input is still open.
    stdin
        .write_all(b"SET 'table.local-time-zone' = 'UTC';\n")
        .unwrap();
    stdin.flush().unwrap();
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    assert_eq!(line, "configuration updated successfully.\n");
    // A statement over several lines: its error names the line of the whole input.
    stdin.write_all(b"SET\n  'nope'\n  = '1';\n").unwrap();
    drop(stdin);
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).unwrap();
    assert_eq!(
        rest,
        "\nerror: unknown configuration key \"nope\"\n --> 3:3\n  |\n3 |   'nope'\n  |   ^^^^^^\n"
    );
    assert_eq!(child.wait().unwrap().code(), Some(1));
}

#[test]
fn config_accepts_a_conf_directory_and_reads_its_flink_conf_yaml() {
    let dir = std::env::temp_dir().join(format!("options-shell-conf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("config.yaml"), "parallelism.default: 2\n").unwrap();
    std::fs::write(
        dir.join("flink-conf.yaml"),
        "# legacy wins\nparallelism.default: 5\n",
    )
    .unwrap();
    // Flink 1.x reads flink-conf.yaml when a directory has both files; 2.x reads config.yaml.
    let out = shell(
        &["--release", "1.20", "--config", dir.to_str().unwrap()],
        "SET 'parallelism.default';\n",
    );
    // Flink 2.x reads config.yaml only.
    let newest = shell(
        &["--config", dir.to_str().unwrap()],
        "SET 'parallelism.default';\n",
    );
    std::fs::remove_dir_all(&dir).unwrap();
    let stdout = text(&out.stdout);
    // Under 1.20, the legacy file's value, with its file and line as the source.
    assert!(stdout.contains("flink-conf.yaml:2:1: 5 (wins)"), "{stdout}");
    let stdout = text(&newest.stdout);
    assert!(stdout.contains("config.yaml:1:1: 2 (wins)"), "{stdout}");
}

#[test]
fn a_config_file_with_a_reporter_parameter_and_an_unknown_secret_starts_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.yaml");
    std::fs::write(
        &path,
        "metrics.reporter.prom.port: 9249\nmyplugin.secret-key: abc-do-not-print\n",
    )
    .unwrap();
    let config = path.to_str().unwrap();
    let out = shell(&["--config", config], "SET 'metrics.reporter.prom.port';\n");
    let stderr = text(&out.stderr);
    assert_eq!(
        stderr,
        format!("options-shell: warning: {config}:2:1: unknown configuration key \"myplugin.secret-key\" (kept)\n")
    );
    assert!(text(&out.stdout).contains("9249"), "{}", text(&out.stdout));
    assert_eq!(out.status.code(), Some(0));
    let strict = shell(&["--strict", "--config", config], "");
    assert_eq!(strict.status.code(), Some(2));
    assert!(!text(&strict.stderr).contains("abc-do-not-print"));
    assert!(text(&strict.stderr).contains("unknown configuration key \"myplugin.secret-key\""));
}

#[test]
fn arguments_reach_the_session_through_the_startup_buffer() {
    let script = "\
SET 'table.exec.mini-batch.enabled' = 'true';
SHOW OPTIONS LIKE '%mini-batch%';
SHOW OPTIONS LIKE 'execution.runtime-mode';
";
    let out = shell(
        &[
            "-Dtable.exec.mini-batch.size=5000",
            "-Dexecution.runtime-mode=batch",
        ],
        script,
    );
    // The size comes from `-D` (it is above 0), so turning mini-batching on names only the latency.
    assert_eq!(
        text(&out.stdout),
        "\
configuration updated successfully.
warning: \"table.exec.mini-batch.enabled\" is \"true\", but \"table.exec.mini-batch.allow-latency\" is \"0 ms\", and it must be above \"0 ms\" then; Apache Flink refuses to plan such a job.

+-----------------------------------------------------------+-------+---------+----------+-----------+---------+
|                            Key                            | Value | Default |   Type   |   Scope   | Source  |
+-----------------------------------------------------------+-------+---------+----------+-----------+---------+
| table.exec.deduplicate.mini-batch.compact-changes-enabled | false | false   | Boolean  | streaming | default |
| table.exec.mini-batch.allow-latency                       | 0 ms  | 0 ms    | Duration | streaming | default |
| table.exec.mini-batch.enabled                             | true  | false   | Boolean  | streaming | session |
| table.exec.mini-batch.size                                | 5000  | -1      | Long     | streaming | -D      |
+-----------------------------------------------------------+-------+---------+----------+-----------+---------+

+------------------------+-------+-----------+------+-------+--------+
|          Key           | Value |  Default  | Type | Scope | Source |
+------------------------+-------+-----------+------+-------+--------+
| execution.runtime-mode | batch | STREAMING | Enum | -     | -D     |
+------------------------+-------+-----------+------+-------+--------+
"
    );
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn an_environment_variable_sets_an_option_between_the_file_and_d() {
    let stock = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/flink-versions/flink-2.3.0-default-config.yaml"
    );
    let script = "SET 'taskmanager.numberOfTaskSlots';\n";
    let vars = [("FLINK_TASKMANAGER_NUMBEROFTASKSLOTS", "4")];
    let from_env =
        support::run_shell_with_env(&["--config", stock], "/nonexistent/h", &vars, script);
    let out = text(&from_env.stdout);
    assert!(
        out.contains("value:            4 (env FLINK_TASKMANAGER_NUMBEROFTASKSLOTS)"),
        "{out}"
    );
    let from_d = support::run_shell_with_env(
        &["--config", stock, "-Dtaskmanager.numberOfTaskSlots=8"],
        "/nonexistent/h",
        &vars,
        script,
    );
    assert!(
        text(&from_d.stdout).contains("value:            8 (-D)"),
        "{}",
        text(&from_d.stdout)
    );
}

/// The catalogue another engine's docs export (DataFusion's, from `examples/datafusion`).
fn datafusion_catalogue() -> String {
    format!(
        "{}/../examples/datafusion/docs/catalogue.json",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn another_engines_catalogue_file_sets_its_options_and_suggests_its_keys() {
    let catalogue = datafusion_catalogue();
    let script = "\
SET 'datafusion.execution.batch_sise' = '1024';
SET 'datafusion.sql_parser.dialect' = 'postgres';
SET 'datafusion.execution.batch_size';
";
    let out = support::run_shell_with_env(
        &["--catalogue", &catalogue],
        "/nonexistent/never-written",
        &[("DATAFUSION_EXECUTION_BATCH_SIZE", "1024")],
        script,
    );
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains(
            "unknown configuration key \"datafusion.execution.batch_sise\"; did you mean \"datafusion.execution.batch_size\"?"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("configuration updated successfully."),
        "{stdout}"
    );
    assert!(
        stdout.contains("value:            1024 (env DATAFUSION_EXECUTION_BATCH_SIZE)"),
        "{stdout}"
    );
    assert_eq!(out.status.code(), Some(1), "the typo fails the script");
}

#[test]
fn an_unreadable_catalogue_file_is_a_usage_error() {
    // No script: the shell stops before reading standard input.
    let out = shell(&["--catalogue", "/nonexistent/catalogue.json"], "");
    assert!(text(&out.stderr).contains("cannot read catalogue /nonexistent/catalogue.json"));
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_catalog_flag_one_letter_from_catalogue_is_a_usage_error_naming_both() {
    let out = shell(&["--catalog", "docs/catalogue.json"], "");
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains(
            "--catalog is not an option: --catalogue docs/catalogue.json reads the options of a \
             catalogue.json, --sql-catalog docs/catalogue.json registers a SQL catalog"
        ),
        "{stderr}"
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_sql_catalog_named_like_a_file_is_a_usage_error() {
    let out = shell(&["--sql-catalog", "docs/catalogue.json"], "");
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("--catalogue docs/catalogue.json reads the options of a catalogue.json"),
        "{stderr}"
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_catalogue_file_that_is_a_catalog_name_says_which_flag_registers_one() {
    let out = shell(&["--catalogue", "cat1"], "");
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("--sql-catalog cat1 registers a SQL catalog"),
        "{stderr}"
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_operator_engine_sets_its_options_and_refuses_flinks() {
    let script = "\
SET 'job.autoscaler.enabled' = 'true';
SET 'job.autoscaler.utilization.target' = 'high';
SET 'job.autoscaler.enabeld' = 'true';
SET 'parallelism.default' = '4';
SET 'job.autoscaler.enabled';
";
    let out = shell(&["--engine", "operator"], script);
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("configuration updated successfully.\n"),
        "{stdout}"
    );
    for expected in [
        "error: invalid value \"high\" for job.autoscaler.utilization.target: expected a Double",
        "error: unknown configuration key \"job.autoscaler.enabeld\"; did you mean \"job.autoscaler.enabled\"?",
        // Flink's own options are not the operator's.
        "error: unknown configuration key \"parallelism.default\"",
        "value:            true (session)",
        "fallback keys:    kubernetes.operator.job.autoscaler.enabled",
    ] {
        assert!(stdout.contains(expected), "{expected:?} missing in:\n{stdout}");
    }
    assert_eq!(
        text(&out.stderr),
        "options-shell: 3 of 5 statements failed\n"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn an_operator_release_reads_the_keys_of_that_release() {
    let script = "\
SET 'job.autoscaler.utilization.target' = '0.8';
SET 'job.autoscaler.target.utilization' = '0.8';
";
    let out = shell(&["--release", "1.10", "--engine", "operator"], script);
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains(
            "error: configuration key \"job.autoscaler.utilization.target\" is not read by Apache \
             Flink Kubernetes Operator 1.10: it was added in 1.11"
        ),
        "{stdout}"
    );
    assert!(
        stdout.ends_with("configuration updated successfully.\n"),
        "{stdout}"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn engine_flags_that_cannot_hold_together_are_usage_errors() {
    for (args, message) in [
        (
            &["--engine", "operator", "--release", "2.0"][..],
            "--release: \"2.0\" is not a release of Apache Flink Kubernetes Operator",
        ),
        (
            &["--engine", "spark"][..],
            "--engine is \"flink\" (Apache Flink) or \"operator\" (the Flink Kubernetes Operator), not \"spark\"",
        ),
        (
            &["--engine", "operator", "--catalogue", "docs/catalogue.json"][..],
            "--engine chooses a built-in catalogue; --catalogue FILE reads another one",
        ),
        (
            &["--engine", "operator", "--batch"][..],
            "--batch sets Flink's execution.runtime-mode, which Apache Flink Kubernetes Operator does not declare",
        ),
    ] {
        let out = shell(args, "");
        let stderr = text(&out.stderr);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}
