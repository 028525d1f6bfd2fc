//! `flinkconf migrate FILE --from V1 --to V2`: a legacy `flink-conf.yaml` or a `config.yaml` written
//! for one release, rewritten as the `config.yaml` of another. A pure function of the two
//! releases' catalogues and the file:
//!
//! * a key that V2 reads as an option's own key is kept (its value in V2's YAML form);
//! * a key that V2 reads only as an old spelling (a deprecated or fallback key) is renamed to
//!   every option that reads it, unless the file sets that option under a spelling V2 reads
//!   first;
//! * a key that V2 no longer reads is commented out, in a block at the end of the file that says
//!   why (a secret's value is not copied);
//! * comments, blank lines and keys no release declares (plugin keys such as `s3.*`) are kept;
//! * the report lists the options the file does not set whose default changed between V1 and V2
//!   (a value written anew in another type, `30000` ms becoming `30 s`, is no change).

use std::collections::{BTreeMap, HashMap, HashSet};

use options_core::key_index::KeyRole;
use options_core::sensitive::MASK;
use options_core::{Catalogue, DefaultDoc, OptionMeta};
use options_flink::legacy::{LegacyFile, LegacyLine, LegacySetting};

use super::{input, note, DefaultChange, MigrateOptions, Migration, NoteKind};
use options_core::tool::TOOL;
use options_docs::source::Loaded;
use options_docs::suggest::Suggester;
use options_docs::yaml::emit::{self, Before, Entry};
use options_docs::yaml::value::{self, Style, YamlValue};

/// How the file to upgrade is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputFormat {
    /// Flink's legacy line format (`flink-conf.yaml`).
    Legacy,
    /// Standard YAML (`config.yaml`).
    Standard,
}

/// The first line of an upgraded file.
pub fn marker(engine: &str, from: &str, to: &str) -> String {
    format!(
        "{} for {engine} {to}, migrated from {from} by `{TOOL} migrate --from {from} --to {to}`.",
        input::MARKER_PREFIX
    )
}

