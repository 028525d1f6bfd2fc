//! Turns a `config.yaml`'s YAML events into flat `key = value` settings: nested mappings become
//! dotted keys, sequences become `;`-separated lists, flow mappings (and mappings under a
//! Map-typed option) become `k:v,k:v` map strings.
//!
//! Block mappings are taken event by event as the parser gives them, so no tree of the whole file
//! is built: a key's text moves from the parser into its setting, and a key or name given twice
//! is found through the hashes of those already read ([`SeenKeys`]), not through copies of them.

use yaml_rust2::parser::Event;

use super::error::{YamlError, YamlErrorKind};
use super::seen::SeenKeys;
use super::tree::{unsupported, Node, Pos, Reader};
use super::YamlSetting;
use crate::option::key_hash;
use crate::value::grammar::{join_list, join_map};

/// A file's settings, and the errors that did not stop the reading.
pub(crate) type Flat = (Vec<YamlSetting>, Vec<YamlError>);

/// Reads and flattens a whole text. `is_map_option` says whether a full key names a Map-typed
/// option (its block mapping is then the map value, not more keys). `Err` is an error that stops
/// the reading (invalid YAML, a limit, an alias, a second document): the file then has no
/// settings and that one error.
pub(crate) fn flatten(text: &str, is_map_option: &dyn Fn(&str) -> bool) -> Result<Flat, YamlError> {
    super::limits::check_text(text)?;
    let mut reader = Reader::new(text);
    let mut out = Flattener {
        is_map_option,
        settings: Vec::new(),
        errors: Vec::new(),
        seen: SeenKeys::default(),
    };
    let mut documents = 0;
    loop {
        let (event, mark) = reader.next()?;
        match event {
            Event::StreamStart | Event::DocumentEnd | Event::Nothing => {}
            Event::StreamEnd => return Ok((out.settings, out.errors)),
            Event::DocumentStart if documents > 0 => {
                return Err(unsupported(
                    mark,
                    "a config.yaml holds one YAML document; remove the second `---`",
                ))
            }
            Event::DocumentStart => {
                documents += 1;
                out.root(&mut reader)?;
            }
            other => {
                return Err(unsupported(
                    mark,
                    &format!("unexpected YAML event {other:?}"),
                ))
            }
        }
    }
}

struct Flattener<'a> {
    is_map_option: &'a dyn Fn(&str) -> bool,
    settings: Vec<YamlSetting>,
    errors: Vec<YamlError>,
    /// Every full key set, as an index into `settings`, with the line of its setting.
    seen: SeenKeys,
}

/// Where a full key is kept once its entry is read, so the names of one mapping can be compared
/// without copies: in its setting, or (no setting was made) handed back.
enum Kept {
    Setting(usize),
    Own(String),
}

/// The names given at one level of a mapping, each kept as the full key it makes (the name is
/// that key after the mapping's prefix and its dot).
struct Names {
    prefix_len: usize,
    seen: SeenKeys,
    /// Full keys that made no setting; indexes into this list have [`OWN`] set.
    own: Vec<String>,
}

/// Marks a [`Names`] index as one into `own` rather than into the settings.
const OWN: u32 = 1 << 31;

impl Names {
    fn new(prefix: &str) -> Self {
        Names {
            prefix_len: if prefix.is_empty() {
                0
            } else {
                prefix.len() + 1
            },
            seen: SeenKeys::default(),
            own: Vec::new(),
        }
    }

    /// The line where `name` (with hash `hash`) was first given at this level.
    fn line_of(&self, hash: u64, name: &str, settings: &[YamlSetting]) -> Option<u32> {
        self.seen.line_of(hash, |i| self.name(i, settings) == name)
    }

    fn name<'s>(&'s self, index: u32, settings: &'s [YamlSetting]) -> &'s str {
        let full = if index & OWN != 0 {
            self.own.get((index & !OWN) as usize)
        } else {
            settings.get(index as usize).map(|s| &s.key)
        };
        full.and_then(|k| k.get(self.prefix_len..))
            .unwrap_or_default()
    }

