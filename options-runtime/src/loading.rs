//! What loading a source reports besides errors, shared by every loader (the `config.yaml` reader
//! in the `yaml` module and the layer builder in [`crate::layers`]): how strictly unknown keys are
//! treated ([`Strictness`]) and the remarks made about kept unknown keys and deprecated keys
//! ([`Notice`]).

use std::fmt;

use crate::config::Source;
use crate::error::{ConfigError, ConfigErrorKind};

/// How unknown keys are treated while loading.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Strictness {
    /// Keep unknown keys and report them as notices.
    #[default]
    Lenient,
    /// Reject unknown keys from `config.yaml` and `-D` arguments, with suggestions. Unknown keys
    /// from environment variables are still only notices (see [`crate::env_vars`]).
    Strict,
}

/// A remark made while loading: a kept unknown key or a deprecated key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// Where the key was given.
    pub source: Source,
    /// What was noticed.
    pub kind: NoticeKind,
}

/// What a [`Notice`] is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoticeKind {
    /// A key no option declares; kept as given.
    UnknownKey {
        /// The key.
        key: String,
        /// Declared keys close to it, best first.
        suggestions: Vec<String>,
    },
    /// An old spelling of an option's key.
    DeprecatedKey {
        /// The key as written.
        key: String,
        /// The option's current key.
        replacement: String,
    },
    /// A YAML list or map given to an option of text: read as its YAML text (`[a, b]`), as
    /// Flink reads it, though almost always a mistake.
    CollectionAsText {
        /// The key.
        key: String,
        /// A map (else a list).
        map: bool,
    },
}

/// The words of a YAML list or map given to an option of text, after the key: what Flink reads
/// and why it is almost surely a mistake. Never the value, which may be a secret.
pub fn collection_as_text(map: bool) -> String {
    let what = if map { "map" } else { "list" };
    format!(
        "is a YAML {what}, but the option takes text: Flink reads it as the {what}'s YAML text (such as \"{}\"), not its items; a {what} where text is expected is almost always a mistake (quote the value if the brackets are meant)",
        if map { "{k: v}" } else { "[a, b]" }
    )
}

impl fmt::Display for Notice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_source_prefix(f, &self.source)?;
        match &self.kind {
            NoticeKind::UnknownKey { key, suggestions } => {
                let unknown = ConfigError::from(ConfigErrorKind::UnknownKey {
                    key: key.clone(),
                    suggestions: suggestions.clone(),
                });
                write!(f, "{unknown} (kept)")
            }
            NoticeKind::DeprecatedKey { key, replacement } => write!(
                f,
                "configuration key {}",
                crate::wording::deprecated_key(key, &[replacement])
            ),
            NoticeKind::CollectionAsText { key, map } => {
                write!(f, "\"{key}\" {}", collection_as_text(*map))
            }
        }
    }
}

/// Writes `path:line:column: ` for a file, `<source>: ` otherwise.
pub(crate) fn write_source_prefix(f: &mut fmt::Formatter<'_>, source: &Source) -> fmt::Result {
    match source {
        Source::File { path, line, column } => {
            write!(f, "{}:{line}:{column}: ", path.display())
        }
        other => write!(f, "{other}: "),
    }
}
