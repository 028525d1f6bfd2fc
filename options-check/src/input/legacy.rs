//! Which reader a configuration file needs when its name does not say as Flink's does. Flink
//! picks the reader by name: `conf/config.yaml` is standard YAML, `conf/flink-conf.yaml` (1.x) is
//! read line by line (`options_flink::legacy`). A file kept under another name
//! (`flink-conf-prod.yaml`, `flink-conf.yaml.j2`, `docker/flink.yaml`) is copied to one of those
//! before Flink reads it, so its name and content tell which: a name holding `flink-conf` is a
//! legacy file unless its keys nest (which only YAML understands); another name is a legacy file
//! when its lines are flat `key: value` lines that YAML refuses (an unquoted value such as
//! `%slots%` or `a: b: c`, a key set twice). Either way the choice is said, with its reason.

use std::path::Path;

use super::nodes::{self, Node};

/// The reader chosen for a file whose name is neither `config.yaml` nor `flink-conf.yaml`, and
/// why; `None` when the name decides as it does for Flink, or nothing tells against YAML.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// Read as a legacy `flink-conf.yaml` (else as a standard `config.yaml`).
    pub legacy: bool,
    /// Why, for the note naming the reader.
    pub reason: String,
}

impl Choice {
    /// The note that names the reader and says why.
    pub fn note(&self) -> String {
        let reader = match self.legacy {
            true => "read as a legacy flink-conf.yaml (line by line, as Flink 1.x reads it)",
            false => "read as a standard config.yaml (YAML)",
        };
        format!("{reader}: {}", self.reason)
    }
}

/// The reader `text`, found at `path`, needs (see the module's documentation).
pub fn choose(path: &Path, text: &str) -> Option<Choice> {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    if matches!(name, "config.yaml" | "flink-conf.yaml" | "") {
        return None;
    }
    if name.starts_with("flink-conf") {
        if let Ok(docs) = &nodes::documents(text) {
            if let Some(line) = docs.iter().find_map(|d| nested_line(d.root.as_ref()?)) {
                return Some(Choice {
                    legacy: false,
                    reason: format!(
                        "its name, {name}, holds flink-conf, but its keys nest (line {line}), which only YAML reads"
                    ),
                });
            }
        }
        return Some(Choice {
            legacy: true,
            reason: format!("its name, {name}, holds flink-conf"),
        });
    }
    // Only a flat file can be a legacy one: anything else is left to YAML without parsing it
    // here (a manifest's nesting shows on its second line).
    if !flat(text) {
        return None;
    }
    let why = match &nodes::documents(text) {
        Err((pos, message)) => format!(
            "its lines are flat key: value lines, and line {} is no YAML ({message})",
            pos.line
        ),
        Ok(docs) => {
            let (key, first, again) = docs.iter().find_map(|d| twice(d.root.as_ref()?))?;
            format!(
                "its lines are flat key: value lines, and \"{key}\" is set on lines {first} and {again}, which only the legacy reader accepts (the last wins)"
            )
        }
    };
    Some(Choice {
        legacy: true,
        reason: why,
    })
}

/// Whether every line holding more than a comment starts at its first column, as a legacy
/// file's settings do (and at least one line holds a setting).
fn flat(text: &str) -> bool {
    let mut settings = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .peekable();
    settings.peek().is_some() && settings.all(|l| !l.starts_with([' ', '\t']) && l.contains(": "))
}

/// The line of the first key whose value is a block mapping: a nested key.
fn nested_line(root: &Node) -> Option<u32> {
    let Node::Mapping { entries, .. } = root else {
        return None;
    };
    entries.iter().find_map(|(key, value)| match value {
        Node::Mapping { flow: false, .. } => Some(key.pos().line),
        _ => None,
    })
}

/// The first top-level key set twice: the key, its first line and the line setting it again.
fn twice(root: &Node) -> Option<(String, u32, u32)> {
    let Node::Mapping { entries, .. } = root else {
        return None;
    };
    let mut seen = std::collections::HashMap::new();
    entries.iter().find_map(|(key, _)| {
        let name = key.as_str()?;
        let line = key.pos().line;
        seen.insert(name, line)
            .map(|first| (name.to_owned(), first, line))
    })
}
