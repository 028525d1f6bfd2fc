//! Runs the `options-shell` binary with a script on stdin, for the end-to-end tests.

use std::ffi::OsStr;
use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs the shell with `args`, the history file `history` and `script` piped into stdin.
pub fn run_shell(args: &[&str], history: impl AsRef<OsStr>, script: &str) -> Output {
    run_shell_with_env(args, history, &[], script)
}

/// [`run_shell`] with extra environment variables.
#[allow(
    dead_code,
    reason = "only some of the test files that share this module set variables"
)]
pub fn run_shell_with_env(
    args: &[&str],
    history: impl AsRef<OsStr>,
    vars: &[(&str, &str)],
    script: &str,
) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_options-shell"))
        .args(args)
        .envs(vars.iter().copied())
        .env("OPTIONS_SHELL_HISTORY", history)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the shell binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// Output bytes as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}
