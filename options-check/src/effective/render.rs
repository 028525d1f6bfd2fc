//! `flinkconf effective`'s outputs: a table per deployment (text) and the JSON document its
//! schema describes (`options-check/schema/effective.schema.json`). Secret values are masked in
//! both.

use std::fmt::Write as _;

use serde_json::{json, Value};

use super::layer::{ValueSource, Written};
use super::{Deployment, Effective, Entry, Target};
use crate::report::Finding;

/// The version of the JSON shape: within one version fields are only added.
pub const JSON_VERSION: u32 = 1;

/// What to show.
#[derive(Clone, Copy, Debug, Default)]
pub struct View<'a> {
    /// Only this key (`--key`).
    pub key: Option<&'a str>,
    /// The operator release the run used (`1.15`), for the headings; `None` outside
    /// Kubernetes.
    pub operator_release: Option<&'a str>,
    /// The operator configuration file, when one was given.
    pub operator_file: Option<&'a str>,
}

impl View<'_> {
    fn shows(&self, setting: &Entry) -> bool {
        self.key.is_none_or(|k| k == setting.key)
    }

    /// With `--key`, the findings about that key only.
    fn shows_finding(&self, finding: &Finding) -> bool {
        self.key.is_none_or(|k| finding.message.contains(k))
    }
}

/// A value as shown: masked when its key holds a secret.
fn shown<'v>(key: &str, value: &'v str) -> &'v str {
    options_core::sensitive::shown(key, value)
}

/// The text report: per deployment, a heading, a table of key, value, layer and source with
/// the values each setting shadows below it, and the findings.
pub fn text(run: &Effective, view: &View<'_>) -> String {
    let mut out = String::new();
    if let Some(file) = view.operator_file {
        for f in run
            .operator_findings
            .iter()
            .filter(|f| view.shows_finding(f))
        {
            finding_line(&mut out, file, f);
        }
        if run.operator_findings.iter().any(|f| view.shows_finding(f)) {
            out.push('\n');
        }
    }
    for (i, d) in run.deployments.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        deployment_text(&mut out, d, view);
    }
    out
}

fn deployment_text(out: &mut String, d: &Deployment, view: &View<'_>) {
    let _ = match (d.kind, view.operator_release) {
        (Target::Conf, _) | (_, None) => {
            writeln!(out, "{} {} (Flink {})", d.kind, d.name, d.flink_release)
        }
        (_, Some(operator)) => writeln!(
            out,
            "{} {}/{} ({}:{}; Flink {}; operator {operator})",
            d.kind, d.namespace, d.name, d.file, d.line, d.flink_release
        ),
    };
    let settings: Vec<&Entry> = d.settings.iter().filter(|s| view.shows(s)).collect();
    if settings.is_empty() {
        let _ = writeln!(
            out,
            "  {}",
            match view.key {
                Some(k) => format!("{k} is not set (and has no default)"),
                None => "no settings".to_owned(),
            }
        );
    }
    // Column widths over what is shown (values capped, so one long value does not push every
    // row right).
    const VALUE_CAP: usize = 40;
    const KEY_CAP: usize = 48;
    let key_width = settings
        .iter()
        .map(|s| s.key.chars().count().min(KEY_CAP))
        .max()
        .unwrap_or(3)
        .max(3);
    let value_width = settings
        .iter()
        .flat_map(|s| {
            std::iter::once(shown(&s.key, &s.value))
                .chain(s.shadows.iter().map(|w| shown(&s.key, &w.value)))
        })
        .map(|v| v.chars().count().min(VALUE_CAP))
        .max()
        .unwrap_or(5)
        .max(5);
    let layer_width = "operator-namespace-default".len();
    if !settings.is_empty() {
        let _ = writeln!(
            out,
            "  {:key_width$}  {:value_width$}  {:layer_width$}  SOURCE",
            "KEY", "VALUE", "LAYER"
        );
    }
    for s in settings {
        row(
            out,
            &s.key,
            shown(&s.key, &s.value),
            &s.source,
            (key_width, value_width, layer_width),
        );
        for w in &s.shadows {
            shadow_row(out, &s.key, w, (key_width, value_width, layer_width));
        }
    }
    for f in d.findings.iter().filter(|f| view.shows_finding(f)) {
        finding_line(out, &d.file, f);
    }
}

