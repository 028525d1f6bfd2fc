//! The JSON report, version 1 (its JSON Schema: `options-check/schema/report.schema.json`).

use serde_json::{json, Value};

use super::model::Report;

/// The version of the JSON report's shape: a field is only ever added within one version.
pub const JSON_VERSION: u32 = 1;

/// The JSON report of a run.
pub fn render(report: &Report) -> String {
    let t = report.totals();
    let files: Vec<Value> = report
        .files
        .iter()
        .map(|f| {
            let findings: Vec<Value> = f
                .findings
                .iter()
                .map(|x| {
                    json!({
                        "rule": x.rule.id(),
                        "level": x.level.name(),
                        "line": x.line,
                        "column": x.column,
                        "message": x.message,
                    })
                })
                .collect();
            json!({
                "path": f.path,
                "kind": f.kind.name(),
                "skipped": f.skipped,
                "findings": findings,
            })
        })
        .collect();
    let mut value = json!({
        "version": JSON_VERSION,
        "tool": { "name": options_core::tool::TOOL, "version": env!("CARGO_PKG_VERSION") },
        "summary": {
            "checked": t.checked,
            "skipped": t.skipped,
            "unreadable": t.unreadable,
            "errors": t.errors,
            "warnings": t.warnings,
            "notes": t.notes,
        },
        "files": files,
    });
    if !report.run_errors.is_empty() {
        value["run_errors"] = json!(report.run_errors);
    }
    let mut text = serde_json::to_string_pretty(&value).unwrap_or_default();
    text.push('\n');
    text
}
