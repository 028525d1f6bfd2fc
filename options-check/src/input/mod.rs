//! Where Flink configuration lives: a `config.yaml`, a legacy `flink-conf.yaml`, Kubernetes
//! `FlinkDeployment`/`FlinkSessionJob` manifests (`spec.flinkConfiguration`), the Flink
//! operator's Helm values (`defaultConfiguration`) and compose files (`FLINK_PROPERTIES`).
//!
//! [`detect`] tells the format by content; [`extract`] cuts each embedded configuration out of
//! the file as a text of its own ([`Embedded`]), with a [`PositionMap`] from its lines back to the
//! user's file, so every position a check reports points into the file the user opened (line,
//! and column counted in characters). Validation and migration then read an embedded text as
//! they read a file.

mod block;
pub(crate) mod kubernetes;
pub mod legacy;
pub mod nodes;
mod values;

use std::fmt;
use std::str::FromStr;

pub use kubernetes::release_of;

/// The kinds of file `flinkconf validate` and `flinkconf migrate` read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// A standard `config.yaml` (or `-D key=value` lines).
    Config,
    /// A legacy `flink-conf.yaml`, read with Flink's line rules.
    FlinkConf,
    /// Kubernetes manifests: `FlinkDeployment` and `FlinkSessionJob` resources, other documents
    /// skipped.
    Kubernetes,
    /// The Flink Kubernetes operator's Helm values (`defaultConfiguration`).
    Helm,
    /// A compose file whose services set `FLINK_PROPERTIES`.
    Compose,
}

impl Format {
    /// Every format with its `--format` name.
    pub const ALL: [(Format, &'static str); 5] = [
        (Format::Config, "config"),
        (Format::FlinkConf, "flink-conf"),
        (Format::Kubernetes, "kubernetes"),
        (Format::Helm, "helm"),
        (Format::Compose, "compose"),
    ];

    /// The `--format` name.
    pub fn name(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(f, _)| *f == self)
            .map_or("config", |(_, n)| n)
    }
}

impl FromStr for Format {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        Self::ALL
            .iter()
            .find(|(_, n)| *n == s)
            .map(|(f, _)| *f)
            .ok_or_else(|| {
                let names: Vec<&str> = Self::ALL.iter().map(|(_, n)| *n).collect();
                format!(
                    "unknown format \"{s}\": expected one of {}",
                    names.join(", ")
                )
            })
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The format of `text` by its content: manifests by a document whose `apiVersion` is
/// `flink.apache.org/...` (or any Kubernetes resource: `apiVersion` and `kind`), Helm values by
/// `defaultConfiguration` holding `config.yaml` or `flink-conf.yaml`, compose files by `services`;
/// anything else is a configuration file, legacy when `legacy_name` (Flink chooses by file name,
/// and so does this).
pub fn detect(text: &str, legacy_name: bool) -> Format {
    let fallback = if legacy_name {
        Format::FlinkConf
    } else {
        Format::Config
    };
    if !may_name_a_marker(text) {
        return fallback;
    }
    detect_parsed(text, fallback)
}

/// [`detect`] by the parsed documents of `text`; `fallback` when they name no other format.
fn detect_parsed(text: &str, fallback: Format) -> Format {
    let Ok(docs) = nodes::documents(text) else {
        return fallback;
    };
    // (Detection needs no exact positions, so the nodes are not settled with `mark_flow`.)
    let roots: Vec<&nodes::Node> = docs.iter().filter_map(|d| d.root.as_ref()).collect();
    let resource = |n: &&nodes::Node| {
        n.get("apiVersion").and_then(nodes::Node::as_str).is_some()
            && n.get("kind").and_then(nodes::Node::as_str).is_some()
    };
    if roots.iter().any(resource) {
        return Format::Kubernetes;
    }
    let [root] = roots.as_slice() else {
        return fallback;
    };
    let default_configuration = root.get("defaultConfiguration");
    if default_configuration
        .is_some_and(|d| d.get("config.yaml").or(d.get("flink-conf.yaml")).is_some())
    {
        return Format::Helm;
    }
    if matches!(root.get("services"), Some(nodes::Node::Mapping { .. })) {
        return Format::Compose;
    }
    fallback
}

/// The keys [`detect`] decides by.
const MARKERS: [&str; 3] = ["apiVersion", "defaultConfiguration", "services"];

/// Whether `text` can hold a key [`detect`] decides by. A text spelling none of them as a whole
/// key, and with no backslash (a double-quoted key could spell one with an escape,
/// `"apiVersio\x6e"`), is a configuration file: detection then reads no tree, which for a file of
/// 60,000 keys was as much work as checking them.
///
/// "As a whole key": the word is no part of a longer key (`cluster.services.shutdown-timeout`
/// and `yarn.security.appmaster.delegation.token.services` are Flink's own keys, and a
/// configuration file naming either was parsed for nothing) and a `:` can follow it. This may
/// say `true` of a text whose tree names no marker, never `false` of one whose tree does.
fn may_name_a_marker(text: &str) -> bool {
    text.contains('\\')
        || MARKERS.iter().any(|marker| {
            text.match_indices(marker)
                .any(|(at, _)| may_be_key(&text[..at], &text[at + marker.len()..]))
        })
}

/// A character of a plain configuration key: an ASCII letter or digit, `.`, `-`, `_` or `/`.
pub(crate) fn is_key_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | '/')
}

