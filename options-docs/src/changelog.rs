//! `flinkconf diff OLD NEW`: a Markdown changelog between two catalogues.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use options_core::wording;

use crate::engine::EngineDoc;
use crate::format::default_text;
use crate::model::{CatalogueDoc, OptionDoc};

/// The Markdown changelog from `old` to `new`: added, removed, changed (default, type, scope) and
/// newly deprecated options, each list sorted by key; `No changes.` when there are none.
pub fn changelog(old: &CatalogueDoc, new: &CatalogueDoc) -> String {
    let old_keys = index(old);
    let new_keys = index(new);
    let added: Vec<&OptionDoc> = new_keys
        .iter()
        .filter(|(k, _)| !old_keys.contains_key(*k))
        .map(|(_, o)| *o)
        .collect();
    let removed: Vec<&OptionDoc> = old_keys
        .iter()
        .filter(|(k, _)| !new_keys.contains_key(*k))
        .map(|(_, o)| *o)
        .collect();
    let mut changed = Vec::new();
    let mut deprecated = Vec::new();
    for (key, after) in &new_keys {
        let Some(before) = old_keys.get(key) else {
            continue;
        };
        let mut changes = Vec::new();
        let (d0, d1) = (
            default_text(before, &old.engine),
            default_text(after, &new.engine),
        );
        if d0 != d1 {
            changes.push(format!("default `{d0}` → `{d1}`"));
        }
        if before.value_type != after.value_type {
            changes.push(format!(
                "type `{}` → `{}`",
                type_label(before),
                type_label(after)
            ));
        }
        if before.scope != after.scope {
            changes.push(format!("scope `{}` → `{}`", before.scope, after.scope));
        }
        let (c0, c1) = (constraint_label(before), constraint_label(after));
        if c0 != c1 {
            changes.push(format!("accepts {c0} → {c1}"));
        }
        let (r0, r1) = (relation_label(before), relation_label(after));
        if r0 != r1 {
            changes.push(format!("applies {r0} → {r1}"));
        }
        if before.startup_only != after.startup_only {
            changes.push(format!(
                "startup only {} → {}",
                before.startup_only, after.startup_only
            ));
        }
        if before.since != after.since {
            changes.push(format!(
                "since {} → {}",
                before.since.as_deref().unwrap_or("(none)"),
                after.since.as_deref().unwrap_or("(none)")
            ));
        }
        if before.deprecated && after.deprecated && before.deprecation != after.deprecation {
            changes.push(format!(
                "deprecation note {} → {}",
                deprecation_label(before),
                deprecation_label(after)
            ));
        }
        if !changes.is_empty() {
            changed.push(format!("- `{key}`: {}", changes.join("; ")));
        }
        if after.deprecated && !before.deprecated {
            deprecated.push(format!("- `{key}`{}", deprecation_suffix(after)));
        }
    }

    let mut text = String::from("# Configuration changes\n");
    let mut list = |title: &str, lines: Vec<String>| {
        if !lines.is_empty() {
            let _ = write!(text, "\n## {title}\n\n{}\n", lines.join("\n"));
        }
    };
    list(
        "Added",
        added.iter().map(|o| describe(o, &new.engine)).collect(),
    );
    list(
        "Removed",
        removed.iter().map(|o| format!("- `{}`", o.key)).collect(),
    );
    list("Changed", changed);
    list("Newly deprecated", deprecated);
    if text.lines().count() == 1 {
        text.push_str("\nNo changes.\n");
    }
    text
}

fn index(doc: &CatalogueDoc) -> BTreeMap<&str, &OptionDoc> {
    doc.options().map(|(_, o)| (o.key.as_str(), o)).collect()
}

fn describe(o: &OptionDoc, engine: &EngineDoc) -> String {
    format!(
        "- `{}` ({}, default `{}`, scope `{}`)",
        o.key,
        type_label(o),
        default_text(o, engine),
        o.scope
    )
}

fn type_label(o: &OptionDoc) -> String {
    if o.value_type.enum_values.is_empty() {
        o.value_type.name.clone()
    } else {
        format!(
            "{} of {}",
            o.value_type.name,
            o.value_type.enum_values.join(", ")
        )
    }
}

/// The constraint as a changelog reads it: `any value`, ``at least `1` ``,
/// ``one of `a`, `b` (any case) ``.
fn constraint_label(o: &OptionDoc) -> String {
    let c = &o.constraint;
    let mut parts: Vec<String> = wording::range(c.min.as_ref(), c.max.as_ref())
        .into_iter()
        .collect();
    if !c.one_of.is_empty() {
        parts.push(wording::one_of(&c.one_of));
    }
    if parts.is_empty() {
        "any value".to_owned()
    } else {
        parts.join(", ")
    }
}

/// The relation as a changelog reads it: `always`, ``only used when `k` is `v` ``, and the
/// requirement while it holds (``must be above `0 ms` while `k` is `v` ``).
fn relation_label(o: &OptionDoc) -> String {
    match &o.only_when {
        Some(r) => {
            let mut label = wording::only_when(&r.key, &r.value);
            if let Some(bound) = &r.then_above {
                label.push_str("; ");
                label.push_str(&wording::then_above(bound, &r.key, &r.value));
            }
            label
        }
        None => "always".to_owned(),
    }
}

fn deprecation_label(o: &OptionDoc) -> String {
    match &o.deprecation {
        Some(d) => format!("\"{}: {}\"", d.since, d.note),
        None => "(none)".to_owned(),
    }
}

fn deprecation_suffix(o: &OptionDoc) -> String {
    match &o.deprecation {
        Some(d) => format!(" (since {}: {})", d.since, d.note),
        None => String::new(),
    }
}
