//! `flinkconf migrate`: a legacy `flink-conf.yaml` to a standard `config.yaml` that loads to exactly
//! the same effective configuration, doing better than Flink's own migration (see
//! `shared/reference/flink-config-files.md`):
//!
//! * deprecated keys are renamed to their option's current key (and the report says so); a
//!   deprecated spelling that the legacy file's own lookup order hides (the current key or a
//!   fallback key is set too) is dropped, as it never counted; fallback keys are kept;
//! * values take their natural YAML form where the option's type is known ([`value`]), text is
//!   quoted only where YAML needs it, and a value YAML would read differently (`null`, `yes`,
//!   `'quoted'`) is quoted so it keeps its legacy meaning ([`emit`]);
//! * comment lines stay before the key they preceded, trailing comments stay on their line;
//! * duplicates (the last one wins, as in Flink), unknown keys, lines Flink ignores and invalid
//!   values are reported with their line; the report never shows a value of a sensitive key;
//! * the output starts with [`input::MARKER`]; migrating it again changes nothing.

pub mod input;
pub mod manifest;
pub mod upgrade;

use std::collections::{BTreeMap, HashMap};
use std::fmt::{self, Write as _};

use options_core::key_index::KeyRole;
use options_flink::legacy::{LegacyFile, LegacyLine, SkipReason};

use options_core::tool::TOOL;
use options_docs::format::plural;
use options_docs::model::OptionDoc;
use options_docs::source::Loaded;
use options_docs::suggest::Suggester;
use options_docs::yaml::emit::{self, Before, Entry};
use options_docs::yaml::value::{self, Style, YamlValue};

/// How to write the result.
#[derive(Clone, Copy, Debug, Default)]
pub struct MigrateOptions {
    /// One dotted key per line instead of nested mappings.
    pub flat: bool,
}

/// A finished migration: the YAML text and what the report says.
#[derive(Clone)]
pub struct Migration {
    /// The `config.yaml` text (secrets included: it is the configuration).
    pub yaml: String,
    /// What was done or needs a look, in line order.
    pub notes: Vec<Note>,
    /// How many settings the YAML holds.
    pub settings: usize,
    /// The input was already a migrated file (read as YAML).
    pub already_migrated: bool,
    /// For an upgrade between releases: the options the file does not set whose default changed.
    pub default_changes: Vec<DefaultChange>,
    /// For an upgrade between releases: from and to.
    pub releases: Option<(String, String)>,
}

/// An option's default that changed between two releases (the option not set by the file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DefaultChange {
    /// The option.
    pub key: String,
    /// Its default in the older release.
    pub from: String,
    /// Its default in the newer release.
    pub to: String,
}

// `Debug` by hand: the YAML text holds the secrets of the configuration, so only its size shows.
impl std::fmt::Debug for Migration {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Migration")
            .field("yaml_bytes", &self.yaml.len())
            .field("notes", &self.notes)
            .field("settings", &self.settings)
            .field("already_migrated", &self.already_migrated)
            .field("default_changes", &self.default_changes)
            .field("releases", &self.releases)
            .finish()
    }
}

impl Migration {
    /// Whether anything needs the user's attention (exit code 1).
    pub fn needs_attention(&self) -> bool {
        self.notes.iter().any(|n| n.kind.needs_attention())
    }
}

/// One remark of the report, at a line of the legacy file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// 1-based line in the legacy file.
    pub line: u32,
    /// What happened.
    pub kind: NoteKind,
}

