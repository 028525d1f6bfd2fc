//! Errors of options-core as Python exceptions. The classes live in `declared_options/errors.py`
//! (each also subclasses the built-in a Python user catches: `ValueError` for a bad value,
//! `KeyError` for an unknown key, `RuntimeError` for a change the environment no longer allows);
//! this file picks the class and builds the exception with options-core's own message, which
//! never holds a secret.

use options_core::{ConfigError, ConfigErrorKind};
use options_flink::session::{SessionError, StatementError};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyModule, PyTuple};

/// The exception classes of `declared_options.errors`, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Class {
    /// `ConfigError`: the base (also for problems of the catalogue itself).
    Config,
    /// `InvalidValueError` (a `ValueError`).
    InvalidValue,
    /// `UnknownKeyError` (a `KeyError`).
    UnknownKey,
    /// `NotSetError` (a `KeyError`): `RESET` of a key the session never set.
    NotSet,
    /// `UnknownCatalogError` (a `KeyError`).
    UnknownCatalog,
    /// `EnvironmentActiveError` (a `RuntimeError`).
    EnvironmentActive,
    /// `StatementError` (a `ValueError`): a statement that does not parse, a bad path.
    Statement,
}

impl Class {
    fn name(self) -> &'static str {
        match self {
            Class::Config => "ConfigError",
            Class::InvalidValue => "InvalidValueError",
            Class::UnknownKey => "UnknownKeyError",
            Class::NotSet => "NotSetError",
            Class::UnknownCatalog => "UnknownCatalogError",
            Class::EnvironmentActive => "EnvironmentActiveError",
            Class::Statement => "StatementError",
        }
    }

    /// The class of a configuration error.
    pub(crate) fn of(error: &ConfigError) -> Class {
        match error.kind() {
            ConfigErrorKind::InvalidValue { .. } | ConfigErrorKind::InvalidSetting { .. } => {
                Class::InvalidValue
            }
            ConfigErrorKind::UnknownKey { .. } | ConfigErrorKind::EmptyPlaceholder { .. } => {
                Class::UnknownKey
            }
            ConfigErrorKind::StartupOnly { .. }
            | ConfigErrorKind::AfterEnvironmentCreated { .. }
            | ConfigErrorKind::EnvironmentExists => Class::EnvironmentActive,
            _ => Class::Config,
        }
    }

    /// The class of a session error.
    pub(crate) fn of_session(error: &SessionError) -> Class {
        match error {
            SessionError::Config(e) => Class::of(e),
            SessionError::NotSet { .. } => Class::NotSet,
            // A table option is no configuration key: to Python, an unknown key (with its message).
            SessionError::TableOption { .. } => Class::UnknownKey,
            SessionError::UnknownCatalog { .. } | SessionError::UnknownDatabase { .. } => {
                Class::UnknownCatalog
            }
            _ => Class::Statement,
        }
    }
}

/// The module `declared_options.errors` (imported once).
pub(crate) fn errors_module(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    static MODULE: PyOnceLock<Py<PyModule>> = PyOnceLock::new();
    MODULE
        .get_or_try_init(py, || {
            PyModule::import(py, "declared_options.errors").map(Bound::unbind)
        })
        .map(|m| m.bind(py).clone())
}

/// The exception `class(message, key=key, suggestions=suggestions)`.
pub(crate) fn raise(
    py: Python<'_>,
    class: Class,
    message: &str,
    key: Option<&str>,
    suggestions: &[String],
) -> PyErr {
    let built = errors_module(py).and_then(|module| {
        let class = module.getattr(class.name())?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("key", key)?;
        kwargs.set_item("suggestions", PyTuple::new(py, suggestions)?)?;
        class.call((message,), Some(&kwargs))
    });
    match built {
        Ok(exception) => PyErr::from_value(exception),
        // The package is broken (errors.py missing): still say what went wrong.
        Err(e) => PyRuntimeError::new_err(format!("{message} (and the exception failed: {e})")),
    }
}

/// A configuration error as its exception.
pub(crate) fn config_error(py: Python<'_>, error: &ConfigError) -> PyErr {
    let key = Some(error.key()).filter(|k| !k.is_empty());
    let suggestions = match error.kind() {
        ConfigErrorKind::UnknownKey { suggestions, .. } => suggestions.as_slice(),
        _ => &[],
    };
    raise(py, Class::of(error), &error.to_string(), key, suggestions)
}

/// A session error (of a call, not of a statement) as its exception.
pub(crate) fn session_error(py: Python<'_>, error: &SessionError) -> PyErr {
    match error {
        SessionError::Config(e) => config_error(py, e),
        other => raise(
            py,
            Class::of_session(other),
            &other.to_string(),
            session_key(other),
            &[],
        ),
    }
}

/// A statement's error as its exception, its message rendered against `input` as the shell
/// shows it (position and a caret line; secret values masked).
pub(crate) fn statement_error(py: Python<'_>, error: &StatementError, input: &str) -> PyErr {
    let (key, suggestions) = match error.error.as_ref() {
        SessionError::Config(e) => (
            Some(e.key()).filter(|k| !k.is_empty()),
            match e.kind() {
                ConfigErrorKind::UnknownKey { suggestions, .. } => suggestions.as_slice(),
                _ => &[],
            },
        ),
        other => (session_key(other), &[][..]),
    };
    raise(
        py,
        Class::of_session(&error.error),
        error.render(input).trim_end(),
        key,
        suggestions,
    )
}

fn session_key(error: &SessionError) -> Option<&str> {
    match error {
        SessionError::NotSet { key } | SessionError::TableOption { key } => Some(key),
        _ => None,
    }
}
