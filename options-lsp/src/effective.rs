//! What the Flink Kubernetes operator hands to Flink for a key of a manifest, for the hover: when
//! the settings in force name the operator's configuration (`flinkconf.toml`'s
//! `operator-config`, or the editor's `operatorConfig`; the resolver reads it once), the key's
//! effective value in the resource the cursor is in, the layer and place it comes from, and the
//! values it shadows ([`options_check::effective`]). A secret's value is masked.

use std::fmt::Write as _;

use options_check::effective::{self, Manifest, Request, ValueSource};
use options_check::resource;

use crate::documents::Document;
use crate::parts::Parts;

/// The Markdown lines about `key` (as the resource reads it) at `line` (from 1) of `doc`, or
/// `None` when the document is no manifest, the project names no operator configuration, or it
/// cannot be read.
pub fn note(doc: &Document, parts: &Parts, key: &str, line: u32) -> Option<String> {
    let operator = parts.resolution.operator_config.as_deref()?;
    let path = parts.resolution.settings.operator_config.as_ref()?;
    let resources = resource::read(doc.text());
    // The resource whose document holds the line: the last one starting at or before it.
    let index = resources.resources.iter().rposition(|r| r.line <= line)?;
    let file = doc
        .path()
        .map(|p| p.display().to_string())
        .unwrap_or_default();
    let manifests = [Manifest::new(file.clone(), resources)];
    let run = effective::effective(&manifests, Some(operator), &Request::default());
    let deployment = run.deployments.get(index)?;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "**Effective** for {} {}/{} (operator configuration {}):\n",
        deployment.kind,
        deployment.namespace,
        deployment.name,
        path.display()
    );
    match deployment.setting(key) {
        None => {
            let _ = writeln!(
                out,
                "`{key}` is not set by any layer: Flink's default applies."
            );
        }
        Some(s) => {
            let shown = options_core::sensitive::shown(key, &s.value);
            let _ = writeln!(out, "- `{shown}` from {}", place(&s.source, &file));
            for w in &s.shadows {
                let shown = options_core::sensitive::shown(key, &w.value);
                let _ = writeln!(out, "- shadows `{shown}` from {}", place(&w.source, &file));
            }
        }
    }
    Some(out)
}

/// `layer (line 12, spec.path)`, the file named when it is not the document.
fn place(source: &ValueSource, file: &str) -> String {
    let mut parts = Vec::new();
    match (&source.file, source.line) {
        (Some(f), Some(l)) if f == file => parts.push(format!("line {l}")),
        (Some(f), Some(l)) => parts.push(format!("{f}:{l}")),
        _ => {}
    }
    if let Some(path) = &source.path {
        parts.push(path.clone());
    }
    match parts.is_empty() {
        true => source.layer.name().to_owned(),
        false => format!("{} ({})", source.layer.name(), parts.join(", ")),
    }
}
