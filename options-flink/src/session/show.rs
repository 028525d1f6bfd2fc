//! The settings views of a session: `SHOW OPTIONS [LIKE 'pattern']` (every option that is not
//! hidden, one row each, like PostgreSQL's `pg_settings`) and `SET 'key';` (one option in full:
//! value, default, type, scope, constraints and relations, every layer that set it, description).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use options_core::key_index::KeyRole;
use options_core::sensitive::MASK;
use options_core::wording;
use options_core::Catalogue;
use options_core::{DefaultDoc, OptionMeta, Scope};
use options_core::{ReadableConfig, Source};

use super::boxed_table::BoxedTable;
use super::environment::TableEnvironment;
use super::error::SessionError;
use super::keys;
use super::like::like;

/// Width the description of `SET 'key';` is wrapped to.
const WRAP: usize = 80;

impl TableEnvironment {
    /// How the catalogue's engine shows no value (`(none)` for Flink).
    fn no_value(&self) -> &'static str {
        self.catalogue().engine().values.no_value
    }

    /// `SHOW OPTIONS`: every declared option that is not hidden, sorted by key, with its value in
    /// this session (masked where sensitive), default, type, scope and where the value comes from;
    /// only keys matching the SQL `LIKE` `pattern` when one is given. Keys no option declares
    /// (under a free-form prefix) are listed too when the session or the root sets them.
    pub fn show_options(&self, pattern: Option<&str>) -> BoxedTable {
        let mut options: BTreeMap<&str, &OptionMeta> = BTreeMap::new();
        for (_, meta) in self.catalogue().options() {
            if !meta.hidden && pattern.is_none_or(|p| like(p, meta.key_str())) {
                options.entry(meta.key_str()).or_insert(meta);
            }
        }
        let mut rows: BTreeMap<String, [String; 6]> = BTreeMap::new();
        for (key, meta) in options {
            let (value, source) = self.value_and_source(meta);
            let row = [
                key.to_owned(),
                value,
                default_text(meta, self.no_value()),
                meta.value_type.name().into_owned(),
                meta.scope.as_str().to_owned(),
                short_source(&source),
            ];
            rows.insert(key.to_owned(), row);
        }
        for entry in self.free_form_entries() {
            if rows.contains_key(entry.key()) || !pattern.is_none_or(|p| like(p, entry.key())) {
                continue;
            }
            let row = [
                entry.key().to_owned(),
                entry.display_value().to_owned(),
                self.no_value().to_owned(),
                "(undeclared)".to_owned(),
                Scope::None.as_str().to_owned(),
                short_source(entry.source()),
            ];
            rows.insert(entry.key().to_owned(), row);
        }
        let mut table = BoxedTable::new(["Key", "Value", "Default", "Type", "Scope", "Source"]);
        for row in rows.into_values() {
            table.push_row(row);
        }
        table
    }

    /// The winning settings of keys no option declares: the session's, then the root's.
    fn free_form_entries(&self) -> impl Iterator<Item = &options_core::ConfigEntry> {
        // Instances of pattern keys (`metrics.reporter.prom.port`) are listed as they are set.
        let undeclared = |e: &&options_core::ConfigEntry| {
            self.catalogue()
                .resolve(e.key())
                .is_none_or(|r| r.role == options_core::key_index::KeyRole::Pattern)
        };
        self.session_configuration()
            .iter()
            .filter(undeclared)
            .chain(
                self.root_configuration()
                    .resolved()
                    .iter()
                    .filter(undeclared),
            )
    }

    /// The value an option has in this session, for display, and where it comes from.
    fn value_and_source(&self, meta: &OptionMeta) -> (String, Source) {
        match meta.key_str() {
            keys::CURRENT_CATALOG => (
                self.current_catalog().to_owned(),
                self.current_catalog_source(),
            ),
            keys::CURRENT_DATABASE => (
                self.current_database().to_owned(),
                self.current_database_source(),
            ),
            _ => match self.lookup(meta) {
                Some(entry) => (entry.display_value().to_owned(), entry.source().clone()),
                None => (default_text(meta, self.no_value()), Source::Default),
            },
        }
    }

    /// `SET 'key';`: one option in full. For a key no option declares (under a free-form prefix),
    /// the value and the layers that set it.
    pub fn describe_option(&self, key: &str) -> Result<String, SessionError> {
        let meta = self.known_option(key)?;
        let explanation = self.config().explain(key);
        let mut out = Details::default();
        out.line("key", explanation.key());
        let pattern = meta.is_some_and(|m| options_core::pattern::is_pattern(m.key_str()));
        if let Some(meta) = meta.filter(|m| m.key_str() != key) {
            let relation = if pattern {
                "an instance of"
            } else {
                "a spelling of"
            };
            out.line(
                "written as",
                &format!("{key} ({relation} {})", meta.key_str()),
            );
        }
        let (value, source) = match meta {
            Some(meta) if !pattern => self.value_and_source(meta),
            // An instance of a pattern key is set under its own spelling.
            Some(meta) => match explanation.winner() {
                Some(winner) => (winner.value.clone(), winner.source.clone()),
                None => (default_text(meta, self.no_value()), Source::Default),
            },
            None => match explanation.winner() {
                Some(winner) => (winner.value.clone(), winner.source.clone()),
                None => (self.no_value().to_owned(), Source::Default),
            },
        };
        out.line("value", &format!("{value} ({})", short_source(&source)));
        if let Some(meta) = meta {
            out.line("default", &default_text(meta, self.no_value()));
            out.line("type", &meta.value_type.name());
            out.line("scope", meta.scope.as_str());
            let relations = relations(meta, self.catalogue());
            for (label, text) in constraints(meta).into_iter().chain(relations) {
                out.line(label, &text);
            }
        }
        let settings: Vec<String> = match meta.map(OptionMeta::key_str) {
            // The environment holds these; the session layer only mirrors them.
            Some(keys::CURRENT_CATALOG | keys::CURRENT_DATABASE) => Vec::new(),
            _ => explanation
                .settings()
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    let spelled = if s.key == explanation.key() {
                        String::new()
                    } else {
                        format!(" as {}", s.key)
                    };
                    let wins = if i == 0 { " (wins)" } else { "" };
                    format!("{}{spelled}: {}{wins}", s.source, s.value)
                })
                .collect(),
        };
        if settings.is_empty() && source == Source::Default {
            out.line("set by", "nothing: the default applies");
        } else if settings.is_empty() {
            out.line("set by", &source.to_string());
        } else {
            out.line("set by", &settings.join("\n"));
        }
        if let Some(meta) = meta.filter(|m| !m.description.is_empty()) {
            let text: Vec<String> = meta.paragraphs().map(|p| wrap(p, WRAP)).collect();
            out.line("description", &text.join("\n\n"));
        }
        Ok(out.text.trim_end().to_owned())
    }
}