/// Rewrites `text` (a file read by release `from`) for release `to`; both are live catalogues.
/// `Err` when a catalogue is a file (it documents one release) or the YAML does not read.
pub fn upgrade(
    from: &Loaded,
    to: &Loaded,
    text: &str,
    format: InputFormat,
    options: MigrateOptions,
) -> Result<Migration, String> {
    let (old, new) = (&*from.live, &*to.live);
    let (Some(from_release), Some(to_release)) = (old.release(), new.release()) else {
        return Err(
            "--from and --to need the built-in catalogue, whose options name releases (a catalogue file documents one release)"
                .to_owned(),
        );
    };
    let is_map_option = |key: &str| map_option(new, key) || map_option(old, key);
    let lines = match format {
        InputFormat::Legacy => options_flink::legacy::parse_flink_conf(text).lines,
        InputFormat::Standard => input::read_yaml(text, &is_map_option)?,
    };
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
    let set: HashSet<&str> = winners.iter().map(|s| s.key.as_str()).collect();
    let mut suggester = None;
    let mut planned: BTreeMap<u32, Planned> = BTreeMap::new();
    for s in &winners {
        if let Some((factory_key, factory)) = reporter_factory(new, &s.key, &s.value, &set) {
            notes.push(note(
                s.line,
                NoteKind::ReporterFactory {
                    from: s.key.clone(),
                    class: s.value.trim().to_owned(),
                    to: factory_key.clone(),
                    factory: factory.to_owned(),
                    release: to_release.version().to_owned(),
                },
            ));
            let value = YamlValue::Scalar(factory.to_owned(), Style::Text);
            planned.insert(s.line, Planned::Write(vec![(factory_key, value)]));
            continue;
        }
        let plan = match plan_key(new, &s.key, &set) {
            Fate::Keep(meta) => Planned::Write(vec![(
                s.key.clone(),
                value_for(to, meta, &s.key, &s.value, &mut notes, s.line),
            )]),
            Fate::Rename { readers, hidden } => {
                if readers.is_empty() {
                    // The spelling that wins, and where the file sets it.
                    let (by_key, by) = hidden
                        .iter()
                        .find_map(|k| {
                            let line = winners.iter().find(|w| &w.key == k)?.line;
                            Some((k.clone(), line))
                        })
                        .unwrap_or_else(|| (hidden.join("\", \""), s.line));
                    notes.push(note(
                        s.line,
                        NoteKind::Hidden {
                            key: s.key.clone(),
                            by_key,
                            by,
                        },
                    ));
                    Planned::Drop
                } else {
                    notes.push(note(
                        s.line,
                        NoteKind::RenamedTo {
                            from: s.key.clone(),
                            to: readers.iter().map(|m| m.key_str().to_owned()).collect(),
                            release: to_release.version().to_owned(),
                        },
                    ));
                    Planned::Write(
                        readers
                            .iter()
                            .map(|m| {
                                let key = m.key_str().to_owned();
                                let v = value_for(to, m, &key, &s.value, &mut notes, s.line);
                                (key, v)
                            })
                            .collect(),
                    )
                }
            }
            Fate::NotRead(reason) => {
                notes.push(note(
                    s.line,
                    NoteKind::NotRead {
                        key: s.key.clone(),
                        reason: reason.clone(),
                    },
                ));
                Planned::CommentOut(reason)
            }
            Fate::Unknown => {
                let suggester = suggester.get_or_insert_with(|| Suggester::new(&to.doc));
                notes.push(note(
                    s.line,
                    NoteKind::Unknown {
                        key: s.key.clone(),
                        suggestions: suggester.suggest(&s.key),
                    },
                ));
                Planned::Write(vec![(
                    s.key.clone(),
                    YamlValue::Scalar(s.value.clone(), Style::Text),
                )])
            }
        };
        planned.insert(s.line, plan);
    }

    let mut entries = Vec::new();
    let mut before = Vec::new();
    let mut not_read: Vec<Before> = Vec::new();
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
            LegacyLine::Setting(LegacySetting {
                setting: s,
                comment,
            }) => match planned.remove(&s.line) {
                Some(Planned::Write(pairs)) => {
                    for (n, (key, value)) in pairs.into_iter().enumerate() {
                        entries.push(Entry {
                            key,
                            value,
                            comment: if n == 0 { comment.clone() } else { None },
                            before: std::mem::take(&mut before),
                        });
                    }
                }
                Some(Planned::CommentOut(reason)) => {
                    // The comments that described it go with it.
                    let described: Vec<Before> = std::mem::take(&mut before)
                        .into_iter()
                        .filter(|b| matches!(b, Before::Comment(_)))
                        .collect();
                    not_read.push(Before::Blank);
                    not_read.extend(described);
                    not_read.push(Before::Comment(format!(" {reason}:")));
                    let shown = if new.absent(&s.key).is_some_and(|a| a.option.is_sensitive())
                        || options_core::sensitive::is_sensitive_key(&s.key)
                    {
                        format!("{MASK} (a secret: not copied)")
                    } else {
                        s.value.clone()
                    };
                    let mut line = format!(" {}: {shown}", s.key);
                    if let Some(c) = comment {
                        line.push_str(" #");
                        line.push_str(c);
                    }
                    not_read.push(Before::Comment(line));
                }
                // Overridden lines, and old spellings every reader of which is set otherwise.
                Some(Planned::Drop) | None => {}
            },
        }
    }
    while before.last() == Some(&Before::Blank) {
        before.pop();
    }
    if !not_read.is_empty() {
        before.push(Before::Blank);
        before.push(Before::Comment(format!(
            " Settings {} {} does not read, kept as comments (see the notes of `{TOOL} migrate`):",
            to_release.line().engine(),
            to_release.version()
        )));
        before.extend(not_read);
    }
    let header = format!(
        "{}\n",
        marker(
            to_release.line().engine(),
            from_release.version(),
            to_release.version()
        )
    );
    let yaml = emit::write(&header, &entries, &before, options.flat, &is_map_option);
    notes.sort_by_key(|n| n.line);
    Ok(Migration {
        yaml,
        notes,
        settings: entries.len(),
        already_migrated: false,
        default_changes: default_changes(old, new, &set),
        releases: Some((
            from_release.version().to_owned(),
            to_release.version().to_owned(),
        )),
    })
}

/// What the migration does with one line.
enum Planned {
    /// Writes these keys with these values.
    Write(Vec<(String, YamlValue)>),
    /// Comments the line out, saying why.
    CommentOut(String),
    /// Leaves it out (an old spelling every reader of which the file sets otherwise).
    Drop,
}

