//! `config.schema.json`: a JSON Schema (draft 2020-12) for `config.yaml`, so editors validate and
//! complete keys.
//!
//! Flink's YAML loader flattens nesting, so `table.exec.mini-batch.enabled: true`,
//! `table: {exec: {mini-batch: {enabled: true}}}` and any mix (`table.exec: {mini-batch.enabled:
//! true}`) mean the same. `patternProperties` cannot express that (a pattern cannot name the option
//! schema of the matched key), so the schema is a generated tree: at every level it lists the next
//! key segment (the nested form, as an object) and every remaining dotted path below it (the dotted
//! form, as the option). Each option's schema lives once in `$defs` and is referenced, which keeps
//! the file about (options x key depth) entries. Deprecated keys are listed too, marked
//! `deprecated` and pointing at the current option. Pattern keys (`metrics.reporter.<name>.interval`)
//! are `patternProperties` of the root, matching their instances written dotted
//! (`metrics.reporter.prom.interval: 15 s`); a nested spelling of an instance is allowed but not
//! checked. Other keys are allowed, because a real
//! `config.yaml` also holds options declared elsewhere; `docgen validate` reports unknown keys.

use std::collections::{BTreeMap, HashMap};

use options_core::ValueKind;
use serde_json::{json, Map, Value};

use super::generated_note;
use super::pretty::Pretty;
use crate::model::{CatalogueDoc, DefaultModel, OptionDoc};

/// The schema as pretty JSON with a trailing newline.
pub fn config_schema(doc: &CatalogueDoc) -> String {
    let mut defs = Defs::default();
    let mut root = Node::default();
    let mut patterns = Map::new();
    for (_, option) in doc.options().filter(|(_, o)| !o.hidden) {
        defs.insert(option.key.clone(), Def::Option(option));
        if option.key.contains('<') {
            // A pattern key matches its instances in the dotted form only (see the module doc).
            // JSON Schema applies every matching pattern; a catch-all (trailing placeholder)
            // also matches the instances of the more specific patterns, so it accepts any value.
            let catch_all = option.key.ends_with('>');
            let schema = match catch_all {
                true => {
                    json!({"description": format!("Passed through as given; see {}.", option.key)})
                }
                false => json!({"$ref": reference(&option.key)}),
            };
            patterns.insert(key_regex(&option.key), schema);
            continue;
        }
        root.insert(&option.key, Leaf::Key(option.key.clone()));
        for old in &option.deprecated_keys {
            root.insert(old, Leaf::Deprecated(option.key.clone()));
        }
    }
    root.define_objects("", &mut defs);
    let mut p = Pretty::default();
    p.open();
    p.key("$comment");
    p.string(&generated_note());
    p.key("$schema");
    p.string("https://json-schema.org/draft/2020-12/schema");
    p.key("title");
    p.string("config.yaml");
    p.key("description");
    p.string("Options of config.yaml. Keys may be written dotted (a.b.c: v), nested (a: {b: {c: v}}) or mixed.");
    p.key("type");
    p.string("object");
    p.key("properties");
    root.write_properties("", &mut p);
    if !patterns.is_empty() {
        p.key("patternProperties");
        p.value(&Value::Object(patterns));
    }
    p.key("$defs");
    p.open();
    for (name, def) in &defs.entries {
        p.key(name);
        match def {
            Def::Option(option) => p.value(&option_schema(option)),
            Def::Object(node, path) => {
                p.open();
                p.key("type");
                p.string("object");
                p.key("properties");
                node.write_properties(path, &mut p);
                p.close();
            }
        }
    }
    p.close();
    p.close();
    let mut text = p.out;
    text.push('\n');
    text
}

/// What `$defs` holds, in the order first inserted; a later definition of a name replaces the
/// earlier one in its place (as a JSON map does).
#[derive(Default)]
struct Defs<'a> {
    entries: Vec<(String, Def<'a>)>,
    at: HashMap<String, usize>,
}

