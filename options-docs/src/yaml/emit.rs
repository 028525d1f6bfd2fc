//! Writes migrated settings as standard YAML, nested by their dots or flat, each with the comments
//! that preceded it in the legacy file and its trailing comment. Scalars are quoted only when YAML
//! needs it: when its syntax would break, or when a reader would take text for a null, a boolean
//! or a number.

use std::fmt;

use options_core::sensitive::masked_comment;

use super::value::{Style, YamlValue};

/// What precedes a setting in the file. Its `Debug` masks a commented-out secret setting
/// ([`masked_comment`]).
#[derive(Clone, PartialEq, Eq)]
pub enum Before {
    /// An empty line.
    Blank,
    /// A comment line: the text after `#`.
    Comment(String),
}

impl fmt::Debug for Before {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Before::Blank => f.write_str("Blank"),
            Before::Comment(c) => f.debug_tuple("Comment").field(&masked_comment(c)).finish(),
        }
    }
}

/// One setting to write. Its `Debug` masks the value and the trailing comment when the key holds
/// a secret, and commented-out secret settings in the comments before it.
#[derive(Clone)]
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

impl fmt::Debug for Entry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The comment on a secret's line may speak of the secret (`# was: ...`).
        let secret = options_core::sensitive::is_secret(&self.key);
        let comment = self.comment.as_deref().map(|c| match secret {
            true => options_core::sensitive::MASK.into(),
            false => masked_comment(c),
        });
        f.debug_struct("Entry")
            .field("key", &self.key)
            .field("value", &self.value.shown(&self.key))
            .field("comment", &comment)
            .field("before", &self.before)
            .finish()
    }
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
    let mut w = Writer {
        out: String::from(header),
        entries,
        written_before: vec![false; entries.len()],
    };
    if flat {
        for (i, e) in entries.iter().enumerate() {
            w.line(0, &e.key, i);
        }
    } else {
        let tree = Tree::build(entries);
        tree.write(&mut w, 0, 0, "", is_map_option);
    }
    write_before(&mut w.out, 0, after);
    w.out
}

struct Writer<'a> {
    out: String,
    entries: &'a [Entry],
    /// Whether an entry's preceding lines are written (above a parent key that opens with it).
    written_before: Vec<bool>,
}

impl Writer<'_> {
    /// The lines before entry `i`, once, at `indent`.
    fn before(&mut self, indent: usize, i: usize) {
        if !std::mem::replace(&mut self.written_before[i], true) {
            write_before(&mut self.out, indent, &self.entries[i].before);
        }
    }

    fn line(&mut self, indent: usize, key: &str, i: usize) {
        self.before(indent, i);
        let e = &self.entries[i];
        let out = &mut self.out;
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

/// Keys split at their dots, children in order of first appearance.
struct Tree {
    nodes: Vec<Node>,
    /// (parent, name) -> child, so a node with many children is found in constant time.
    index: std::collections::HashMap<(usize, String), usize>,
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
            index: std::collections::HashMap::new(),
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
        if let Some(&c) = self.index.get(&(parent, name.to_owned())) {
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
        self.index.insert((parent, name.to_owned()), id);
        id
    }

    /// Writes the children of `node` at `indent`, their names after `prefix` (a node that has a
    /// value of its own, or is a map option, keeps its children on its own level as dotted keys).
    fn write(
        &self,
        w: &mut Writer<'_>,
        node: usize,
        indent: usize,
        prefix: &str,
        is_map_option: &dyn Fn(&str) -> bool,
    ) {
        for &c in &self.nodes[node].children {
            let child = &self.nodes[c];
            let name = format!("{prefix}{}", child.name);
            if let Some(e) = child.entry {
                w.line(indent, &name, e);
            }
            if child.children.is_empty() {
                continue;
            }
            if child.entry.is_some() || is_map_option(&child.full) {
                self.write(w, c, indent, &format!("{name}."), is_map_option);
            } else {
                // The comments before the first setting inside go above the parent key.
                if let Some(first) = self.first_entry(c) {
                    w.before(indent, first);
                }
                w.out.push_str(&" ".repeat(indent));
                w.out.push_str(&scalar(&name, Style::Text, false));
                w.out.push_str(":\n");
                self.write(w, c, indent + 2, "", is_map_option);
            }
        }
    }

    /// The first entry written inside `node`'s subtree (its own, else its first child's).
    fn first_entry(&self, node: usize) -> Option<usize> {
        let n = &self.nodes[node];
        n.entry
            .or_else(|| n.children.first().and_then(|&c| self.first_entry(c)))
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

/// A value as the right-hand side of `key: value`: a scalar, or a flow sequence or mapping.
pub fn value(v: &YamlValue) -> String {
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
    // Quotes inside are plain in YAML, but quoting the whole keeps a trailing comment findable
    // when a migrated file is read again (see `input::trailing_comment`).
    if s.contains(": ") || s.ends_with(':') || s.contains(['#', '"', '\'']) {
        return false;
    }
    if flow && s.contains([',', '[', ']', '{', '}']) {
        return false;
    }
    !s.chars().any(needs_escape)
}

/// Text a typed YAML reader (YAML 1.1 or 1.2, as Flink's is) would read as a null, a boolean, a
/// number or a date and write back differently (`yes` -> `true`, `007` -> `7`, `~` -> null).
/// A decimal integer without leading zeros and a lower-case `true` or `false` read back as
/// written, so they need no quotes.
fn looks_typed(s: &str) -> bool {
    const WORDS: &[&str] = &[
        "~", "null", "true", "false", "yes", "no", "on", "off", "y", "n", ".inf", "+.inf", "-.inf",
        ".nan", "<<", "=",
    ];
    if s == "true" || s == "false" || is_canonical_integer(s) {
        return false;
    }
    if WORDS.iter().any(|w| w.eq_ignore_ascii_case(s)) {
        return true;
    }
    let unsigned = s.trim_start_matches(['+', '-']);
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    // Floats and integers in any spelling (`1_000`, `1e5`, `.5`, `0x1f`, `0o17`).
    s.replace('_', "").parse::<f64>().is_ok()
        || ["0x", "0o", "0b"].iter().any(|p| unsigned.starts_with(p))
        // Sexagesimal numbers (`1:20`) and dates (`2024-01-31`).
        || (s.contains(':') && s.split(':').all(digits))
        || is_date_like(s.as_bytes())
}

/// `2024-01-31...`: four digits, a dash, more, and a second dash.
fn is_date_like(b: &[u8]) -> bool {
    b.len() >= 8
        && b[..4].iter().all(u8::is_ascii_digit)
        && b[4] == b'-'
        && b[5].is_ascii_digit()
        && b[6..].contains(&b'-')
}

fn is_canonical_integer(s: &str) -> bool {
    let digits = s.strip_prefix('-').unwrap_or(s);
    !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'))
        && s != "-0"
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
