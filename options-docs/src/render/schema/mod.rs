//! `config.schema.json`: a JSON Schema (draft 2020-12) for `config.yaml`, so editors validate,
//! complete and explain keys. It is judged by the clients that use it: `tests/yaml-ls` runs the
//! real yaml-language-server (VS Code's YAML extension, Neovim's yamlls) and Ajv in strict mode on
//! it.
//!
//! Flink's YAML loader flattens nesting, so `table.exec.mini-batch.enabled: true`,
//! `table: {exec: {mini-batch: {enabled: true}}}` and any mix (`table.exec: {mini-batch.enabled:
//! true}`) mean the same. The schema is therefore a generated tree ([`tree`]): the object at every
//! depth lists each dotted path it may hold, as a property (literal segments) or a pattern (a path
//! through a key's placeholder, such as `metrics.reporter.<name>.interval`), and is closed
//! (`additionalProperties: false`), so a typo is an error at any depth, in either form. A key that
//! is both a value and a prefix (`high-availability`, `state.backend`) takes either. Every key
//! Flink reads is there: hidden options too and deprecated keys (accepted, not offered in
//! completion; a deprecated key's hover names the current one) and fallback keys. Each option's value schema
//! ([`value`]) lives once in `$defs` and is referenced.

mod tree;
mod value;

use std::collections::{HashMap, VecDeque};

use serde_json::{json, Value};

use super::generated_note;
use super::pretty::Pretty;
use crate::model::{CatalogueDoc, OptionDoc};
use tree::{Leaf, Role, State, Tree};

/// The schema as pretty JSON with a trailing newline.
pub fn config_schema(doc: &CatalogueDoc) -> String {
    let options: Vec<&OptionDoc> = doc.options().map(|(_, o)| o).collect();
    let tree = Tree::new(leaves(&options));
    let mut objects = Objects::default();
    let root = tree.root();
    objects.name_of(&tree, &root);
    let mut p = Pretty::default();
    p.open();
    p.key("$comment");
    p.string(&generated_note(doc));
    p.key("$schema");
    p.string("https://json-schema.org/draft/2020-12/schema");
    let file = doc
        .engine
        .set
        .config_file
        .as_deref()
        .unwrap_or("config.yaml");
    p.key("title");
    p.string(&format!("{} configuration ({file})", doc.engine.name));
    p.key("description");
    p.string(&format!("Options of {file}. Keys may be written dotted (a.b.c: v), nested (a: {{b: {{c: v}}}}) or mixed."));
    write_object_members(&tree, &options, &root, &mut objects, &mut p);
    p.key("$defs");
    p.open();
    for o in &options {
        p.key(&o.key);
        let schema = match o.key.ends_with('>') {
            true => value::catch_all_schema(o, &doc.engine),
            false => value::option_schema(o, &doc.engine),
        };
        p.value(&schema);
        if o.deprecated_keys.is_empty() {
            continue;
        }
        // A deprecated key is a plain key (the derive refuses a placeholder in one): it names the
        // option itself, whose value is read as the option's type, not an instance passed
        // through as written. A catch-all's old key takes the typed schema.
        let typed = match o.key.ends_with('>') {
            true => value::option_schema(o, &doc.engine),
            false => schema,
        };
        for old in &o.deprecated_keys {
            p.key(&deprecated_name(old));
            p.value(&value::deprecated_key_schema(old, o, &typed));
        }
    }
    // Objects are named while earlier ones are written: write until none is left.
    let mut written = 1;
    while let Some((name, state)) = objects.pending.pop_front() {
        p.key(&name);
        p.open();
        write_object_members(&tree, &options, &state, &mut objects, &mut p);
        p.close();
        written += 1;
    }
    debug_assert_eq!(written, objects.names.len());
    p.close();
    p.close();
    let mut text = p.out;
    text.push('\n');
    text
}

