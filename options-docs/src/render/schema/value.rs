//! The schema of one option's value, accepting exactly the YAML values Flink's loader accepts.
//!
//! Flink reads every scalar as text and parses it with the option's grammar, so a quoted `'true'`
//! or `'4'` is as good as a bare `true` or `4`: each type is a typed branch (`boolean`, `integer`,
//! `number`) and a `string` branch whose `pattern` is the grammar of the same type (durations and
//! memory sizes with every unit the grammar knows, in any case; booleans in any case; enum values in
//! any case). A bare integer is a duration in milliseconds or a size in bytes. The patterns cannot
//! check ranges (a duration that overflows, a quoted number below a minimum): `flinkconf validate`
//! does. Branches never overlap, so an editor's hover names one option, not a list of branches.
//!
//! Each schema carries the editor annotations of VS Code's JSON dialect, which
//! yaml-language-server reads: `title` (the key, heading every hover), `markdownDescription` (one
//! line per paragraph, with the type and default), `patternErrorMessage` and `doNotSuggest`
//! (hidden options and deprecated keys: accepted, not offered in completion). A deprecation is
//! the standard `deprecated` annotation and the first line of the hover, not `deprecationMessage`:
//! yaml-language-server turns every schema warning into an error, and a deprecated key works.

use options_core::grammar::{duration_unit_names, memory_unit_names};
use options_core::wording;
use options_core::ValueKind;
use serde_json::{json, Map, Value};

use super::tree::escape;
use crate::engine::EngineDoc;
use crate::format::{default_text, rules};
use crate::markdown::{neutralize, reflow};
use crate::model::{DefaultModel, OptionDoc};

/// The schema of `o`'s value (its `$defs` entry).
pub(super) fn option_schema(o: &OptionDoc, engine: &EngineDoc) -> Value {
    let mut s = annotations(o, engine);
    let branches = match o.value_type.list {
        true => list_branches(o),
        false => scalar_branches(o),
    };
    match branches.len() {
        0 => {}
        1 => s.extend(
            branches
                .into_iter()
                .next()
                .and_then(object)
                .unwrap_or_default(),
        ),
        // The branches never overlap: `oneOf` says so, and keeps an editor's hover on one
        // heading (yaml-language-server joins the titles of every `anyOf` branch that matches).
        _ => {
            s.insert("oneOf".into(), Value::Array(branches));
        }
    }
    if let (DefaultModel::Value(text), false) = (&o.default, o.sensitive) {
        s.insert("default".into(), typed_default(o, text));
    }
    Value::Object(s)
}

/// The schema of a trailing-placeholder option (`metrics.reporter.<name>.<parameter>`): its
/// instances are passed through as written, so any value is accepted.
pub(super) fn catch_all_schema(o: &OptionDoc, engine: &EngineDoc) -> Value {
    Value::Object(annotations(o, engine))
}

/// The schema of an old key of `o`, whose own schema is `schema`: `o`'s value, titled by the old
/// key, marked deprecated with the key to use first in its hover, and not offered in completion.
/// A copy rather than a `$ref`: yaml-language-server heads a hover with the innermost title,
/// which would be `o`'s own.
pub(super) fn deprecated_key_schema(old: &str, o: &OptionDoc, schema: &Value) -> Value {
    let mut s = schema.clone();
    let text = format!("Deprecated key: use `{}` instead.", o.key);
    let markdown = s["markdownDescription"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    s["title"] = json!(old);
    s["description"] = json!(wording::plain(&text));
    s["markdownDescription"] = json!(format!("**{text}**\n\n{markdown}"));
    s["deprecated"] = json!(true);
    s["doNotSuggest"] = json!(true);
    s
}

fn object(v: Value) -> Option<Map<String, Value>> {
    match v {
        Value::Object(m) => Some(m),
        _ => None,
    }
}

/// Title, descriptions, deprecation and completion hints of `o`.
fn annotations(o: &OptionDoc, engine: &EngineDoc) -> Map<String, Value> {
    let mut s = Map::new();
    s.insert("title".into(), json!(o.key));
    let description = reflow(&neutralize(&o.description));
    let mut facts = format!("**Type** `{}`", o.value_type.name);
    if !o.sensitive {
        match &o.default {
            DefaultModel::None => facts.push_str(" · **Default** none"),
            _ => facts.push_str(&format!(" · **Default** `{}`", default_text(o, engine))),
        }
    }
    let mut markdown = Vec::new();
    if o.deprecated {
        let note = o
            .deprecation
            .as_ref()
            .map(|d| format!(" since {}: {}", d.since, d.note))
            .unwrap_or_default();
        markdown.push(format!("**Deprecated{note}.**"));
    }
    markdown.extend([description.clone(), facts]);
    if !o.value_type.enum_values.is_empty() {
        let values: Vec<String> = o
            .value_type
            .enum_values
            .iter()
            .map(|v| format!("`{v}`"))
            .collect();
        markdown.push(format!("Values (any case): {}.", values.join(", ")));
    }
    markdown.extend(rules(o));
    s.insert("description".into(), json!(description));
    s.insert("markdownDescription".into(), json!(markdown.join("\n\n")));
    if o.deprecated {
        s.insert("deprecated".into(), json!(true));
    }
    if o.hidden || o.deprecated {
        s.insert("doNotSuggest".into(), json!(true));
    }
    s
}

/// Java's `String.trim()` strips every character up to U+0020.
const SPACE: &str = r"[\x00- ]*";

const BOOLEAN: &str = "^(?:[Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee])$";
const INTEGER: &str = "^[+-]?[0-9]+$";
const WHOLE: &str = "Expected a whole number (digits with an optional sign).";
const FLOAT: &str = r"^[\x00- ]*(?:[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|[+-]?NaN|\+?Infinity|-Infinity)[\x00- ]*$";

/// The pattern of a duration's text (the same for every duration option: built once).
fn duration_pattern() -> &'static str {
    static PATTERN: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    PATTERN.get_or_init(|| measure_pattern(duration_unit_names()))
}

