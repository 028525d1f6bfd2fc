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

/// The source of a set as the set path takes it: a [`Source`] by reference, or [`Application`], a
/// constant for [`Configuration::set_str`](super::Configuration::set_str). Passed as a `Source`
/// value, even a constant one was kept on the stack, compared through a jump table on the entry's
/// source and dropped at the end: about ten instructions of a re-set.
pub(crate) trait SetSource {
    /// Whether `source` is this one (a re-set from the same kind of source writes nothing).
    fn same_as(&self, source: &Source) -> bool;
    /// This source, to keep in an entry.
    fn to_source(&self) -> Source;
}

impl SetSource for &Source {
    #[inline(always)]
    fn same_as(&self, source: &Source) -> bool {
        source.same_as(self)
    }

    #[inline(always)]
    fn to_source(&self) -> Source {
        (*self).clone()
    }
}

/// [`Source::Application`], known when compiling.
pub(crate) struct Application;

impl SetSource for Application {
    #[inline(always)]
    fn same_as(&self, source: &Source) -> bool {
        matches!(source, Source::Application)
    }

    #[inline(always)]
    fn to_source(&self) -> Source {
        Source::Application
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