    fn add(&mut self, hash: u64, kept: Kept, line: u32) {
        let index = match kept {
            Kept::Setting(i) => u32::try_from(i).unwrap_or(OWN - 1),
            Kept::Own(full) => {
                self.own.push(full);
                u32::try_from(self.own.len() - 1).unwrap_or(0) | OWN
            }
        };
        self.seen.add(hash, index, line);
    }
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

    /// The document's root node: a mapping of keys, or nothing.
    fn root(&mut self, reader: &mut Reader<'_>) -> Result<(), YamlError> {
        let (event, mark) = reader.next()?;
        if let Event::MappingStart(..) = event {
            reader.enter(Pos::of(mark))?;
            return self.mapping(reader, "");
        }
        let node = reader.node_from(event, mark)?;
        if !node.is_null() {
            self.unsupported(
                node.pos(),
                "",
                "a config.yaml is a mapping of keys to values (`key: value` lines)",
            );
        }
        Ok(())
    }

    /// The entries of a block mapping under `prefix` (its start already read), up to and
    /// including its end.
    fn mapping(&mut self, reader: &mut Reader<'_>, prefix: &str) -> Result<(), YamlError> {
        // The names of this one mapping, to report `a:` given twice at one level as YAML does.
        let mut names = Names::new(prefix);
        loop {
            let (event, mark) = reader.next()?;
            if event == Event::MappingEnd {
                reader.leave();
                return Ok(());
            }
            let key_node = reader.node_from(event, mark)?;
            let key_pos = key_node.pos();
            let name = match key_node {
                Node::Scalar { value, .. } if !value.trim().is_empty() => value,
                _ => {
                    self.unsupported(key_pos, prefix, "keys must be non-empty plain text");
                    reader.node()?;
                    continue;
                }
            };
            let hash = key_hash(&name);
            let full = if prefix.is_empty() {
                name
            } else {
                format!("{prefix}.{name}")
            };
            if let Some(first_line) = names.line_of(hash, &full[names.prefix_len..], &self.settings)
            {
                self.error(
                    key_pos,
                    YamlErrorKind::DuplicateKey {
                        key: full,
                        first_line,
                    },
                );
                reader.node()?;
                continue;
            }
            let kept = self.entry(reader, full, key_pos)?;
            names.add(hash, kept, key_pos.line);
        }
    }

    /// Reads the value of `key`: a setting, or more keys when it is a block mapping that is no
    /// Map option's value.
    fn entry(
        &mut self,
        reader: &mut Reader<'_>,
        key: String,
        key_pos: Pos,
    ) -> Result<Kept, YamlError> {
        let (event, mark) = reader.next()?;
        let value = if let Event::MappingStart(..) = event {
            let pos = Pos::of(mark);
            reader.enter(pos)?;
            let flow = reader.is_flow(mark);
            if !flow && !(self.is_map_option)(&key) {
                self.mapping(reader, &key)?;
                return Ok(Kept::Own(key));
            }
            reader.mapping_rest(pos)?
        } else {
            reader.node_from(event, mark)?
        };
        if value.is_null() {
            let error = YamlErrorKind::NullValue { key: key.clone() };
            self.error(key_pos, error);
            return Ok(Kept::Own(key));
        }
        let text = match value {
            Node::Scalar { value, .. } => Some(value),
            Node::Sequence { items, .. } => self.list(&key, items),
            Node::Mapping { entries, .. } => self.map(&key, entries),
        };
        Ok(match text {
            Some(text) => self.push(key, text, key_pos),
            None => Kept::Own(key),
        })
    }

    fn push(&mut self, key: String, value: String, pos: Pos) -> Kept {
        let hash = key_hash(&key);
        let settings = &self.settings;
        let first = self.seen.line_of(hash, |i| {
            settings.get(i as usize).is_some_and(|s| s.key == key)
        });
        if let Some(first_line) = first {
            let error = YamlErrorKind::DuplicateKey {
                key: key.clone(),
                first_line,
            };
            self.error(pos, error);
            return Kept::Own(key);
        }
        let index = self.settings.len();
        self.seen
            .add(hash, u32::try_from(index).unwrap_or(u32::MAX), pos.line);
        self.settings.push(YamlSetting {
            key,
            value,
            line: pos.line,
            column: pos.column,
        });
        Kept::Setting(index)
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
                (_, v) if v.is_null() => {
                    self.unsupported(v.pos(), key, "a map entry has no value");
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