/// What a [`Note`] says. Never holds a value of a sensitive key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoteKind {
    /// A deprecated key written as its option's current key.
    Renamed {
        /// The key as written.
        from: String,
        /// The current key.
        to: String,
    },
    /// A key set again later: this line did not count (Flink keeps the last).
    Overridden {
        /// The key.
        key: String,
        /// The line that counts.
        by: u32,
    },
    /// A deprecated key hidden by another spelling of its option that the lookup reads first.
    Hidden {
        /// The key as written.
        key: String,
        /// The spelling that counts.
        by_key: String,
        /// Its line.
        by: u32,
    },
    /// A key no option declares: kept as written.
    Unknown {
        /// The key.
        key: String,
        /// Declared keys close to it.
        suggestions: Vec<String>,
    },
    /// A line Flink ignores: kept as a comment.
    Ignored(SkipReason),
    /// A value its option rejects: kept as written (the message masks sensitive values).
    Invalid(String),
    /// A key the newer release reads only as an old spelling, written as every option that reads
    /// it.
    RenamedTo {
        /// The key as written.
        from: String,
        /// The options that read it.
        to: Vec<String>,
        /// The release.
        release: String,
    },
    /// A metric reporter named by its class, which the newer release does not load, written as
    /// its factory (one of Flink's own reporters).
    ReporterFactory {
        /// The key as written (`metrics.reporter.prom.class`).
        from: String,
        /// The reporter class it named.
        class: String,
        /// The factory key written.
        to: String,
        /// The factory class written.
        factory: String,
        /// The release.
        release: String,
    },
    /// A key the newer release does not read: commented out.
    NotRead {
        /// The key.
        key: String,
        /// Why, with what to do instead.
        reason: String,
    },
}

impl NoteKind {
    /// Everything but a rename needs a look.
    pub fn needs_attention(&self) -> bool {
        !matches!(
            self,
            NoteKind::Renamed { .. }
                | NoteKind::RenamedTo { .. }
                | NoteKind::ReporterFactory { .. }
        )
    }
}

impl fmt::Display for NoteKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoteKind::Renamed { from, to } => {
                write!(f, "renamed deprecated key \"{from}\" to \"{to}\"")
            }
            NoteKind::Overridden { key, by } => write!(
                f,
                "\"{key}\" is set again at line {by}, which wins as it did in Flink; this line is dropped"
            ),
            NoteKind::Hidden { key, by_key, by } => write!(
                f,
                "\"{key}\" is a deprecated key of an option that \"{by_key}\" (line {by}) already sets, which wins as it did in Flink; this line is dropped"
            ),
            NoteKind::Unknown { key, suggestions } => {
                let unknown = options_core::ConfigError::from(options_core::ConfigErrorKind::UnknownKey {
                    key: key.clone(),
                    suggestions: suggestions.clone(),
                });
                write!(f, "{unknown}; kept as written")
            }
            NoteKind::Ignored(reason) => write!(f, "{reason}; kept as a comment"),
            NoteKind::Invalid(message) => write!(
                f,
                "{message}; kept as written (Flink would reject it too)"
            ),
            NoteKind::RenamedTo { from, to, release } => write!(
                f,
                "\"{from}\" is read by {release} only as an old spelling; written as \"{}\"",
                to.join("\" and \"")
            ),
            NoteKind::ReporterFactory {
                from,
                class,
                to,
                factory,
                release,
            } => write!(
                f,
                "\"{from}\" names the metric reporter {class} by its class, which Flink {release} does not load (the reporter would never start); written as \"{to}: {factory}\""
            ),
            NoteKind::NotRead { key, reason } => {
                write!(f, "\"{key}\" is {reason}; commented out at the end of the file")
            }
        }
    }
}

