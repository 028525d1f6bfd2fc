//! Turns a `config.yaml`'s YAML events into flat `key = value` settings: nested mappings become
//! dotted keys, sequences become `;`-separated lists, flow mappings (and mappings under a
//! Map-typed option) become `k:v,k:v` map strings.
//!
//! Block mappings are taken event by event as the parser gives them, so no tree of the whole file
//! is built: a key's text moves from the parser into its setting, and a key or name given twice
//! is found through the hashes of those already read ([`SeenKeys`]) and one text holding every
//! setting's key ([`KeyTexts`]), so each setting moves on as soon as it is made: into the caller's
//! list, or to a thread that checks and stores it while the rest of the file is read. One table
//! serves both questions: every setting remembers the mapping its last name was given in, so "this
//! name twice in one mapping" is a lookup of the full key in the same table as "this key twice in
//! the file".

use yaml_rust2::parser::Event;
use yaml_rust2::scanner::Marker;

use super::error::{YamlError, YamlErrorKind};
use super::seen::SeenKeys;
use super::tree::{unsupported, Node, Pos, Reader};
use crate::option::key_hash;
use crate::setting::Setting;
use crate::value::grammar::{join_list, join_map};

/// Reads and flattens a whole text, handing each setting to `each` in file order as it is made;
/// the errors that did not stop the reading. `is_map_option` says whether a full key names a
/// Map-typed option (its block mapping is then the map value, not more keys). `Err` is an error
/// that stops the reading (invalid YAML, a limit, an alias, a second document): the file then has
/// no settings (whatever `each` was given is to be dropped) and that one error.
pub(crate) fn flatten(
    text: &str,
    is_map_option: &dyn Fn(&str) -> bool,
    each: &mut dyn FnMut(Setting),
) -> Result<Vec<YamlError>, YamlError> {
    super::limits::check_text(text)?;
    let mut reader = Reader::new(text);
    let keys = expected_keys(text);
    let mut out = Flattener {
        is_map_option,
        each,
        keys: KeyTexts::with_capacity(keys, text.len()),
        mappings: Vec::with_capacity(keys),
        errors: Vec::new(),
        seen: SeenKeys::with_capacity(keys),
        next_mapping: 0,
    };
    let mut documents = 0;
    loop {
        let (event, mark) = reader.next()?;
        match event {
            Event::StreamStart | Event::DocumentEnd | Event::Nothing => {}
            Event::StreamEnd => return Ok(out.errors),
            Event::DocumentStart if documents > 0 => {
                return Err(unsupported(
                    reader.pos(mark),
                    "a config.yaml holds one YAML document; remove the second `---`",
                ))
            }
            Event::DocumentStart => {
                documents += 1;
                out.root(&mut reader)?;
            }
            other => {
                return Err(unsupported(
                    reader.pos(mark),
                    &format!("unexpected YAML event {other:?}"),
                ))
            }
        }
    }
}

/// How many settings to make room for at once: a setting needs a line and a `:` of its own, so
/// sized this way the tables of a file of up to [`RESERVED_KEYS`] keys never grow (and never hold
/// an old and a new copy at once). Beyond that they grow as needed, so a file of nothing but
/// colons does not reserve memory it will never use.
pub(super) fn expected_keys(text: &str) -> usize {
    let count = |byte| memchr::memchr_iter(byte, text.as_bytes()).count();
    count(b':').min(count(b'\n') + 1).min(RESERVED_KEYS)
}

/// The most settings [`expected_keys`] makes room for before reading.
const RESERVED_KEYS: usize = 1 << 17;

struct Flattener<'a> {
    is_map_option: &'a dyn Fn(&str) -> bool,
    /// Where each setting goes once made.
    each: &'a mut dyn FnMut(Setting),
    /// The key of every setting made, by its number.
    keys: KeyTexts,
    /// The mapping each setting's last name was given in (see [`Names::mapping`]).
    mappings: Vec<u32>,
    errors: Vec<YamlError>,
    /// Every full key set, as its setting's number, with the line of its setting.
    seen: SeenKeys,
    /// The number the next mapping gets.
    next_mapping: u32,
}

