//! Reading the settings a user wrote: a `config.yaml`, or `-D`-style `key=value` lines.

use std::borrow::Cow;

use options_core::key_index::KeyRole;
use options_core::layers::parse_argument;
use options_core::yaml::{YamlError, YamlErrorKind, YamlReader};
use options_core::{Setting, ValueKind};

use crate::rules::Rule;

use options_docs::keys::{Found, ModelKeyIndex};
use options_docs::source::Loaded;

/// A file that could not be read as settings, at a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// Line.
    pub line: u32,
    /// Column.
    pub column: u32,
    /// What is wrong.
    pub message: String,
    /// Which kind of finding it is.
    pub rule: Rule,
}

/// Settings read from a file, and every problem that kept a part of it from being read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadSettings {
    /// The settings read, in file order.
    pub settings: Vec<Setting>,
    /// Every YAML error (duplicate keys, keys without a value, unsupported constructs, a syntax
    /// error), in file order.
    pub errors: Vec<SyntaxError>,
    /// The settings given a YAML list or map for an option of text, read as its YAML text
    /// (`[a, b]`) as Flink reads it: almost always a mistake, so a warning each.
    pub collections_as_text: Vec<CollectionAsText>,
}

/// A YAML list or map given to an option of text (`pipeline.name: [a, b]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CollectionAsText {
    /// Line of the key.
    pub line: u32,
    /// Column of the key.
    pub column: u32,
    /// The key.
    pub key: String,
    /// A map (else a list).
    pub map: bool,
}

impl CollectionAsText {
    /// The warning: what Flink reads, never the value.
    pub fn message(&self) -> String {
        format!(
            "\"{}\" {}",
            self.key,
            options_core::layers::collection_as_text(self.map)
        )
    }
}

/// Reads settings the way the runtime does: `-D` lines when every non-comment line looks like
/// `[-D]key=value`, YAML otherwise, with the YAML loader of `options_core` (a block mapping under a
/// Map-typed option of `loaded` is that option's value, quoted with the map grammar). Every YAML
/// error is returned, not only the first.
pub fn read_settings(text: &str, loaded: &Loaded) -> ReadSettings {
    read_settings_sharing(text, loaded, None)
}

/// [`read_settings`], a block mapping under a key `also_map` names read as that key's value too
/// (a Map-typed option of another catalogue the file shares, such as the Kubernetes operator's).
pub fn read_settings_sharing(
    text: &str,
    loaded: &Loaded,
    also_map: Option<&dyn Fn(&str) -> bool>,
) -> ReadSettings {
    if is_properties(text) {
        return ReadSettings {
            settings: parse_properties(text),
            ..ReadSettings::default()
        };
    }
    read_yaml(text, loaded, also_map, &mut |_| ()).0
}

/// [`read_settings`], each setting with the option its key answers in `index` (of `loaded`'s
/// model): a large file's keys are looked up on a second thread while the file is still being
/// read.
pub(crate) fn read_resolved<'d>(
    text: &str,
    loaded: &Loaded,
    index: &ModelKeyIndex<'d>,
    also_map: Option<&dyn Fn(&str) -> bool>,
) -> (ReadSettings, Vec<Option<Found<'d>>>) {
    if is_properties(text) {
        let settings = parse_properties(text);
        let found = settings
            .iter()
            .map(|s| resolve(loaded, index, &s.key))
            .collect();
        let read = ReadSettings {
            settings,
            ..ReadSettings::default()
        };
        return (read, found);
    }
    let mut found = Vec::new();
    let (read, stopped) = read_yaml(text, loaded, also_map, &mut |s| {
        found.push(resolve(loaded, index, &s.key));
    });
    if stopped {
        found.clear();
    }
    (read, found)
}

/// The option `key` names, as the live catalogue would resolve it: an instance of a pattern that
/// is more specifically a key of another release (`metrics.reporter.prom.class` in 2.x, not the
/// catch-all's) names none, and is reported as absent.
fn resolve<'d>(loaded: &Loaded, index: &ModelKeyIndex<'d>, key: &str) -> Option<Found<'d>> {
    let found = index.resolve(key)?;
    let shadowed = found.2 == KeyRole::Pattern && loaded.live.resolve(key).is_none();
    (!shadowed).then_some(found)
}

/// A YAML text's settings and errors, each setting also shown to `each` as it is read (on a
/// second thread for a large text), and whether an error stopped the reading (what `each` saw
/// then is not the file's).
fn read_yaml(
    text: &str,
    loaded: &Loaded,
    also_map: Option<&dyn Fn(&str) -> bool>,
    each: &mut (dyn FnMut(&Setting) + Send),
) -> (ReadSettings, bool) {
    let is_map_option =
        |key: &str| is_map_option(loaded, key) || also_map.is_some_and(|also| also(key));
    let mut settings = Vec::new();
    let mut collections_as_text = Vec::new();
    let reader = YamlReader::new(text).map_options(is_map_option);
    let read = reader.each(|mut setting: Setting| {
        // A list or map given to an option of text is its YAML text, as Flink reads it.
        if let Some(yaml_text) = &setting.yaml_text {
            if takes_text(loaded, &setting.key) {
                collections_as_text.push(CollectionAsText {
                    line: setting.line,
                    column: setting.column,
                    key: setting.key.clone(),
                    map: yaml_text.starts_with('{'),
                });
                setting.value = yaml_text.clone();
            }
        }
        each(&setting);
        settings.push(setting);
    });
    let (errors, stopped) = match read {
        Ok(errors) => (errors, false),
        Err(stop) => {
            settings.clear();
            (vec![stop], true)
        }
    };
    let errors = errors.iter().map(syntax_error).collect();
    let read = ReadSettings {
        settings,
        errors,
        collections_as_text,
    };
    (read, stopped)
}

/// Whether `key` names an option of text (a `String`, not a list).
fn takes_text(loaded: &Loaded, key: &str) -> bool {
    loaded
        .live
        .resolve(key)
        .is_some_and(|r| r.meta.value_type.kind == ValueKind::String && !r.meta.value_type.list)
}

fn syntax_error(e: &YamlError) -> SyntaxError {
    SyntaxError {
        line: e.line(),
        column: e.column(),
        message: e.kind().to_string(),
        rule: match e.kind() {
            YamlErrorKind::Syntax(_) => Rule::YamlSyntax,
            YamlErrorKind::DuplicateKey { .. } => Rule::DuplicateKey,
            YamlErrorKind::NullValue { .. } => Rule::EmptyValue,
            YamlErrorKind::Unsupported { .. } => Rule::UnsupportedYaml,
            YamlErrorKind::UnknownKey { .. } => Rule::UnknownKey,
            YamlErrorKind::InvalidValue(_) => Rule::InvalidValue,
            YamlErrorKind::Limit(_) => Rule::FileLimit,
            _ => Rule::YamlSyntax,
        },
    }
}

/// Whether `key` (an option's own, deprecated or fallback key, or an instance of its pattern key)
/// names a Map-typed option, whose block mapping in a `config.yaml` is its value.
fn is_map_option(loaded: &Loaded, key: &str) -> bool {
    loaded
        .live
        .resolve(key)
        .is_some_and(|r| r.meta.value_type.kind == ValueKind::Map && !r.meta.value_type.list)
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
            Setting::new(
                key,
                value,
                n as u32 + 1,
                u32::try_from(column).unwrap_or(u32::MAX),
            )
        })
        .collect()
}