/// Every key of every option (hidden ones too): its own, its fallback and its deprecated keys.
fn leaves(options: &[&OptionDoc]) -> Vec<Leaf> {
    let mut leaves = Vec::new();
    for (i, o) in options.iter().enumerate() {
        let keys = std::iter::once((&o.key, Role::Key))
            .chain(o.fallback_keys.iter().map(|k| (k, Role::Fallback)))
            .chain(o.deprecated_keys.iter().map(|k| (k, Role::Deprecated)));
        for (key, role) in keys {
            let literals = key.contains('<').then(|| {
                key.split('.')
                    .filter(|s| options_core::pattern::placeholder(s).is_none())
                    .count()
            });
            leaves.push(Leaf {
                key: key.clone(),
                option: i,
                role,
                literals,
                hidden: o.hidden,
            });
        }
    }
    leaves
}

/// The object definitions named so far, and those still to write.
#[derive(Default)]
struct Objects {
    names: HashMap<State, String>,
    taken: HashMap<String, usize>,
    pending: VecDeque<(String, State)>,
}

impl Objects {
    /// The `$defs` name of the object of `state` (`table.exec.*`), naming it on first use.
    fn name_of(&mut self, tree: &Tree, state: &State) -> String {
        if let Some(name) = self.names.get(state) {
            return name.clone();
        }
        let base = format!("{}.*", tree.name(state));
        let n = self.taken.entry(base.clone()).or_insert(0);
        *n += 1;
        let name = match *n {
            1 => base,
            n => format!("{base}{n}"),
        };
        self.names.insert(state.clone(), name.clone());
        // The root (named first) is written in place, not in `$defs`.
        if self.names.len() > 1 {
            self.pending.push_back((name.clone(), state.clone()));
        }
        name
    }
}

/// Most properties one schema object lists; a closed object with more lists them in parts (see
/// [`write_object_members`]).
const PROPERTIES_PER_OBJECT: usize = 256;

/// `type`, `title`, `properties`, `patternProperties` and `additionalProperties: false` of the
/// object of `state`, as members of the object open in `p`.
///
/// An object with more than [`PROPERTIES_PER_OBJECT`] properties (the root: every dotted key of
/// Flink 2.3 and every prefix, about 1,700) checks its values in parts under `allOf`, and lists
/// the names it may hold apart, each with the schema `true`, beside `additionalProperties:
/// false`. The parts keep validators that check one property inside the check of the previous
/// one (Ajv with its default `allErrors: false`) from nesting 1,700 levels deep, which overflowed
/// V8's stack; Ajv generates no check for a `true` property. Closing the object over the names
/// alone, rather than with `unevaluatedProperties: false` after the parts, keeps one bad value
/// one finding: a part that fails evaluates none of its properties (JSON Schema drops the
/// annotations of a failing subschema), so Python's `jsonschema` (and `check-jsonschema` over
/// it) called every valid key of that part "unevaluated" too.
fn write_object_members(
    tree: &Tree,
    options: &[&OptionDoc],
    state: &State,
    objects: &mut Objects,
    p: &mut Pretty,
) {
    let entries = tree.entries(state);
    p.key("type");
    p.string("object");
    if state != &tree.root() {
        p.key("title");
        p.string(&tree.name(state));
    }
    let (properties, patterns): (Vec<_>, Vec<_>) =
        entries.iter().partition(|entry| entry.property().is_some());
    let write_properties = |p: &mut Pretty, objects: &mut Objects, part: &[&tree::Entry]| {
        p.key("properties");
        p.open();
        for entry in part {
            p.key(&entry.property().unwrap_or_default());
            write_entry(tree, options, &entry.state, objects, p);
        }
        p.close();
    };
    let write_patterns = |p: &mut Pretty, objects: &mut Objects| {
        p.key("patternProperties");
        p.open();
        for entry in &patterns {
            p.key(&entry.regex());
            write_entry(tree, options, &entry.state, objects, p);
        }
        p.close();
    };
    if properties.len() <= PROPERTIES_PER_OBJECT {
        write_properties(p, objects, &properties);
        if !patterns.is_empty() {
            write_patterns(p, objects);
        }
        p.key("additionalProperties");
        p.out.push_str("false");
        return;
    }
    p.key("allOf");
    p.open_array();
    for part in properties.chunks(PROPERTIES_PER_OBJECT) {
        p.item();
        p.open();
        p.key("type");
        p.string("object");
        write_properties(p, objects, part);
        p.close();
    }
    if !patterns.is_empty() {
        p.item();
        p.open();
        p.key("type");
        p.string("object");
        write_patterns(p, objects);
        p.close();
    }
    p.close_array();
    // The names the object may hold: validators read `additionalProperties` against the
    // `properties` and `patternProperties` beside it only, whatever the values.
    p.key("properties");
    p.open();
    for entry in &properties {
        p.key(&entry.property().unwrap_or_default());
        p.out.push_str("true");
    }
    p.close();
    if !patterns.is_empty() {
        p.key("patternProperties");
        p.open();
        for entry in &patterns {
            p.key(&entry.regex());
            p.out.push_str("true");
        }
        p.close();
    }
    p.key("additionalProperties");
    p.out.push_str("false");
}

