//! [`Source`]: where a value came from (provenance).

use std::fmt;
use std::path::Path;
use std::sync::Arc;

/// Where a value came from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// The option's declared default.
    Default,
    /// A `config.yaml` file, with the 1-based line and column of the key.
    File {
        /// The file.
        path: Arc<Path>,
        /// 1-based line of the key.
        line: u32,
        /// 1-based column of the key.
        column: u32,
    },
    /// An environment variable.
    Env {
        /// The variable's name.
        var: String,
    },
    /// A `-D key=value` command-line argument.
    Argument,
    /// Set by the application (`set`, `set_str`).
    Application,
    /// Set by a session statement (`SET 'key' = 'value'`).
    Session,
}

impl Source {
    /// `self == other`, answering for the kinds without a payload (every re-set from code or a
    /// session) in line, where the derived comparison is a call.
    #[inline(always)]
    pub(crate) fn same_as(&self, other: &Source) -> bool {
        match (self, other) {
            (Source::Application, Source::Application)
            | (Source::Session, Source::Session)
            | (Source::Argument, Source::Argument)
            | (Source::Default, Source::Default) => true,
            _ => self == other,
        }
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Default => f.write_str("default"),
            Source::File { path, line, column } => {
                write!(f, "file {}:{line}:{column}", path.display())
            }
            Source::Env { var } => write!(f, "environment variable {var}"),
            Source::Argument => f.write_str("command-line argument"),
            Source::Application => f.write_str("application"),
            Source::Session => f.write_str("session (SET)"),
        }
    }
}
