//! Runs parsed statements against a [`TableEnvironment`] and produces what the user sees.

use std::fmt;

use options_core::key_index::KeyRole;
use options_core::wording;
use options_core::wording::{NeedsAbove, NoEffect};
use options_core::ConfigErrorKind;
use options_core::Reach;
use options_core::{DefaultDoc, OptionMeta};
use options_core::{ReadableConfig, Source};

use super::boxed_table::BoxedTable;
use super::environment::TableEnvironment;
use super::error::{SessionError, StatementError};
use super::keys;
use super::show::default_text;
use options_core::sql::Span;
use options_core::sql::{parse_with_secrets, ParsedStatement, Spanned, Statement};

/// The message after a successful `SET 'key' = 'value';`.
pub const SET_OK: &str = "configuration updated successfully.";
/// The message after a successful `RESET 'key';`.
pub const RESET_OK: &str = "configuration reset successfully.";
/// The message after `RESET;`.
pub const RESET_ALL_OK: &str = "all configuration reset successfully.";

/// What a statement produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StatementResult {
    /// A message (one line, or the lines of `SET 'key';`).
    Message(String),
    /// A table (`SET;`, `SHOW OPTIONS`).
    Table(BoxedTable),
}

impl fmt::Display for StatementResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StatementResult::Message(m) => f.write_str(m),
            StatementResult::Table(t) => fmt::Display::fmt(t, f),
        }
    }
}

/// The outcome of each statement of an input, in order.
pub type Outcomes = Vec<Result<StatementResult, StatementError>>;

impl TableEnvironment {
    /// Parses and runs every statement of `input`, in order. A statement that fails does not stop
    /// the ones after it. Every error masks the [`secret_spans`](options_core::sql::secret_spans) of the whole
    /// input when it shows a line of it.
    pub fn execute(&mut self, input: &str) -> Outcomes {
        let sql = self.catalogue().engine().set.sql;
        let (parsed, secrets) = parse_with_secrets(input, &|key: &str| self.masks_text(key), sql);
        parsed
            .into_iter()
            .map(|parsed| {
                self.execute_statement(&parsed?)
                    .map_err(|e| e.redacting(secrets.iter().copied()))
            })
            .collect()
    }

    /// Runs `input` and renders every outcome as the shell prints it: results and errors (with
    /// their position and a caret line) separated by blank lines. The flag is `true` when every
    /// statement succeeded.
    pub fn execute_to_string(&mut self, input: &str) -> (String, bool) {
        let outcomes = self.execute(input);
        let ok = outcomes.iter().all(Result::is_ok);
        (render_outcomes(input, &outcomes), ok)
    }

    /// Runs one parsed statement.
    pub fn execute_statement(
        &mut self,
        parsed: &ParsedStatement,
    ) -> Result<StatementResult, StatementError> {
        match &parsed.statement {
            Statement::ListSettings => Ok(StatementResult::Table(self.settings_table())),
            Statement::ShowSetting { key } => self
                .describe_option(&key.value)
                .map(StatementResult::Message)
                .map_err(|e| StatementError::at(e, key.span)),
            Statement::ShowOptions { pattern } => Ok(StatementResult::Table(
                self.show_options(pattern.as_ref().map(|p| p.value.as_str())),
            )),
            Statement::Set { key, value } => {
                let sensitive = self.masks_text(&key.value);
                self.set_str(&key.value, &value.value)
                    .map_err(|e| locate(e, key.span, value.span))
                    .map_err(|e| e.redacting(sensitive.then_some(value.span)))?;
                let warnings = [
                    self.deprecation_warning(&key.value),
                    self.family_typo_warning(&key.value),
                    self.relation_warning(&key.value),
                ];
                let warnings = warnings
                    .into_iter()
                    .flatten()
                    .chain(self.dependents_warnings(&key.value))
                    .chain(self.requirement_warnings(&key.value))
                    .chain(self.change_class_note(&key.value));
                Ok(message(&with_warnings(SET_OK, warnings)))
            }
            Statement::Reset { key } => {
                self.reset(&key.value)
                    .map_err(|e| StatementError::at(e, key.span))?;
                let warnings = self
                    .dependents_warnings(&key.value)
                    .into_iter()
                    .chain(self.requirement_warnings(&key.value));
                Ok(message(&with_warnings(RESET_OK, warnings)))
            }
            Statement::ResetAll => {
                self.reset_all();
                Ok(message(RESET_ALL_OK))
            }
            Statement::UseCatalog { name } => {
                self.use_catalog(&name.value)
                    .map_err(|e| StatementError::at(e, name.span))?;
                Ok(message(&format!(
                    "current catalog is now \"{}\", current database \"{}\".",
                    self.current_catalog(),
                    self.current_database()
                )))
            }
            Statement::UseDatabase { catalog, name } => {
                self.use_qualified_database(catalog.as_ref(), name)?;
                Ok(message(&format!(
                    "current database is now \"{}\" (catalog \"{}\").",
                    self.current_database(),
                    self.current_catalog()
                )))
            }
        }
    }