/// What restricts an option's values beyond its type, one line each: the enum's values, the
/// declared bounds and closed sets, whether it can change only at startup, secrecy, and how a
/// change reaches a running system.
fn constraints(meta: &OptionMeta) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    if !meta.value_type.enum_values.is_empty() {
        out.push(("values", meta.value_type.enum_values.join(", ")));
    }
    for phrase in meta.constraint.phrases() {
        out.push(("accepts", wording::plain(&phrase)));
    }
    if meta.startup_only {
        out.push((
            "startup-only",
            "set it before the environment exists (-D, config.yaml, startup::config())".to_owned(),
        ));
    }
    if meta.is_sensitive() {
        out.push(("sensitive", "values are shown as ******".to_owned()));
    }
    if let Some(class) = meta.change_class {
        out.push((
            "change class",
            format!("{}: a change {}", class.label, class.reach.phrase()),
        ));
    }
    out
}

/// How an option relates to other keys: the condition under which it has an effect, options it
/// is one setting with (a fallback key that is another option's own key, as the `sql.*`
/// counterparts), the spellings it also answers to, and deprecation.
fn relations(meta: &OptionMeta, catalogue: &Catalogue) -> Vec<(&'static str, String)> {
    let names = |keys: &[&str]| keys.join(", ");
    let (same, fallback): (Vec<&str>, Vec<&str>) = meta
        .fallback_keys
        .iter()
        .map(|k| k.name())
        .partition(|k| catalogue.resolve(k).is_some_and(|r| r.role == KeyRole::Key));
    let deprecated: Vec<&str> = meta.deprecated_keys.iter().map(|k| k.name()).collect();
    let mut out = Vec::new();
    if let Some(relation) = &meta.only_when {
        out.push(("applies", wording::plain(&relation.phrase())));
    }
    if let Some(phrase) = meta.requirement_phrase() {
        out.push(("needs", wording::plain(&phrase)));
    }
    if !same.is_empty() {
        out.push(("same setting as", names(&same)));
    }
    if !fallback.is_empty() {
        out.push(("fallback keys", names(&fallback)));
    }
    if !deprecated.is_empty() {
        out.push(("deprecated keys", names(&deprecated)));
    }
    match (&meta.deprecation, meta.deprecated) {
        (Some(d), _) => out.push((
            "deprecated",
            wording::plain(&wording::since_note(d.since, d.note)),
        )),
        (None, true) => out.push((
            "deprecated",
            "still accepted, may be removed in a future version".to_owned(),
        )),
        (None, false) => {}
    }
    out
}

/// `label: text` lines, continuation lines indented under the text.
#[derive(Default)]
struct Details {
    text: String,
}

impl Details {
    const LABEL_WIDTH: usize = 18;

    fn line(&mut self, label: &str, text: &str) {
        let mut lines = text.lines();
        let first = lines.next().unwrap_or("");
        let head = format!(
            "{:<width$}{first}",
            format!("{label}:"),
            width = Self::LABEL_WIDTH
        );
        self.text.push_str(head.trim_end());
        self.text.push('\n');
        for line in lines {
            if line.is_empty() {
                self.text.push('\n');
            } else {
                let _ = writeln!(self.text, "{:width$}{line}", "", width = Self::LABEL_WIDTH);
            }
        }
    }
}

/// Words of `text` in lines of at most `width` characters (a longer word gets a line of its own).
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line_len = 0;
    for word in text.split_whitespace() {
        let len = word.chars().count();
        if line_len > 0 && line_len + 1 + len > width {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(word);
        line_len += len;
    }
    out
}

/// Where a value comes from, in a few words: `default`, `session`, `-D`, `env VAR`,
/// `file:line`, `application`.
pub fn short_source(source: &Source) -> String {
    match source {
        Source::Default => "default".to_owned(),
        Source::File { path, line, .. } => format!("{}:{line}", path.display()),
        Source::Env { var } => format!("env {var}"),
        Source::Argument => "-D".to_owned(),
        Source::Application => "application".to_owned(),
        Source::Session => "session".to_owned(),
    }
}

/// The default as the settings views show it (`no_value`, the engine's text such as `(none)`,
/// when there is none; masked when sensitive).
pub(super) fn default_text(meta: &OptionMeta, no_value: &str) -> String {
    match meta.default {
        DefaultDoc::None => no_value.to_owned(),
        DefaultDoc::Value(v) | DefaultDoc::Override(v) if meta.is_sensitive() && !v.is_empty() => {
            MASK.to_owned()
        }
        DefaultDoc::Value(v) | DefaultDoc::Override(v) => v.to_owned(),
    }
}