/// Whether a word found between `before` and `after` can be a key of its own: no key character
/// touches it, and after an optional closing quote and blanks (line breaks too: an explicit key,
/// `? services`, has its `:` on the next line) comes a `:`, a comment or the end.
fn may_be_key(before: &str, after: &str) -> bool {
    if before.chars().next_back().is_some_and(is_key_char) {
        return false;
    }
    let after = after.strip_prefix(['"', '\'']).unwrap_or(after);
    let after = after.trim_start_matches([' ', '\t', '\r', '\n']);
    after.is_empty() || after.starts_with([':', '#'])
}

/// Maps lines of an embedded text to the user's file: line `i` (from 1) of the text is line
/// `lines[i - 1].0` of the file, its columns shifted right by `lines[i - 1].1` characters.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PositionMap {
    lines: Vec<(u32, u32)>,
}

impl PositionMap {
    fn push(&mut self, file_line: u32, shift: u32) {
        self.lines.push((file_line, shift));
    }

    /// Moves the first line's columns `n` characters further right (a prefix was cut off it).
    fn shift_first_line(&mut self, n: u32) {
        if let Some(first) = self.lines.first_mut() {
            first.1 += n;
        }
    }

    /// The same lines and columns (a whole file).
    pub fn identity(text: &str) -> Self {
        PositionMap {
            lines: (1..=text.lines().count().max(1) as u32)
                .map(|n| (n, 0))
                .collect(),
        }
    }

    /// The file position of `line`, `column` in the embedded text (past its end: its last line).
    pub fn to_file(&self, line: u32, column: u32) -> (u32, u32) {
        let index = (line as usize).saturating_sub(1);
        match self.lines.get(index).or(self.lines.last()) {
            Some(&(file_line, shift)) => (file_line, column.saturating_add(shift)),
            None => (line, column),
        }
    }

    /// The position in the embedded text of `line`, `column` of the file, when that line is one
    /// of the text's and the column is not left of where the text starts on it.
    pub fn from_file(&self, line: u32, column: u32) -> Option<(u32, u32)> {
        let index = self.lines.iter().position(|&(l, _)| l == line)?;
        let shift = self.lines[index].1;
        Some((index as u32 + 1, column.checked_sub(shift)?))
    }
}

/// The release a manifest names (`spec.flinkVersion: v1_19` is `1.19`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ManifestRelease {
    /// `1.19`.
    pub version: String,
    /// As written: `v1_19`.
    pub written: String,
    /// Where the value is.
    pub at: nodes::Pos,
}

/// Who reads a configuration, and so which catalogues apply to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reader {
    /// Flink alone: a configuration file, a compose file's `FLINK_PROPERTIES`.
    Flink,
    /// A resource's `spec.flinkConfiguration`: Flink's options and the Kubernetes operator's
    /// options that may be set per resource.
    Resource,
    /// The Kubernetes operator's own configuration (Helm values' `defaultConfiguration`, the
    /// operator's ConfigMap): the operator's options, and Flink's as defaults of every resource.
    Operator,
}

/// One configuration inside the user's file.
#[derive(Clone, PartialEq, Eq)]
pub struct Embedded {
    /// Its text, read as a file of its own.
    pub text: String,
    /// Read with the legacy `flink-conf.yaml` line rules.
    pub legacy: bool,
    /// Where it is, for reports: `FlinkDeployment basic (document 1): spec.flinkConfiguration`.
    pub what: String,
    /// The release its resource names, if any.
    pub release: Option<ManifestRelease>,
    /// Who reads it.
    pub reader: Reader,
    /// From its lines to the user's file.
    pub map: PositionMap,
}

