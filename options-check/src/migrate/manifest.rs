//! `flinkconf migrate` on Kubernetes manifests: in each `FlinkDeployment`/`FlinkSessionJob`, a
//! deprecated key in `spec.flinkConfiguration` is renamed to its option's current key where it is
//! written (the Kubernetes operator's old spellings too, and likewise in a ConfigMap's
//! `config.yaml`), and with a target release `spec.flinkVersion` is set to it. Nothing else changes: every
//! other byte of the file (other documents, comments, values, quoting, line endings) stays.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use options_core::key_index::KeyRole;

use crate::input::{Embedded, Extracted};
use crate::settings::read_settings;
use options_core::Setting;
use options_docs::format::plural;
use options_docs::keys::ModelKeyIndex;
use options_docs::source::Loaded;

/// A finished manifest migration.
#[derive(Clone)]
pub struct ManifestMigration {
    /// The whole file, rewritten.
    pub text: String,
    /// What was changed or needs a look, by line of the file: (line, needs attention, message).
    pub notes: Vec<(u32, bool, String)>,
    /// How many edits were made.
    pub edits: usize,
}

// `Debug` by hand: the text holds the configuration's secrets.
impl std::fmt::Debug for ManifestMigration {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ManifestMigration")
            .field("text_bytes", &self.text.len())
            .field("notes", &self.notes)
            .field("edits", &self.edits)
            .finish()
    }
}

impl ManifestMigration {
    /// Whether anything needs the user's attention (exit code 1).
    pub fn needs_attention(&self) -> bool {
        self.notes.iter().any(|(_, attention, _)| *attention)
    }
}

/// One replacement on a line: characters `from..to` become `with`.
struct Edit {
    from: usize,
    to: usize,
    with: String,
}

/// Migrates the manifests `text` (extracted as `extracted`); `loaded` gives the catalogue each
/// configuration is read with, `to` the release to set (`2.3`) and its catalogue, if any: keys
/// are then rewritten for that release ([`super::upgrade::plan_key`]). With `operator` (the
/// Kubernetes operator's catalogue), the operator's old spellings of a key Flink does not read
/// (`kubernetes.operator.job.autoscaler.*`, `job.autoscaler.target.utilization`) are renamed to
/// its current ones too.
pub fn migrate_manifest(
    text: &str,
    extracted: &Extracted,
    loaded: &dyn Fn(&Embedded) -> Loaded,
    to: Option<(&str, &Loaded)>,
    operator: Option<&Loaded>,
) -> ManifestMigration {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let mut edits: BTreeMap<u32, Vec<Edit>> = BTreeMap::new();
    let mut notes = Vec::new();
    for embedded in &extracted.embedded {
        let loaded = loaded(embedded);
        match to {
            Some((to, new)) => {
                upgrade_keys(&lines, embedded, &loaded, new, &mut edits, &mut notes);
                set_release(&lines, embedded, to, &mut edits, &mut notes);
            }
            None => rename_deprecated(&lines, embedded, &loaded, &mut edits, &mut notes),
        }
        if let Some(operator) = operator {
            rename_operator(&lines, embedded, &loaded, operator, &mut edits, &mut notes);
        }
    }
    let mut out = String::with_capacity(text.len());
    let mut count = 0;
    for (i, line) in lines.iter().enumerate() {
        match edits.get_mut(&(i as u32 + 1)) {
            None => out.push_str(line),
            Some(list) => {
                list.sort_by_key(|e| e.from);
                let chars: Vec<char> = line.chars().collect();
                let mut at = 0;
                for e in list.iter() {
                    out.extend(&chars[at..e.from]);
                    out.push_str(&e.with);
                    at = e.to;
                    count += 1;
                }
                out.extend(&chars[at..]);
            }
        }
    }
    notes.sort_by_key(|n| n.0);
    ManifestMigration {
        text: out,
        notes,
        edits: count,
    }
}

/// The key as written at a character column of a line: up to the `:` that ends it.
fn key_token(line: &str, column: usize) -> Option<String> {
    let rest: String = line.chars().skip(column).collect();
    let end = rest.find(": ").or_else(|| {
        rest.trim_end()
            .ends_with(':')
            .then(|| rest.trim_end().len() - 1)
    })?;
    let token = &rest[..end];
    (!token.is_empty() && !token.starts_with(['"', '\''])).then(|| token.to_owned())
}

fn rename_deprecated(
    lines: &[&str],
    embedded: &Embedded,
    loaded: &Loaded,
    edits: &mut BTreeMap<u32, Vec<Edit>>,
    notes: &mut Vec<(u32, bool, String)>,
) {
    let index = ModelKeyIndex::new(&loaded.doc);
    let settings = read_settings(&embedded.text, loaded).settings;
    let renames = settings.iter().filter_map(|s| match index.resolve(&s.key) {
        Some((_, option, KeyRole::Deprecated)) => Some((s, option.key.as_str())),
        _ => None,
    });
    rename(lines, embedded, &settings, renames, edits, notes);
}