    /// `USE db;` or `USE cat.db;` (both checked before anything changes).
    fn use_qualified_database(
        &mut self,
        catalog: Option<&Spanned<String>>,
        name: &Spanned<String>,
    ) -> Result<(), StatementError> {
        let Some(catalog) = catalog else {
            return self
                .use_database(&name.value)
                .map_err(|e| StatementError::at(e, name.span));
        };
        self.catalogs()
            .catalog(&catalog.value)
            .map_err(|e| StatementError::at(e, catalog.span))?;
        self.catalogs()
            .check_database(&catalog.value, &name.value)
            .map_err(|e| StatementError::at(e, name.span))?;
        self.use_catalog(&catalog.value)?;
        self.use_database(&name.value)?;
        Ok(())
    }

    /// A warning for a key that still works but should not be used: an old spelling of an option,
    /// or a deprecated option.
    pub fn deprecation_warning(&self, key: &str) -> Option<String> {
        let resolved = self.catalogue().resolve(key)?;
        if resolved.role == KeyRole::Deprecated {
            Some(format!(
                "warning: {}.",
                wording::deprecated_key(key, &[resolved.meta.key_str()])
            ))
        } else if let Some(d) = resolved.meta.deprecation {
            let note = wording::plain(d.note);
            Some(format!(
                "warning: {}.",
                wording::deprecated_option(key, Some((d.since, &note)))
            ))
        } else if resolved.meta.deprecated {
            Some(format!(
                "warning: {}.",
                wording::deprecated_option(key, None)
            ))
        } else {
            None
        }
    }

    /// A note for a key whose change does not reach what already runs: its class makes it wait
    /// for a cluster restart (`jobmanager.memory.process.size` set in a session changes no
    /// running cluster), or for the next job submission (`execution.checkpointing.interval`
    /// changes no job already running). Nothing for an option a running system takes at once,
    /// one without a class, or a Table planner option (one with a batch/streaming scope): that
    /// the next statement plans with it is what `SET` means in a SQL session.
    pub fn change_class_note(&self, key: &str) -> Option<String> {
        let meta = self.catalogue().resolve(key)?.meta;
        let class = meta.change_class?;
        let reach = class.reach;
        let planner = meta.scope != options_core::Scope::None;
        if !(reach == Reach::Restart || (reach == Reach::NextRun && !planner)) {
            return None;
        }
        Some(format!(
            "note: \"{key}\" has {}.",
            wording::plain(&wording::change_class(class.label, reach.phrase()))
        ))
    }

    /// A warning for a key that a pass-through pattern takes (`s3.<key>` takes `s3.acess-key`)
    /// but that is within the typo allowance of a key the same family declares: the value would
    /// be handed on under a name nothing reads. Families with an inner placeholder (reporters) are
    /// left to `validate`, which sees the reporter's factory.
    pub fn family_typo_warning(&self, key: &str) -> Option<String> {
        let resolved = self.catalogue().resolve(key)?;
        let pattern = resolved.meta.key_str();
        let (literal, last) = pattern.rsplit_once('.')?;
        if resolved.role != KeyRole::Pattern
            || options_core::pattern::placeholder(last).is_none()
            || literal.contains('<')
        {
            return None;
        }
        let lower = key.to_ascii_lowercase();
        let meant = self.catalogue().suggest(key).into_iter().find(|s| {
            !s.contains('<')
                && s.starts_with(literal)
                && s.as_bytes().get(literal.len()) == Some(&b'.')
                && options_core::distance::within_typos(&lower, &s.to_ascii_lowercase()).is_some()
        })?;
        Some(format!(
            "warning: \"{key}\" is passed through as is (an instance of \"{pattern}\"), but looks like a typo of \"{meant}\"."
        ))
    }

