//! The findings a plan reports for each resource: what `flinkconf validate` finds in its new
//! `spec.flinkConfiguration` (against the Flink release its `spec.flinkVersion` names and the
//! operator's catalogue), and the plan's own rules (`spelling-only-change`,
//! `savepoint-redeploy-without-path`, `unknown-spec-field`).

use std::collections::BTreeMap;

use options_core::layers::Strictness;
use options_docs::keys::ModelKeyIndex;
use options_docs::source::Loaded;

use super::diff::Change;
use super::rules::DiffType;
use crate::inspect;
use crate::report::Finding;
use crate::resource::Resource;
use crate::rules::{Level, Rule};

/// What the checker finds in the new `spec.flinkConfiguration` of each of `resources`, in order:
/// one catalogue (and one key index) per Flink release, however many resources name it.
pub(super) fn checked(resources: &[&Resource], operator: &Loaded) -> Vec<Vec<Finding>> {
    let mut by_release: BTreeMap<Option<String>, Vec<usize>> = BTreeMap::new();
    for (i, r) in resources.iter().enumerate() {
        let release = r.flink_version.as_ref().map(|v| v.version.clone());
        by_release.entry(release).or_default().push(i);
    }
    let mut out = vec![Vec::new(); resources.len()];
    for (release, indexes) in by_release {
        let Ok(loaded) = crate::builtin::for_checking(release.as_deref()) else {
            continue;
        };
        let index = ModelKeyIndex::new(&loaded.doc);
        for i in indexes {
            let Some(config) = &resources[i].flink_configuration else {
                continue;
            };
            out[i] = inspect::check_embedded_indexed(
                &loaded,
                &index,
                Some(operator),
                &config.embedded,
                Strictness::Lenient,
            )
            .into_iter()
            .map(Finding::from)
            .collect();
        }
    }
    out
}

/// A finding of the plan's own `rule` at `line`.
fn finding(rule: Rule, line: u32, message: String) -> Finding {
    Finding {
        rule,
        level: rule.default_level(),
        line,
        column: None,
        message,
        suggestions: Vec::new(),
        fixes: Vec::new(),
    }
}

/// The plan's own findings about a resource's changes.
pub(super) fn of_changes(
    new: &Resource,
    changes: &[Change],
    unknown_fields: &[(String, u32)],
    operator: &str,
) -> Vec<Finding> {
    let mut out = Vec::new();
    for c in changes.iter().filter(|c| c.spelling_only) {
        let restart = if c.diff >= DiffType::Upgrade {
            format!(
                "the operator compares text and restarts the job ({})",
                c.diff
            )
        } else {
            format!("the operator still counts it ({})", c.diff)
        };
        let (old, new) = (
            c.old.as_deref().unwrap_or("(unset)"),
            c.new.as_deref().unwrap_or("(unset)"),
        );
        out.push(finding(
            Rule::SpellingOnlyChange,
            c.line,
            format!("{} changes only in spelling ({old} -> {new}): Flink reads the same value, but {restart}", c.path),
        ));
    }
    let redeploy = changes
        .iter()
        .find(|c| c.diff == DiffType::SavepointRedeploy);
    if let Some(c) = redeploy {
        if new.spec_text(&["job", "initialSavepointPath"]).is_none() {
            out.push(finding(
                Rule::SavepointRedeployWithoutPath,
                c.line,
                "a new job.savepointRedeployNonce needs job.initialSavepointPath: the operator refuses the change".to_owned(),
            ));
        }
    }
    for (path, line) in unknown_fields {
        out.push(finding(
            Rule::UnknownSpecField,
            *line,
            format!(
                "{path} is not a field of the operator {operator}'s spec: the API server drops it"
            ),
        ));
    }
    debug_assert!(out.iter().all(|f| f.level != Level::Note));
    out
}