/// Renames the Kubernetes operator's old spellings (its deprecated keys, and the fallback keys
/// that are the autoscaler's old `kubernetes.operator.job.autoscaler.*` names) of keys Flink's
/// catalogue `flink` does not read.
fn rename_operator(
    lines: &[&str],
    embedded: &Embedded,
    flink: &Loaded,
    operator: &Loaded,
    edits: &mut BTreeMap<u32, Vec<Edit>>,
    notes: &mut Vec<(u32, bool, String)>,
) {
    let flink_index = ModelKeyIndex::new(&flink.doc);
    let index = ModelKeyIndex::new(&operator.doc);
    let settings = read_settings(&embedded.text, flink).settings;
    let renames = settings.iter().filter_map(|s| {
        if flink_index.resolve(&s.key).is_some() {
            return None;
        }
        match index.resolve(&s.key) {
            Some((_, option, KeyRole::Deprecated | KeyRole::Fallback)) => {
                Some((s, option.key.as_str()))
            }
            _ => None,
        }
    });
    rename(lines, embedded, &settings, renames, edits, notes);
}

/// Renames each setting of `renames` to its key where it is written, unless another setting of
/// the configuration names that key (which wins), or its nesting differs: both with a note.
fn rename<'s>(
    lines: &[&str],
    embedded: &Embedded,
    settings: &[Setting],
    renames: impl Iterator<Item = (&'s Setting, &'s str)>,
    edits: &mut BTreeMap<u32, Vec<Edit>>,
    notes: &mut Vec<(u32, bool, String)>,
) {
    // The line each key was renamed to by this configuration: a second old spelling of the same
    // option would make the key appear twice.
    let mut renamed_to: BTreeMap<&str, u32> = BTreeMap::new();
    for (s, current) in renames {
        let (line, column) = embedded.map.to_file(s.line, s.column);
        if let Some(by_line) = renamed_to.get(current) {
            notes.push((
                line,
                true,
                format!(
                    "\"{}\" is another deprecated key of \"{current}\", to which line {by_line} is renamed; keep one of the two lines",
                    s.key
                ),
            ));
            continue;
        }
        if let Some(by) = settings.iter().find(|o| o.key == current) {
            let (by_line, _) = embedded.map.to_file(by.line, by.column);
            notes.push((
                line,
                true,
                format!(
                    "\"{}\" is a deprecated key of \"{}\", which line {by_line} sets too and which wins; remove this line",
                    s.key, current
                ),
            ));
            continue;
        }
        let text = lines.get(line as usize - 1).copied().unwrap_or_default();
        let start = column as usize - 1;
        let renamed = key_token(text, start).and_then(|token| {
            let prefix = s.key.strip_suffix(token.as_str())?;
            let new = current.strip_prefix(prefix)?;
            (!new.is_empty()).then(|| (token, new.to_owned()))
        });
        match renamed {
            Some((token, new)) => {
                edits.entry(line).or_default().push(Edit {
                    from: start,
                    to: start + token.chars().count(),
                    with: new,
                });
                renamed_to.insert(current, line);
                notes.push((
                    line,
                    false,
                    format!("renamed deprecated key \"{}\" to \"{}\"", s.key, current),
                ));
            }
            None => notes.push((
                line,
                true,
                format!(
                    "\"{}\" is a deprecated key: write it as \"{}\" (its nesting differs, so it is left as written)",
                    s.key, current
                ),
            )),
        }
    }
}

