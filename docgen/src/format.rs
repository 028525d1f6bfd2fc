//! Text shown for defaults, types and notes, the way Flink's reference tables show them.

use options_core::value::grammar::split_list;

use crate::model::{DefaultModel, OptionDoc};

/// The default as the Default column shows it: `(none)`, `"quoted"` for strings, `3 min`, `64 kb`,
/// `true`; an override text as is.
pub fn default_text(option: &OptionDoc) -> String {
    match &option.default {
        DefaultModel::None => "(none)".to_owned(),
        DefaultModel::Override(text) => text.clone(),
        DefaultModel::Value(value) if option.is_string() && option.value_type.list => {
            // Items as the list grammar reads them (`'a;b';c` is two items); a default that does
            // not split is shown as one quoted string.
            match split_list(value) {
                Ok(items) => items
                    .iter()
                    .map(|item| format!("\"{item}\""))
                    .collect::<Vec<_>>()
                    .join(";"),
                Err(_) => format!("\"{value}\""),
            }
        }
        DefaultModel::Value(value) if option.is_string() => format!("\"{value}\""),
        DefaultModel::Value(value) => value.clone(),
    }
}

/// The Type column: the type name (`Duration`, `Enum`, `List<String>`).
pub fn type_text(option: &OptionDoc) -> &str {
    &option.value_type.name
}

/// Short facts shown under the description, in a fixed order: possible values, deprecated keys,
/// fallback keys, since, and flags. Each item is `(label, values)`; values are shown as code.
pub fn notes(option: &OptionDoc) -> Vec<(&'static str, Vec<String>)> {
    let mut notes = Vec::new();
    if !option.value_type.enum_values.is_empty() {
        notes.push(("Possible values", option.value_type.enum_values.clone()));
    }
    if !option.deprecated_keys.is_empty() {
        notes.push(("Deprecated keys", option.deprecated_keys.clone()));
    }
    if !option.fallback_keys.is_empty() {
        notes.push(("Fallback keys", option.fallback_keys.clone()));
    }
    if let Some(since) = &option.since {
        notes.push(("Since", vec![since.clone()]));
    }
    notes
}

/// Plain-word flags: `Deprecated`, `Sensitive`, `Startup only`.
pub fn flags(option: &OptionDoc) -> Vec<&'static str> {
    let mut flags = Vec::new();
    if option.deprecated {
        flags.push("Deprecated");
    }
    if option.sensitive {
        flags.push("Sensitive");
    }
    if option.startup_only {
        flags.push("Startup only");
    }
    flags
}
