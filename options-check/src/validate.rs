//! `flinkconf validate`: checks a user's settings against the catalogue. Invalid values are errors;
//! deprecated keys and deprecated options are warnings. Unknown keys (with suggestions) are
//! warnings, as Flink passes them through (plugins may bring keys of their own; those of Flink's own
//! plugins are declared, such as `s3.access-key`), and errors when checking strictly (`--strict`).
//! A key that lands on a pass-through pattern (`s3.<key>`) but is one typo from a key of the same
//! family is reported like an unknown key, with that key as the suggestion (`family.rs`). A key that leaves a pattern
//! key's placeholder empty (`metrics.reporter..port`) is always an error. A setting while its
//! `only_when` condition does not hold, and a condition turned on while an option it needs is not
//! above its `then_above` bound, are warnings. Each problem names its line and column; no message
//! ever holds a value of an unknown key.

use std::collections::HashMap;

use options_core::key_index::KeyRole;
use options_core::layers::Strictness;
use options_core::sensitive::Reading;
use options_core::{ConfigError, ValueError};
use options_flink::legacy::{parse_flink_conf, ConfFile, ConfFormat};

use crate::family::Factories;
use crate::file_view::FileView;
use crate::finding::Finding;
use crate::reporters::ClassVerdict;
use crate::requirement::requirement_warnings;
use crate::rules::{Level, Rule};
use crate::settings::read_resolved;
use options_core::tool::TOOL;
use options_core::Setting;
use options_docs::keys::{Found, ModelKeyIndex};
use options_docs::model::OptionDoc;
use options_docs::source::Loaded;
use options_docs::suggest::Suggester;

/// Suggestions for an unknown key, best first.
pub type Suggest<'a> = &'a dyn Fn(&str) -> Vec<String>;

/// How a check reads a file: how strict it is about unknown keys, and how it shares the file
/// with another catalogue (Flink's and the Kubernetes operator's in a manifest). The default is
/// lenient and shares nothing.
///
/// ```
/// use options_check::validate::{check_text_with, CheckOptions};
/// use options_core::layers::Strictness;
///
/// let loaded = options_check::builtin::at(None).unwrap();
/// let strict = CheckOptions {
///     strictness: Strictness::Strict,
///     ..CheckOptions::default()
/// };
/// let problems = check_text_with(&loaded, "parallelism.defualt: 4\n", &strict);
/// assert_eq!(problems.len(), 1);
/// ```
#[derive(Clone, Copy, Default)]
pub struct CheckOptions<'a> {
    /// Unknown keys are errors when strict, warnings when lenient.
    pub strictness: Strictness,
    /// Keys left out: another tool's own keys in a file both read (the Kubernetes operator's in
    /// a manifest).
    pub skip: Option<&'a dyn Fn(&str) -> bool>,
    /// Suggestions for unknown keys (from both catalogues, so a typo of either's key is named);
    /// this catalogue's alone when `None`.
    pub suggest: Option<Suggest<'a>>,
    /// The Map-typed options of the other catalogue, whose block mapping is their value.
    pub map_option: Option<&'a dyn Fn(&str) -> bool>,
    /// The catalogue's model indexed once by a caller that checks many files against it
    /// (`flinkconf validate DIR`); indexed per call when `None`.
    pub index: Option<&'a ModelKeyIndex<'a>>,
    /// How messages name where the settings are written: `a configuration file` when `None`,
    /// `SET` for a SQL script's statements.
    pub place: Option<&'a str>,
}

impl std::fmt::Debug for CheckOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CheckOptions")
            .field("strictness", &self.strictness)
            .field("skip", &self.skip.is_some())
            .field("suggest", &self.suggest.is_some())
            .field("map_option", &self.map_option.is_some())
            .field("index", &self.index.is_some())
            .field("place", &self.place)
            .finish()
    }
}

