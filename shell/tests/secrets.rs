//! End to end: secrets piped into the `options-shell` binary never come back out, whatever the
//! statement's mistake, and are never written to the history file.

mod support;

use std::path::Path;
use std::process::Output;

use support::{run_shell, text};

const SECRET: &str = "hunter2";

fn shell(script: &str, history: &Path) -> Output {
    run_shell(&["--script"], history, script)
}

/// Runs `script`, checks the secret appears in neither output nor any history file, and returns
/// standard output.
fn run_hidden(name: &str, script: &str) -> String {
    let history = std::env::temp_dir().join(format!(
        "options-shell-secrets-{}-{name}.history",
        std::process::id()
    ));
    let out = shell(script, &history);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(
        !stdout.contains(SECRET),
        "stdout leaks the secret:\n{stdout}"
    );
    assert!(
        !stderr.contains(SECRET),
        "stderr leaks the secret:\n{stderr}"
    );
    let written = std::fs::read_to_string(&history).unwrap_or_default();
    let _ = std::fs::remove_file(&history);
    assert!(!written.contains(SECRET), "history leaks the secret");
    assert_eq!(out.status.code(), Some(1));
    stdout
}

#[test]
fn a_secret_without_equals_is_masked() {
    assert_eq!(
        run_hidden("missing-equals", "SET 'db.password' 'hunter2';\n"),
        "\
error: expected '=' after the key, found '******': write SET 'key' = 'value';
 --> 1:19
  |
1 | SET 'db.password' '******';
  |                   ^^^^^^^^
"
    );
}

#[test]
fn an_unclosed_secret_is_masked() {
    assert_eq!(
        run_hidden("unclosed", "SET 'a.secret' = 'hunter2\n"),
        "\
error: this single-quoted string is never closed: add the closing '
 --> 1:18
  |
1 | SET 'a.secret' = '******'
  |                  ^
"
    );
}

#[test]
fn a_later_error_on_the_same_line_masks_an_earlier_secret() {
    let stdout = run_hidden(
        "later-error",
        "SET 'db.password' = 'hunter2'; SET 'table.exec.state.ttl' = 'x';\n",
    );
    assert!(
        stdout.contains("1 | SET 'db.password' = '******'; SET 'table.exec.state.ttl' = 'x';\n"),
        "{stdout}"
    );
}

#[test]
fn an_earlier_error_on_the_same_line_masks_a_later_secret() {
    let stdout = run_hidden(
        "earlier-error",
        "SET 'table.local-time-zone' = 'UTC';\nSET 'table.exec.state.ttl' = 'x'; SET 'my.api-key' = 'hunter2'; SET;\n",
    );
    assert!(
        stdout
            .contains("2 | SET 'table.exec.state.ttl' = 'x'; SET 'my.api-key' = '******'; SET;\n"),
        "{stdout}"
    );
}
