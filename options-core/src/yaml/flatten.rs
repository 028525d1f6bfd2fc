//! Turns the YAML tree into flat `key = value` settings: nested mappings become dotted keys,
//! sequences become `;`-separated lists, flow mappings (and mappings under a Map-typed option)
//! become `k:v,k:v` map strings.

use std::collections::HashMap;

use super::error::{YamlError, YamlErrorKind};
use super::tree::{Node, Pos};
use super::YamlSetting;
use crate::value::grammar::{join_list, join_map};

/// Flattens the root node. `is_map_option` says whether a full key names a Map-typed option (its
/// block mapping is then the map value, not more keys).
pub(crate) fn flatten(
    root: Node,
    is_map_option: &dyn Fn(&str) -> bool,
) -> (Vec<YamlSetting>, Vec<YamlError>) {
    let mut out = Flattener {
        is_map_option,
        settings: Vec::new(),
        errors: Vec::new(),
        seen: HashMap::new(),
    };
    match root {
        Node::Mapping { entries, .. } => out.mapping(entries, ""),
        node if node.is_null() => {}
        node => out.error(
            node.pos(),
            YamlErrorKind::Unsupported {
                key: String::new(),
                reason: "a config.yaml is a mapping of keys to values (`key: value` lines)".into(),
            },
        ),
    }
    (out.settings, out.errors)
}

struct Flattener<'a> {
    is_map_option: &'a dyn Fn(&str) -> bool,
    settings: Vec<YamlSetting>,
    errors: Vec<YamlError>,
    /// Full key -> line of its first setting.
    seen: HashMap<String, u32>,
}

impl Flattener<'_> {
    fn error(&mut self, pos: Pos, kind: YamlErrorKind) {
        self.errors.push(YamlError::new(pos.line, pos.column, kind));
    }

    fn unsupported(&mut self, pos: Pos, key: &str, reason: &str) {
        self.error(
            pos,
            YamlErrorKind::Unsupported {
                key: key.to_owned(),
                reason: reason.to_owned(),
            },
        );
    }

    fn mapping(&mut self, entries: Vec<(Node, Node)>, prefix: &str) {
        // Keys of this one mapping, to report `a:` given twice at one level as YAML does.
        let mut local: HashMap<String, u32> = HashMap::new();
        for (key_node, value) in entries {
            let key_pos = key_node.pos();
            let name = match key_node {
                Node::Scalar { value, .. } if !value.trim().is_empty() => value,
                _ => {
                    self.unsupported(key_pos, prefix, "keys must be non-empty plain text");
                    continue;
                }
            };
            let full = if prefix.is_empty() {
                name.clone()
            } else {
                format!("{prefix}.{name}")
            };
            if let Some(&first_line) = local.get(&name) {
                self.error(
                    key_pos,
                    YamlErrorKind::DuplicateKey {
                        key: full,
                        first_line,
                    },
                );
                continue;
            }
            local.insert(name, key_pos.line);
            self.entry(full, key_pos, value);
        }
    }

    fn entry(&mut self, key: String, key_pos: Pos, value: Node) {
        if value.is_null() {
            self.error(key_pos, YamlErrorKind::NullValue { key });
            return;
        }
        let text = match value {
            Node::Scalar { value, .. } => value,
            Node::Sequence { items, .. } => match self.list(&key, items) {
                Some(text) => text,
                None => return,
            },
            Node::Mapping {
                entries,
                flow: false,
                ..
            } if !(self.is_map_option)(&key) => {
                self.mapping(entries, &key);
                return;
            }
            Node::Mapping { entries, .. } => match self.map(&key, entries) {
                Some(text) => text,
                None => return,
            },
        };
        self.push(key, text, key_pos);
    }

    fn push(&mut self, key: String, value: String, pos: Pos) {
        if let Some(&first_line) = self.seen.get(&key) {
            self.error(pos, YamlErrorKind::DuplicateKey { key, first_line });
            return;
        }
        self.seen.insert(key.clone(), pos.line);
        self.settings.push(YamlSetting {
            key,
            value,
            line: pos.line,
            column: pos.column,
        });
    }

    /// The items of a list value, which must be scalars.
    fn list(&mut self, key: &str, items: Vec<Node>) -> Option<String> {
        let mut values = Vec::with_capacity(items.len());
        for item in items {
            match item {
                node if node.is_null() => {
                    self.unsupported(node.pos(), key, "a list item has no value");
                    return None;
                }
                Node::Scalar { value, .. } => values.push(value),
                other => {
                    self.unsupported(
                        other.pos(),
                        key,
                        "list items must be plain values, not nested lists or mappings",
                    );
                    return None;
                }
            }
        }
        Some(join_list(&values))
    }

    /// The entries of a map value, which must map scalars to scalars.
    fn map(&mut self, key: &str, entries: Vec<(Node, Node)>) -> Option<String> {
        let mut pairs: Vec<(String, String)> = Vec::with_capacity(entries.len());
        let mut keys = std::collections::HashSet::with_capacity(entries.len());
        for (k, v) in entries {
            let (k, v) = match (k, v) {
                (k, v) if v.is_null() => {
                    self.unsupported(k.pos(), key, "a map entry has no value");
                    return None;
                }
                (Node::Scalar { value: k, pos, .. }, Node::Scalar { value: v, .. }) => {
                    if !keys.insert(k.clone()) {
                        self.unsupported(pos, key, &format!("the map value sets \"{k}\" twice"));
                        return None;
                    }
                    (k, v)
                }
                (k, _) => {
                    self.unsupported(
                        k.pos(),
                        key,
                        "map values must map plain keys to plain values, without nesting",
                    );
                    return None;
                }
            };
            pairs.push((k, v));
        }
        Some(join_map(&pairs))
    }
}