/// The keys of the settings made so far, by number, in one text: what a key seen again is
/// compared with once its hash matched, after the setting itself has moved on.
struct KeyTexts {
    text: String,
    /// Where each key ends in `text` (and the next begins).
    ends: Vec<usize>,
}

impl KeyTexts {
    /// Room for `keys` keys, `bytes` long together, without growing.
    fn with_capacity(keys: usize, bytes: usize) -> Self {
        KeyTexts {
            text: String::with_capacity(bytes),
            ends: Vec::with_capacity(keys),
        }
    }

    /// Key number `i`.
    fn get(&self, i: usize) -> Option<&str> {
        let end = *self.ends.get(i)?;
        let start = match i {
            0 => 0,
            _ => self.ends[i - 1],
        };
        self.text.get(start..end)
    }

    fn push(&mut self, key: &str) {
        self.text.push_str(key);
        self.ends.push(self.text.len());
    }
}

/// What became of a key once its entry is read.
enum Kept {
    /// It made a setting (which keeps it).
    Setting,
    /// It made none (more keys, no value, a duplicate): handed back.
    Own(String),
}

/// The names given in one mapping, each by the full key it makes. A name that made a setting is
/// found through the file's table of keys (its setting remembers this mapping); the others are
/// kept here.
struct Names {
    /// This mapping's number.
    mapping: u32,
    /// Full keys that made no setting, found by their hash.
    seen: SeenKeys,
    own: Vec<String>,
}

impl Names {
    /// The line of the first name of this mapping that made `full` (hash `hash`) and no setting.
    fn line_of(&mut self, hash: u64, full: &str) -> Option<u32> {
        let own = &self.own;
        self.seen
            .line_of(hash, |i| own.get(i as usize).is_some_and(|k| k == full))
    }

