//! The changes the operator sees between two versions of one resource, as its
//! `ReflectiveDiffBuilder` walks them: spec fields by their class's rules (a `Diffable` field
//! field by field when both sides are set, any other as one value), `spec.flinkConfiguration` key
//! by key. Values are compared as text, as the operator compares them after reading the spec
//! (`60 s` and `1 min` differ); a field left out and written at its default are the same.

use std::collections::{BTreeMap, BTreeSet};

use options_core::sensitive::{shown, MASK};
use options_core::Release;

use super::rules::{config_key, default_of, DiffType, FieldRule, Mode, SpecClass};
use crate::resource::{FieldPath, FieldValue, Resource, Segment};

/// One change the operator sees: where, the text before and after (`None`: not written; secrets
/// masked), and its own type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// `spec.job.parallelism`, `spec.flinkConfiguration["execution.checkpointing.interval"]`.
    pub path: String,
    /// For a `spec.flinkConfiguration` change, its key.
    pub key: Option<String>,
    /// The value before (masked when secret).
    pub old: Option<String>,
    /// The value after (masked when secret).
    pub new: Option<String>,
    /// What the operator makes of this change alone.
    pub diff: DiffType,
    /// The line of the new value (of the old one when removed).
    pub line: u32,
    /// The same value or the same option in another spelling (`60 s` -> `1 min`, a deprecated
    /// key -> its new key): nothing changes for Flink, but the operator compares text.
    pub spelling_only: bool,
}

/// What comparing two versions found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Compared {
    /// Every change, in spec order (`flinkConfiguration` last, by key).
    pub changes: Vec<Change>,
    /// Spec fields the operator release does not have (the API server drops them): path, line.
    pub unknown_fields: Vec<(String, u32)>,
}

/// The changes from `old` to `new` of a resource of spec class `class`, in `mode`, under
/// operator `release`.
pub fn compare(
    old: &Resource,
    new: &Resource,
    class: SpecClass,
    mode: Mode,
    release: Release,
) -> Compared {
    let mut out = Compared::default();
    let walk = Walk {
        old: leaves(old),
        new: leaves(new),
        mode,
        release,
    };
    walk.class(class, &FieldPath::spec(&[]), &mut out);
    config(old, new, mode, &mut out.changes);
    out
}

/// A leaf's text and line.
type Leaf = (String, u32);

/// Every scalar (and empty collection) under `spec`, by path, except `spec.flinkConfiguration`
/// (which the model keeps as settings); a null is no value.
fn leaves(resource: &Resource) -> BTreeMap<FieldPath, Leaf> {
    resource
        .fields
        .iter()
        .filter_map(|f| {
            let text = match &f.value {
                FieldValue::Scalar { text, .. } => text.clone(),
                FieldValue::EmptyMapping => "{}".to_owned(),
                FieldValue::EmptySequence => "[]".to_owned(),
                FieldValue::Null | FieldValue::Alias => return None,
            };
            Some((f.path.clone(), (text, f.key_pos.line)))
        })
        .collect()
}

struct Walk {
    old: BTreeMap<FieldPath, Leaf>,
    new: BTreeMap<FieldPath, Leaf>,
    mode: Mode,
    release: Release,
}

