//! A document's diagnostics, from the checker's findings: errors for what Flink refuses, warnings
//! for what it ignores or misreads, `Deprecated` on deprecated spellings (editors strike them
//! through), `Unnecessary` on settings that have no effect (editors fade them), the rule id as
//! the code with its page as the link. Each comes with the fixes the checker offers at its key.
//! The checker's messages never hold a secret value, and nothing else of the text is shown.

use std::collections::HashMap;

use lsp_types::{
    CodeDescription, Diagnostic, DiagnosticSeverity, DiagnosticTag, NumberOrString, Position,
    Range, Uri,
};
use options_check::fix::{self, Fix};
use options_check::inspect::{self, Line};
use options_check::placeholder::{self, Placeholder};
use options_check::report::sarif::rules_base;
use options_check::rules::Rule;
use options_check::settings::{read_settings, Setting};
use options_check::validate::Severity;
use options_core::layers::Strictness;
use options_flink::legacy::parse_flink_conf;

use crate::catalogues::Catalogues;
use crate::documents::Document;
use crate::parts::{DocumentKind, Part, Parts};

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

/// Checks `doc` as read into `parts`.
pub fn check(doc: &Document, parts: &Parts, catalogues: &mut Catalogues) -> Analysis {
    let strictness = match parts.strict {
        true => Strictness::Strict,
        false => Strictness::Lenient,
    };
    let lines: Vec<&str> = doc.text().split('\n').collect();
    let mut found: Vec<Line> = Vec::new();
    let mut fixes = Vec::new();
    if !matches!(parts.kind, DocumentKind::Skipped(_)) {
        found.extend(inspect::structure_lines(&parts.extracted));
    }
    let operator = catalogues.operator();
    for part in &parts.parts {
        let e = &part.embedded;
        let first = found.len();
        let placeholders = match parts.kind {
            DocumentKind::Sql => {
                let (problems, placeholders) =
                    options_check::sql::check_sql(part.flink.loaded, doc.text(), strictness);
                found.extend(problems.into_iter().map(|p| Line {
                    line: p.line,
                    column: Some(p.column),
                    severity: Some(p.severity),
                    message: p.message,
                    rule: p.rule,
                    suggestions: p.suggestions,
                }));
                placeholders
            }
            _ => {
                found.extend(inspect::check_embedded_indexed(
                    part.flink.loaded,
                    part.flink.index,
                    Some(operator.loaded),
                    e,
                    strictness,
                ));
                let mut placeholders =
                    placeholder::placeholders(part.flink.loaded, &e.text, e.legacy);
                for p in &mut placeholders {
                    (p.line, p.column) = e.map.to_file(p.line, p.column);
                }
                placeholders
            }
        };
        unchecked(&mut found, first, placeholders);
        // The findings a fix may mend, by the position of their key.
        let mendable: HashMap<(u32, u32), &Line> = found[first..]
            .iter()
            .filter(|l| {
                matches!(
                    l.rule,
                    Rule::DeprecatedKey | Rule::RemovedKey | Rule::NoEffect | Rule::UnknownKey
                )
            })
            .filter_map(|l| Some(((l.line, l.column?), l)))
            .collect();
        if mendable.is_empty() {
            continue;
        }
        // Read again only when there is something to mend: a large clean file costs nothing more.
        let (settings, comment) = match parts.kind {
            DocumentKind::Sql => (options_check::sql::set_statements(doc.text()).0, "-- "),
            _ => (file_settings(part), "# "),
        };
        let wanted = |s: &Setting| {
            mendable
                .get(&(s.line, s.column))
                .is_some_and(|l| l.rule != Rule::UnknownKey)
        };
        let catalogue = &part.flink.loaded.live;
        fixes.extend(fix::key_fixes(
            catalogue, &lines, &settings, comment, &wanted,
        ));
        // A manifest's or the operator's own file also holds the operator's keys: its old
        // spellings (`kubernetes.operator.job.autoscaler.*`) are renamed to its current keys, as
        // `migrate` renames them (a key Flink knows is left to Flink's fixes above).
        if parts.kind != DocumentKind::Sql {
            let flink = &part.flink.loaded.live;
            let operator_only = |s: &Setting| wanted(s) && flink.resolve(&s.key).is_none();
            fixes.extend(fix::key_fixes(
                &operator.loaded.live,
                &lines,
                &settings,
                comment,
                &operator_only,
            ));
        }
        for setting in &settings {
            let Some(f) = mendable
                .get(&(setting.line, setting.column))
                .filter(|l| l.rule == Rule::UnknownKey)
            else {
                continue;
            };
            fixes.extend(
                f.suggestions
                    .iter()
                    .filter_map(|suggestion| fix::typo_fix(&lines, setting, suggestion)),
            );
        }
    }
    fixes.dedup();
    // In file order, as `flinkconf validate` lists them (stable: a key's findings keep theirs).
    found.sort_by_key(|l| (l.line, l.column.unwrap_or(0)));
    let base = rules_base();
    let mut diagnostics: Vec<Diagnostic> = found
        .iter()
        .filter_map(|l| diagnostic(doc, l, &base))
        .collect();
    if let Some(error) = &parts.release_error {
        diagnostics.push(Diagnostic {
            range: Range::new(Position::new(0, 0), Position::new(0, 0)),
            severity: Some(DiagnosticSeverity::INFORMATION),
            source: Some(SOURCE.to_owned()),
            message: format!("{error}; checking against the newest release"),
            ..Diagnostic::default()
        });
    }
    Analysis {
        version: doc.version,
        diagnostics,
        fixes,
    }
}

