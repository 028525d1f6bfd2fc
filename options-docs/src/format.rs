//! Text shown for defaults, types and notes, the way the engine's own reference tables show them
//! (Flink's, unless the catalogue names another engine; see [`EngineDoc`]).

use options_core::grammar::split_list;
use options_core::wording;

use crate::engine::EngineDoc;
use crate::model::{DefaultModel, OptionDoc, ReleaseDoc};

/// The default as the Default column shows it: the engine's no-value text (`(none)`, `NULL`),
/// strings `"quoted"` when the engine quotes them (an empty string always), `3 min`, `64 kb`,
/// `true`; an override text as is.
pub fn default_text(option: &OptionDoc, engine: &EngineDoc) -> String {
    match &option.default {
        DefaultModel::None => engine.values.no_value.clone(),
        DefaultModel::Override(text) => text.clone(),
        DefaultModel::Value(value) if option.is_string() && !engine.values.quote_strings => {
            if value.is_empty() {
                "\"\"".to_owned()
            } else {
                value.clone()
            }
        }
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
    if !option.value_type.enum_aliases.is_empty() {
        let aliases = option.value_type.enum_aliases.iter();
        notes.push((
            "Also accepted",
            aliases
                .map(|(alias, value)| format!("{alias} = {value}"))
                .collect(),
        ));
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

/// The declared rules as Markdown sentences, in a fixed order: what values are accepted, when the
/// option has an effect, when it was deprecated. Keys are written as code, so
/// [`KeyLinks`](crate::links::KeyLinks) links them.
pub fn rules(option: &OptionDoc) -> Vec<String> {
    let c = &option.constraint;
    let mut phrases: Vec<String> = wording::range(c.min.as_ref(), c.max.as_ref())
        .map(|range| wording::accepts(&range))
        .into_iter()
        .collect();
    if !c.one_of.is_empty() {
        phrases.push(wording::accepts(&wording::one_of(&c.one_of)));
    }
    if let Some(r) = &option.only_when {
        phrases.push(wording::only_when(&r.key, &r.value));
        if let Some(bound) = &r.then_above {
            phrases.push(wording::then_above(bound, &r.key, &r.value));
        }
    }
    if let Some(d) = &option.deprecation {
        phrases.push(wording::deprecated_since(&d.since, &key_as_code(&d.note)));
    }
    phrases.iter().map(|p| wording::sentence(p)).collect()
}

/// What earlier releases changed about the option, as Markdown sentences, oldest first: when it
/// arrived (when that is a release after the first one documented), and each change of its type,
/// default or accepted values up to the documented release.
pub fn history(option: &OptionDoc, release: Option<&ReleaseDoc>) -> Vec<String> {
    let mut out = Vec::new();
    if let (Some(since), Some(release)) = (&option.since, release) {
        let first = release.versions.first();
        if release.versions.contains(since) && first != Some(since) {
            out.push(format!("Added in {} {since}.", release.engine));
        }
    }
    for change in &option.changes {
        let at = &change.release;
        if let Some(t) = &change.value_type {
            out.push(format!("Type changed in {at}; it was {t}."));
        }
        match &change.default {
            Some(DefaultModel::Value(v) | DefaultModel::Override(v)) => out.push(format!(
                "Default changed in {at}; it was `{}`.",
                v.replace('`', "")
            )),
            Some(DefaultModel::None) => out.push(format!("Default changed in {at}; it had none.")),
            None => {}
        }
        if let Some(values) = &change.enum_values {
            let values: Vec<String> = values.iter().map(|v| format!("`{v}`")).collect();
            out.push(format!(
                "Accepted values changed in {at}; they were {}.",
                values.join(", ")
            ));
        }
    }
    out
}

/// Badges for what the documented release itself brought: `New in 2.3`, `Changed in 2.3`.
pub fn release_badges(option: &OptionDoc, release: Option<&ReleaseDoc>) -> Vec<String> {
    let Some(release) = release else {
        return Vec::new();
    };
    let version = &release.version;
    let mut out = Vec::new();
    let first = release.versions.first() == Some(version);
    if !first && option.since.as_ref() == Some(version) {
        out.push(format!("New in {version}"));
    }
    let changed = option.changes.iter().any(|c| {
        &c.release == version
            && (c.value_type.is_some() || c.default.is_some() || c.enum_values.is_some())
    });
    if changed {
        out.push(format!("Changed in {version}"));
    }
    out
}

/// Dotted keys in a free note (`use table.exec.x`) written as code, so they can be linked.
#[doc(hidden)]
pub fn key_as_code(note: &str) -> String {
    note.split(' ')
        .map(|w| {
            let looks_like_key = w.contains('.')
                && !w.starts_with('`')
                && w.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "-_.".contains(c))
                && !w.ends_with('.');
            if looks_like_key {
                format!("`{w}`")
            } else {
                w.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// How to set the option, one line per way the engine offers: SQL, its configuration file, its
/// environment variable, its command-line flag. The value shown is the default (or `<value>` when
/// there is none). The first item of each pair labels the line (`SQL`, `config.yaml`,
/// `Environment`, `Argument`).
pub fn how_to_set(option: &OptionDoc, engine: &EngineDoc) -> Vec<(String, String)> {
    let value = match &option.default {
        DefaultModel::Value(v) if !v.is_empty() => v.clone(),
        _ => "<value>".to_owned(),
    };
    let key = &option.key;
    let mut lines = vec![("SQL".to_owned(), engine.sql_statement(key, &value))];
    if let Some(file) = &engine.set.config_file {
        lines.push((file.clone(), format!("{key}: {}", yaml_scalar(&value))));
    }
    if let Some(var) = engine.env_var_for_key(key) {
        lines.push((
            "Environment".to_owned(),
            format!("{var}={}", shell_word(&value)),
        ));
    }
    if let Some(flag) = &engine.set.argument {
        lines.push((
            "Argument".to_owned(),
            format!("{flag}{key}={}", shell_word(&value)),
        ));
    }
    lines
}

/// A value as a plain YAML scalar, quoted when YAML would read it otherwise.
fn yaml_scalar(value: &str) -> String {
    let special_start = value
        .starts_with(|c: char| "!&*{}[]|>'\"%@`#,?:".contains(c) || c.is_whitespace())
        || value == "-"
        || value.starts_with("- ");
    let special_inside = value.contains(": ")
        || value.contains(" #")
        || value.ends_with(|c: char| c.is_whitespace() || c == ':');
    let plain = !value.is_empty() && !special_start && !special_inside;
    if plain {
        value.to_owned()
    } else {
        format!("'{}'", value.replace('\'', "''"))
    }
}

/// A value as one shell word.
fn shell_word(value: &str) -> String {
    if value
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "-_.,:/=+".contains(c))
    {
        value.to_owned()
    } else {
        format!("'{}'", value.replace('\'', "'\\''"))
    }
}

/// `1 error`, `3 warnings`: a count and its noun, as every report writes it.
pub fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}