// `Debug` by hand: the text holds the configuration's secrets.
impl fmt::Debug for Embedded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Embedded")
            .field("text_bytes", &self.text.len())
            .field("legacy", &self.legacy)
            .field("what", &self.what)
            .field("release", &self.release)
            .field("reader", &self.reader)
            .field("map", &self.map)
            .finish()
    }
}

/// What a file holds: its configurations, and a note per part that holds none.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Extracted {
    /// The configurations, in file order.
    pub embedded: Vec<Embedded>,
    /// Parts skipped or without configuration, each with the line it starts on and why.
    pub notes: Vec<(u32, String)>,
    /// Errors in the file's structure (not YAML, a configuration that is not a mapping), with
    /// position.
    pub errors: Vec<(nodes::Pos, String)>,
    /// The Kubernetes operator release the file names of itself: the operator's Helm values'
    /// `image.tag` (`1.13.0`).
    pub operator_release: Option<ManifestRelease>,
}

/// The configurations `text` holds, read as `format`.
pub fn extract(format: Format, text: &str) -> Extracted {
    match format {
        Format::Config | Format::FlinkConf => Extracted {
            embedded: vec![Embedded {
                text: text.to_owned(),
                legacy: format == Format::FlinkConf,
                what: String::new(),
                release: None,
                reader: Reader::Flink,
                map: PositionMap::identity(text),
            }],
            ..Extracted::default()
        },
        Format::Kubernetes | Format::Helm | Format::Compose => {
            let lines: Vec<&str> = text.lines().collect();
            let mut docs = match nodes::documents(text) {
                Ok(docs) => docs,
                Err(error) => {
                    return Extracted {
                        errors: vec![error],
                        ..Extracted::default()
                    }
                }
            };
            for doc in &mut docs {
                if let Some(root) = doc.root.as_mut() {
                    nodes::mark_flow(root, &lines);
                }
            }
            match format {
                Format::Kubernetes => kubernetes::extract(&docs, &lines),
                Format::Helm => values::helm(&docs, &lines),
                _ => values::compose(&docs, &lines),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// What detection answers when it always parses: the precheck must never change it.
    fn parsed(text: &str) -> Format {
        detect_parsed(text, Format::Config)
    }

    #[test]
    fn a_marker_inside_a_longer_key_is_no_marker() {
        for text in [
            "cluster.services.shutdown-timeout: 30 s\n",
            "yarn.security.appmaster.delegation.token.services: x\n",
            "a.apiVersion: v1\nb.kind: x\n",
            "servicesx: {a: 1}\n",
        ] {
            assert!(!may_name_a_marker(text), "{text:?}");
            assert_eq!(detect(text, false), parsed(text), "{text:?}");
        }
    }

    #[test]
    fn every_spelling_of_a_marker_key_is_parsed() {
        for text in [
            "apiVersion: v1\nkind: Pod\n",
            "\"apiVersion\": v1\n'kind': Pod\n",
            "{\"apiVersion\":\"v1\",\"kind\":\"Pod\"}",
            "{apiVersion: v1, kind: Pod}",
            "apiVersion : v1\nkind: Pod\n",
            "? apiVersion\n: v1\nkind: Pod\n",
            "? apiVersion # the version\n: v1\nkind: Pod\n",
            "services:\n  web:\n    image: flink\n",
            "services:\r\n  web: {}\r\n",
            "defaultConfiguration:\n  config.yaml: |\n    a: b\n",
            "\"apiVersio\\x6e\": v1\nkind: Pod\n",
        ] {
            assert!(may_name_a_marker(text), "{text:?}");
            assert_eq!(detect(text, false), parsed(text), "{text:?}");
            assert_ne!(detect(text, false), Format::Config, "{text:?}");
        }
    }

    fn piece() -> impl Strategy<Value = &'static str> {
        prop::sample::select(vec![
            "apiVersion",
            "kind",
            "services",
            "defaultConfiguration",
            "config.yaml",
            ":",
            ": ",
            " ",
            "\n",
            "  ",
            "\"",
            "'",
            "{",
            "}",
            ",",
            "?",
            "#",
            "-",
            ".",
            "x",
            "v1",
            "web",
            "\r\n",
            "\t",
            "[",
            "]",
            "- ",
            "a.services",
            "services.a",
        ])
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        /// Texts built of markers, YAML punctuation and other words: skipping the parse never
        /// changes the format detected.
        #[test]
        fn the_precheck_never_changes_the_answer(pieces in prop::collection::vec(piece(), 0..24)) {
            let text: String = pieces.concat();
            prop_assert_eq!(detect(&text, false), parsed(&text), "{:?}", text);
        }
    }
}
