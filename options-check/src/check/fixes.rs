//! The fixes of a configuration's findings ([`crate::fix`]): each finding a fix can mend (a
//! deprecated spelling, a key the release does not read, a setting without effect, an unknown key
//! with suggestions) gets the edits that mend it where it is written.

use std::collections::HashSet;

use crate::finding::Finding;
use crate::fix::{self, FixKind};
use crate::resolve::Target;
use crate::rules::Rule;
use crate::settings::read_settings;
use options_core::Setting;

/// Whether a fix can mend a finding of `rule`.
fn mendable(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::DeprecatedKey | Rule::RemovedKey | Rule::NoEffect | Rule::UnknownKey
    )
}

/// Whether `kind` mends a finding of `rule`.
fn mends(kind: FixKind, rule: Rule) -> bool {
    match kind {
        FixKind::Typo => rule == Rule::UnknownKey,
        FixKind::Rename => rule == Rule::DeprecatedKey,
        FixKind::CommentOut => matches!(rule, Rule::RemovedKey | Rule::NoEffect),
    }
}

/// Gives each of `findings` (the findings of `target`, a SQL script when `sql`, at file
/// positions in `text`) the fixes that mend it.
pub(super) fn attach(findings: &mut [Finding], target: &Target, text: &str, sql: bool) {
    let at: HashSet<(u32, u32)> = findings
        .iter()
        .filter(|f| mendable(f.rule))
        .filter_map(|f| Some((f.line, f.column?)))
        .collect();
    if at.is_empty() {
        return;
    }
    // Read again only when there is something to mend: a large clean file costs nothing more.
    let lines: Vec<&str> = text.split('\n').collect();
    let (settings, comment) = match sql {
        true => (crate::sql::set_statements(text).0, "-- "),
        false => (file_settings(target), "# "),
    };
    let rule_at = |s: &Setting, keep: &dyn Fn(Rule) -> bool| {
        findings
            .iter()
            .any(|f| f.line == s.line && f.column == Some(s.column) && keep(f.rule))
    };
    let renamed = |s: &Setting| rule_at(s, &|r| mendable(r) && r != Rule::UnknownKey);
    let flink = &target.flink.checked.loaded.live;
    let mut fixes = fix::key_fixes(flink, &lines, &settings, comment, &renamed);
    // A manifest's or the operator's own file also holds the operator's keys: its old spellings
    // (`kubernetes.operator.job.autoscaler.*`) are renamed to its current keys, as `migrate`
    // renames them (a key Flink knows is left to Flink's fixes above).
    if let Some(operator) = target.operator.as_ref().filter(|_| !sql) {
        let operator_only = |s: &Setting| renamed(s) && flink.resolve(&s.key).is_none();
        fixes.extend(fix::key_fixes(
            &operator.checked.loaded.live,
            &lines,
            &settings,
            comment,
            &operator_only,
        ));
    }
    for s in &settings {
        let Some(unknown) = findings
            .iter()
            .find(|f| f.rule == Rule::UnknownKey && f.line == s.line && f.column == Some(s.column))
        else {
            continue;
        };
        fixes.extend(
            unknown
                .suggestions
                .iter()
                .filter_map(|suggestion| fix::typo_fix(&lines, s, suggestion)),
        );
    }
    fixes.dedup();
    for fix in fixes {
        let here = |f: &Finding| f.line == fix.line && f.column == Some(fix.column);
        let owner = findings
            .iter()
            .position(|f| here(f) && mends(fix.kind, f.rule))
            .or_else(|| findings.iter().position(|f| here(f) && mendable(f.rule)));
        if let Some(i) = owner {
            findings[i].fixes.push(fix);
        }
    }
}

/// The settings of a configuration at their positions in the user's file.
fn file_settings(target: &Target) -> Vec<Setting> {
    let e = &target.embedded;
    let read: Vec<Setting> = match e.legacy {
        true => options_flink::legacy::parse_flink_conf(&e.text)
            .settings()
            .into_iter()
            .cloned()
            .collect(),
        false => read_settings(&e.text, target.flink.checked.loaded).settings,
    };
    read.into_iter()
        .map(|mut s| {
            (s.line, s.column) = e.map.to_file(s.line, s.column);
            s
        })
        .collect()
}