/// One definition: an option's value, or the object of the keys below a path.
enum Def<'a> {
    Option(&'a OptionDoc),
    Object(&'a Node, String),
}

impl<'a> Defs<'a> {
    fn insert(&mut self, name: String, def: Def<'a>) {
        match self.at.get(&name) {
            Some(&i) => self.entries[i].1 = def,
            None => {
                self.at.insert(name.clone(), self.entries.len());
                self.entries.push((name, def));
            }
        }
    }
}

/// What a complete key path names.
#[derive(Clone, Debug)]
enum Leaf {
    /// An option's own key.
    Key(String),
    /// A deprecated key of this option.
    Deprecated(String),
}

#[derive(Default, Debug)]
struct Node {
    /// The dotted path from the root (`table.exec`; empty for the root).
    path: String,
    leaf: Option<Leaf>,
    children: BTreeMap<String, Node>,
}

impl Node {
    fn insert(&mut self, key: &str, leaf: Leaf) {
        let node = key.split('.').fold(self, |node, segment| {
            // Most segments exist already (every key under `table.exec` shares two): look up
            // first, and build the owned segment and path only for a new node.
            if !node.children.contains_key(segment) {
                let path = join(&node.path, segment);
                node.children.insert(
                    segment.to_owned(),
                    Node {
                        path,
                        ..Node::default()
                    },
                );
            }
            node.children
                .get_mut(segment)
                .expect("present or just inserted")
        });
        node.leaf.get_or_insert(leaf);
    }

    /// Defines an object in `defs` for every node with children below this one (named
    /// `<path>.*`).
    fn define_objects<'a>(&'a self, path: &str, defs: &mut Defs<'a>) {
        for (segment, child) in &self.children {
            let child_path = join(path, segment);
            if !child.children.is_empty() {
                defs.insert(
                    format!("{child_path}.*"),
                    Def::Object(child, child_path.clone()),
                );
            }
            child.define_objects(&child_path, defs);
        }
    }

    /// Writes the properties of this node (at `path`) as an object: every node below it, by its
    /// dotted path relative to this node (`exec`, `exec.mini-batch`, `exec.mini-batch.enabled`,
    /// ...), in the order of those paths.
    fn write_properties(&self, path: &str, p: &mut Pretty) {
        debug_assert_eq!(path, self.path);
        let mut below = Vec::new();
        self.collect(&mut below);
        // A node's path relative to this one: its own path without this one's and the dot.
        let skip = if path.is_empty() { 0 } else { path.len() + 1 };
        below.sort_by(|a, b| a.path[skip..].cmp(&b.path[skip..]));
        p.open();
        for node in below {
            p.key(&node.path[skip..]);
            node.write_reference(&node.path, p);
        }
        p.close();
    }

    /// Every node below this one.
    fn collect<'a>(&'a self, out: &mut Vec<&'a Node>) {
        for child in self.children.values() {
            out.push(child);
            child.collect(out);
        }
    }

    /// The schema of this node at `path`: its option, its object of keys below, or either.
    fn write_reference(&self, path: &str, p: &mut Pretty) {
        match (&self.leaf, self.children.is_empty()) {
            (Some(Leaf::Key(key)), true) => write_ref(p, key, ""),
            (Some(leaf), true) => p.value(&leaf_schema(leaf)),
            (Some(leaf), false) => {
                let object = json!({"$ref": reference(&format!("{path}.*"))});
                p.value(&json!({"anyOf": [leaf_schema(leaf), object]}));
            }
            (None, _) => write_ref(p, path, ".*"),
        }
    }
}

/// `{"$ref": "#/$defs/<name><suffix>"}`, the most common value of the schema (an entry per option
/// per key segment): written without building the reference first when `name` needs no escaping.
fn write_ref(p: &mut Pretty, name: &str, suffix: &str) {
    p.open();
    p.key("$ref");
    if name.contains(['~', '/', '"', '\\']) || name.bytes().any(|b| b < 0x20) {
        p.string(&reference(&format!("{name}{suffix}")));
    } else {
        p.out.push_str("\"#/$defs/");
        p.out.push_str(name);
        p.out.push_str(suffix);
        p.out.push('"');
    }
    p.close();
}

/// The regular expression of a pattern key's instances, written dotted:
/// `metrics.reporter.<name>.interval` -> `^metrics\.reporter\.[^.]+\.interval$`; a trailing
/// placeholder spans one or more segments.
fn key_regex(key: &str) -> String {
    let segments: Vec<&str> = key.split('.').collect();
    let parts: Vec<String> = segments
        .iter()
        .enumerate()
        .map(
            |(i, segment)| match options_core::pattern::placeholder(segment) {
                Some(_) if i + 1 == segments.len() => r"[^.]+(\.[^.]+)*".to_owned(),
                Some(_) => "[^.]+".to_owned(),
                None => segment
                    .chars()
                    .map(|c| match c.is_ascii_alphanumeric() || c == '_' {
                        true => c.to_string(),
                        false => format!("\\{c}"),
                    })
                    .collect(),
            },
        )
        .collect();
    format!("^{}$", parts.join(r"\."))
}

