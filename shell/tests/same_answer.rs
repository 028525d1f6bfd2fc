//! One answer: a `SET` the shell refuses or warns about gets the same verdict and the same words
//! from the checker (`flinkconf validate --strict` on a SQL script holding the statement): both
//! judge the setting through options-check's resolver and the runtime's one wording.

// This binary uses part of the helpers the shell tests share.
#[allow(dead_code)]
mod support;

use std::path::Path;

use options_check::check::{Request, Run, Source};
use options_check::resolve::{Resolver, SettingsLayer};
use support::run_shell;

/// The errors and warnings the shell prints for `statement`, as `(level, message)`.
fn shell_says(statement: &str) -> Vec<(String, String)> {
    let out = run_shell(&[], "/nonexistent/never-written", statement);
    let printed =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    printed
        .lines()
        .filter_map(|l| {
            let (level, message) = l
                .strip_prefix("error: ")
                .map(|m| ("error", m))
                .or_else(|| l.strip_prefix("warning: ").map(|m| ("warning", m)))?;
            // The shell adds what happened to the statement (a setting without effect is kept).
            let message = message
                .trim_end_matches('.')
                .trim_end_matches("; the value is kept");
            Some((level.to_owned(), message.to_owned()))
        })
        .collect()
}

/// The errors and warnings the checker reports for a SQL script holding `statement`.
fn checker_says(statement: &str) -> Vec<(String, String)> {
    let flags = SettingsLayer {
        strict: Some(true),
        ..SettingsLayer::default()
    };
    let resolver = Resolver::new(flags).unwrap().ignoring_project_files();
    let run = Run {
        resolver: &resolver,
        single: true,
        request: Request::default(),
    };
    let source = Source::Text {
        shown: "set.sql".to_owned(),
        text: statement.to_owned(),
    };
    let report = run.check(&source).unwrap();
    assert!(Path::new(&report.path).ends_with("set.sql"));
    report
        .findings
        .iter()
        .filter(|f| f.level.name() != "note")
        .map(|f| {
            (
                f.level.name().to_owned(),
                f.message.trim_end_matches('.').to_owned(),
            )
        })
        .collect()
}

#[test]
fn set_and_validate_agree_on_the_cases_they_share() {
    let cases = [
        "SET 'parallelism.default' = 'many';",
        "SET 'paralelism.default' = '2';",
        "SET 'taskmanager.heap.size' = '1g';",
        "SET 'state.backend' = 'rocksdb';",
        "SET 'execution.checkpointing.interval' = 'soon';",
        "SET 'table.exec.mini-batch.size' = '-5';",
        "SET 'sink.parallelism' = '4';",
        "SET 'pipeline.name' = 'nightly';",
    ];
    let mut compared = 0;
    for statement in cases {
        let shell = shell_says(statement);
        let checker = checker_says(statement);
        assert_eq!(shell, checker, "{statement}");
        compared += shell.len();
    }
    eprintln!(
        "same answer: {} statements, {compared} findings compared, 0 differences",
        cases.len()
    );
    assert!(
        compared >= cases.len() - 1,
        "the cases hold problems to compare"
    );
}