impl CheckOptions<'_> {
    /// The default options with `strictness`.
    pub fn new(strictness: Strictness) -> Self {
        CheckOptions {
            strictness,
            ..CheckOptions::default()
        }
    }

    fn skips(&self, key: &str) -> bool {
        self.skip.is_some_and(|skip| skip(key))
    }
}

/// Every problem in a configuration file as read by [`read_conf_file`](options_flink::legacy::read_conf_file):
/// a standard `config.yaml` is checked by [`check_text_with`], a legacy `flink-conf.yaml` by
/// [`check_legacy_text_with`]. `flinkconf validate` and the Python package's `validate()` both call
/// this, so they report the same problems.
pub fn check_conf(loaded: &Loaded, conf: &ConfFile, options: &CheckOptions<'_>) -> Vec<Finding> {
    match conf.format {
        ConfFormat::Standard => check_text_with(loaded, &conf.text, options),
        ConfFormat::Legacy => check_legacy_text_with(loaded, &conf.text, options),
    }
}

/// Every problem in a settings file `text` ([`check_text_with`] with the default options):
/// each YAML error (duplicate keys, keys without a value, ...) and each problem of the settings
/// that were read, in file order.
pub fn check_text(loaded: &Loaded, text: &str) -> Vec<Finding> {
    check_text_with(loaded, text, &CheckOptions::default())
}

/// Every problem in a settings file `text`, read as `options` say.
pub fn check_text_with(loaded: &Loaded, text: &str, options: &CheckOptions<'_>) -> Vec<Finding> {
    let own;
    let index = match options.index {
        Some(index) => index,
        None => {
            own = ModelKeyIndex::new(&loaded.doc);
            &own
        }
    };
    let (mut read, mut found) = read_resolved(text, loaded, index, options.map_option);
    if read.settings.iter().any(|s| options.skips(&s.key)) {
        (read.settings, found) = read
            .settings
            .into_iter()
            .zip(found)
            .filter(|(s, _)| !options.skips(&s.key))
            .unzip();
    }
    let mut problems: Vec<Finding> = read
        .errors
        .into_iter()
        .map(|e| Finding::at_level(e.rule, Level::Error, e.line, Some(e.column), e.message))
        .collect();
    // A list or map where text is expected: read as Flink does, but almost surely a mistake.
    let collections = read.collections_as_text.iter();
    problems.extend(collections.filter(|c| !options.skips(&c.key)).map(|c| {
        Finding::at_level(
            Rule::InvalidValue,
            Level::Warning,
            c.line,
            Some(c.column),
            c.message(),
        )
    }));
    // Added to in place: a file of thousands of typos would otherwise copy its findings.
    problems = validate_found(loaded, index, &read.settings, found, options, problems);
    // Stable: a setting's own problems keep their order.
    crate::finding::sort(&mut problems);
    problems
}

/// Every problem in a legacy `flink-conf.yaml` text ([`check_legacy_text_with`] with the
/// default options).
pub fn check_legacy_text(loaded: &Loaded, text: &str) -> Vec<Finding> {
    check_legacy_text_with(loaded, text, &CheckOptions::default())
}

/// Every problem in a legacy `flink-conf.yaml` text (read with Flink's line rules, see
/// [`options_flink::legacy`]), read as `options` say: the settings that count (the last of each
/// key) are checked as [`validate`] does; a key set twice and a line Flink ignores are warnings.
pub fn check_legacy_text_with(
    loaded: &Loaded,
    text: &str,
    options: &CheckOptions<'_>,
) -> Vec<Finding> {
    if let Some(release) = loaded
        .release()
        .filter(|r| !options_flink::legacy::reads_legacy_file(Some(*r)))
    {
        return vec![Finding::at_level(
            Rule::LegacyFile,
            Level::Error,
            1,
            Some(1),
            options_flink::legacy::legacy_file_refused(release, options_flink::legacy::LEGACY_FILE),
        )];
    }
    let file = parse_flink_conf(text);
    let settings: Vec<Setting> = file
        .settings()
        .into_iter()
        .filter(|s| !options.skips(&s.key))
        .cloned()
        .collect();
    let mut problems = validate_with(loaded, &settings, options);
    for (s, by) in file.overridden() {
        problems.push(Finding::at_level(
            Rule::NoEffect,
            Level::Warning,
            s.line,
            Some(s.column),
            format!(
                "\"{}\" is set again at line {by}, which wins; this line has no effect",
                s.key
            ),
        ));
    }
    for (line, reason) in file.skipped() {
        problems.push(Finding::at_level(
            Rule::IgnoredLine,
            Level::Warning,
            line,
            Some(1),
            reason.to_string(),
        ));
    }
    crate::finding::sort(&mut problems);
    problems
}

