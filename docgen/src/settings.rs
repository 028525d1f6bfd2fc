//! Reading the settings a user wrote: a `config.yaml`, or `-D`-style `key=value` lines.

use std::borrow::Cow;

use options_core::layers::parse_argument;
use options_core::value::ValueKind;
use options_core::yaml::read_config_yaml;

use crate::source::Loaded;

/// One `key = value` a user wrote, with the 1-based position of the key.
#[derive(Clone, PartialEq, Eq)]
pub struct Setting {
    /// The full dotted key.
    pub key: String,
    /// The value as a config string.
    pub value: String,
    /// Line of the key.
    pub line: u32,
    /// Column of the key.
    pub column: u32,
}

// `Debug` by hand: the value is masked when its key holds a secret.
impl std::fmt::Debug for Setting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Setting")
            .field("key", &self.key)
            .field(
                "value",
                &options_core::sensitive::shown(&self.key, &self.value),
            )
            .field("line", &self.line)
            .field("column", &self.column)
            .finish()
    }
}

/// A file that could not be read as settings, at a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// Line.
    pub line: u32,
    /// Column.
    pub column: u32,
    /// What is wrong.
    pub message: String,
}

/// Settings read from a file, and every problem that kept a part of it from being read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadSettings {
    /// The settings read, in file order.
    pub settings: Vec<Setting>,
    /// Every YAML error (duplicate keys, keys without a value, unsupported constructs, a syntax
    /// error), in file order.
    pub errors: Vec<SyntaxError>,
}

/// Reads settings the way the runtime does: `-D` lines when every non-comment line looks like
/// `[-D]key=value`, YAML otherwise, with the YAML loader of `options_core` (a block mapping under a
/// Map-typed option of `loaded` is that option's value, quoted with the map grammar). Every YAML
/// error is returned, not only the first.
pub fn read_settings(text: &str, loaded: &Loaded) -> ReadSettings {
    if is_properties(text) {
        return ReadSettings {
            settings: parse_properties(text),
            errors: Vec::new(),
        };
    }
    let is_map_option = |key: &str| is_map_option(loaded, key);
    let (settings, errors) = read_config_yaml(text, &is_map_option);
    ReadSettings {
        settings: settings
            .into_iter()
            .map(|s| Setting {
                key: s.key,
                value: s.value,
                line: s.line,
                column: s.column,
            })
            .collect(),
        errors: errors
            .into_iter()
            .map(|e| SyntaxError {
                line: e.line(),
                column: e.column(),
                message: e.kind().to_string(),
            })
            .collect(),
    }
}

/// Whether `key` (an option's own, deprecated or fallback key) names a Map-typed option, whose
/// block mapping in a `config.yaml` is its value.
fn is_map_option(loaded: &Loaded, key: &str) -> bool {
    if let Some(live) = &loaded.live {
        return live
            .resolve(key)
            .is_some_and(|r| r.meta.value_type.kind == ValueKind::Map && !r.meta.value_type.list);
    }
    loaded.doc.options().any(|(_, o)| {
        o.value_type.kind == ValueKind::Map.name()
            && !o.value_type.list
            && (o.key == key
                || o.deprecated_keys.iter().any(|k| k == key)
                || o.fallback_keys.iter().any(|k| k == key))
    })
}

fn significant(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().filter(|(_, l)| {
        let t = l.trim();
        !t.is_empty() && !t.starts_with('#')
    })
}

fn is_properties(text: &str) -> bool {
    let mut lines = significant(text).peekable();
    lines.peek().is_some()
        && lines.all(|(_, line)| {
            let t = line.trim_start();
            let t = t.strip_prefix("-D").unwrap_or(t);
            match t.find('=') {
                Some(eq) => eq > 0 && !t[..eq].contains([':', ' ', '\t']),
                None => false,
            }
        })
}

/// `[-D]key=value` lines, split by the runtime's own `-D` parser
/// ([`parse_argument`]), so a line means here what it means on a command line: the key is
/// trimmed, the value is kept as written (`-Dk= v` is `" v"`).
fn parse_properties(text: &str) -> Vec<Setting> {
    significant(text)
        .map(|(n, line)| {
            let body = line.trim_start();
            let argument = match body.strip_prefix("-D") {
                Some(_) => Cow::Borrowed(body),
                None => Cow::Owned(format!("-D{body}")),
            };
            // The key's column, in characters: past the indentation (any Unicode blank), the
            // `-D` and the blanks the parser trims before the key.
            let after_d = body.strip_prefix("-D").unwrap_or(body);
            let key_start = line.len() - after_d.trim_start().len();
            let column = line[..key_start].chars().count() + 1;
            let (key, value) = match parse_argument(&argument) {
                Some(Ok((key, value))) => (key.to_owned(), value.to_owned()),
                // `is_properties` admits only lines with a key before `=`.
                _ => (argument[2..].trim().to_owned(), String::new()),
            };
            Setting {
                key,
                value,
                line: n as u32 + 1,
                column: u32::try_from(column).unwrap_or(u32::MAX),
            }
        })
        .collect()
}
