//! Writes migrated settings as standard YAML, nested by their dots or flat, each with the comments
//! that preceded it in the legacy file and its trailing comment. Scalars are quoted only when YAML
//! needs it: when its syntax would break, or when a reader would take text for a null, a boolean
//! or a number.

use super::value::{Style, YamlValue};

/// What precedes a setting in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Before {
    /// An empty line.
    Blank,
    /// A comment line: the text after `#`.
    Comment(String),
}

/// One setting to write.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The full dotted key.
    pub key: String,
    /// The value.
    pub value: YamlValue,
    /// The trailing comment (text after `#`).
    pub comment: Option<String>,
    /// Lines written before it.
    pub before: Vec<Before>,
}

/// Writes `entries` (in file order) and the lines after the last one. `is_map_option` names keys
/// of Map-typed options: the loader reads an indented mapping under one as its value, so other keys
/// are never nested below it.
pub fn write(
    header: &str,
    entries: &[Entry],
    after: &[Before],
    flat: bool,
    is_map_option: &dyn Fn(&str) -> bool,
) -> String {
    let mut out = String::from(header);
    if flat {
        for e in entries {
            line(&mut out, 0, &e.key, e);
        }
    } else {
        let tree = Tree::build(entries);
        tree.write(&mut out, 0, 0, "", entries, is_map_option);
    }
    write_before(&mut out, 0, after);
    out
}

fn write_before(out: &mut String, indent: usize, before: &[Before]) {
    for b in before {
        match b {
            Before::Blank => out.push('\n'),
            Before::Comment(text) => {
                out.push_str(&" ".repeat(indent));
                out.push('#');
                out.push_str(text);
                out.push('\n');
            }
        }
    }
}

fn line(out: &mut String, indent: usize, key: &str, e: &Entry) {
    write_before(out, indent, &e.before);
    out.push_str(&" ".repeat(indent));
    out.push_str(&scalar(key, Style::Text, false));
    out.push_str(": ");
    out.push_str(&value(&e.value));
    if let Some(c) = &e.comment {
        out.push_str(" #");
        out.push_str(c);
    }
    out.push('\n');
}

/// Keys split at their dots, children in order of first appearance.
struct Tree {
    nodes: Vec<Node>,
}

struct Node {
    name: String,
    full: String,
    entry: Option<usize>,
    children: Vec<usize>,
}

impl Tree {
    fn build(entries: &[Entry]) -> Self {
        let mut tree = Tree {
            nodes: vec![Node {
                name: String::new(),
                full: String::new(),
                entry: None,
                children: Vec::new(),
            }],
        };
        for (i, e) in entries.iter().enumerate() {
            let mut at = 0;
            for segment in segments(&e.key) {
                at = tree.child(at, segment);
            }
            tree.nodes[at].entry = Some(i);
        }
        tree
    }

    fn child(&mut self, parent: usize, name: &str) -> usize {
        if let Some(&c) = self.nodes[parent]
            .children
            .iter()
            .find(|&&c| self.nodes[c].name == name)
        {
            return c;
        }
        let full = match self.nodes[parent].full.as_str() {
            "" => name.to_owned(),
            p => format!("{p}.{name}"),
        };
        self.nodes.push(Node {
            name: name.to_owned(),
            full,
            entry: None,
            children: Vec::new(),
        });
        let id = self.nodes.len() - 1;
        self.nodes[parent].children.push(id);
        id
    }

    /// Writes the children of `node` at `indent`, their names after `prefix` (a node that has a
    /// value of its own, or is a map option, keeps its children on its own level as dotted keys).
    fn write(
        &self,
        out: &mut String,
        node: usize,
        indent: usize,
        prefix: &str,
        entries: &[Entry],
        is_map_option: &dyn Fn(&str) -> bool,
    ) {
        for &c in &self.nodes[node].children {
            let child = &self.nodes[c];
            let name = format!("{prefix}{}", child.name);
            if let Some(e) = child.entry {
                line(out, indent, &name, &entries[e]);
            }
            if child.children.is_empty() {
                continue;
            }
            if child.entry.is_some() || is_map_option(&child.full) {
                self.write(out, c, indent, &format!("{name}."), entries, is_map_option);
            } else {
                out.push_str(&" ".repeat(indent));
                out.push_str(&scalar(&name, Style::Text, false));
                out.push_str(":\n");
                self.write(out, c, indent + 2, "", entries, is_map_option);
            }
        }
    }
}

