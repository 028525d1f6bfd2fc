//! Errors, written for the person who typed the value.

use std::fmt;

pub use crate::value::ValueError;

use crate::sensitive::MASK;

/// An error about a configuration: a bad value for a key, an unknown key, a key that cannot be set
/// now. What went wrong is its [`kind`](ConfigError::kind).
///
/// One pointer wide: every fallible call returns a `Result<_, ConfigError>`, and an error enum
/// inline (over a hundred bytes of strings) made each such `Result` that large, copied on every
/// return even when it was `Ok` (a twentieth of a string-keyed set).
///
/// ```
/// use std::sync::Arc;
/// use options_core::{Catalogue, ConfigErrorKind, Configuration, Options};
///
/// /// Batching.
/// #[derive(Options)]
/// #[options(section = "batching", title = "Batching")]
/// struct Batching {
///     /// Rows per batch.
///     #[option(key = "batch.size", default = 1024)]
///     size: i64,
/// }
///
/// let catalogue = Arc::new(Catalogue::new().with::<Batching>().unwrap());
/// let mut config = Configuration::with_catalogue(catalogue);
/// let err = config.set_str("batch.size", "many").unwrap_err();
/// assert!(matches!(err.kind(), ConfigErrorKind::InvalidValue { .. }));
/// assert_eq!(err.key(), "batch.size");
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct ConfigError(Box<ConfigErrorKind>);

/// What a [`ConfigError`] is about.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ConfigErrorKind {
    /// A value that does not parse as the option's type.
    InvalidValue {
        /// The key the value was given for.
        key: String,
        /// The parse error (its value already masked for sensitive options).
        source: ValueError,
    },
    /// A key no option declares.
    UnknownKey {
        /// The key as given.
        key: String,
        /// Known keys close to it, best first.
        suggestions: Vec<String>,
    },
    /// A key that would be an instance of a pattern key but leaves a placeholder empty
    /// (`metrics.reporter..port`).
    EmptyPlaceholder {
        /// The key as given.
        key: String,
        /// The pattern key it would be an instance of.
        pattern: String,
        /// The placeholder left empty, without brackets.
        placeholder: String,
        /// The key with the placeholder filled in.
        example: String,
    },
    /// A `startup_only` option set after the environment was created.
    StartupOnly {
        /// The key.
        key: String,
    },
    /// A value set through the startup buffer after the environment was created.
    AfterEnvironmentCreated {
        /// The key.
        key: String,
    },
    /// A second environment created from the startup buffer.
    EnvironmentExists,
    /// A value with the right type that a typed convenience still rejects (a time zone that does
    /// not exist, an unknown SQL dialect, ...).
    InvalidSetting {
        /// The key.
        key: String,
        /// The value (`******` for sensitive keys).
        value: String,
        /// What would have been accepted, with an example.
        expected: String,
    },
    /// Two declarations of one key that disagree.
    ConflictingDeclarations {
        /// The key.
        key: String,
        /// The group declaring it first.
        first: String,
        /// The group declaring it again.
        second: String,
        /// What differs (default, type, ...).
        difference: String,
    },
    /// An `only_when` condition naming no option of the catalogue, or a value that option does
    /// not accept.
    BrokenRelation {
        /// The option declaring the condition.
        key: String,
        /// The option the condition names.
        other: String,
        /// The value the condition names.
        value: String,
        /// What is wrong, with what to do.
        problem: String,
    },
    /// A key the chosen release does not read, though another release does: an option added
    /// later or removed, or a spelling added later or dropped.
    NotInRelease {
        /// The key as given.
        key: String,
        /// The engine whose release it is (`Apache Flink`).
        engine: String,
        /// The release (`2.0`).
        release: String,
        /// Why, with what to do instead.
        reason: String,
    },
    /// A group whose releases are not those of the catalogue it is added to.
    ReleaseLine {
        /// The group's id.
        group: String,
        /// The engine of the group's releases.
        found: String,
        /// The engine of the catalogue's releases.
        expected: String,
        /// The catalogue's release.
        release: String,
    },
    /// Two different option groups added to one catalogue under the same id.
    DuplicateGroup {
        /// The groups' id.
        id: String,
        /// What differs between the two groups' options.
        difference: String,
    },
}

