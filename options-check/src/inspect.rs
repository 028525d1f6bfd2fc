//! `flinkconf validate` on any file where Flink configuration lives ([`crate::input`]): each
//! embedded configuration is checked as a file of its own, against the catalogue of its release,
//! and every problem is reported at its position in the file the user opened.

use std::fmt::Write as _;

use options_core::layers::Strictness;

use crate::input::{Embedded, Extracted, Reader};
use crate::rules::Rule;
use crate::validate::{check_legacy_text_with, check_text_with, CheckOptions, Problem, Severity};
use options_docs::format::plural;
use options_docs::keys::ModelKeyIndex;
use options_docs::source::Loaded;

/// A line of the report: a problem, or a note about the file's structure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Line in the user's file.
    pub line: u32,
    /// Column in characters, when the line is about one place.
    pub column: Option<u32>,
    /// Error, warning, or `None` for a note.
    pub severity: Option<Severity>,
    /// What it says (never a value of a sensitive key).
    pub message: String,
    /// Which kind of finding it is ([`Rule::Note`] for a note).
    pub rule: Rule,
    /// For an unknown key, the keys it may be a typo of ([`Problem::suggestions`]).
    pub suggestions: Vec<String>,
}

/// Every problem of `embedded`, checked against `loaded` (Flink's catalogue at its release) and,
/// for a configuration the Kubernetes operator reads too ([`Reader::Resource`],
/// [`Reader::Operator`]), the operator's catalogue `operator` (see [`crate::operator`]), at its
/// position in the user's file. Without `operator`, the operator's keys are Flink's unknown keys.
pub fn check_embedded(
    loaded: &Loaded,
    operator: Option<&Loaded>,
    embedded: &Embedded,
    strictness: Strictness,
) -> Vec<Line> {
    check_embedded_indexed(
        loaded,
        &ModelKeyIndex::new(&loaded.doc),
        operator,
        embedded,
        strictness,
    )
}

/// [`check_embedded`] with `loaded`'s model indexed once by the caller, who checks many files
/// against it (`flinkconf validate DIR`).
pub fn check_embedded_indexed<'d>(
    loaded: &'d Loaded,
    index: &ModelKeyIndex<'d>,
    operator: Option<&Loaded>,
    embedded: &Embedded,
    strictness: Strictness,
) -> Vec<Line> {
    let problems: Vec<Problem> = match (embedded.reader, operator) {
        (Reader::Resource | Reader::Operator, Some(operator)) => crate::operator::check_text(
            loaded,
            Some(index),
            operator,
            &embedded.text,
            embedded.legacy,
            strictness,
            embedded.reader,
        ),
        _ => {
            let options = CheckOptions {
                strictness,
                index: Some(index),
                ..CheckOptions::default()
            };
            match embedded.legacy {
                true => check_legacy_text_with(loaded, &embedded.text, &options),
                false => check_text_with(loaded, &embedded.text, &options),
            }
        }
    };
    problems
        .into_iter()
        .map(|p| {
            let (line, column) = embedded.map.to_file(p.line, p.column);
            Line {
                line,
                column: Some(column),
                severity: Some(p.severity),
                message: p.message,
                rule: p.rule,
                suggestions: p.suggestions,
            }
        })
        .collect()
}

/// A note at a line.
pub fn note(line: u32, message: String) -> Line {
    Line {
        line,
        column: None,
        severity: None,
        message,
        rule: Rule::Note,
        suggestions: Vec::new(),
    }
}

/// The notes and structure errors of an extraction, as report lines.
pub fn structure_lines(extracted: &Extracted) -> Vec<Line> {
    let mut lines: Vec<Line> = extracted
        .notes
        .iter()
        .map(|(line, message)| note(*line, message.clone()))
        .collect();
    lines.extend(extracted.errors.iter().map(|(pos, message)| Line {
        line: pos.line,
        column: Some(pos.column),
        severity: Some(Severity::Error),
        message: message.clone(),
        rule: Rule::Manifest,
        suggestions: Vec::new(),
    }));
    lines
}

/// The report: every line in file order (`FILE:LINE:COL: error: ...`, `FILE:LINE: note: ...`),
/// then a summary line.
pub fn render(file: &str, lines: &mut [Line]) -> String {
    lines.sort_by_key(|l| (l.line, l.column.unwrap_or(0), l.severity.is_some()));
    let mut text = String::new();
    for l in lines.iter() {
        let level = match l.severity {
            Some(Severity::Error) => "error",
            Some(Severity::Warning) => "warning",
            None => "note",
        };
        match l.column {
            Some(column) => {
                let _ = writeln!(text, "{file}:{}:{column}: {level}: {}", l.line, l.message);
            }
            None => {
                let _ = writeln!(text, "{file}:{}: {level}: {}", l.line, l.message);
            }
        }
    }
    let errors = lines
        .iter()
        .filter(|l| l.severity == Some(Severity::Error))
        .count();
    let warnings = lines
        .iter()
        .filter(|l| l.severity == Some(Severity::Warning))
        .count();
    let _ = match errors + warnings {
        0 => writeln!(text, "{file}: ok"),
        _ => writeln!(
            text,
            "{file}: {} and {}",
            plural(errors, "error"),
            plural(warnings, "warning")
        ),
    };
    text
}
