//! A document's diagnostics, from the checker's findings: errors for what Flink refuses, warnings
//! for what it ignores or misreads, `Deprecated` on deprecated spellings (editors strike them
//! through), `Unnecessary` on settings that have no effect (editors fade them), the rule id as
//! the code with its page as the link. Each comes with the fixes the checker offers at its key.
//! The checker's messages never hold a secret value, and nothing else of the text is shown.

use lsp_types::{
    CodeDescription, Diagnostic, DiagnosticSeverity, DiagnosticTag, NumberOrString, Position,
    Range, Uri,
};
use options_check::check::{self, Request};
use options_check::finding::Finding;
use options_check::fix::{self, Fix};
use options_check::rules::{Level, Rule};

use crate::documents::Document;
use crate::parts::Parts;

/// The name diagnostics carry as their source.
pub const SOURCE: &str = "flinkconf";

/// A document checked: its diagnostics and the fixes for them, at the version checked.
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    /// The version of the text checked.
    pub version: i32,
    /// What the editor shows.
    pub diagnostics: Vec<Diagnostic>,
    /// Every fix, by the line and column of its key (the checker's positions).
    pub fixes: Vec<Fix>,
}

/// Checks `doc` as read into `parts`: the file check's findings, each with its fixes.
pub fn check(doc: &Document, parts: &Parts, docs_url: Option<&str>) -> Analysis {
    let findings = check::findings(&parts.resolution, doc.text(), Request { fixes: true });
    let mut fixes: Vec<Fix> = findings.iter().flat_map(|f| f.fixes.clone()).collect();
    fixes.dedup();
    let mut diagnostics: Vec<Diagnostic> = findings
        .iter()
        .filter_map(|f| diagnostic(doc, f, docs_url))
        .collect();
    if let Some(error) = &parts.settings_error {
        diagnostics.push(Diagnostic {
            range: Range::new(Position::new(0, 0), Position::new(0, 0)),
            severity: Some(DiagnosticSeverity::WARNING),
            source: Some(SOURCE.to_owned()),
            message: format!("{error}; checking without it"),
            ..Diagnostic::default()
        });
    }
    Analysis {
        version: doc.version,
        diagnostics,
        fixes,
    }
}

/// The diagnostic of one finding (a hint for a placeholder); other notes (what was checked
/// against what) are not shown. Its code links to the rule's page on the reference site at
/// `docs_url` (the `docs-url` setting), when one is named.
pub fn diagnostic(doc: &Document, l: &Finding, docs_url: Option<&str>) -> Option<Diagnostic> {
    let severity = match (l.level, l.rule) {
        (Level::Error, _) => DiagnosticSeverity::ERROR,
        (Level::Warning, _) => DiagnosticSeverity::WARNING,
        (Level::Note, Rule::Placeholder) => DiagnosticSeverity::HINT,
        (Level::Note, _) => return None,
    };
    let tags = match l.rule {
        Rule::DeprecatedKey | Rule::DeprecatedOption => Some(vec![DiagnosticTag::DEPRECATED]),
        Rule::NoEffect => Some(vec![DiagnosticTag::UNNECESSARY]),
        _ => None,
    };
    let href = docs_url.and_then(|d| l.rule.page_url(d).parse::<Uri>().ok());
    Some(Diagnostic {
        range: key_range(doc, l.line, l.column.unwrap_or(1)),
        severity: Some(severity),
        code: Some(NumberOrString::String(l.rule.id().to_owned())),
        code_description: href.map(|href| CodeDescription { href }),
        source: Some(SOURCE.to_owned()),
        message: l.message.clone(),
        tags,
        ..Diagnostic::default()
    })
}

/// The range of the key at `line`, `column` (from 1): the key's characters (its quotes too when
/// quoted), or the rest of the line when no key starts there.
pub fn key_range(doc: &Document, line: u32, column: u32) -> Range {
    let text = doc
        .line(line.saturating_sub(1) as usize)
        .unwrap_or_default();
    let from = column.saturating_sub(1);
    match fix::key_token(text, from as usize) {
        // From the finding's column, so the editor and the command line name one place; a
        // quoted key (`'a.b'`, SQL's `SET 'key'`) with its quotes.
        Some((_, start, end)) => {
            let quoted = start as u32 > from;
            doc.char_range(line, from, end as u32 + u32::from(quoted))
        }
        None => {
            let end = text.chars().count() as u32;
            doc.char_range(line, from.min(end), end)
        }
    }
}
