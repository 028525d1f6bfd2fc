//! Errors and notices of the `config.yaml` loader, each with the file, line and column.

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use crate::error::{ConfigError, ConfigErrorKind};

/// The file name used in messages when no path was given.
pub(crate) const DEFAULT_FILE_NAME: &str = "config.yaml";

/// A problem in a `config.yaml` file, at a 1-based line and column.
///
/// Displays as `config.yaml:3:5: duplicate key "a.b" (first at line 1)`. Messages never contain the
/// value of a sensitive key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct YamlError {
    path: Option<Arc<Path>>,
    line: u32,
    column: u32,
    // Boxed: the error travels through every parsing function's `Result`.
    kind: Box<YamlErrorKind>,
}

/// What is wrong in a `config.yaml` file.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum YamlErrorKind {
    /// The text is not valid YAML (the parser's own message).
    Syntax(String),
    /// One key set twice, possibly through two spellings (`a.b: 1` and `a:` / `  b: 2`).
    DuplicateKey {
        /// The full dotted key.
        key: String,
        /// The line of the first setting.
        first_line: u32,
    },
    /// A key without a value (`a.b:`, `a.b: ~`, `a.b: null`).
    NullValue {
        /// The full dotted key.
        key: String,
    },
    /// A YAML construct that has no configuration meaning (the reason says which).
    Unsupported {
        /// The key it was found under (empty at the top level).
        key: String,
        /// What is not supported, and what to write instead.
        reason: String,
    },
    /// A key the catalogue does not declare (strict loading only).
    UnknownKey {
        /// The full dotted key.
        key: String,
        /// Declared keys close to it, best first.
        suggestions: Vec<String>,
    },
    /// A value that the catalogue rejects for its key (masked for sensitive keys).
    InvalidValue(ConfigError),
    /// A file beyond the loaders' limits (size, line length, nesting, UTF-8, NUL bytes): what
    /// is wrong and what to do (see [`limits`](super::limits)).
    Limit(String),
}

impl YamlError {
    pub(crate) fn new(line: u32, column: u32, kind: YamlErrorKind) -> Self {
        YamlError {
            path: None,
            line,
            column,
            kind: Box::new(kind),
        }
    }

    /// The same error, naming `path` instead of `config.yaml`.
    pub fn with_path(mut self, path: Arc<Path>) -> Self {
        self.path = Some(path);
        self
    }

    /// The file, when the loader was given one.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// 1-based line.
    pub fn line(&self) -> u32 {
        self.line
    }

    /// 1-based column.
    pub fn column(&self) -> u32 {
        self.column
    }

    /// What is wrong.
    pub fn kind(&self) -> &YamlErrorKind {
        &self.kind
    }

    /// The key the error is about, when there is one.
    pub fn key(&self) -> Option<&str> {
        match &*self.kind {
            YamlErrorKind::Syntax(_) | YamlErrorKind::Limit(_) => None,
            YamlErrorKind::DuplicateKey { key, .. }
            | YamlErrorKind::NullValue { key }
            | YamlErrorKind::UnknownKey { key, .. } => Some(key),
            YamlErrorKind::Unsupported { key, .. } => (!key.is_empty()).then_some(key.as_str()),
            YamlErrorKind::InvalidValue(e) => Some(e.key()),
        }
    }
}

pub(crate) fn write_location(
    f: &mut fmt::Formatter<'_>,
    path: Option<&Path>,
    line: u32,
    column: u32,
) -> fmt::Result {
    match path {
        Some(p) => write!(f, "{}:{line}:{column}: ", p.display()),
        None => write!(f, "{DEFAULT_FILE_NAME}:{line}:{column}: "),
    }
}

impl fmt::Display for YamlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_location(f, self.path.as_deref(), self.line, self.column)?;
        fmt::Display::fmt(&*self.kind, f)
    }
}

impl fmt::Display for YamlErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            YamlErrorKind::Syntax(info) => write!(f, "invalid YAML: {info}"),
            YamlErrorKind::DuplicateKey { key, first_line } => {
                write!(f, "duplicate key \"{key}\" (first at line {first_line})")
            }
            YamlErrorKind::NullValue { key } => write!(
                f,
                "key \"{key}\" has no value; give it a value or remove the line"
            ),
            YamlErrorKind::Unsupported { key, reason } if key.is_empty() => f.write_str(reason),
            YamlErrorKind::Unsupported { key, reason } => write!(f, "under \"{key}\": {reason}"),
            YamlErrorKind::UnknownKey { key, suggestions } => fmt::Display::fmt(
                &ConfigErrorKind::UnknownKey {
                    key: key.clone(),
                    suggestions: suggestions.clone(),
                },
                f,
            ),
            YamlErrorKind::InvalidValue(e) => fmt::Display::fmt(e, f),
            YamlErrorKind::Limit(reason) => f.write_str(reason),
        }
    }
}

impl std::error::Error for YamlError {}

/// Every error found in one file, in line order.
pub type YamlErrors = crate::error::ErrorList<YamlError>;