/// Every problem in `settings`, in file order ([`validate_with`] with the default options).
/// Read them with [`read_settings`](crate::settings::read_settings) (which knows the Map-typed
/// options), or call [`check_text`], which also reports the file's YAML errors.
pub fn validate(loaded: &Loaded, settings: &[Setting]) -> Vec<Finding> {
    validate_with(loaded, settings, &CheckOptions::default())
}

/// Every problem in `settings` as `options` say (their `skip` and `map_option` concern reading
/// a file and are not used here).
pub fn validate_with(
    loaded: &Loaded,
    settings: &[Setting],
    options: &CheckOptions<'_>,
) -> Vec<Finding> {
    let own;
    let index = match options.index {
        Some(index) => index,
        None => {
            own = ModelKeyIndex::new(&loaded.doc);
            &own
        }
    };
    let found = settings.iter().map(|s| index.resolve(&s.key)).collect();
    validate_found(loaded, index, settings, found, options, Vec::new())
}

/// [`validate_with`] for settings whose keys `index` (of `loaded`'s model) has resolved: `found`,
/// in the same order. Their findings follow those in `problems`.
fn validate_found<'d>(
    loaded: &'d Loaded,
    index: &ModelKeyIndex<'d>,
    settings: &[Setting],
    found: Vec<Option<Found<'d>>>,
    options: &CheckOptions<'_>,
    mut problems: Vec<Finding>,
) -> Vec<Finding> {
    let (strictness, suggest) = (options.strictness, options.suggest);
    let view = FileView::new(&loaded.doc, index, settings, found);
    let mut suggester = None;
    let mut readers = None;
    let mut families: HashMap<&str, Vec<&OptionDoc>> = HashMap::new();
    // Each reporter's factory setting, indexed on the first pattern key met (issue 48: looking
    // through the file for each reporter setting was quadratic).
    let mut factories = None;
    // Nearly every key not found gets a finding (all but free-form ones), and a few keys found
    // get one too: room for them at once, rather than a file of thousands of typos copying its
    // findings as they double.
    let not_found = view.found.iter().filter(|hit| hit.is_none()).count();
    problems.reserve(not_found + not_found / 8);
    for (s, hit) in settings.iter().zip(&view.found) {
        let mut report = |rule, severity, message| {
            problems.push(Finding::at_level(
                rule,
                severity,
                s.line,
                Some(s.column),
                message,
            ))
        };
        let found = match *hit {
            Some((_, option, role)) => Some((option, role)),
            None => match index.empty_placeholder_error(&s.key) {
                Some(error) => {
                    report(Rule::InvalidKey, Level::Error, error.to_string());
                    continue;
                }
                None => None,
            },
        };
        let Some((option, role)) = found else {
            if loaded.live.is_allowed_free_form(&s.key) {
                continue;
            }
            // A key of another release: an error whatever the strictness (the value would be
            // ignored, or refused, by the release chosen).
            if let Some(message) = loaded.absent(&s.key) {
                // A reporter named by its class never starts: say which factory to name; one
                // whose factory the file names starts, and the class line does nothing.
                let factories = factories.get_or_insert_with(|| Factories::new(settings));
                match crate::reporters::class_verdict(factories, &s.key, &s.value) {
                    Some(ClassVerdict::Ignored { factory_key, line }) => report(
                        Rule::NoEffect,
                        Level::Warning,
                        ClassVerdict::ignored_message(&s.key, &factory_key, line),
                    ),
                    Some(ClassVerdict::NeverStarts(instead)) => report(
                        Rule::RemovedKey,
                        Level::Error,
                        format!("{message}; the reporter never starts: {instead}"),
                    ),
                    None => report(Rule::RemovedKey, Level::Error, message),
                }
                continue;
            }
            // One of Flink's table options: an error whatever the strictness, as Flink would
            // ignore the setting; it belongs in a table's WITH (...) clause.
            if let Some(message) = table_option(
                loaded,
                &s.key,
                options.place.unwrap_or("a configuration file"),
            ) {
                report(Rule::UnknownKey, Level::Error, message);
                continue;
            }
            // The suggestion index answers in microseconds, so every unknown key gets its
            // suggestions; the report summarises past the first hundred problems.
            let suggestions = match suggest {
                Some(suggest) => suggest(&s.key),
                None => suggester
                    .get_or_insert_with(|| Suggester::new(&loaded.doc))
                    .suggest(&s.key),
            };
            let (level, note) = match strictness {
                Strictness::Strict => (Level::Error, None),
                Strictness::Lenient => (Level::Warning, Some("passed through as is")),
            };
            let message = options_core::unknown_key_message(&s.key, &suggestions, note);
            report(Rule::UnknownKey, level, message);
            if let Some(p) = problems.last_mut() {
                p.suggestions = suggestions;
            }
            continue;
        };
        if role == KeyRole::Pattern && crate::family::is_catch_all(option) {
            let members = families
                .entry(option.key.as_str())
                .or_insert_with(|| crate::family::family_members(&loaded.doc, option));
            let factories = factories.get_or_insert_with(|| Factories::new(settings));
            if let Some(meant) = crate::family::family_typo(members, factories, &s.key, option) {
                let message = format!(
                    "\"{}\" is passed through as is (an instance of \"{}\"), but looks like a typo: did you mean \"{meant}\"?",
                    s.key, option.key
                );
                let severity = match strictness {
                    Strictness::Strict => Level::Error,
                    Strictness::Lenient => Level::Warning,
                };
                report(Rule::UnknownKey, severity, message);
                if let Some(p) = problems.last_mut() {
                    p.suggestions = vec![meant.to_string()];
                }
                continue;
            }
        }
        if role == KeyRole::Pattern {
            let factories = factories.get_or_insert_with(|| Factories::new(settings));
            if let Some(warning) =
                crate::family::unread_reporter_parameter(factories, &s.key, option)
            {
                report(Rule::NoEffect, Level::Warning, warning);
            }
        }
        if let Some(error) = check_value(loaded, option, &s.value) {
            // Whether to mask is asked only of a bad value: the question reads every declared
            // secret's spelling, too much to ask of every setting of a fleet.
            let sensitive = options_docs::keys::masks(option, role, &s.key, Reading::Raw);
            let error = ConfigError::invalid_value(&s.key, error, sensitive);
            report(Rule::InvalidValue, Level::Error, error.to_string());
        } else if role == KeyRole::Pattern {
            let factories = factories.get_or_insert_with(|| Factories::new(settings));
            if let Some(error) = crate::family::reporter_port_range(factories, s) {
                report(Rule::InvalidValue, Level::Error, error);
            }
        }
        if let Some(warning) = relation_warning(loaded, &view, &s.key, option) {
            report(Rule::NoEffect, Level::Warning, warning);
        }
        for warning in requirement_warnings(loaded, &view, s, option) {
            report(Rule::RequirementNotMet, Level::Warning, warning);
        }
        if role == KeyRole::Deprecated {
            report(
                Rule::DeprecatedKey,
                Level::Warning,
                deprecated_key_warning(
                    readers.get_or_insert_with(|| deprecated_readers(loaded)),
                    &s.key,
                    &option.key,
                ),
            );
        } else if let Some(verdict) = crate::reporters::is_reporter_class(&option.key)
            .then(|| {
                let factories = factories.get_or_insert_with(|| Factories::new(settings));
                crate::reporters::class_verdict(factories, &s.key, &s.value)
            })
            .flatten()
        {
            match verdict {
                ClassVerdict::NeverStarts(instead) => report(
                    Rule::DeprecatedKey,
                    Level::Error,
                    format!(
                        "\"{}\" names a metric reporter by its class, which Flink has not started since 1.17 (it logs a warning and creates no reporter; 2.0 reads no such key); {instead}",
                        s.key
                    ),
                ),
                ClassVerdict::Ignored { factory_key, line } => report(
                    Rule::NoEffect,
                    Level::Warning,
                    ClassVerdict::ignored_message(&s.key, &factory_key, line),
                ),
            }
        } else if option.deprecated {
            // What replaces it, when the declaration says: `deprecated since 1.14: use ...`.
            let note = option
                .deprecation
                .as_ref()
                .map(|d| (d.since.as_str(), options_core::wording::plain(&d.note)));
            let said = note.as_ref().map(|(since, note)| (*since, note.as_str()));
            let what = options_core::wording::deprecated_option(&option.key, said);
            report(
                Rule::DeprecatedOption,
                Level::Warning,
                format!("{what}; see `{TOOL} explain {}`", option.key),
            );
        }
    }
    problems
}