/// As `flinkconf validate` reports them: a value that is wholly a placeholder (`${VAR}`,
/// `{{ .Values.x }}`) is filled in later, so it is not an invalid value but a hint that it was
/// not checked.
fn unchecked(found: &mut Vec<Line>, first: usize, placeholders: Vec<Placeholder>) {
    if placeholders.is_empty() {
        return;
    }
    let at: Vec<(u32, u32)> = placeholders.iter().map(|p| (p.line, p.column)).collect();
    // Only this configuration's findings (from `first` on) are its placeholders'.
    let mut index = 0;
    found.retain(|l| {
        let earlier = index < first;
        index += 1;
        earlier
            || !(l.rule == Rule::InvalidValue
                && l.column.is_some_and(|c| at.contains(&(l.line, c))))
    });
    found.extend(placeholders.iter().map(|p| Line {
        line: p.line,
        column: Some(p.column),
        severity: None,
        message: p.message(),
        rule: Rule::Placeholder,
        suggestions: Vec::new(),
    }));
}

/// The settings of a configuration at their positions in the user's file.
fn file_settings(part: &Part) -> Vec<Setting> {
    let e = &part.embedded;
    let read: Vec<Setting> = match e.legacy {
        true => parse_flink_conf(&e.text)
            .settings()
            .into_iter()
            .map(|s| Setting {
                key: s.key.clone(),
                value: s.value.clone(),
                line: s.line,
                column: s.column,
            })
            .collect(),
        false => read_settings(&e.text, part.flink.loaded).settings,
    };
    read.into_iter()
        .map(|mut s| {
            (s.line, s.column) = e.map.to_file(s.line, s.column);
            s
        })
        .collect()
}

/// The diagnostic of one finding (a hint for a placeholder); other notes (what was checked
/// against what) are not shown.
fn diagnostic(doc: &Document, l: &Line, base: &str) -> Option<Diagnostic> {
    let severity = match (l.severity, l.rule) {
        (Some(Severity::Error), _) => DiagnosticSeverity::ERROR,
        (Some(Severity::Warning), _) => DiagnosticSeverity::WARNING,
        (None, Rule::Placeholder) => DiagnosticSeverity::HINT,
        (None, _) => return None,
    };
    let tags = match l.rule {
        Rule::DeprecatedKey | Rule::DeprecatedOption => Some(vec![DiagnosticTag::DEPRECATED]),
        Rule::NoEffect => Some(vec![DiagnosticTag::UNNECESSARY]),
        _ => None,
    };
    let href = l.rule.help_uri(base).parse::<Uri>().ok();
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

/// The range of the key at `line`, `column` (from 1): the key's characters, or the rest of the
/// line when no key starts there.
pub fn key_range(doc: &Document, line: u32, column: u32) -> Range {
    let text = doc
        .line(line.saturating_sub(1) as usize)
        .unwrap_or_default();
    let from = column.saturating_sub(1);
    match fix::key_token(text, from as usize) {
        Some((_, start, end)) => doc.char_range(line, start as u32, end as u32),
        None => {
            let end = text.chars().count() as u32;
            doc.char_range(line, from.min(end), end)
        }
    }
}
