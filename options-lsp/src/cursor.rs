//! What is at the cursor: the configuration it is in, the key its line writes (the outer lines'
//! keys of a nested mapping joined in front), and whether it stands on the key or on the value.
//! Read from the lines themselves, by indentation, so a line being typed (not yet YAML) still
//! has its place.

use crate::documents::Document;
use crate::parts::{DocumentKind, Part, Parts};

/// Where the cursor is in a configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Spot {
    /// On a key, or where a key is being typed: the keys of the outer lines joined with dots
    /// (`state.backend.`, empty at the top), the key as written on the line, and the part of it
    /// before the cursor, with the character column (from 0) where the written key starts.
    Key {
        /// The outer keys with a trailing dot, or empty.
        outer: String,
        /// The key as written on this line.
        written: String,
        /// The part of it before the cursor.
        typed: String,
        /// Where it starts on the line (characters from 0).
        start: u32,
    },
    /// In a value: the full key and the part of the value before the cursor, with the character
    /// column (from 0) where the value starts.
    Value {
        /// The full dotted key.
        key: String,
        /// The part of the value before the cursor.
        typed: String,
        /// Where the value starts on the line (characters from 0).
        start: u32,
    },
}

/// The configuration holding line `line` (from 1), or being extended by it: the last one that
/// starts above it, when every line between is indented at least as its lines are.
pub fn part_at<'p>(doc: &Document, parts: &'p Parts, line: u32) -> Option<&'p Part> {
    if let Some(part) = parts.at_line(line) {
        return Some(part);
    }
    let part = parts
        .parts
        .iter()
        .rev()
        .find(|p| p.embedded.map.to_file(1, 1).0 <= line)?;
    let (first, shift) = part.embedded.map.to_file(1, 1);
    let indent = shift - 1;
    let deep_enough = (first..=line).all(|l| {
        let text = doc.line(l as usize - 1).unwrap_or_default();
        text.trim().is_empty() || indentation(text) >= indent as usize
    });
    deep_enough.then_some(part)
}

fn indentation(text: &str) -> usize {
    text.chars().take_while(|c| *c == ' ' || *c == '\t').count()
}

/// The spot of the cursor at `line` (from 1) and character `column` (from 0) of `doc`.
pub fn spot<'p>(
    doc: &Document,
    parts: &'p Parts,
    line: u32,
    column: u32,
) -> Option<(&'p Part, Spot)> {
    let part = part_at(doc, parts, line)?;
    let text = doc.line(line as usize - 1)?;
    let spot = match parts.kind {
        DocumentKind::Sql => sql_spot(text, column)?,
        _ => {
            let (first, shift) = part.embedded.map.to_file(1, 1);
            yaml_spot(doc, first, shift - 1, line, column)?
        }
    };
    Some((part, spot))
}

/// The spot in a `SET 'key' = 'value'` statement.
fn sql_spot(text: &str, column: u32) -> Option<Spot> {
    let chars: Vec<char> = text.chars().collect();
    let before: String = chars[..(column as usize).min(chars.len())].iter().collect();
    // The last SET before the cursor on this line.
    let upper = before.to_ascii_uppercase();
    let set = upper.rfind("SET")?;
    let after_set = &before[set + 3..];
    let open = after_set.find(['\'', '"', '`'])?;
    let quote = after_set[open..].chars().next()?;
    let key_from = set + 3 + open + 1;
    let start = before[..key_from].chars().count() as u32;
    let rest: String = chars[start as usize..].iter().collect();
    let key_len = rest.find(quote).unwrap_or(rest.len());
    let written = rest[..key_len].to_owned();
    let typed_to = (column - start) as usize;
    if typed_to <= written.chars().count() {
        let typed: String = written.chars().take(typed_to).collect();
        return Some(Spot::Key {
            outer: String::new(),
            written,
            typed,
            start,
        });
    }
    // Past the key: a value after `= '`.
    let after_key = &rest[key_len..];
    let eq = after_key.find('=')?;
    let open = after_key[eq..].find(['\'', '"'])? + eq + 1;
    let value_start = start as usize + written.chars().count() + after_key[..open].chars().count();
    let typed: String = chars.get(value_start..column as usize)?.iter().collect();
    Some(Spot::Value {
        key: written,
        typed,
        start: value_start as u32,
    })
}

/// The spot in a YAML (or `key: value`) configuration whose lines start at `first` with
/// indentation `root`.
fn yaml_spot(doc: &Document, first: u32, root: u32, line: u32, column: u32) -> Option<Spot> {
    let text = doc.line(line as usize - 1)?;
    let chars: Vec<char> = text.chars().collect();
    let indent = indentation(text);
    let column = (column as usize).min(chars.len());
    if column < indent {
        return None;
    }
    let body: String = chars[indent..].iter().collect();
    if body.starts_with('#') {
        return None;
    }
    let outer = outer_keys(doc, first, root as usize, line, indent);
    let (written, value_at) = match split_key(&body) {
        Some((key, value_at)) => (key, Some(indent + value_at)),
        None => (body.trim_end().to_owned(), None),
    };
    match value_at {
        Some(at) if column >= at => {
            let value: String = chars[at..column].iter().collect();
            let skipped = value.len() - value.trim_start().len();
            let typed = value.trim_start().trim_start_matches(['"', '\'']);
            let start = column - typed.chars().count();
            let _ = skipped;
            Some(Spot::Value {
                key: format!("{outer}{written}"),
                typed: typed.to_owned(),
                start: start as u32,
            })
        }
        _ => {
            let typed: String = chars[indent..column].iter().collect();
            Some(Spot::Key {
                outer,
                written,
                typed,
                start: indent as u32,
            })
        }
    }
}

/// A line's key and where its value starts (characters after the indentation): `key: value`,
/// `key:` at the end, or `key=value` (`-D` lines).
fn split_key(body: &str) -> Option<(String, usize)> {
    let chars: Vec<char> = body.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let next = chars.get(i + 1).copied();
        if c == ':' && next.is_none_or(char::is_whitespace) {
            let key: String = chars[..i].iter().collect();
            let key = key.trim().trim_matches(['"', '\'']).to_owned();
            let value = i + 1 + usize::from(next.is_some());
            return Some((key, value));
        }
        if c == '=' {
            let key: String = chars[..i].iter().collect();
            let key = key.trim().trim_start_matches("-D").to_owned();
            return Some((key, i + 1));
        }
    }
    None
}

/// The keys of the lines above `line` that open the mappings it is nested in (each less
/// indented than the one below), joined with a trailing dot.
fn outer_keys(doc: &Document, first: u32, root: usize, line: u32, indent: usize) -> String {
    let mut keys = Vec::new();
    let mut limit = indent;
    let mut l = line;
    while l > first && limit > root {
        l -= 1;
        let text = doc.line(l as usize - 1).unwrap_or_default();
        let trimmed = text.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let i = indentation(text);
        if i < limit {
            match split_key(trimmed) {
                Some((key, _)) if i >= root => keys.push(key),
                _ => break,
            }
            limit = i;
        }
    }
    keys.reverse();
    keys.iter().map(|k| format!("{k}.")).collect()
}