/// Migrates the text of a legacy `flink-conf.yaml` (or of a file this command wrote).
pub fn migrate(loaded: &Loaded, text: &str, options: MigrateOptions) -> Result<Migration, String> {
    let index = ModelKeyIndex::new(loaded);
    let is_map_option = |key: &str| index.is_map_option(key);
    let (lines, already_migrated) = input::read(text, &is_map_option)?;
    let file = LegacyFile { lines };
    let mut notes = Vec::new();
    for (s, by) in file.overridden() {
        notes.push(note(
            s.line,
            NoteKind::Overridden {
                key: s.key.clone(),
                by,
            },
        ));
    }
    let winners = file.settings();
    let set_at: HashMap<&str, u32> = winners.iter().map(|s| (s.key.as_str(), s.line)).collect();
    let mut suggester = None;
    let mut entries_by_line: BTreeMap<u32, (String, YamlValue)> = BTreeMap::new();
    for s in &winners {
        let (key, value) = match index.get(&s.key) {
            Some((option, deprecated)) => {
                // A spelling that is an old key of several options (Flink's `jobmanager.web.port`,
                // `kubernetes.pod-template-file`) sets them all: renaming it to one would drop
                // the others, so it is kept as written.
                let shared = deprecated
                    && loaded
                        .doc
                        .options()
                        .filter(|(_, o)| {
                            o.deprecated_keys.contains(&s.key) || o.fallback_keys.contains(&s.key)
                        })
                        .nth(1)
                        .is_some();
                let key = if deprecated && !shared {
                    match hidden_by(option, &s.key, &set_at) {
                        Some((by_key, by)) => {
                            notes.push(note(
                                s.line,
                                NoteKind::Hidden {
                                    key: s.key.clone(),
                                    by_key: by_key.to_owned(),
                                    by,
                                },
                            ));
                            continue;
                        }
                        None => {
                            notes.push(note(
                                s.line,
                                NoteKind::Renamed {
                                    from: s.key.clone(),
                                    to: option.key.clone(),
                                },
                            ));
                            option.key.clone()
                        }
                    }
                } else {
                    s.key.clone()
                };
                let value = match value::convert(loaded, &s.key, option, &s.value) {
                    Ok(v) => v,
                    Err(message) => {
                        notes.push(note(s.line, NoteKind::Invalid(message)));
                        YamlValue::Scalar(s.value.clone(), Style::Text)
                    }
                };
                (key, value)
            }
            None => {
                if !index.is_free_form(&s.key) {
                    let suggester = suggester.get_or_insert_with(|| Suggester::new(&loaded.doc));
                    let suggestions = suggester.suggest(&s.key);
                    notes.push(note(
                        s.line,
                        NoteKind::Unknown {
                            key: s.key.clone(),
                            suggestions,
                        },
                    ));
                }
                (
                    s.key.clone(),
                    YamlValue::Scalar(s.value.clone(), Style::Text),
                )
            }
        };
        entries_by_line.insert(s.line, (key, value));
    }
    // A dropped line's trailing comment goes before the line that counts instead.
    let mut moved: HashMap<u32, Vec<Before>> = HashMap::new();
    for (s, by) in file.overridden() {
        if let Some(c) = file.comment(s.line) {
            moved
                .entry(by)
                .or_default()
                .push(Before::Comment(c.to_owned()));
        }
    }
    for n in &notes {
        if let NoteKind::Hidden { by, .. } = n.kind {
            if let Some(c) = file.comment(n.line) {
                moved
                    .entry(by)
                    .or_default()
                    .push(Before::Comment(c.to_owned()));
            }
        }
    }
    let mut entries = Vec::new();
    let mut before = Vec::new();
    for (i, line) in file.lines.iter().enumerate() {
        match line {
            LegacyLine::Blank => before.push(Before::Blank),
            LegacyLine::Comment(c) => before.push(Before::Comment(c.clone())),
            LegacyLine::Skipped {
                reason,
                text,
                comment,
            } => {
                let number = u32::try_from(i + 1).unwrap_or(u32::MAX);
                notes.push(note(number, NoteKind::Ignored(*reason)));
                let mut kept = format!(" [ignored by Flink] {text}");
                if let Some(c) = comment {
                    kept.push_str(" #");
                    kept.push_str(c);
                }
                before.push(Before::Comment(kept));
            }
            LegacyLine::Setting(written) => {
                let line = written.setting.line;
                if let Some((key, value)) = entries_by_line.remove(&line) {
                    before.extend(moved.remove(&line).unwrap_or_default());
                    entries.push(Entry {
                        key,
                        value,
                        comment: written.comment.clone(),
                        before: std::mem::take(&mut before),
                    });
                }
            }
        }
    }
    // Blank lines at the very end are not worth keeping.
    while before.last() == Some(&Before::Blank) {
        before.pop();
    }
    let header = format!("{}\n", input::MARKER);
    let yaml = emit::write(&header, &entries, &before, options.flat, &is_map_option);
    notes.sort_by_key(|n| n.line);
    Ok(Migration {
        yaml,
        notes,
        settings: entries.len(),
        already_migrated,
        default_changes: Vec::new(),
        releases: None,
    })
}

fn note(line: u32, kind: NoteKind) -> Note {
    Note { line, kind }
}

