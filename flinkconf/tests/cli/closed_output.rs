//! A reader that stops early (`flinkconf template | head -1`) closes the pipe: the run ends quietly,
//! with no panic and no error on standard error.

use std::io::{BufRead, BufReader};
use std::process::Stdio;

use crate::support::flinkconf;

/// Runs `args`, reads one line of its output and closes the pipe; returns the exit status and
/// what it wrote to standard error.
fn read_one_line_of(args: &[&str]) -> (std::process::ExitStatus, String) {
    let mut child = flinkconf()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("flinkconf starts");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("piped"))
        .read_line(&mut first)
        .expect("one line");
    assert!(!first.is_empty(), "{args:?} wrote nothing");
    // The reader is dropped here: the pipe is closed with most of the output unread.
    let output = child.wait_with_output().expect("flinkconf ends");
    (
        output.status,
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_template_read_by_head_ends_quietly() {
    // The template is about 330 kB, far more than a pipe holds.
    let (status, stderr) = read_one_line_of(&["template"]);
    assert!(status.success(), "{status}: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
}
