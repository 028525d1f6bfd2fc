//! The JUnit XML report: one testcase per file, a `<failure>` per error, warnings and notes in
//! `<system-out>`, skipped files `<skipped>`, unreadable files `<error>`.

use std::fmt::Write as _;

use super::model::{FileKind, Report};
use crate::rules::Level;

/// The JUnit XML of a run.
pub fn render(report: &Report) -> String {
    let t = report.totals();
    let tests = report.files.len() + usize::from(!report.run_errors.is_empty());
    let failures = report
        .files
        .iter()
        .filter(|f| f.kind != FileKind::Unreadable && f.count(Level::Error) > 0)
        .count();
    let name = format!("{} validate", options_core::tool::TOOL);
    let mut x = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let counts = format!(
        "tests=\"{tests}\" failures=\"{failures}\" errors=\"{}\" skipped=\"{}\"",
        t.unreadable + usize::from(!report.run_errors.is_empty()),
        t.skipped
    );
    let _ = writeln!(x, "<testsuites name=\"{}\" {counts}>", escape(&name));
    let _ = writeln!(x, "  <testsuite name=\"{}\" {counts}>", escape(&name));
    // A run that stopped: one test case, in error, saying why.
    if !report.run_errors.is_empty() {
        let _ = writeln!(
            x,
            "    <testcase classname=\"{n}\" name=\"{n}\">",
            n = escape(&name)
        );
        for e in &report.run_errors {
            let _ = writeln!(x, "      <error type=\"run\" message=\"{}\"/>", escape(e));
        }
        x.push_str("    </testcase>\n");
    }
    for f in &report.files {
        let path = escape(&f.path);
        let _ = write!(
            x,
            "    <testcase classname=\"{}\" name=\"{path}\" file=\"{path}\"",
            escape(&name)
        );
        let mut body = String::new();
        let mut out = String::new();
        if let Some(why) = &f.skipped {
            let _ = writeln!(body, "      <skipped message=\"{}\"/>", escape(why));
        }
        for finding in &f.findings {
            let at = match (finding.line, finding.column) {
                (0, _) => String::new(),
                (l, Some(c)) => format!("{l}:{c}: "),
                (l, None) => format!("{l}: "),
            };
            let line = format!("{at}{}", finding.message);
            // `FILE:LINE:COL: level: message`, as the text report has it.
            let full = match at.is_empty() {
                true => format!("{}: {}: {}", f.path, finding.level.name(), finding.message),
                false => format!(
                    "{}:{at}{}: {}",
                    f.path,
                    finding.level.name(),
                    finding.message
                ),
            };
            match (f.kind, finding.level) {
                (FileKind::Unreadable, _) => {
                    let _ = writeln!(
                        body,
                        "      <error type=\"{}\" message=\"{}\"/>",
                        finding.rule,
                        escape(&line)
                    );
                }
                (_, Level::Error) => {
                    let _ = writeln!(
                        body,
                        "      <failure type=\"{}\" message=\"{}\">{}</failure>",
                        finding.rule,
                        escape(&line),
                        text(&full)
                    );
                }
                (_, _) => {
                    let _ = writeln!(out, "{full} [{}]", finding.rule);
                }
            }
        }
        if !out.is_empty() {
            let _ = writeln!(body, "      <system-out>{}</system-out>", text(&out));
        }
        if body.is_empty() {
            x.push_str("/>\n");
        } else {
            let _ = write!(x, ">\n{body}    </testcase>\n");
        }
    }
    x.push_str("  </testsuite>\n</testsuites>\n");
    x
}

/// Text for an element: [`escape`]d, its line breaks kept.
fn text(s: &str) -> String {
    s.split('\n').map(escape).collect::<Vec<_>>().join("\n")
}

/// Text for an XML attribute: the five entities, line breaks as `&#10;`, and characters XML 1.0
/// cannot hold dropped.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' => out.push_str("&#10;"),
            '\t' | '\r' => out.push(' '),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => {}
            c => out.push(c),
        }
    }
    out
}