/// Rewrites the keys of one configuration for the release of `new`: a key it reads only as an old
/// spelling renamed in place (where the nesting allows), a key it no longer reads commented out in
/// place with the reason; both with a note.
fn upgrade_keys(
    lines: &[&str],
    embedded: &Embedded,
    old: &Loaded,
    new: &Loaded,
    edits: &mut BTreeMap<u32, Vec<Edit>>,
    notes: &mut Vec<(u32, bool, String)>,
) {
    use super::upgrade::{plan_key, Fate};
    let catalogue = &*new.live;
    let release = catalogue
        .release()
        .map(|r| format!("{} {r}", r.line().engine()))
        .unwrap_or_default();
    let settings = read_settings(&embedded.text, old).settings;
    let set: std::collections::HashSet<&str> = settings.iter().map(|s| s.key.as_str()).collect();
    for s in &settings {
        let (line, column) = embedded.map.to_file(s.line, s.column);
        let text = lines.get(line as usize - 1).copied().unwrap_or_default();
        let start = column as usize - 1;
        match plan_key(catalogue, &s.key, &set) {
            Fate::Keep(_) | Fate::Unknown => {}
            Fate::Rename { readers, hidden } => {
                let Some(first) = readers.first() else {
                    notes.push((
                        line,
                        true,
                        format!(
                            "\"{}\" is an old spelling that {release} reads after \"{}\", which this configuration sets too; remove this line",
                            s.key,
                            hidden.join("\", \"")
                        ),
                    ));
                    continue;
                };
                let renamed = key_token(text, start).and_then(|token| {
                    let prefix = s.key.strip_suffix(token.as_str())?;
                    let new = first.key_str().strip_prefix(prefix)?;
                    (!new.is_empty()).then(|| (token, new.to_owned()))
                });
                let others: Vec<&str> = readers[1..].iter().map(|m| m.key_str()).collect();
                match renamed {
                    Some((token, new_key)) => {
                        edits.entry(line).or_default().push(Edit {
                            from: start,
                            to: start + token.chars().count(),
                            with: new_key,
                        });
                        let also = if others.is_empty() {
                            String::new()
                        } else {
                            format!(
                                "; {release} also read it as \"{}\": add that key with the same value",
                                others.join("\", \"")
                            )
                        };
                        notes.push((
                            line,
                            !others.is_empty(),
                            format!(
                                "\"{}\" is read by {release} only as an old spelling; renamed to \"{}\"{also}",
                                s.key,
                                first.key_str()
                            ),
                        ));
                    }
                    None => notes.push((
                        line,
                        true,
                        format!(
                            "\"{}\" is read by {release} only as an old spelling: write it as \"{}\" (its nesting differs, so it is left as written)",
                            s.key,
                            readers.iter().map(|m| m.key_str()).collect::<Vec<_>>().join("\" and \"")
                        ),
                    )),
                }
            }
            Fate::NotRead(reason) => {
                // Commented out where it stands: `# key: value` keeps the line's indentation.
                edits.entry(line).or_default().push(Edit {
                    from: start,
                    to: start,
                    with: "# ".to_owned(),
                });
                // A reporter named by its class: which factory to name (the value is not
                // rewritten in place; a config file's migration writes it).
                let instead = crate::reporters::factory_instead(&s.key, &s.value)
                    .map(|instead| format!("; {instead}"))
                    .unwrap_or_default();
                notes.push((
                    line,
                    true,
                    format!("\"{}\" is {reason}; commented out{instead}", s.key),
                ));
            }
        }
    }
}

fn set_release(
    lines: &[&str],
    embedded: &Embedded,
    to: &str,
    edits: &mut BTreeMap<u32, Vec<Edit>>,
    notes: &mut Vec<(u32, bool, String)>,
) {
    let Some((major, minor)) = to.split_once('.') else {
        return;
    };
    let value = format!("v{major}_{minor}");
    let Some(release) = &embedded.release else {
        if embedded.what.starts_with("FlinkDeployment") {
            let (line, _) = embedded.map.to_file(1, 1);
            notes.push((
                line,
                true,
                format!(
                    "{}: no spec.flinkVersion to set; add `flinkVersion: {value}` under spec",
                    embedded.what
                ),
            ));
        }
        return;
    };
    if release.written == value {
        return;
    }
    let text = lines
        .get(release.at.line as usize - 1)
        .copied()
        .unwrap_or_default();
    let mut start = release.at.column as usize - 1;
    if text
        .chars()
        .nth(start)
        .is_some_and(|c| c == '"' || c == '\'')
    {
        start += 1;
    }
    let written: String = text
        .chars()
        .skip(start)
        .take(release.written.chars().count())
        .collect();
    if written != release.written {
        notes.push((
            release.at.line,
            true,
            format!("spec.flinkVersion is written in a form this command does not rewrite; set it to {value} by hand"),
        ));
        return;
    }
    edits.entry(release.at.line).or_default().push(Edit {
        from: start,
        to: start + written.chars().count(),
        with: value.clone(),
    });
    notes.push((
        release.at.line,
        false,
        format!("spec.flinkVersion {} set to {value}", release.written),
    ));
}

/// The report: one line per note (`FILE:LINE: note|warning: ...`), then a summary.
pub fn render_report(migration: &ManifestMigration, input: &str, output: Option<&str>) -> String {
    let mut text = String::new();
    for (line, attention, message) in &migration.notes {
        let level = if *attention { "warning" } else { "note" };
        let _ = writeln!(text, "{input}:{line}: {level}: {message}");
    }
    let attention = migration.notes.iter().filter(|n| n.1).count();
    let _ = writeln!(
        text,
        "{input}: {} to {}; only configuration keys (spec.flinkConfiguration, a ConfigMap's config file) and spec.flinkVersion change, every other byte is kept; {}.",
        plural(migration.edits, "edit"),
        output.unwrap_or("standard output"),
        match attention {
            0 => "nothing needs attention".to_owned(),
            n => format!("{} to look at", plural(n, "line")),
        }
    );
    text
}