impl Walk {
    /// The leaves of one side under `prefix`.
    fn under<'a>(
        side: &'a BTreeMap<FieldPath, Leaf>,
        prefix: &'a FieldPath,
    ) -> impl Iterator<Item = (&'a FieldPath, &'a Leaf)> + 'a {
        side.range(prefix.clone()..)
            .take_while(move |(p, _)| p.starts_with(prefix))
    }

    /// The names of the fields written directly under `prefix` on either side.
    fn names(&self, prefix: &FieldPath) -> BTreeSet<String> {
        let depth = prefix.0.len();
        Self::under(&self.old, prefix)
            .chain(Self::under(&self.new, prefix))
            .filter_map(|(p, _)| match p.0.get(depth) {
                Some(Segment::Key(k)) => Some(k.clone()),
                _ => None,
            })
            .collect()
    }

    fn class(&self, class: SpecClass, prefix: &FieldPath, out: &mut Compared) {
        for name in self.names(prefix) {
            if prefix.0.len() == 1 && name == "flinkConfiguration" {
                continue;
            }
            let path = prefix.child(Segment::Key(name.clone()));
            let Some(rule) = class.field(&name, self.release) else {
                if let Some((_, (_, line))) = Self::under(&self.new, &path).next() {
                    out.unknown_fields.push((path.to_string(), *line));
                }
                continue;
            };
            let (had, has) = (
                Self::under(&self.old, &path).next().is_some(),
                Self::under(&self.new, &path).next().is_some(),
            );
            match (rule, class.nested(&name)) {
                (FieldRule::Recurse, Some(nested)) if had && has => {
                    self.class(nested, &path, out);
                }
                (FieldRule::Recurse, _) => self.value(&path, DiffType::Upgrade, false, out),
                (FieldRule::Value { on_null_ignore, .. }, _) => {
                    let diff = rule.diff(self.mode).unwrap_or(DiffType::Upgrade);
                    self.value(&path, diff, on_null_ignore, out);
                }
            }
        }
    }

    /// A field compared as one value: every leaf under `path` that differs is a change of type
    /// `diff`; nothing when the new side has no value and `on_null_ignore`.
    fn value(&self, path: &FieldPath, diff: DiffType, on_null_ignore: bool, out: &mut Compared) {
        let text = path.to_string();
        let with_default = |side: &BTreeMap<FieldPath, Leaf>| -> BTreeMap<String, Leaf> {
            let mut values: BTreeMap<String, Leaf> = Self::under(side, path)
                .map(|(p, leaf)| (p.to_string(), leaf.clone()))
                .collect();
            if values.is_empty() {
                if let Some(default) = default_of(&text) {
                    values.insert(text.clone(), (default.to_owned(), 0));
                }
            }
            values
        };
        let (before, after) = (with_default(&self.old), with_default(&self.new));
        if on_null_ignore && Self::under(&self.new, path).next().is_none() {
            return;
        }
        let same = before.len() == after.len()
            && before
                .iter()
                .zip(&after)
                .all(|((p, (a, _)), (q, (b, _)))| p == q && a == b);
        if same {
            return;
        }
        let paths: BTreeSet<&String> = before.keys().chain(after.keys()).collect();
        for p in paths {
            let (b, a) = (before.get(p), after.get(p));
            if matches!((b, a), (Some((x, _)), Some((y, _))) if x == y) {
                continue;
            }
            let line = a.or(b).map_or(0, |(_, line)| *line);
            out.changes.push(Change {
                path: p.clone(),
                key: None,
                old: b.map(|(v, _)| masked(p, v)),
                new: a.map(|(v, _)| masked(p, v)),
                diff,
                line,
                spelling_only: false,
            });
        }
    }
}

/// A spec value as shown: masked when its path names a secret, and any environment variable's
/// value of a pod template (its name, in a sibling field, may name one).
fn masked(path: &str, value: &str) -> String {
    if path.contains(".env[") && path.ends_with(".value") {
        return MASK.to_owned();
    }
    shown(path, value).to_owned()
}

/// The `spec.flinkConfiguration` changes, key by key (the last setting of a key counts).
fn config(old: &Resource, new: &Resource, mode: Mode, out: &mut Vec<Change>) {
    let settings = |r: &Resource| -> BTreeMap<String, (String, u32)> {
        r.flink_configuration
            .iter()
            .flat_map(|c| c.settings.iter())
            .map(|s| (s.key.clone(), (s.value.clone(), s.line)))
            .collect()
    };
    let (before, after) = (settings(old), settings(new));
    let keys: BTreeSet<&String> = before.keys().chain(after.keys()).collect();
    for key in keys {
        let (b, a) = (before.get(key), after.get(key));
        if matches!((b, a), (Some((x, _)), Some((y, _))) if x == y) {
            continue;
        }
        let path = FieldPath::spec(&["flinkConfiguration"])
            .child(Segment::Key(key.clone()))
            .to_string();
        out.push(Change {
            path,
            key: Some(key.clone()),
            old: b.map(|(v, _)| shown(key, v).to_owned()),
            new: a.map(|(v, _)| shown(key, v).to_owned()),
            diff: config_key(key, mode),
            line: a.or(b).map_or(0, |(_, line)| *line),
            spelling_only: false,
        });
    }
}
