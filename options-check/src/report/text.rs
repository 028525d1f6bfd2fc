//! The text report: `FILE:LINE:COL: error: ...` lines, as `validate` has always printed them.

use std::fmt::Write as _;

use super::model::{FileKind, FileReport, Report, Totals};
use crate::rules::Level;
use options_docs::format::plural;

/// How many findings the report of one configuration file lists one by one; the rest are
/// counted in one line, so a file of thousands of problems stays readable.
pub const REPORT_LIMIT: usize = 100;

/// How much the text report says.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TextOptions {
    /// Every file: clean ones (`FILE: ok`), notes, and skipped files with the reason.
    pub verbose: bool,
    /// One path was given: its report exactly as `validate FILE` prints it, with no total.
    pub single: bool,
}

/// The text report of a run.
pub fn render(report: &Report, options: TextOptions) -> String {
    let mut text = String::new();
    for f in &report.files {
        render_file(&mut text, f, options);
    }
    if !options.single {
        render_totals(&mut text, &report.totals(), options);
    }
    text
}

/// The report of one configuration file's `findings`, as `validate FILE` prints it: every
/// finding (the first [`REPORT_LIMIT`]) in file order, then its summary line.
pub fn render_findings(path: &str, findings: &[super::Finding]) -> String {
    let report = FileReport::new(path.to_owned(), FileKind::Config, findings.to_vec());
    let mut text = String::new();
    render_file(
        &mut text,
        &report,
        TextOptions {
            verbose: false,
            single: true,
        },
    );
    text
}

/// One file's part of the text report: its findings and summary line, or nothing for a clean or
/// skipped file unless `options` ask for every file. A run that prints each file as soon as it is
/// checked writes these in path order, then [`render_totals`].
pub fn render_file(text: &mut String, f: &FileReport, options: TextOptions) {
    match f.kind {
        FileKind::Skipped => {
            let why = f.skipped.as_deref().unwrap_or("not a configuration file");
            // A file skipped with a note (a Helm chart template) always shows.
            if options.verbose || options.single || !f.findings.is_empty() {
                let _ = writeln!(text, "{}: note: skipped: {why}", f.path);
            }
        }
        _ => {
            let problems = f.count(Level::Error) + f.count(Level::Warning);
            if options.single || options.verbose || problems > 0 {
                file_lines(text, f, options.single || options.verbose);
            }
        }
    }
}

/// The run's last line: files checked, errors, warnings, skipped and unreadable files.
pub fn render_totals(text: &mut String, t: &Totals, options: TextOptions) {
    let mut line = format!(
        "{} checked: {} and {}",
        plural(t.checked, "file"),
        plural(t.errors, "error"),
        plural(t.warnings, "warning")
    );
    if t.skipped > 0 {
        let _ = write!(line, "; {} skipped", plural(t.skipped, "file"));
        if !options.verbose {
            line.push_str(" (--verbose lists them)");
        }
    }
    if t.unreadable > 0 {
        let _ = write!(line, "; {} unreadable", plural(t.unreadable, "file"));
    }
    let _ = writeln!(text, "{line}");
}

/// One file's lines and its summary line. A configuration file of more than [`REPORT_LIMIT`]
/// findings lists the first ones and counts the rest; notes show when `notes`.
fn file_lines(text: &mut String, f: &FileReport, notes: bool) {
    let file = &f.path;
    let shown: Vec<_> = f
        .findings
        .iter()
        .filter(|x| notes || x.level != Level::Note)
        .collect();
    let limited = matches!(f.kind, FileKind::Config | FileKind::FlinkConf);
    let limit = if limited { REPORT_LIMIT } else { usize::MAX };
    let (listed, rest) = shown.split_at(shown.len().min(limit));
    for x in listed {
        let level = x.level.name();
        match (x.line, x.column) {
            (0, _) => {
                let _ = writeln!(text, "{file}: {level}: {}", x.message);
            }
            (line, Some(column)) => {
                let _ = writeln!(text, "{file}:{line}:{column}: {level}: {}", x.message);
            }
            (line, None) => {
                let _ = writeln!(text, "{file}:{line}: {level}: {}", x.message);
            }
        }
    }
    if !rest.is_empty() {
        let rest_errors = rest.iter().filter(|x| x.level == Level::Error).count();
        let rest_warnings = rest.iter().filter(|x| x.level == Level::Warning).count();
        let _ = writeln!(
            text,
            "{file}: ... {} more not listed ({} and {}; the first {REPORT_LIMIT} are above)",
            rest_errors + rest_warnings,
            plural(rest_errors, "error"),
            plural(rest_warnings, "warning"),
        );
    }
    let errors = f.count(Level::Error);
    let warnings = f.count(Level::Warning);
    let _ = match errors + warnings {
        0 => writeln!(text, "{file}: ok"),
        _ => writeln!(
            text,
            "{file}: {} and {}",
            plural(errors, "error"),
            plural(warnings, "warning")
        ),
    };
}