/// For a deprecated spelling `key` of `option`: the spelling the lookup reads before it (the key,
/// then fallback keys, then earlier deprecated keys) when the file sets one.
fn hidden_by<'a>(
    option: &'a OptionDoc,
    key: &str,
    set_at: &HashMap<&str, u32>,
) -> Option<(&'a str, u32)> {
    let earlier_deprecated = option.deprecated_keys.iter().take_while(|k| *k != key);
    std::iter::once(&option.key)
        .chain(&option.fallback_keys)
        .chain(earlier_deprecated)
        .find_map(|k| set_at.get(k.as_str()).map(|&line| (k.as_str(), line)))
}

/// The catalogue's keys, through the docs model's [`options_docs::keys::ModelKeyIndex`] (the runtime's precedence,
/// pattern keys included), with what migrating asks of them.
struct ModelKeyIndex<'a> {
    loaded: &'a Loaded,
    keys: options_docs::keys::ModelKeyIndex<'a>,
}

impl<'a> ModelKeyIndex<'a> {
    fn new(loaded: &'a Loaded) -> Self {
        ModelKeyIndex {
            loaded,
            keys: options_docs::keys::ModelKeyIndex::new(&loaded.doc),
        }
    }

    /// The option `key` spells (or is an instance of), and whether it is a deprecated spelling.
    fn get(&self, key: &str) -> Option<(&'a OptionDoc, bool)> {
        self.keys
            .resolve(key)
            .map(|(_, option, role)| (option, role == KeyRole::Deprecated))
    }

    fn is_map_option(&self, key: &str) -> bool {
        self.get(key)
            .is_some_and(|(o, _)| o.value_type.kind == "Map" && !o.value_type.list)
    }

    fn is_free_form(&self, key: &str) -> bool {
        self.loaded.live.is_allowed_free_form(key)
    }
}

/// The report: one line per note (`FILE:LINE: ...`), a summary, then what to do next.
pub fn render_report(migration: &Migration, input: &str, output: Option<&str>) -> String {
    let mut text = String::new();
    for n in &migration.notes {
        let level = if n.kind.needs_attention() {
            "warning"
        } else {
            "note"
        };
        let _ = writeln!(text, "{input}:{}: {level}: {}", n.line, n.kind);
    }
    let attention = migration
        .notes
        .iter()
        .filter(|n| n.kind.needs_attention())
        .count();
    let target = output.unwrap_or("standard output");
    let what = if migration.already_migrated {
        "already migrated (read as standard YAML); rewritten"
    } else {
        "migrated"
    };
    let _ = writeln!(
        text,
        "{input}: {what}: {} to {target}; {}.",
        plural(migration.settings, "setting"),
        match attention {
            0 => "nothing needs attention".to_owned(),
            n => format!("{} to look at", plural(n, "line")),
        }
    );
    if let Some((from, to)) = &migration.releases {
        if !migration.default_changes.is_empty() {
            let _ = writeln!(
                text,
                "Defaults that changed from {from} to {to}, for options the file does not set (set one to keep its old value):"
            );
            for c in &migration.default_changes {
                let _ = writeln!(text, "  {}: {} -> {}", c.key, c.from, c.to);
            }
        }
    }
    let shown = output.unwrap_or("config.yaml");
    let _ = writeln!(text, "Next:");
    let mut step = 1;
    if attention > 0 {
        let _ = writeln!(
            text,
            "  {step}. Look at the lines above and fix them in {shown}."
        );
        step += 1;
    }
    let release = migration
        .releases
        .as_ref()
        .map(|(_, to)| format!(" --release {to}"))
        .unwrap_or_default();
    let _ = writeln!(
        text,
        "  {step}. Check the result: {TOOL} validate{release} {shown}"
    );
    step += 1;
    let _ = writeln!(
        text,
        "  {step}. {shown} holds every value of {input}, secrets included: give it the same permissions."
    );
    step += 1;
    let install = match &migration.releases {
        Some((_, to)) if to.starts_with("1.") => format!(
            "Install {shown} in the conf directory as config.yaml and remove {input}: while both are there, Flink {to} reads flink-conf.yaml."
        ),
        Some((_, to)) => format!(
            "Install {shown} in the conf directory as config.yaml: Flink {to} reads only config.yaml."
        ),
        None => format!(
            "Install {shown} in the conf directory as config.yaml and remove {input}: while both are there, Flink 1.19 reads flink-conf.yaml."
        ),
    };
    let _ = writeln!(text, "  {step}. {install}");
    text
}