/// Every deprecated key of the catalogue and the options that read it, built once per file on
/// the first deprecated key met.
fn deprecated_readers(loaded: &Loaded) -> HashMap<&str, Vec<&str>> {
    let mut readers: HashMap<&str, Vec<&str>> = HashMap::new();
    for (_, o) in loaded.doc.options() {
        for old in &o.deprecated_keys {
            readers.entry(old).or_default().push(&o.key);
        }
    }
    readers
}

/// The warning for a deprecated spelling: it names every option that reads it (Flink 2.x reads
/// `state.backend.local-recovery` as two options), so the replacement keeps all of its effect.
/// `resolved` is the option the key resolved to (the one named when the key is a pattern's).
fn deprecated_key_warning(readers: &HashMap<&str, Vec<&str>>, key: &str, resolved: &str) -> String {
    match readers.get(key) {
        Some(options) => options_core::wording::deprecated_key(key, options),
        None => options_core::wording::deprecated_key(key, &[resolved]),
    }
}

/// A warning when `option` has an effect only while another option has a value, and the file
/// (or, where the file does not set it, the default) gives that option another value.
fn relation_warning(
    loaded: &Loaded,
    view: &FileView<'_, '_>,
    key: &str,
    option: &OptionDoc,
) -> Option<String> {
    let relation = option.only_when.as_ref()?;
    let (current, whence) = crate::requirement::condition_value(loaded, view, &relation.key)?;
    let holds = crate::requirement::holds(loaded, &relation.key, &current, &relation.value);
    (!holds).then(|| {
        options_core::wording::NoEffect {
            key,
            condition_key: &relation.key,
            condition_value: &relation.value,
            current: &current,
            whence: &whence,
        }
        .to_string()
    })
}

/// Why `key` does nothing when a catalogue of Flink's options is given it in `place`, when it is
/// one of Flink's table options (`sink.parallelism`): it belongs in a table's `WITH (...)`.
pub fn table_option(loaded: &Loaded, key: &str, place: &str) -> Option<String> {
    (loaded.doc.engine.name.starts_with("Apache Flink")
        && options_flink::table_with::is_table_option(key))
    .then(|| options_flink::table_with::table_option_message(key, place))
}

/// What is wrong with `value` of `option`, as the live option's own parser, constraint and
/// validator judge it (one check for the runtime and the checker).
fn check_value(loaded: &Loaded, option: &OptionDoc, value: &str) -> Option<ValueError> {
    loaded
        .live
        .resolve(&option.key)?
        .meta
        .parse_value(value)
        .err()
}