impl fmt::Display for ConfigErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigErrorKind::InvalidValue { key, source } => write!(
                f,
                "invalid value \"{}\" for {key}: {}",
                source.value(),
                Expectation(source)
            ),
            ConfigErrorKind::UnknownKey { key, suggestions } => {
                write_unknown_key(f, key, suggestions, None)
            }
            ConfigErrorKind::EmptyPlaceholder { example, key, pattern, placeholder, .. } => write!(f, "configuration key \"{key}\" leaves <{placeholder}> of \"{pattern}\" empty; name it, e.g. \"{example}\""),
            ConfigErrorKind::StartupOnly { key, .. } => write!(f, "{key} can only be set before the environment is created (it is read once at startup); set it in config.yaml, with -D{key}=..., or before creating the environment"),
            ConfigErrorKind::AfterEnvironmentCreated { key, .. } => write!(f, "cannot set {key} through the startup configuration: the environment already exists, and buffered values are applied only when it is created; set it on the environment's TableConfig instead (options read only at startup, such as execution.runtime-mode, must be set before the environment is created)"),
            ConfigErrorKind::EnvironmentExists => f.write_str("the environment was already created (or injected) from the startup configuration; reuse it, or reset the startup configuration first"),
            ConfigErrorKind::InvalidSetting { expected, key, value, .. } => write!(f, "invalid value \"{value}\" for {key}: expected {expected}"),
            ConfigErrorKind::ConflictingDeclarations { difference, first, key, second, .. } => write!(f, "option {key} is declared twice with different definitions: in group \"{first}\" and in group \"{second}\" ({difference})"),
            ConfigErrorKind::BrokenRelation { key, other, problem, value, .. } => write!(f, "option {key} is declared `only_when = \"{other} = {value}\"`, but {problem}"),
            ConfigErrorKind::NotInRelease { engine, key, reason, release, .. } => write!(f, "configuration key \"{key}\" is not read by {engine} {release}: {reason}"),
            ConfigErrorKind::ReleaseLine { expected, found, group, release, .. } => write!(f, "option group \"{group}\" follows the releases of {found}, but the catalogue is for {expected} {release}; one catalogue follows one line of releases"),
            ConfigErrorKind::DuplicateGroup { difference, id, .. } => write!(f, "option group \"{id}\" is added twice with different options ({difference}); give one of the groups another id"),
        }
    }
}

impl std::error::Error for ConfigErrorKind {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ConfigErrorKind::InvalidValue { source, .. } => Some(source),
            _ => None,
        }
    }
}

impl ConfigError {
    /// An invalid value for `key`, masking the value as the one rule masks raw text
    /// ([`sensitive::masks`](crate::sensitive::masks) with
    /// [`Reading::Raw`](crate::sensitive::Reading::Raw)), given `sensitive`, its answer for a
    /// valid value: when that is masked, or when the key alone would be
    /// ([`sensitive::is_secret`](crate::sensitive::is_secret)), whatever the option's type. A
    /// Boolean such as `security.delegation.tokens.enabled` shows its valid values, but text
    /// that is no Boolean may be a token pasted into the wrong key.
    pub fn invalid_value(key: impl Into<String>, source: ValueError, sensitive: bool) -> Self {
        let key = key.into();
        let masked = sensitive || crate::sensitive::is_secret(&key);
        ConfigErrorKind::InvalidValue {
            key,
            source: if masked { source.masked() } else { source },
        }
        .into()
    }

    /// A value of `key` that a typed convenience rejects; masked when the key is sensitive.
    pub fn invalid_setting(
        key: impl Into<String>,
        value: &str,
        expected: impl Into<String>,
    ) -> Self {
        let key = key.into();
        let value = if crate::sensitive::is_secret(&key) {
            MASK.to_owned()
        } else {
            value.to_owned()
        };
        ConfigErrorKind::InvalidSetting {
            key,
            value,
            expected: expected.into(),
        }
        .into()
    }

    /// What went wrong.
    pub fn kind(&self) -> &ConfigErrorKind {
        &self.0
    }

    /// What went wrong, owned.
    pub fn into_kind(self) -> ConfigErrorKind {
        *self.0
    }

