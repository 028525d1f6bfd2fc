//! The findings a plan reports for each resource: what `flinkconf validate` finds in its new
//! `spec.flinkConfiguration` (against the Flink release its `spec.flinkVersion` names and the
//! operator's catalogue), and the plan's own rules (`spelling-only-change`,
//! `savepoint-redeploy-without-path`, `unknown-spec-field`).

use options_core::layers::Strictness;
use options_docs::source::Loaded;

use super::diff::Change;
use super::rules::DiffType;
use crate::inspect;
use crate::registry::BuiltIn;
use crate::report::Finding;
use crate::resource::Resource;
use crate::rules::{Level, Rule};

/// What the checker finds in the new `spec.flinkConfiguration` of each of `resources`, in order:
/// against the Flink release its `spec.flinkVersion` names (the nearest carried for one that is
/// not, the newest when none), from the registry's catalogues, built once per process.
pub(super) fn checked(resources: &[&Resource], operator: &Loaded) -> Vec<Vec<Finding>> {
    let flink = BuiltIn::Flink;
    resources
        .iter()
        .map(|r| {
            let Some(config) = &r.flink_configuration else {
                return Vec::new();
            };
            let release = r
                .flink_version
                .as_ref()
                .and_then(|v| flink.nearest(&v.version))
                .map_or_else(|| flink.releases().newest(), |near| near.release);
            let checked = flink.checked(release);
            inspect::check_embedded_indexed(
                checked.loaded,
                checked.index,
                Some(operator),
                &config.embedded,
                Strictness::Lenient,
            )
        })
        .collect()
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
