//! A legacy value in its natural YAML form, decided by the option's type: numbers and booleans
//! unquoted, lists as sequences, maps as mappings, durations, memory sizes and enums in their
//! canonical spelling. Every form reads back (through the `config.yaml` loader) to the same typed
//! value as the legacy string.

use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;

use options_core::sensitive::MASK;
use options_core::{ConfigError, MemorySize, OptionValue, ValueError};

use crate::model::{OptionDoc, TypeDoc};
use crate::source::Loaded;

/// How a scalar may be written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// A number or boolean the option reads as such: unquoted whenever YAML's syntax allows.
    Typed,
    /// Text: quoted also when a YAML reader would take it for something else (`yes`, `null`, `1.0`).
    Text,
}

/// A value ready to be written as YAML.
///
/// Its `Debug` masks every scalar, item and mapping value (mapping keys show): a value alone does
/// not know whether its key is secret. [`YamlValue::shown`] prints it in clear for a key that is
/// not.
#[derive(Clone, PartialEq, Eq)]
pub enum YamlValue {
    /// One scalar.
    Scalar(String, Style),
    /// A sequence of scalars (a list option).
    Sequence(Vec<(String, Style)>),
    /// A mapping of text to text (a map option).
    Mapping(Vec<(String, String)>),
}

impl YamlValue {
    /// The value for `Debug` as the value of `key`: in clear, unless `key` holds a secret
    /// ([`options_core::sensitive::is_secret`]).
    pub fn shown<'a>(&'a self, key: &str) -> impl fmt::Debug + 'a {
        Shown {
            value: self,
            secret: options_core::sensitive::is_secret(key),
        }
    }
}

impl fmt::Debug for YamlValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(
            &Shown {
                value: self,
                secret: true,
            },
            f,
        )
    }
}

/// A value printed masked or in clear.
struct Shown<'a> {
    value: &'a YamlValue,
    secret: bool,
}

impl fmt::Debug for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = |t: &str| {
            if self.secret {
                MASK.to_owned()
            } else {
                t.to_owned()
            }
        };
        match self.value {
            YamlValue::Scalar(t, style) => f
                .debug_tuple("Scalar")
                .field(&shown(t))
                .field(style)
                .finish(),
            YamlValue::Sequence(items) => f
                .debug_tuple("Sequence")
                .field(
                    &items
                        .iter()
                        .map(|(t, s)| (shown(t), *s))
                        .collect::<Vec<_>>(),
                )
                .finish(),
            YamlValue::Mapping(pairs) => f
                .debug_tuple("Mapping")
                .field(
                    &pairs
                        .iter()
                        .map(|(k, v)| (k.as_str(), shown(v)))
                        .collect::<Vec<_>>(),
                )
                .finish(),
        }
    }
}

/// The legacy string `raw` of `option` in its YAML form; `Err` with the message (masked for
/// sensitive options) when the value is not valid for the option: it is then kept as written.
pub fn convert(
    loaded: &Loaded,
    key: &str,
    option: &OptionDoc,
    raw: &str,
) -> Result<YamlValue, String> {
    let invalid = |e: ValueError| ConfigError::invalid_value(key, e, option.sensitive).to_string();
    // The live option's own parser also runs its validator (time zones, dialects, ...).
    if let Some(resolved) = loaded.live.resolve(key) {
        resolved.meta.parse_value(raw).map_err(invalid)?;
    }
    convert_typed(option, raw).map_err(invalid)
}

/// [`convert`] by the documented type alone (no validator runs).
pub fn convert_typed(option: &OptionDoc, raw: &str) -> Result<YamlValue, ValueError> {
    let t = &option.value_type;
    if t.list {
        let items = match t.kind.as_str() {
            "Boolean" => typed_items::<bool>(raw),
            "Integer" => typed_items::<i32>(raw),
            "Long" => typed_items::<i64>(raw),
            "Float" => typed_items::<f32>(raw),
            "Double" => typed_items::<f64>(raw),
            "Duration" => text_items::<Duration>(raw),
            "MemorySize" => text_items::<MemorySize>(raw),
            "Enum" => Vec::<String>::parse_config(raw).and_then(|items| {
                items
                    .iter()
                    .map(|item| enum_name(t, item).map(|n| (n, Style::Text)))
                    .collect()
            }),
            _ => text_items::<String>(raw),
        };
        return items.map(YamlValue::Sequence);
    }
    let scalar = |text: String, style| YamlValue::Scalar(text, style);
    match t.kind.as_str() {
        "Boolean" => canonical::<bool>(raw).map(|s| scalar(s, Style::Typed)),
        "Integer" => canonical::<i32>(raw).map(|s| scalar(s, Style::Typed)),
        "Long" => canonical::<i64>(raw).map(|s| scalar(s, Style::Typed)),
        "Float" => canonical::<f32>(raw).map(|s| scalar(s, Style::Typed)),
        "Double" => canonical::<f64>(raw).map(|s| scalar(s, Style::Typed)),
        "Duration" => canonical::<Duration>(raw).map(|s| scalar(s, Style::Text)),
        "MemorySize" => canonical::<MemorySize>(raw).map(|s| scalar(s, Style::Text)),
        "Enum" => enum_name(t, raw).map(|s| scalar(s, Style::Text)),
        "Map" => BTreeMap::<String, String>::parse_config(raw)
            .map(|m| YamlValue::Mapping(m.into_iter().collect())),
        // Strings and user types: exactly as written.
        _ => Ok(scalar(raw.to_owned(), Style::Text)),
    }
}

fn canonical<T: OptionValue>(raw: &str) -> Result<String, ValueError> {
    T::parse_config(raw).map(|v| v.to_config_string())
}

fn typed_items<T: OptionValue>(raw: &str) -> Result<Vec<(String, Style)>, ValueError> {
    items::<T>(raw, Style::Typed)
}

fn text_items<T: OptionValue>(raw: &str) -> Result<Vec<(String, Style)>, ValueError> {
    items::<T>(raw, Style::Text)
}

fn items<T: OptionValue>(raw: &str, style: Style) -> Result<Vec<(String, Style)>, ValueError> {
    Vec::<T>::parse_config(raw).map(|items| {
        items
            .iter()
            .map(|v| (v.to_config_string(), style))
            .collect()
    })
}

/// The documented spelling of an enum value (matched ignoring ASCII case, as the parser does).
fn enum_name(t: &TypeDoc, raw: &str) -> Result<String, ValueError> {
    if t.enum_values.is_empty() {
        return Ok(raw.to_owned());
    }
    t.enum_values
        .iter()
        .find(|v| v.eq_ignore_ascii_case(raw))
        .cloned()
        .ok_or_else(|| {
            ValueError::new(
                raw,
                options_core::TypeInfo::scalar(options_core::ValueKind::Enum),
                format!("expected one of {}", t.enum_values.join(", ")),
            )
        })
}