fn row(
    out: &mut String,
    key: &str,
    value: &str,
    source: &ValueSource,
    (k, v, l): (usize, usize, usize),
) {
    let line = format!(
        "  {key:k$}  {value:v$}  {:l$}  {}",
        source.layer.name(),
        place(source)
    );
    out.push_str(line.trim_end());
    out.push('\n');
}

fn shadow_row(out: &mut String, key: &str, w: &Written, (k, v, l): (usize, usize, usize)) {
    let line = format!(
        "  {:>k$}  {:v$}  {:l$}  {}",
        "shadows",
        shown(key, &w.value),
        w.source.layer.name(),
        place(&w.source)
    );
    out.push_str(line.trim_end());
    out.push('\n');
}

/// Where a value was written, for the text table: `file:line:column spec.path`, and when it is
/// set only when absent, that.
fn place(source: &ValueSource) -> String {
    let mut text = String::new();
    if let Some(file) = &source.file {
        text.push_str(file);
        if let Some(line) = source.line {
            let _ = write!(text, ":{line}");
            if let Some(column) = source.column {
                let _ = write!(text, ":{column}");
            }
        }
    }
    if let Some(path) = &source.path {
        if !text.is_empty() {
            text.push(' ');
        }
        text.push_str(path);
    }
    // Written by no line of the user's: where the operator's source writes it.
    if let (None, Some(cite)) = (&source.file, &source.operator_source) {
        let short = cite.split(' ').next().unwrap_or(cite);
        let _ = write!(text, " [{short}]");
    }
    if source.only_if_absent {
        text.push_str(" (when unset)");
    }
    text
}

fn finding_line(out: &mut String, file: &str, f: &Finding) {
    let column = f.column.map(|c| format!(":{c}")).unwrap_or_default();
    let _ = writeln!(
        out,
        "{file}:{}{column}: {}: {} [{}]",
        f.line,
        f.level.name(),
        f.message,
        f.rule.id()
    );
}

/// The JSON document (version [`JSON_VERSION`]).
pub fn json(run: &Effective, view: &View<'_>) -> String {
    let deployments: Vec<Value> = run
        .deployments
        .iter()
        .map(|d| {
            let settings: Vec<Value> = d
                .settings
                .iter()
                .filter(|s| view.shows(s))
                .map(|s| {
                    let shadows: Vec<Value> = s
                        .shadows
                        .iter()
                        .map(|w| json!({ "value": shown(&s.key, &w.value), "source": source_json(&w.source) }))
                        .collect();
                    json!({
                        "key": s.key,
                        "value": shown(&s.key, &s.value),
                        "source": source_json(&s.source),
                        "shadows": shadows,
                    })
                })
                .collect();
            json!({
                "kind": d.kind.name(),
                "namespace": d.namespace,
                "name": d.name,
                "file": d.file,
                "line": d.line,
                "flink_release": d.flink_release,
                "settings": settings,
                "findings": findings_json(d.findings.iter().filter(|f| view.shows_finding(f))),
            })
        })
        .collect();
    let operator = view
        .operator_file
        .map(|file| json!({ "file": file, "findings": findings_json(run.operator_findings.iter().filter(|f| view.shows_finding(f))) }));
    let value = json!({
        "version": JSON_VERSION,
        "tool": { "name": options_core::tool::TOOL, "version": env!("CARGO_PKG_VERSION") },
        "operator_release": view.operator_release,
        "operator_config": operator,
        "deployments": deployments,
    });
    let mut text = serde_json::to_string_pretty(&value).unwrap_or_default();
    text.push('\n');
    text
}

fn source_json(s: &ValueSource) -> Value {
    json!({
        "layer": s.layer.name(),
        "file": s.file,
        "line": s.line,
        "column": s.column,
        "path": s.path,
        "operator_source": s.operator_source,
        "only_if_absent": s.only_if_absent,
    })
}

fn findings_json<'f>(findings: impl Iterator<Item = &'f Finding>) -> Vec<Value> {
    findings
        .map(|f| {
            json!({
                "rule": f.rule.id(),
                "level": f.level.name(),
                "line": f.line,
                "column": f.column,
                "message": f.message,
            })
        })
        .collect()
}