fn join(prefix: &str, segment: &str) -> String {
    if prefix.is_empty() {
        segment.to_owned()
    } else {
        format!("{prefix}.{segment}")
    }
}

fn leaf_schema(leaf: &Leaf) -> Value {
    match leaf {
        Leaf::Key(key) => json!({"$ref": reference(key)}),
        Leaf::Deprecated(key) => json!({
            "$ref": reference(key),
            "deprecated": true,
            "description": format!("Deprecated key; use {key} instead."),
        }),
    }
}

/// A `$ref` to an option in `$defs` (JSON Pointer escaping of `~` and `/`).
fn reference(key: &str) -> String {
    format!("#/$defs/{}", key.replace('~', "~0").replace('/', "~1"))
}

/// The schema of one option's value: type, enum values, default, description, deprecation.
fn option_schema(o: &OptionDoc) -> Value {
    let mut s = Map::new();
    s.insert("description".into(), json!(o.description));
    let scalar = scalar_schema(o);
    if o.value_type.list {
        s.insert("anyOf".into(), json!([{"type": "string", "description": "items separated by ';'"}, {"type": "array", "items": scalar}]));
    } else {
        s.extend(scalar.as_object().cloned().unwrap_or_default());
    }
    if let DefaultModel::Value(text) = &o.default {
        s.insert("default".into(), typed_default(o, text));
    }
    if o.deprecated {
        s.insert("deprecated".into(), json!(true));
    }
    constrain(o, &mut s);
    Value::Object(s)
}

/// The declared constraint: `minimum`/`maximum` for numbers, `enum` for a closed set of strings.
/// Duration and memory bounds stay with `docgen validate` (the schema cannot compare `5 min` with
/// `1 s`).
fn constrain(o: &OptionDoc, s: &mut Map<String, Value>) {
    if o.value_type.list {
        return;
    }
    let number = |text: &Option<String>| -> Option<Value> {
        let text = text.as_deref()?;
        match ValueKind::from_name(&o.value_type.kind)? {
            ValueKind::Integer | ValueKind::Long => text.parse::<i64>().ok().map(Value::from),
            ValueKind::Unsigned => text.parse::<u64>().ok().map(Value::from),
            ValueKind::Float | ValueKind::Double => text.parse::<f64>().ok().map(Value::from),
            _ => None,
        }
    };
    if let Some(min) = number(&o.constraint.min) {
        s.insert("minimum".into(), min);
    }
    if let Some(max) = number(&o.constraint.max) {
        s.insert("maximum".into(), max);
    }
    if !o.constraint.one_of.is_empty() {
        // Matched ignoring case at runtime; the schema lists the declared spellings.
        s.insert("enum".into(), json!(o.constraint.one_of));
    }
}

fn scalar_schema(o: &OptionDoc) -> Value {
    match ValueKind::from_name(&o.value_type.kind) {
        Some(ValueKind::Enum) => {
            let aliases = o.value_type.enum_aliases.keys();
            let values: Vec<&String> = o.value_type.enum_values.iter().chain(aliases).collect();
            json!({ "enum": values })
        }
        Some(ValueKind::Boolean) => json!({"type": "boolean"}),
        Some(ValueKind::Integer | ValueKind::Long) => json!({"type": "integer"}),
        Some(ValueKind::Unsigned) => json!({"type": "integer", "minimum": 0}),
        Some(ValueKind::Float | ValueKind::Double) => json!({"type": "number"}),
        Some(ValueKind::String) => json!({"type": "string"}),
        // A bare number is milliseconds or bytes.
        Some(ValueKind::Duration | ValueKind::MemorySize) => json!({"type": ["string", "integer"]}),
        Some(ValueKind::Map) => {
            json!({"type": ["string", "object"], "additionalProperties": {"type": "string"}})
        }
        Some(ValueKind::Other(_)) | None => json!({}),
    }
}

/// The default as the JSON value a YAML file would hold.
fn typed_default(o: &OptionDoc, text: &str) -> Value {
    if o.value_type.list {
        return json!(text);
    }
    let parsed = match ValueKind::from_name(&o.value_type.kind) {
        Some(ValueKind::Boolean) => text.parse::<bool>().ok().map(Value::from),
        Some(ValueKind::Integer | ValueKind::Long) => text.parse::<i64>().ok().map(Value::from),
        Some(ValueKind::Unsigned) => text.parse::<u64>().ok().map(Value::from),
        Some(ValueKind::Float | ValueKind::Double) => text.parse::<f64>().ok().map(Value::from),
        _ => None,
    };
    parsed.unwrap_or_else(|| json!(text))
}