/// What release `new` does with a key.
#[derive(Debug)]
pub enum Fate {
    /// Reads it as this option's own key (or as an instance of this pattern).
    Keep(&'static OptionMeta),
    /// Reads it only as an old spelling.
    Rename {
        /// The options that read it and that the file does not set under a spelling they read
        /// first.
        readers: Vec<&'static OptionMeta>,
        /// The spellings the file sets that other readers read first.
        hidden: Vec<String>,
    },
    /// Does not read it, though another release does: why.
    NotRead(String),
    /// No release declares it.
    Unknown,
}

/// What release `new` does with `key` of a file that sets the keys `set`.
pub fn plan_key(new: &Catalogue, key: &str, set: &HashSet<&str>) -> Fate {
    let readers = new.readers(key);
    if let Some(own) = readers.iter().find(|r| r.role == KeyRole::Key) {
        return Fate::Keep(own.meta);
    }
    if readers.is_empty() {
        return match new.resolve(key) {
            Some(r) => Fate::Keep(r.meta),
            None => match new.absent(key) {
                Some(absent) => Fate::NotRead(format!(
                    "not read by {} {}: {}",
                    absent.release.line().engine(),
                    absent.release,
                    absent.reason_text()
                )),
                None => Fate::Unknown,
            },
        };
    }
    let mut kept = Vec::new();
    let mut hidden = Vec::new();
    for r in readers {
        match read_first(r.meta, key, set) {
            Some(by) => hidden.push(by.to_owned()),
            None => kept.push(r.meta),
        }
    }
    Fate::Rename {
        readers: kept,
        hidden,
    }
}

/// The factory key and factory class to write instead of `key: class`, when `key` names one of
/// Flink's own metric reporters by its class, release `new` does not read it but reads the
/// factory key, and the file does not set that key itself (then the old line is only commented
/// out, as any key `new` does not read).
pub fn reporter_factory(
    new: &Catalogue,
    key: &str,
    class: &str,
    set: &HashSet<&str>,
) -> Option<(String, &'static str)> {
    if new.resolve(key).is_some() {
        return None;
    }
    let (factory_key, factory) = crate::reporters::rewrite(key, class)?;
    (new.resolve(&factory_key).is_some() && !set.contains(factory_key.as_str()))
        .then_some((factory_key, factory))
}

/// The spelling of `meta` that the file sets and the option reads before `key`, if any.
fn read_first<'a>(meta: &'a OptionMeta, key: &str, set: &HashSet<&str>) -> Option<&'a str> {
    meta.all_keys()
        .map(|k| k.name())
        .take_while(|k| *k != key)
        .find(|k| set.contains(k))
}

/// `raw` in its YAML form for `meta` at the new release (kept as written, with a note, when that
/// release rejects it).
fn value_for(
    to: &Loaded,
    meta: &OptionMeta,
    key: &str,
    raw: &str,
    notes: &mut Vec<super::Note>,
    line: u32,
) -> YamlValue {
    let doc = to.doc.option(meta.key_str()).map(|(_, o)| o);
    match doc.map(|o| value::convert(to, key, o, raw)) {
        Some(Ok(v)) => v,
        Some(Err(message)) => {
            notes.push(note(line, NoteKind::Invalid(message)));
            YamlValue::Scalar(raw.to_owned(), Style::Text)
        }
        // A pattern instance: the value as written.
        None => match meta.parse_value(raw) {
            Ok(()) => YamlValue::Scalar(raw.to_owned(), Style::Text),
            Err(e) => {
                let error = options_core::ConfigError::invalid_value(key, e, meta.is_sensitive());
                notes.push(note(line, NoteKind::Invalid(error.to_string())));
                YamlValue::Scalar(raw.to_owned(), Style::Text)
            }
        },
    }
}

fn map_option(catalogue: &Catalogue, key: &str) -> bool {
    catalogue.resolve(key).is_some_and(|r| {
        r.meta.value_type.kind == options_core::ValueKind::Map && !r.meta.value_type.list
    })
}

/// The options of `new` that `old` has too, documented in either release (an option that `new`
/// hides but still reads, like `security.ssl.verify-hostname` in 2.3, counts), that the file does
/// not set under any spelling, and whose default is another value in `new` (compared as `new`'s typed values, so
/// `30000` and `30 s` of a Duration are one value), by key.
fn default_changes(old: &Catalogue, new: &Catalogue, set: &HashSet<&str>) -> Vec<DefaultChange> {
    let mut out: Vec<DefaultChange> = Vec::new();
    let mut seen = HashMap::new();
    for (_, meta) in new.options() {
        if meta.all_keys().any(|k| set.contains(k.name())) {
            continue;
        }
        let Some(before) = old
            .resolve(meta.key_str())
            .filter(|r| r.role == KeyRole::Key)
            .map(|r| r.meta)
        else {
            continue;
        };
        if meta.hidden && before.hidden {
            continue;
        }
        if before.all_keys().any(|k| set.contains(k.name())) {
            continue;
        }
        let same = match (before.default, meta.default) {
            (DefaultDoc::Value(a), DefaultDoc::Value(b)) => meta.same_value(a, b),
            (a, b) => a == b,
        };
        if !same && seen.insert(meta.key_str(), ()).is_none() {
            out.push(DefaultChange {
                key: meta.key_str().to_owned(),
                from: shown(before.default),
                to: shown(meta.default),
            });
        }
    }
    out.sort_by(|a, b| a.key.cmp(&b.key));
    out
}

fn shown(default: DefaultDoc) -> String {
    match default {
        DefaultDoc::None => "(none)".to_owned(),
        DefaultDoc::Value(v) | DefaultDoc::Override(v) => v.to_owned(),
    }
}
