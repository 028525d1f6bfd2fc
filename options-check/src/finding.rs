//! What a check found at one place of the user's file: the one type every check returns and every
//! front end shows (the text, JSON, SARIF, JUnit and GitHub reports, the editor's diagnostics,
//! Python's `Diagnostic`), so a finding reads the same wherever it is shown.

use crate::fix::Fix;
use crate::rules::{Level, Rule};

/// One finding: its rule, its level, where it is, what it says, and how to mend it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Its kind (the rule id `--select`, `--ignore`, SARIF and the editor name).
    pub rule: Rule,
    /// Error, warning or note.
    pub level: Level,
    /// Line in the user's file (from 1; 0 for a finding about the file as a whole).
    pub line: u32,
    /// Column in characters (from 1), when the finding is about one place: the key's first
    /// character for a setting.
    pub column: Option<u32>,
    /// What is wrong and what to do (never a value of a sensitive key).
    pub message: String,
    /// For an unknown key, the keys it may be a typo of, best first (what "did you mean" names).
    /// Empty for every other finding.
    pub suggestions: Vec<String>,
    /// The edits that mend it where it is written (an editor's quick fixes), when the check was
    /// asked for them ([`crate::check::Request::fixes`]); empty otherwise.
    pub fixes: Vec<Fix>,
}

impl Finding {
    /// A finding of `rule` at its default level ([`Rule::default_level`]).
    pub fn new(rule: Rule, line: u32, column: Option<u32>, message: String) -> Self {
        Finding::at_level(rule, rule.default_level(), line, column, message)
    }

    /// A finding of `rule` at `level` (an unknown key is an error when checking strictly).
    pub fn at_level(
        rule: Rule,
        level: Level,
        line: u32,
        column: Option<u32>,
        message: String,
    ) -> Self {
        Finding {
            rule,
            level,
            line,
            column,
            message,
            suggestions: Vec::new(),
            fixes: Vec::new(),
        }
    }

    /// An error of `rule` at `line`, `column`.
    pub fn error(rule: Rule, line: u32, column: u32, message: String) -> Self {
        Finding::at_level(rule, Level::Error, line, Some(column), message)
    }

    /// A warning of `rule` at `line`, `column`.
    pub fn warning(rule: Rule, line: u32, column: u32, message: String) -> Self {
        Finding::at_level(rule, Level::Warning, line, Some(column), message)
    }

    /// A note about the run at `line` (what was checked against what, what was skipped).
    pub fn note(line: u32, message: String) -> Self {
        Finding::at_level(Rule::Note, Level::Note, line, None, message)
    }

    /// The same finding, naming `suggestions` (best first).
    pub fn with_suggestions(mut self, suggestions: Vec<String>) -> Self {
        self.suggestions = suggestions;
        self
    }

    /// The position a report sorts by: line, then column (a finding about a whole line first).
    pub fn position(&self) -> (u32, u32) {
        (self.line, self.column.unwrap_or(0))
    }
}

/// Sorts `findings` into file order, as every report lists them: by line, then column, a note
/// before the errors and warnings of its place; stable, so one key's findings keep their order.
pub fn sort(findings: &mut [Finding]) {
    let place = |f: &Finding| (f.line, f.column.unwrap_or(0), f.level != Level::Note);
    // Nearly always in order already, as settings are checked in file order: one look says so,
    // where the stable sort would first take a scratch buffer as large as the findings.
    if !findings.is_sorted_by_key(place) {
        findings.sort_by_key(place);
    }
}