    /// A warning when `key` has an effect only while another option has a value (`only_when`)
    /// and that option has another value now: the setting is kept, but does nothing yet.
    pub fn relation_warning(&self, key: &str) -> Option<String> {
        let meta = self.catalogue().resolve(key)?.meta;
        let relation = meta.only_when?;
        let target = self.catalogue().resolve(relation.key)?.meta;
        let current = self.current_text(target);
        (!target.same_value(&current, relation.value)).then(|| {
            let whence = self.whence(target);
            let finding = NoEffect {
                key,
                condition_key: relation.key,
                condition_value: relation.value,
                current: &current,
                whence: &whence,
            };
            format!("warning: {finding}; the value is kept.")
        })
    }

    /// Warnings for options set earlier that have an effect only while `key` has some value
    /// (their `only_when`) and that the value `key` has now switches off: changing the condition
    /// silently disabling a setting is what the warning on the setting itself cannot catch.
    pub fn dependents_warnings(&self, key: &str) -> Vec<String> {
        let Some(condition) = self.catalogue().resolve(key).map(|r| r.meta) else {
            return Vec::new();
        };
        let current = self.current_text(condition);
        let catalogue = self.catalogue();
        catalogue
            .options()
            .filter_map(|(_, dependent)| {
                let relation = dependent.only_when?;
                let on = catalogue.resolve(relation.key)?.meta;
                if on.key_str() != condition.key_str()
                    || condition.same_value(&current, relation.value)
                {
                    return None;
                }
                self.lookup(dependent)?;
                let finding = NoEffect {
                    key: dependent.key_str(),
                    condition_key: relation.key,
                    condition_value: relation.value,
                    current: &current,
                    whence: "in this session",
                };
                Some(format!("warning: {finding}."))
            })
            .collect()
    }

    /// Warnings for what an enabled feature needs (`then_above`) that a change of `key` leaves
    /// unmet: `key` is a condition that now holds while an option depending on it is not above
    /// its bound, or `key` is such an option, set (or reset) to a value not above it while its
    /// condition holds. Flink refuses to plan a job in that state, so the moment it arises is
    /// the moment to say so.
    pub fn requirement_warnings(&self, key: &str) -> Vec<String> {
        let Some(changed) = self.catalogue().resolve(key).map(|r| r.meta) else {
            return Vec::new();
        };
        let catalogue = self.catalogue();
        catalogue
            .options()
            .filter(|(_, dependent)| dependent.then_above.is_some())
            .filter_map(|(_, dependent)| {
                let relation = dependent.only_when?;
                let condition = catalogue.resolve(relation.key)?.meta;
                let involved = [dependent.key_str(), condition.key_str()];
                if !involved.contains(&changed.key_str()) {
                    return None;
                }
                let on = self.current_text(condition);
                let value = self.current_text(dependent);
                if !condition.same_value(&on, relation.value) || dependent.meets_requirement(&value)
                {
                    return None;
                }
                let bound = dependent.then_above?.to_string();
                let finding = NeedsAbove {
                    condition_key: relation.key,
                    condition_value: &on,
                    condition_whence: "",
                    key: dependent.key_str(),
                    value: &value,
                    value_whence: "",
                    bound: &bound,
                    engine: catalogue.engine().name,
                };
                Some(format!("warning: {finding}."))
            })
            .collect()
    }

    /// The value an option has now, as shown (masked when sensitive; the default's text when
    /// nothing sets it).
    /// Where the current value of `meta` comes from, as a finding names it: `in this session`,
    /// `the default`, `line 3 of conf/config.yaml`, `FLINK_PARALLELISM_DEFAULT`, `-D`.
    fn whence(&self, meta: &OptionMeta) -> String {
        match self.lookup(meta).map(|e| e.source()) {
            None | Some(Source::Default) => "the default".to_owned(),
            Some(Source::Session | Source::Application) => "in this session".to_owned(),
            Some(Source::File { path, line, .. }) => {
                format!("line {line} of {}", path.display())
            }
            Some(Source::Env { var }) => format!("by {var}"),
            Some(Source::Argument) => "by -D".to_owned(),
        }
    }

    fn current_text(&self, meta: &OptionMeta) -> String {
        match self.lookup(meta) {
            Some(entry) => entry.display_value().to_owned(),
            None => default_text(meta, self.catalogue().engine().values.no_value),
        }
    }

