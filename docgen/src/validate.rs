//! `docgen validate`: checks a user's settings against the catalogue. Unknown keys (with
//! suggestions) and invalid values are errors; deprecated keys and deprecated options are warnings.
//! Each problem names its line and column.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::Duration;

use options_core::{ConfigError, MemorySize, OptionValue, TypeInfo, ValueError};

use crate::model::OptionDoc;
use crate::settings::Setting;
use crate::source::Loaded;
use crate::suggest::Suggester;

/// How bad a problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// The setting is wrong (exit code 1).
    Error,
    /// The setting works but should change.
    Warning,
}

/// One problem in a settings file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Line of the key.
    pub line: u32,
    /// Column of the key.
    pub column: u32,
    /// Error or warning.
    pub severity: Severity,
    /// What is wrong and what to do.
    pub message: String,
}

/// Every problem in `settings`, in file order.
pub fn validate(loaded: &Loaded, settings: &[Setting]) -> Vec<Problem> {
    let settings = merge_map_entries(loaded, settings);
    let mut by_key: BTreeMap<&str, (&OptionDoc, bool)> = BTreeMap::new();
    for (_, o) in loaded.doc.options() {
        for old in &o.deprecated_keys {
            by_key.entry(old).or_insert((o, true));
        }
        for fallback in &o.fallback_keys {
            by_key.entry(fallback).or_insert((o, false));
        }
    }
    for (_, o) in loaded.doc.options() {
        by_key.insert(&o.key, (o, false));
    }
    let mut suggester = None;
    let mut problems = Vec::new();
    for s in &settings {
        let mut report = |severity, message| {
            problems.push(Problem {
                line: s.line,
                column: s.column,
                severity,
                message,
            })
        };
        let Some(&(option, via_deprecated)) = by_key.get(s.key.as_str()) else {
            let suggester = suggester.get_or_insert_with(|| Suggester::new(&loaded.doc));
            let error = ConfigError::UnknownKey {
                key: s.key.clone(),
                suggestions: suggester.suggest(&s.key),
            };
            report(Severity::Error, error.to_string());
            continue;
        };
        if let Err(e) = check_value(loaded, option, &s.value) {
            let source = if option.sensitive { e.masked() } else { e };
            let error = ConfigError::InvalidValue {
                key: s.key.clone(),
                source,
            };
            report(Severity::Error, error.to_string());
        }
        if via_deprecated {
            report(
                Severity::Warning,
                format!(
                    "\"{}\" is a deprecated key; use \"{}\" instead",
                    s.key, option.key
                ),
            );
        } else if option.deprecated {
            report(
                Severity::Warning,
                format!(
                    "option \"{}\" is deprecated; see `docgen explain {}`",
                    option.key, option.key
                ),
            );
        }
    }
    problems
}

/// The report printed by `validate`: `FILE:LINE:COL: error: ...` lines, then a summary line.
pub fn render_report(file: &str, problems: &[Problem]) -> String {
    let mut text = String::new();
    for p in problems {
        let level = match p.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let _ = writeln!(
            text,
            "{file}:{}:{}: {level}: {}",
            p.line, p.column, p.message
        );
    }
    let errors = problems
        .iter()
        .filter(|p| p.severity == Severity::Error)
        .count();
    let warnings = problems.len() - errors;
    if problems.is_empty() {
        let _ = writeln!(text, "{file}: ok");
    } else {
        let _ = writeln!(
            text,
            "{file}: {} and {}",
            plural(errors, "error"),
            plural(warnings, "warning")
        );
    }
    text
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// Parses `value` with the live option's own parser when there is one, else by the documented type.
fn check_value(loaded: &Loaded, option: &OptionDoc, value: &str) -> Result<(), ValueError> {
    if let Some(resolved) = loaded.live.as_ref().and_then(|c| c.resolve(&option.key)) {
        return resolved.meta.parse_value(value);
    }
    let t = &option.value_type;
    if t.list {
        return value
            .split(';')
            .filter(|item| !item.trim().is_empty())
            .try_for_each(|item| check_scalar(option, item.trim()));
    }
    check_scalar(option, value)
}

fn check_scalar(option: &OptionDoc, value: &str) -> Result<(), ValueError> {
    fn parse<T: OptionValue>(value: &str) -> Result<(), ValueError> {
        T::parse_config(value).map(drop)
    }
    match option.value_type.kind.as_str() {
        "Boolean" => parse::<bool>(value),
        "Integer" => parse::<i32>(value),
        "Long" => parse::<i64>(value),
        "Float" => parse::<f32>(value),
        "Double" => parse::<f64>(value),
        "Duration" => parse::<Duration>(value),
        "MemorySize" => parse::<MemorySize>(value),
        "Map" => parse::<BTreeMap<String, String>>(value),
        "Enum" => {
            let values = &option.value_type.enum_values;
            if values.iter().any(|v| v.eq_ignore_ascii_case(value)) {
                Ok(())
            } else {
                // TypeInfo wants static names; a catalogue file's are leaked once per bad value.
                let names: Vec<&'static str> = values
                    .iter()
                    .map(|v| &*Box::leak(v.clone().into_boxed_str()))
                    .collect();
                Err(ValueError::new(
                    value,
                    TypeInfo::enumeration(Box::leak(names.into_boxed_slice())),
                    "",
                ))
            }
        }
        // Strings and user types: nothing to check without the type's own parser.
        _ => Ok(()),
    }
}

/// YAML nesting under a Map-typed option (`python.job-options: {a: b}`) is that option's value, but
/// the YAML reader flattens it to `python.job-options.a`; put such entries back together as one
/// `a:b,c:d` setting at the position of the first one.
fn merge_map_entries(loaded: &Loaded, settings: &[Setting]) -> Vec<Setting> {
    let is_map = |key: &str| {
        loaded
            .doc
            .option(key)
            .is_some_and(|(_, o)| o.value_type.kind == "Map" && !o.value_type.list)
    };
    let map_prefix = |key: &str| {
        key.match_indices('.')
            .map(|(i, _)| &key[..i])
            .find(|prefix| is_map(prefix))
            .map(str::to_owned)
    };
    let mut merged: Vec<Setting> = Vec::new();
    for s in settings {
        let Some(prefix) = (!is_map(&s.key)).then(|| map_prefix(&s.key)).flatten() else {
            merged.push(s.clone());
            continue;
        };
        let entry = format!("{}:{}", &s.key[prefix.len() + 1..], s.value);
        match merged
            .iter_mut()
            .find(|m| m.key == prefix && m.line <= s.line)
        {
            Some(m) => {
                m.value.push(',');
                m.value.push_str(&entry);
            }
            None => merged.push(Setting {
                key: prefix,
                value: entry,
                line: s.line,
                column: s.column,
            }),
        }
    }
    merged
}
