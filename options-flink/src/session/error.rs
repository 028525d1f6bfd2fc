//! Errors of the session: what went wrong, and where in the statement text.

use std::fmt;

use options_core::ConfigError;

use options_core::sql::{floor_char_boundary, mask, Position, Span, SqlSyntaxError};

/// An error of an environment operation (also reachable without statements, e.g.
/// [`use_catalog`](super::TableEnvironment::use_catalog)).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SessionError {
    /// A statement that does not parse.
    #[error("{}", .0.message)]
    Syntax(SqlSyntaxError),
    /// An unknown key, an invalid value, a startup-only option.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// `SET` of one of Flink's table options (`sink.parallelism`), which belongs in a table's
    /// `WITH (...)` clause, not in the configuration.
    #[error("{}", crate::table_with::table_option_message(.key, "SET"))]
    TableOption {
        /// The key.
        key: String,
    },
    /// `RESET 'key'` of a key the session never set.
    #[error("configuration key \"{key}\" is not set")]
    NotSet {
        /// The key.
        key: String,
    },
    /// A catalog name that is not registered.
    #[error("catalog \"{name}\" does not exist{}", Known("catalogs", .suggestions, .known))]
    UnknownCatalog {
        /// The name as given.
        name: String,
        /// Registered names close to it.
        suggestions: Vec<String>,
        /// Every registered catalog.
        known: Vec<String>,
    },
    /// A database name that is not registered in the catalog.
    #[error("database \"{name}\" does not exist in catalog \"{catalog}\"{}", Known("databases", .suggestions, .known))]
    UnknownDatabase {
        /// The catalog looked in.
        catalog: String,
        /// The name as given.
        name: String,
        /// Registered names close to it.
        suggestions: Vec<String>,
        /// Every database of the catalog.
        known: Vec<String>,
    },
    /// A catalog registered twice.
    #[error("catalog \"{name}\" is already registered")]
    CatalogExists {
        /// The name.
        name: String,
    },
    /// A database registered twice.
    #[error("database \"{name}\" is already registered in catalog \"{catalog}\"")]
    DatabaseExists {
        /// The catalog.
        catalog: String,
        /// The name.
        name: String,
    },
    /// An object path that is not `name`, `db.name` or `catalog.db.name`.
    #[error("invalid object path \"{path}\": {reason}")]
    InvalidPath {
        /// The path as given.
        path: String,
        /// What is wrong.
        reason: String,
    },
}

struct Known<'a>(&'static str, &'a [String], &'a [String]);

impl fmt::Display for Known<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Known(what, suggestions, known) = self;
        match suggestions {
            [] if known.is_empty() => write!(f, " (no {what} are registered)"),
            [] => write!(f, " (registered {what}: {})", known.join(", ")),
            [one] => write!(f, "; did you mean \"{one}\"?"),
            many => {
                let quoted: Vec<String> = many.iter().map(|s| format!("\"{s}\"")).collect();
                write!(f, "; did you mean one of {}?", quoted.join(", "))
            }
        }
    }
}

/// An error of one statement, with the place in the input it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatementError {
    /// What went wrong (boxed: results of statements stay small).
    pub error: Box<SessionError>,
    /// The part of the input it is about.
    pub span: Option<Span>,
    /// Parts of the input never to echo (values of sensitive keys, see
    /// [`secret_spans`](options_core::sql::secret_spans)), in input order, not overlapping.
    pub redact: Vec<Span>,
}

impl StatementError {
    /// An error about `span`.
    pub fn at(error: impl Into<SessionError>, span: Span) -> Self {
        StatementError {
            error: Box::new(error.into()),
            span: Some(span),
            redact: Vec::new(),
        }
    }

    /// The same error, also masking `spans` whenever the input is shown.
    pub fn redacting(mut self, spans: impl IntoIterator<Item = Span>) -> Self {
        self.redact.extend(spans);
        self.redact.sort_by_key(|s| (s.start, s.end));
        // Keep spans disjoint: merge any that overlap.
        let mut merged: Vec<Span> = Vec::with_capacity(self.redact.len());
        for span in self.redact.drain(..) {
            match merged.last_mut() {
                Some(last) if span.start < last.end => *last = last.to(span),
                _ => merged.push(span),
            }
        }
        self.redact = merged;
        self
    }

    /// The position of the error in `input`.
    pub fn position(&self, input: &str) -> Option<Position> {
        self.span.map(|s| Position::of(input, s.start))
    }

    /// The error as shown to a user: the message, the position, and the line of `input` with a
    /// caret line under the offending part:
    ///
    /// ```text
    /// error: unknown configuration key "table.local-time-zon"; did you mean "table.local-time-zone"?
    ///  --> 1:5
    ///   |
    /// 1 | SET 'table.local-time-zon' = 'UTC';
    ///   |     ^^^^^^^^^^^^^^^^^^^^^^
    /// ```
    pub fn render(&self, input: &str) -> String {
        self.render_from(input, 1)
    }

    /// Like [`render`](Self::render), for `input` that starts at line `first_line` of a longer
    /// text (a script run statement by statement): line numbers are those of the longer text.
    pub fn render_from(&self, input: &str, first_line: usize) -> String {
        let mut out = format!("error: {}", self.error);
        let Some(span) = self.span else {
            return out;
        };
        let (text, span) = mask(input, &self.redact, span);
        let mut pos = Position::of(&text, span.start);
        pos.line += first_line.max(1) - 1;
        let start = floor_char_boundary(&text, span.start);
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        let line = text[line_start..line_end].trim_end();
        let end = floor_char_boundary(&text, span.end.min(line_end).max(start));
        let width = text[start..end].chars().count().max(1);
        let number = pos.line.to_string();
        let gutter = " ".repeat(number.len());
        out.push_str(&format!(
            "\n{gutter}--> {pos}\n{gutter} |\n{number} | {line}\n{gutter} | {}{}",
            " ".repeat(pos.column - 1),
            "^".repeat(width)
        ));
        out
    }
}

impl From<SqlSyntaxError> for StatementError {
    fn from(e: SqlSyntaxError) -> Self {
        let (span, redact) = (e.span, e.redact.clone());
        StatementError::at(SessionError::Syntax(e), span).redacting(redact)
    }
}

impl From<SessionError> for StatementError {
    fn from(error: SessionError) -> Self {
        StatementError {
            error: Box::new(error),
            span: None,
            redact: Vec::new(),
        }
    }
}

impl fmt::Display for StatementError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.error, f)
    }
}

impl std::error::Error for StatementError {}