/// A key's parts for nesting: split at dots when no part is empty, else the whole key.
fn segments(key: &str) -> Vec<&str> {
    let parts: Vec<&str> = key.split('.').collect();
    if parts.iter().any(|p| p.is_empty()) {
        vec![key]
    } else {
        parts
    }
}

fn value(v: &YamlValue) -> String {
    match v {
        YamlValue::Scalar(text, style) => scalar(text, *style, false),
        YamlValue::Sequence(items) => {
            let items: Vec<String> = items.iter().map(|(t, s)| scalar(t, *s, true)).collect();
            format!("[{}]", items.join(", "))
        }
        YamlValue::Mapping(entries) => {
            let entries: Vec<String> = entries
                .iter()
                .map(|(k, v)| {
                    format!(
                        "{}: {}",
                        scalar(k, Style::Text, true),
                        scalar(v, Style::Text, true)
                    )
                })
                .collect();
            format!("{{{}}}", entries.join(", "))
        }
    }
}

/// A scalar as YAML: plain when that reads back as the same text, double-quoted otherwise.
/// `flow`: inside `[...]` or `{...}`, where `,[]{}` are syntax too.
pub fn scalar(text: &str, style: Style, flow: bool) -> String {
    if plain_is_safe(text, flow) && (style == Style::Typed || !looks_typed(text)) {
        text.to_owned()
    } else {
        double_quoted(text)
    }
}

fn plain_is_safe(s: &str, flow: bool) -> bool {
    let Some(first) = s.chars().next() else {
        return false;
    };
    if s.trim() != s || s.starts_with("---") || s.starts_with("...") {
        return false;
    }
    if "!&*[]{}|>'\"%@`,#".contains(first) {
        return false;
    }
    if "-?:".contains(first) {
        match s.chars().nth(1) {
            None => return false,
            Some(c) if c.is_whitespace() || (flow && ",[]{}".contains(c)) => return false,
            Some(_) => {}
        }
    }
    if s.contains(": ") || s.contains(" #") || s.contains('#') || s.ends_with(':') {
        return false;
    }
    if flow && s.contains([',', '[', ']', '{', '}']) {
        return false;
    }
    !s.chars().any(needs_escape)
}

/// Text a YAML reader would take for a null, a boolean or a number (YAML 1.1 and 1.2 spellings).
fn looks_typed(s: &str) -> bool {
    const WORDS: &[&str] = &[
        "~", "null", "true", "false", "yes", "no", "on", "off", "y", "n", ".inf", "+.inf", "-.inf",
        ".nan", "<<", "=",
    ];
    if WORDS.iter().any(|w| w.eq_ignore_ascii_case(s)) {
        return true;
    }
    // Numbers, dates, times and sexagesimals: digits, signs and number punctuation only.
    let first = s.chars().next().unwrap_or(' ');
    (first.is_ascii_digit() || "+-.".contains(first))
        && s.chars()
            .all(|c| c.is_ascii_hexdigit() || "+-._:xXoO".contains(c))
}

fn needs_escape(c: char) -> bool {
    c.is_control() || matches!(c, '\u{85}' | '\u{2028}' | '\u{2029}' | '\u{feff}')
}

fn double_quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            c if needs_escape(c) => {
                let n = c as u32;
                if n <= 0xff {
                    out.push_str(&format!("\\x{n:02x}"));
                } else {
                    out.push_str(&format!("\\u{n:04x}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