/// The pattern of a memory size's text (built once).
fn memory_pattern() -> &'static str {
    static PATTERN: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    PATTERN.get_or_init(|| measure_pattern(memory_unit_names()))
}

/// `<digits> <unit>`, trimmed, with `units` in any case.
fn measure_pattern(units: impl Iterator<Item = &'static str>) -> String {
    let names: Vec<String> = units.map(any_case).collect();
    format!("^{SPACE}[0-9]+{SPACE}(?:{})?{SPACE}$", names.join("|"))
}

/// A regular expression matching `word` in any case: each letter as the class of its spellings
/// that lower to the same letter (`[sS]`; the Greek mu also as its capital, which lowers to it,
/// but not the micro sign's capital, which does not lower back to the micro sign).
fn any_case(word: &str) -> String {
    word.chars()
        .map(|c| {
            let lower: String = c.to_lowercase().collect();
            let mut class = vec![c];
            for other in c.to_lowercase().chain(c.to_uppercase()) {
                if !class.contains(&other) && other.to_lowercase().collect::<String>() == lower {
                    class.push(other);
                }
            }
            match class.len() {
                1 => escape(&c.to_string()),
                _ => format!("[{}]", class.into_iter().collect::<String>()),
            }
        })
        .collect()
}

/// Any of `values`, in any case.
fn any_case_of(values: &[String]) -> String {
    let names: Vec<String> = values.iter().map(|v| any_case(v)).collect();
    format!("^(?:{})$", names.join("|"))
}

/// The string branch of a type, with the message an editor shows when it does not match.
fn text(pattern: &str, message: String) -> Value {
    json!({"type": "string", "pattern": pattern, "patternErrorMessage": message})
}

/// Text read with the grammar of a type, or a YAML value of that type: `if` the value is a string,
/// it must match the grammar, `else` it must be the typed value. (Two `oneOf` branches would do,
/// but an editor that finds neither matching reports the first branch's problem, which would
/// hide `Value is below the minimum` behind `Expected a string`.)
fn text_or(pattern: &str, message: &str, typed: Value) -> Value {
    json!({
        "if": {"type": "string"},
        "then": text(pattern, message.to_owned()),
        "else": typed,
    })
}

