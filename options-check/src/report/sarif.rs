//! The SARIF 2.1.0 report: one rule per finding kind (every rule listed, so `ruleIndex` is stable),
//! a result per error, warning and note with its file and position.

use serde_json::{json, Map, Value};

use super::model::Report;
use crate::rules::Rule;

/// The SARIF log of a run. Each rule carries its page's text (`help.text`, `help.markdown`, which
/// code scanning shows beside a result), and a link to it only when the report knows where the
/// reference site is published ([`Report::docs_url`]). A run that stopped says why in
/// `invocations[].toolExecutionNotifications`.
pub fn render(report: &Report) -> String {
    let rules: Vec<Value> = Rule::ALL
        .iter()
        .map(|r| {
            let mut rule = json!({
                "id": r.id(),
                "shortDescription": { "text": r.summary() },
                "help": {
                    "text": options_core::wording::plain(r.page_text()),
                    "markdown": r.page_text(),
                },
                "defaultConfiguration": { "level": r.default_level().name() },
            });
            if let Some(docs) = &report.docs_url {
                rule["helpUri"] = json!(r.page_url(docs));
            }
            rule
        })
        .collect();
    let notifications: Vec<Value> = report
        .run_errors
        .iter()
        .map(|e| json!({ "level": "error", "message": { "text": e } }))
        .collect();
    let mut results = Vec::new();
    for f in &report.files {
        for x in &f.findings {
            let mut location = Map::new();
            location.insert("artifactLocation".into(), json!({ "uri": uri(&f.path) }));
            if x.line > 0 {
                let mut region = Map::new();
                region.insert("startLine".into(), json!(x.line));
                if let Some(column) = x.column {
                    region.insert("startColumn".into(), json!(column));
                }
                location.insert("region".into(), Value::Object(region));
            }
            let index = Rule::ALL.iter().position(|r| *r == x.rule).unwrap_or(0);
            results.push(json!({
                "ruleId": x.rule.id(),
                "ruleIndex": index,
                "level": x.level.name(),
                "message": { "text": x.message },
                "locations": [ { "physicalLocation": Value::Object(location) } ],
            }));
        }
    }
    let value = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [ {
            "tool": { "driver": {
                "name": options_core::tool::TOOL,
                "version": env!("CARGO_PKG_VERSION"),
                "informationUri": env!("CARGO_PKG_REPOSITORY"),
                "rules": rules,
            } },
            "columnKind": "unicodeCodePoints",
            "invocations": [ {
                "executionSuccessful": report.run_errors.is_empty(),
                "toolExecutionNotifications": notifications,
            } ],
            "results": results,
        } ],
    });
    let mut text = serde_json::to_string_pretty(&value).unwrap_or_default();
    text.push('\n');
    text
}

/// A path as a relative URI reference: `/` separators, no `./`, and every byte outside the
/// unreserved set and `/` percent-encoded.
pub fn uri(path: &str) -> String {
    let path = path.replace('\\', "/");
    let path = path.strip_prefix("./").unwrap_or(&path);
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}