    /// The key the error is about (empty for [`ConfigErrorKind::EnvironmentExists`],
    /// [`ConfigErrorKind::DuplicateGroup`] and [`ConfigErrorKind::ReleaseLine`]).
    pub fn key(&self) -> &str {
        match self.kind() {
            ConfigErrorKind::InvalidValue { key, .. }
            | ConfigErrorKind::UnknownKey { key, .. }
            | ConfigErrorKind::EmptyPlaceholder { key, .. }
            | ConfigErrorKind::StartupOnly { key }
            | ConfigErrorKind::AfterEnvironmentCreated { key }
            | ConfigErrorKind::InvalidSetting { key, .. }
            | ConfigErrorKind::ConflictingDeclarations { key, .. }
            | ConfigErrorKind::BrokenRelation { key, .. }
            | ConfigErrorKind::NotInRelease { key, .. } => key,
            ConfigErrorKind::EnvironmentExists
            | ConfigErrorKind::DuplicateGroup { .. }
            | ConfigErrorKind::ReleaseLine { .. } => "",
        }
    }
}

impl From<ConfigErrorKind> for ConfigError {
    fn from(kind: ConfigErrorKind) -> Self {
        ConfigError(Box::new(kind))
    }
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// As the kind: the box is an implementation detail.
impl fmt::Debug for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

impl std::error::Error for ConfigError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.source()
    }
}

struct Expectation<'a>(&'a ValueError);

impl fmt::Display for Expectation<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write_expectation(f)
    }
}

/// The message of an unknown key ([`ConfigErrorKind::UnknownKey`]), with `note` in parentheses
/// right after the key when given (`validate` adds that the key is passed through as is): one
/// wording for the error and for the reports that add to it, written in one pass rather than
/// through an error value, its message and an insertion.
pub fn unknown_key_message(key: &str, suggestions: &[String], note: Option<&str>) -> String {
    // The exact length, so the message is written into one allocation: the fixed words take
    // at most 80 bytes (the quotes and parentheses, "; did you mean one of ", the "?").
    let mut message = String::with_capacity(
        80 + key.len()
            + note.map_or(0, str::len)
            + 4 * suggestions.len()
            + suggestions.iter().map(String::len).sum::<usize>(),
    );
    // Writing to a `String` cannot fail.
    let _ = write_unknown_key(&mut message, key, suggestions, note);
    message
}

fn write_unknown_key(
    out: &mut impl fmt::Write,
    key: &str,
    suggestions: &[String],
    note: Option<&str>,
) -> fmt::Result {
    // Pieces of text only: `write!` with arguments goes through the formatting machinery, a
    // thousand instructions for a message every unknown key of a file gets.
    out.write_str("unknown configuration key \"")?;
    out.write_str(key)?;
    out.write_str("\"")?;
    if let Some(note) = note {
        out.write_str(" (")?;
        out.write_str(note)?;
        out.write_str(")")?;
    }
    match suggestions {
        [] => return Ok(()),
        [_] => out.write_str("; did you mean ")?,
        _ => out.write_str("; did you mean one of ")?,
    }
    for (i, s) in suggestions.iter().enumerate() {
        if i > 0 {
            out.write_str(", ")?;
        }
        out.write_str("\"")?;
        out.write_str(s)?;
        out.write_str("\"")?;
    }
    out.write_str("?")
}

/// Every error found while reading a group of options at once (see `from_config` of a derived
/// group): reported together, not only the first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigErrors(pub Vec<ConfigError>);

impl ConfigErrors {
    /// The errors, in field order.
    pub fn errors(&self) -> &[ConfigError] {
        &self.0
    }
}

impl fmt::Display for ConfigErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.as_slice() {
            [one] => fmt::Display::fmt(one, f),
            many => {
                write!(f, "{} invalid options:", many.len())?;
                for e in many {
                    write!(f, "\n  - {e}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for ConfigErrors {}

/// Several errors reported together, in the order found; displays one per line. Loading reports
/// every problem of a file or of all sources at once, not only the first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ErrorList<E>(pub Vec<E>);

impl<E> ErrorList<E> {
    /// The errors, in the order found.
    pub fn errors(&self) -> &[E] {
        &self.0
    }
}

impl<E: fmt::Display> fmt::Display for ErrorList<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            fmt::Display::fmt(e, f)?;
        }
        Ok(())
    }
}

impl<E: std::error::Error> std::error::Error for ErrorList<E> {}
