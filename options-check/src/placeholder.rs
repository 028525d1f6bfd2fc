//! Values filled in later by a template tool or the environment, before Flink reads the file:
//! `${CHECKPOINT_INTERVAL}` and `$VAR` (shell, envsubst), `%VAR%` (Windows, some installers),
//! `$VAR$` (StringTemplate-style tools), `@VAR@` (Maven resource filtering), `$(VAR)`
//! (Kubernetes), `{{ .Values.x }}` (Helm, Jinja), and a bare `jm_heap` that a script replaces with
//! `sed`, where the option takes a number (see [`placeholders`]). A value that is wholly one is not
//! checked: it is reported as a note naming the key, never as an invalid value.

use options_docs::source::Loaded;

/// Whether `value` (quotes around it ignored) is wholly one placeholder.
pub fn is_placeholder(value: &str) -> bool {
    let v = value.trim();
    let v = ['"', '\'']
        .iter()
        .find_map(|q| v.strip_prefix(*q).and_then(|v| v.strip_suffix(*q)))
        .unwrap_or(v)
        .trim();
    if let Some(inner) = v.strip_prefix("${").and_then(|v| v.strip_suffix('}')) {
        return !inner.is_empty() && !inner.contains(['{', '}']);
    }
    if let Some(inner) = v.strip_prefix("{{").and_then(|v| v.strip_suffix("}}")) {
        return !inner.trim().is_empty() && !inner.contains("}}");
    }
    if let Some(inner) = v.strip_prefix("$(").and_then(|v| v.strip_suffix(')')) {
        return is_name(inner, false);
    }
    // Delimited on both sides by one character: `%nb_slots%`, `$metrics.port$`, `@flink.port@`.
    for mark in ['%', '$', '@'] {
        if let Some(inner) = v.strip_prefix(mark).and_then(|v| v.strip_suffix(mark)) {
            if is_name(inner, true) {
                return true;
            }
        }
    }
    v.strip_prefix('$').is_some_and(|name| is_name(name, false))
}

/// A variable's name: a letter or `_`, then letters, digits and `_` (and, for the names of
/// filtering tools, which name properties, `.` and `-`).
fn is_name(name: &str, dotted: bool) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || (dotted && matches!(c, '.' | '-')))
}

/// Whether `value` is a bare name of words joined by `_` (`jm_heap`, `TM_SLOTS`): what a script
/// replaces with `sed` before Flink reads the file. Only a placeholder where the option takes no
/// words at all (a number, duration, size or boolean), so a name given to an option of text
/// (`default_catalog`) stays a value.
fn is_bare_word(value: &str) -> bool {
    let v = value.trim();
    v.contains('_')
        && !v.starts_with('_')
        && !v.ends_with('_')
        && is_name(v, false)
        && (v.chars().all(|c| !c.is_ascii_uppercase())
            || v.chars().all(|c| !c.is_ascii_lowercase()))
}

/// Whether the option `key` names takes a number, a duration, a memory size or a boolean.
fn takes_no_words(loaded: &Loaded, key: &str) -> bool {
    use options_core::ValueKind as K;
    loaded.live.resolve(key).is_some_and(|r| {
        matches!(
            r.meta.value_type.kind,
            K::Boolean
                | K::Integer
                | K::Long
                | K::Unsigned
                | K::Float
                | K::Double
                | K::Duration
                | K::MemorySize
        )
    })
}

/// Whether `text` can hold a placeholder at all (so a file without one is read once).
pub fn may_hold(text: &str) -> bool {
    text.contains(['$', '%', '@', '_']) || text.contains("{{")
}

/// A setting whose value is wholly a placeholder, at the position of its key in `text`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placeholder {
    /// Line of the key.
    pub line: u32,
    /// Column of the key.
    pub column: u32,
    /// The key.
    pub key: String,
    /// The placeholder as written.
    pub value: String,
}

impl Placeholder {
    /// The note reporting it.
    pub fn message(&self) -> String {
        format!(
            "\"{}\" is \"{}\", a placeholder filled in later: its value is not checked",
            self.key,
            self.value.trim()
        )
    }
}

/// Every setting of `text` (a `config.yaml`, `-D` lines, or a legacy `flink-conf.yaml` when
/// `legacy`) whose value is wholly a placeholder.
pub fn placeholders(loaded: &Loaded, text: &str, legacy: bool) -> Vec<Placeholder> {
    if !may_hold(text) {
        return Vec::new();
    }
    let settings: Vec<(String, String, u32, u32)> = if legacy {
        options_flink::legacy::parse_flink_conf(text)
            .settings()
            .into_iter()
            .map(|s| (s.key.clone(), s.value.clone(), s.line, s.column))
            .collect()
    } else {
        crate::settings::read_settings(text, loaded)
            .settings
            .into_iter()
            .map(|s| (s.key, s.value, s.line, s.column))
            .collect()
    };
    settings
        .into_iter()
        .filter(|(key, value, _, _)| {
            is_placeholder(value) || (is_bare_word(value) && takes_no_words(loaded, key))
        })
        .map(|(key, value, line, column)| Placeholder {
            line,
            column,
            key,
            value,
        })
        .collect()
}