fn scalar_branches(o: &OptionDoc) -> Vec<Value> {
    let c = &o.constraint;
    let closed = match o.value_type.value_kind() {
        // An enum's names and the other spellings it accepts.
        Some(ValueKind::Enum) => o
            .value_type
            .enum_values
            .iter()
            .chain(o.value_type.enum_aliases.keys())
            .cloned()
            .collect(),
        _ => c.one_of.clone(),
    };
    if !closed.is_empty() {
        // Exact spellings (offered in completion), and the others in another case.
        let message = format!("Expected one of {} (any case).", closed.join(", "));
        let mut other = text(&any_case_of(&closed), message);
        other["not"] = json!({"enum": closed});
        return vec![json!({"type": "string", "enum": closed}), other];
    }
    let bound = |text: &Option<String>, integer: bool| -> Option<Value> {
        let text = text.as_deref()?;
        match integer {
            true => text.parse::<i64>().ok().map(Value::from),
            false => text.parse::<f64>().ok().map(Value::from),
        }
    };
    let number = |kind: &str, integer: bool, min: Option<Value>, max: Option<Value>| {
        let mut n = json!({"type": kind});
        if let Some(min) = bound(&c.min, integer).or(min) {
            n["minimum"] = min;
        }
        if let Some(max) = bound(&c.max, integer).or(max) {
            n["maximum"] = max;
        }
        n
    };
    match o.value_type.value_kind() {
        Some(ValueKind::Boolean) => vec![text_or(
            BOOLEAN,
            "Expected true or false (any case).",
            json!({"type": "boolean"}),
        )],
        Some(ValueKind::Integer) => vec![text_or(
            INTEGER,
            WHOLE,
            number(
                "integer",
                true,
                Some(i32::MIN.into()),
                Some(i32::MAX.into()),
            ),
        )],
        Some(ValueKind::Long) => vec![text_or(
            INTEGER,
            WHOLE,
            number("integer", true, None, None),
        )],
        Some(ValueKind::Unsigned) => vec![text_or(
            INTEGER,
            WHOLE,
            number("integer", true, Some(0.into()), None),
        )],
        Some(ValueKind::Float | ValueKind::Double) => vec![text_or(
            FLOAT,
            "Expected a decimal number such as 0.5 or 1e-3 (or NaN, Infinity).",
            number("number", false, None, None),
        )],
        Some(ValueKind::Duration) => vec![text_or(
            duration_pattern(),
            "Expected a duration: a whole number and an optional unit (ms, s, min, h, d, ...), such as \"500 ms\" or \"3 min\"; a bare number is milliseconds.",
            json!({"type": "integer", "minimum": 0}),
        )],
        Some(ValueKind::MemorySize) => vec![text_or(
            memory_pattern(),
            "Expected a memory size: a whole number and an optional unit (b, kb, mb, gb, tb), such as \"64 mb\"; a bare number is bytes.",
            json!({"type": "integer", "minimum": 0}),
        )],
        Some(ValueKind::Map) => vec![
            json!({"type": "string"}),
            json!({"type": "object", "additionalProperties": {"anyOf": plain_scalars()}}),
        ],
        // Text: any scalar is read as its text.
        Some(ValueKind::String) => plain_scalars(),
        Some(ValueKind::Enum | ValueKind::Other(_)) | None => Vec::new(),
    }
}

/// A string, a number or a boolean.
fn plain_scalars() -> Vec<Value> {
    vec![
        json!({"type": "string"}),
        json!({"type": "number"}),
        json!({"type": "boolean"}),
    ]
}

/// A list: a YAML sequence of the item type, or one scalar (`a;b;c` in the list grammar, or a single
/// item).
fn list_branches(o: &OptionDoc) -> Vec<Value> {
    let items = scalar_branches(&OptionDoc {
        value_type: crate::model::TypeDoc {
            list: false,
            ..o.value_type.clone()
        },
        ..o.clone()
    });
    let items = match items.len() {
        0 => json!({}),
        1 => items.into_iter().next().unwrap_or_default(),
        _ => json!({"oneOf": items}),
    };
    let mut branches = plain_scalars();
    branches.push(json!({"type": "array", "items": items}));
    branches
}

/// The default as the JSON value a YAML file would hold.
fn typed_default(o: &OptionDoc, text: &str) -> Value {
    if o.value_type.list {
        return json!(text);
    }
    let parsed = match o.value_type.value_kind() {
        Some(ValueKind::Boolean) => text.parse::<bool>().ok().map(Value::from),
        Some(ValueKind::Integer | ValueKind::Long) => text.parse::<i64>().ok().map(Value::from),
        Some(ValueKind::Unsigned) => text.parse::<u64>().ok().map(Value::from),
        Some(ValueKind::Float | ValueKind::Double) => text.parse::<f64>().ok().map(Value::from),
        _ => None,
    };
    parsed.unwrap_or_else(|| json!(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unit_names_match_in_any_case() {
        assert_eq!(any_case("ms"), "[mM][sS]");
        assert_eq!(any_case("BATCH"), "[Bb][Aa][Tt][Cc][Hh]");
        assert_eq!(any_case("µs"), "µ[sS]");
        assert_eq!(any_case("μs"), "[μΜ][sS]");
    }
}
