//! Code actions: the checker's fixes at the keys a request's range covers, each a quick fix tied
//! to its diagnostic ("did you mean" preferred when it is the only candidate, a deprecated key
//! renamed to every option that reads it, a key the release does not read commented out with the
//! reason), and `source.fixAll` applying every safe fix of the document at once.

use std::collections::HashMap;

use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams, Diagnostic, NumberOrString,
    TextEdit, WorkspaceEdit,
};
use options_check::fix::{Fix, FixKind};

use crate::diagnostics::{key_range, Analysis};
use crate::documents::Document;

/// The kind of the action applying every safe fix.
pub fn fix_all_kind() -> CodeActionKind {
    CodeActionKind::SOURCE_FIX_ALL
}

/// The actions for `params` on `doc`, from its latest analysis.
pub fn actions(
    doc: &Document,
    analysis: &Analysis,
    params: &CodeActionParams,
) -> Vec<CodeActionOrCommand> {
    let only = params.context.only.as_deref();
    let wants = |kind: &CodeActionKind| {
        only.is_none_or(|only| {
            only.iter().any(|o| {
                kind.as_str() == o.as_str()
                    || kind.as_str().starts_with(&format!("{}.", o.as_str()))
            })
        })
    };
    let mut out = Vec::new();
    if wants(&CodeActionKind::QUICKFIX) {
        let range = params.range;
        for fix in &analysis.fixes {
            let at = key_range(doc, fix.line, fix.column);
            let touches = at.start.line <= range.end.line && range.start.line <= at.end.line;
            if !touches {
                continue;
            }
            let diagnostic = analysis
                .diagnostics
                .iter()
                .find(|d| d.range == at && fixes_rule(fix.kind, d));
            let candidates = analysis
                .fixes
                .iter()
                .filter(|f| f.kind == FixKind::Typo && f.line == fix.line && f.column == fix.column)
                .count();
            out.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: fix.title.clone(),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: diagnostic.map(|d| vec![d.clone()]),
                edit: Some(workspace_edit(doc, [fix])),
                is_preferred: Some(match fix.kind {
                    FixKind::Typo => candidates == 1,
                    FixKind::Rename | FixKind::CommentOut => true,
                }),
                ..CodeAction::default()
            }));
        }
    }
    let safe: Vec<&Fix> = analysis.fixes.iter().filter(|f| f.safe).collect();
    if wants(&fix_all_kind()) && !safe.is_empty() {
        out.push(CodeActionOrCommand::CodeAction(CodeAction {
            title: format!("Fix all safe problems ({})", safe.len()),
            kind: Some(fix_all_kind()),
            edit: Some(workspace_edit(doc, safe)),
            ..CodeAction::default()
        }));
    }
    out
}

/// Whether a fix of `kind` mends the finding of `d`.
fn fixes_rule(kind: FixKind, d: &Diagnostic) -> bool {
    let Some(NumberOrString::String(code)) = &d.code else {
        return false;
    };
    match kind {
        FixKind::Typo => code == "unknown-key",
        FixKind::Rename => code == "deprecated-key",
        FixKind::CommentOut => code == "removed-key" || code == "no-effect",
    }
}

/// One edit of the document holding every edit of `fixes`, two fixes of one line kept apart.
// `WorkspaceEdit::changes` is keyed by `Uri`, whose parsed form clippy counts as mutable; the map
// is built here and only read by the client.
#[allow(clippy::mutable_key_type)]
fn workspace_edit<'f>(doc: &Document, fixes: impl IntoIterator<Item = &'f Fix>) -> WorkspaceEdit {
    let mut edits: Vec<TextEdit> = Vec::new();
    let mut taken: Vec<(u32, u32, u32)> = Vec::new();
    for fix in fixes {
        let clashes = fix.edits.iter().any(|e| {
            taken.iter().any(|&(line, from, to)| {
                line == e.line && e.from < to.max(from + 1) && from < e.to.max(e.from + 1)
            })
        });
        if clashes {
            continue;
        }
        for e in &fix.edits {
            taken.push((e.line, e.from, e.to));
            edits.push(TextEdit {
                range: doc.char_range(e.line, e.from, e.to),
                new_text: e.with.clone(),
            });
        }
    }
    let mut changes = HashMap::new();
    changes.insert(doc.uri.clone(), edits);
    WorkspaceEdit {
        changes: Some(changes),
        ..WorkspaceEdit::default()
    }
}