    fn add(&mut self, hash: u64, full: String, line: u32) {
        // Numbered as `seen` numbers them: in the order added.
        self.own.push(full);
        self.seen.add(hash, line);
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
            if !reader.is_flow(mark) {
                let (first, pos) = reader.block_start()?;
                reader.enter(pos)?;
                return self.mapping(reader, "", Some(first));
            }
            reader.enter(reader.pos(mark))?;
            return self.mapping(reader, "", None);
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

    /// The entries of a block mapping under `prefix` (its start already read, and its first
    /// event when given), up to and including its end.
    fn mapping(
        &mut self,
        reader: &mut Reader<'_>,
        prefix: &str,
        first: Option<(Event, Marker)>,
    ) -> Result<(), YamlError> {
        // The names of this one mapping, to report `a:` given twice at one level as YAML does.
        let mut names = Names {
            mapping: self.next_mapping,
            seen: SeenKeys::default(),
            own: Vec::new(),
        };
        self.next_mapping = self.next_mapping.wrapping_add(1);
        let mut next = first;
        loop {
            let (event, mark) = match next.take() {
                Some(first) => first,
                None => reader.next()?,
            };
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
            let full = if prefix.is_empty() {
                name
            } else {
                format!("{prefix}.{name}")
            };
            let hash = key_hash(&full);
            if let Some(first_line) = self.given_in(&mut names, hash, &full) {
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
            if let Kept::Own(full) = self.entry(reader, full, hash, key_pos, names.mapping)? {
                names.add(hash, full, key_pos.line);
            }
        }
    }

    /// The line where the name making `full` was first given in the mapping of `names`: among
    /// the settings made from that mapping, or among its names that made none.
    fn given_in(&mut self, names: &mut Names, hash: u64, full: &str) -> Option<u32> {
        let (keys, mappings) = (&self.keys, &self.mappings);
        self.seen
            .line_of(hash, |i| {
                let i = i as usize;
                mappings.get(i) == Some(&names.mapping) && keys.get(i) == Some(full)
            })
            .or_else(|| names.line_of(hash, full))
    }

    /// Reads the value of `key` (hash `hash`, its last name given in mapping `mapping`): a
    /// setting, or more keys when it is a block mapping that is no Map option's value.
    fn entry(
        &mut self,
        reader: &mut Reader<'_>,
        key: String,
        hash: u64,
        key_pos: Pos,
        mapping: u32,
    ) -> Result<Kept, YamlError> {
        let (event, mark) = reader.next()?;
        let value = if let Event::MappingStart(..) = event {
            if reader.is_flow(mark) {
                let pos = reader.pos(mark);
                reader.enter(pos)?;
                reader.mapping_rest(pos, None)?
            } else {
                let (first, pos) = reader.block_start()?;
                reader.enter(pos)?;
                if !(self.is_map_option)(&key) {
                    self.mapping(reader, &key, Some(first))?;
                    return Ok(Kept::Own(key));
                }
                reader.mapping_rest(pos, Some(first))?
            }
        } else {
            reader.node_from(event, mark)?
        };
        if value.is_null() {
            let error = YamlErrorKind::NullValue { key: key.clone() };
            self.error(key_pos, error);
            return Ok(Kept::Own(key));
        }
        let text = match value {
            Node::Scalar { value, .. } => Some((value, None)),
            Node::Sequence { items, .. } => self.list(&key, items),
            Node::Mapping { entries, .. } => self.map(&key, entries),
        };
        Ok(match text {
            Some((text, yaml_text)) => self.push(key, hash, text, yaml_text, key_pos, mapping),
            None => Kept::Own(key),
        })
    }

    /// Makes a setting of `key` (hash `hash`, its last name given in mapping `mapping`), unless
    /// the file set the key already.
    fn push(
        &mut self,
        key: String,
        hash: u64,
        value: String,
        yaml_text: Option<String>,
        pos: Pos,
        mapping: u32,
    ) -> Kept {
        // `keys` and `seen` number the settings alike: in the order made.
        let keys = &self.keys;
        let first = self.seen.line_of_or_add(hash, pos.line, |i| {
            keys.get(i as usize) == Some(key.as_str())
        });
        if let Some(first_line) = first {
            let error = YamlErrorKind::DuplicateKey {
                key: key.clone(),
                first_line,
            };
            self.error(pos, error);
            return Kept::Own(key);
        }
        self.keys.push(&key);
        self.mappings.push(mapping);
        (self.each)(Setting {
            key,
            value,
            yaml_text,
            line: pos.line,
            column: pos.column,
        });
        Kept::Setting
    }

    /// The items of a list value, which must be scalars: as a list string, and as YAML text.
    fn list(&mut self, key: &str, items: Vec<Node>) -> Option<(String, Option<String>)> {
        let mut values = Vec::with_capacity(items.len());
        for item in items {
            match item {
                node if node.is_null() => {
                    self.unsupported(node.pos(), key, "a list item has no value");
                    return None;
                }
                Node::Scalar { value, plain, .. } => values.push((value, plain)),
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
        let yaml_text = super::flow_text::list(&values);
        let values: Vec<String> = values.into_iter().map(|(v, _)| v).collect();
        Some((join_list(&values), Some(yaml_text)))
    }

    /// The entries of a map value, which must map scalars to scalars.
    fn map(&mut self, key: &str, entries: Vec<(Node, Node)>) -> Option<(String, Option<String>)> {
        let mut pairs: Vec<(String, String)> = Vec::with_capacity(entries.len());
        let mut written = Vec::with_capacity(entries.len());
        let mut keys = std::collections::HashSet::with_capacity(entries.len());
        for (k, v) in entries {
            let (k, v) = match (k, v) {
                (k, v) if v.is_null() => {
                    self.unsupported(k.pos(), key, "a map entry has no value");
                    return None;
                }
                (
                    Node::Scalar {
                        value: k,
                        pos,
                        plain: kp,
                    },
                    Node::Scalar {
                        value: v,
                        plain: vp,
                        ..
                    },
                ) => {
                    if !keys.insert(k.clone()) {
                        self.unsupported(pos, key, &format!("the map value sets \"{k}\" twice"));
                        return None;
                    }
                    written.push(((k.clone(), kp), (v.clone(), vp)));
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
        Some((join_map(&pairs), Some(super::flow_text::map(&written))))
    }
}
