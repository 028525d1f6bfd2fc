//! A resource's spec as fields: every value under `spec` (scalars, and empty mappings and
//! sequences) with its path and where it is written.

use std::fmt;

use yaml_rust2::scanner::TScalarStyle;

use crate::input::nodes::{Node, Pos};

/// One step of a [`FieldPath`]: a mapping key or a sequence index.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Segment {
    /// A mapping's key (`jobManager`).
    Key(String),
    /// A sequence's item, from 0.
    Index(usize),
}

/// Where a field is in its resource: `spec.jobManager.resource.memory`,
/// `spec.podTemplate.spec.containers[0].name`; a key holding a dot or a bracket is quoted
/// (`metadata.annotations["app.kubernetes.io/name"]`).
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FieldPath(pub Vec<Segment>);

impl FieldPath {
    /// The path of `spec.<keys...>`.
    pub fn spec(keys: &[&str]) -> Self {
        let mut path = vec![Segment::Key("spec".to_owned())];
        path.extend(keys.iter().map(|k| Segment::Key((*k).to_owned())));
        FieldPath(path)
    }

    /// This path with `segment` added.
    pub fn child(&self, segment: Segment) -> Self {
        let mut path = self.0.clone();
        path.push(segment);
        FieldPath(path)
    }

    /// Whether this path starts with `prefix` (or is it).
    pub fn starts_with(&self, prefix: &FieldPath) -> bool {
        self.0.starts_with(&prefix.0)
    }
}

impl fmt::Display for FieldPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, segment) in self.0.iter().enumerate() {
            match segment {
                Segment::Index(n) => write!(f, "[{n}]")?,
                Segment::Key(k) if k.contains(['.', '[', ']', '"']) || k.is_empty() => {
                    write!(f, "[{k:?}]")?
                }
                Segment::Key(k) if i == 0 => f.write_str(k)?,
                Segment::Key(k) => write!(f, ".{k}")?,
            }
        }
        Ok(())
    }
}

/// The value of a field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FieldValue {
    /// A scalar, as YAML reads it (`2048m`, `2`, `true`), and whether it was quoted.
    Scalar {
        /// The text.
        text: String,
        /// Written in quotes (`"2"`): a string to Kubernetes, never a number.
        quoted: bool,
    },
    /// `~`, `null` or nothing.
    Null,
    /// `{}`.
    EmptyMapping,
    /// `[]`.
    EmptySequence,
    /// An alias (`*name`), which the model does not follow.
    Alias,
}

impl FieldValue {
    /// The scalar's text (`None` for null, empty collections and aliases).
    pub fn text(&self) -> Option<&str> {
        match self {
            FieldValue::Scalar { text, .. } => Some(text),
            _ => None,
        }
    }
}

/// One value of a resource: its path, its value, where the value is and where its key is.
#[derive(Clone, PartialEq, Eq)]
pub struct Field {
    /// `spec.jobManager.resource.memory`.
    pub path: FieldPath,
    /// The value.
    pub value: FieldValue,
    /// Where the value starts.
    pub pos: Pos,
    /// Where its key starts (a sequence item: where the item starts).
    pub key_pos: Pos,
}

// `Debug` by hand: a spec value can be a secret (an environment variable of a pod template,
// whose name is in another field), so values under a pod template are masked, and others whose
// path names a secret.
impl fmt::Debug for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path.to_string();
        let in_template = self
            .path
            .0
            .iter()
            .any(|s| *s == Segment::Key("podTemplate".to_owned()));
        let value = match &self.value {
            FieldValue::Scalar { text, quoted } => FieldValue::Scalar {
                text: match in_template {
                    true => options_core::sensitive::MASK.to_owned(),
                    false => options_core::sensitive::shown(&path, text).to_owned(),
                },
                quoted: *quoted,
            },
            other => other.clone(),
        };
        f.debug_struct("Field")
            .field("path", &path)
            .field("value", &value)
            .field("pos", &self.pos)
            .field("key_pos", &self.key_pos)
            .finish()
    }
}

/// Every field under `node` (at `path`, its key at `key_pos`) into `out`, in file order; the
/// subtrees `skip` names are left out.
pub(super) fn collect(
    node: &Node,
    path: FieldPath,
    key_pos: Pos,
    skip: &dyn Fn(&FieldPath) -> bool,
    out: &mut Vec<Field>,
) {
    if skip(&path) {
        return;
    }
    let leaf = |value: FieldValue, out: &mut Vec<Field>| {
        out.push(Field {
            path: path.clone(),
            value,
            pos: node.pos(),
            key_pos,
        })
    };
    match node {
        Node::Scalar { value, style, .. } => {
            let plain = *style == TScalarStyle::Plain;
            match plain && matches!(value.as_str(), "" | "~" | "null" | "Null" | "NULL") {
                true => leaf(FieldValue::Null, out),
                false => leaf(
                    FieldValue::Scalar {
                        text: value.clone(),
                        quoted: matches!(
                            style,
                            TScalarStyle::SingleQuoted | TScalarStyle::DoubleQuoted
                        ),
                    },
                    out,
                ),
            }
        }
        Node::Mapping { entries, .. } if entries.is_empty() => leaf(FieldValue::EmptyMapping, out),
        Node::Sequence { items, .. } if items.is_empty() => leaf(FieldValue::EmptySequence, out),
        Node::Mapping { entries, .. } => {
            for (key, value) in entries {
                let name = key.as_str().unwrap_or_default().to_owned();
                collect(value, path.child(Segment::Key(name)), key.pos(), skip, out);
            }
        }
        Node::Sequence { items, .. } => {
            for (i, item) in items.iter().enumerate() {
                collect(item, path.child(Segment::Index(i)), item.pos(), skip, out);
            }
        }
        Node::Other { .. } => leaf(FieldValue::Alias, out),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_read_as_written_with_odd_keys_quoted() {
        let path = FieldPath::spec(&["podTemplate", "metadata", "annotations"])
            .child(Segment::Key("app.kubernetes.io/name".to_owned()));
        assert_eq!(
            path.to_string(),
            "spec.podTemplate.metadata.annotations[\"app.kubernetes.io/name\"]"
        );
        let item = FieldPath::spec(&["job", "args"]).child(Segment::Index(1));
        assert_eq!(item.to_string(), "spec.job.args[1]");
    }
}