/// The schema of a path that leads to `state`: the option its value sets, the object of keys
/// below it, or either.
fn write_entry(
    tree: &Tree,
    options: &[&OptionDoc],
    state: &State,
    objects: &mut Objects,
    p: &mut Pretty,
) {
    let leaf = tree.value(state).map(|l| tree.leaf(l));
    let catch_all = leaf.is_some_and(|l| l.key.ends_with('>'));
    // A trailing placeholder's option takes any value, objects included: nothing below it needs
    // its own object.
    let object = tree.is_object(state) && (!catch_all || tree.has_node_children(state));
    let suggested = tree.suggested(state);
    match (leaf, object) {
        (Some(leaf), false) if suggested || leaf.hidden => {
            write_ref(p, &leaf_def(leaf, options));
        }
        (leaf, object) => {
            let mut schema = serde_json::Map::new();
            let object_ref =
                object.then(|| json!({"$ref": reference(&objects.name_of(tree, state))}));
            match (leaf, object_ref) {
                (Some(leaf), Some(object_ref)) => {
                    let mut value = json!({"$ref": reference(&leaf_def(leaf, options))});
                    // Map-typed options take a mapping as their value; others never do, and a
                    // trailing placeholder's would swallow the typed keys below it.
                    if catch_all {
                        value["not"] = json!({"type": "object"});
                    }
                    schema.insert("title".into(), json!(leaf_title(leaf, options)));
                    // `oneOf` keeps an editor's hover on one heading; a Map-typed option's mapping
                    // could also be read as keys below it, so there either may match.
                    let map = options[leaf.option].value_type.kind == "Map";
                    let combine = if map && !catch_all { "anyOf" } else { "oneOf" };
                    schema.insert(combine.into(), json!([value, object_ref]));
                }
                (Some(leaf), None) => {
                    schema.insert("$ref".into(), json!(reference(&leaf_def(leaf, options))));
                }
                (None, Some(object_ref)) => {
                    schema.extend(object_ref.as_object().cloned().unwrap_or_default());
                }
                (None, None) => {}
            }
            if !suggested {
                schema.insert("doNotSuggest".into(), json!(true));
            }
            p.value(&Value::Object(schema));
        }
    }
}

/// The `$defs` name of what `leaf` names: the option, or the deprecated key's wrapper.
fn leaf_def(leaf: &Leaf, options: &[&OptionDoc]) -> String {
    match leaf.role {
        Role::Deprecated => deprecated_name(&leaf.key),
        Role::Key | Role::Fallback => options[leaf.option].key.clone(),
    }
}

fn leaf_title(leaf: &Leaf, options: &[&OptionDoc]) -> String {
    match leaf.role {
        Role::Deprecated => leaf.key.clone(),
        Role::Key | Role::Fallback => options[leaf.option].key.clone(),
    }
}

/// The `$defs` name of a deprecated key's wrapper (keys hold no spaces, so it names no option).
fn deprecated_name(old: &str) -> String {
    format!("{old} (deprecated key)")
}

/// `{"$ref": "#/$defs/<name>"}`, the most common value of the schema (an entry per key per key
/// segment): written without building a JSON value.
fn write_ref(p: &mut Pretty, name: &str) {
    p.open();
    p.key("$ref");
    p.string(&reference(name));
    p.close();
}

/// A `$ref` to a definition (JSON Pointer escaping of `~` and `/`).
fn reference(name: &str) -> String {
    format!("#/$defs/{}", name.replace('~', "~0").replace('/', "~1"))
}