    /// Whether valid values of `key` are secret, as `SET;` and `SHOW OPTIONS` show them (the one
    /// rule, [`Catalogue::is_secret`](options_core::Catalogue::is_secret)): a sensitive option, a
    /// spelling that names a secret where the type can hold one, or an unknown key one typo from
    /// a secret word or close to a sensitive option.
    pub fn is_sensitive_key(&self, key: &str) -> bool {
        self.catalogue().is_secret(key)
    }

    /// Whether text under `key` not read as its option's type (a statement being parsed, a value
    /// that does not parse) is masked: the one rule with [`Reading::Raw`](options_core::sensitive::Reading::Raw).
    pub fn masks_text(&self, key: &str) -> bool {
        self.catalogue()
            .masks(key, options_core::sensitive::Reading::Raw)
    }

    /// `SET;`: the current catalog and database, then what the session set, by key.
    fn settings_table(&self) -> BoxedTable {
        let mut rows: Vec<(String, String)> = vec![
            (
                keys::CURRENT_CATALOG.to_owned(),
                marked(
                    self.current_catalog(),
                    self.current_catalog() == self.builtin_catalog(),
                ),
            ),
            (
                keys::CURRENT_DATABASE.to_owned(),
                marked(
                    self.current_database(),
                    self.current_database_source() == Source::Default,
                ),
            ),
        ];
        for entry in self.session_configuration().iter() {
            if [keys::CURRENT_CATALOG, keys::CURRENT_DATABASE].contains(&entry.key()) {
                continue;
            }
            let is_default = !entry.is_sensitive()
                && self
                    .catalogue()
                    .resolve(entry.key())
                    .is_some_and(|r| equals_default(r.meta, entry.value()));
            rows.push((
                entry.key().to_owned(),
                marked(entry.display_value(), is_default),
            ));
        }
        rows.sort();
        let mut table = BoxedTable::new(["Key", "Value"]);
        for (key, value) in rows {
            table.push_row([key, value]);
        }
        table
    }
}

/// Places an error of `SET 'key' = 'value'` on the key or on the value.
fn locate(error: SessionError, key: Span, value: Span) -> StatementError {
    let span = match &error {
        SessionError::Config(e) if matches!(e.kind(), ConfigErrorKind::InvalidValue { .. }) => {
            value
        }
        SessionError::UnknownCatalog { .. } | SessionError::UnknownDatabase { .. } => value,
        _ => key,
    };
    StatementError::at(error, span)
}

/// `done` followed by one warning per line.
fn with_warnings(done: &str, warnings: impl IntoIterator<Item = String>) -> String {
    let mut text = done.to_owned();
    for warning in warnings {
        text.push('\n');
        text.push_str(&warning);
    }
    text
}

fn message(text: &str) -> StatementResult {
    StatementResult::Message(text.to_owned())
}

fn marked(value: &str, is_default: bool) -> String {
    if is_default {
        format!("{value} (default)")
    } else {
        value.to_owned()
    }
}

/// Whether a value means the option's default: the same text (ignoring case and surrounding
/// space), or the same parsed scalar (`180 s` and `3 min`).
fn equals_default(meta: &OptionMeta, value: &str) -> bool {
    let DefaultDoc::Value(default) = meta.default else {
        return false;
    };
    if default.trim().eq_ignore_ascii_case(value.trim()) {
        return true;
    }
    let parsed = |s: &str| {
        meta.__parse_stored(s)
            .ok()
            .map(|stored| format!("{stored:?}"))
            .filter(|d| !d.starts_with("Other"))
    };
    matches!((parsed(default), parsed(value)), (Some(a), Some(b)) if a == b)
}

/// Renders outcomes as the shell prints them, separated by blank lines, ending with a newline
/// (empty when there were no statements).
pub fn render_outcomes(input: &str, outcomes: &Outcomes) -> String {
    render_outcomes_from(input, outcomes, 1)
}

/// Like [`render_outcomes`], for `input` that starts at line `first_line` of a longer text.
pub fn render_outcomes_from(input: &str, outcomes: &Outcomes, first_line: usize) -> String {
    let mut out = String::new();
    for (i, outcome) in outcomes.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        match outcome {
            Ok(result) => out.push_str(&result.to_string()),
            Err(error) => out.push_str(&error.render_from(input, first_line)),
        }
        out.push('\n');
    }
    out
}
