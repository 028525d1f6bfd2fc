//! Seed 002: `declared_options.dataframe.config`, the process-wide buffer of configuration set
//! before the environment exists (options-core's `startup::config()`), and the environment it
//! creates (`TableEnvironment::get_or_create`) or is handed (`set_table_environment`).

use std::ffi::CString;
use std::sync::{Mutex, PoisonError};

use options_core::{ConfigError, ConfigErrorKind};
use options_flink::session::{EnvironmentSettings, TableEnvironment};
use options_flink::startup::{self, Phase};
use pyo3::exceptions::PyUserWarning;
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::convert::to_text;
use crate::environment::PyTableEnvironment;
use crate::errors::config_error;
use crate::keys::{key_of, known_slot, lenient_slot};
use crate::repr::{dict_repr, py_repr};

/// The Python object of the process-wide environment, so every call returns the same object (and
/// its `TableConfig`s share what they have read).
static PROCESS_ENVIRONMENT: Mutex<Option<Py<PyTableEnvironment>>> = Mutex::new(None);

/// The configuration buffered until the environment is created (seed 002's `config`).
#[pyclass(name = "StartupConfig", module = "declared_options.dataframe", frozen)]
pub(crate) struct PyStartupConfig;

#[pymethods]
impl PyStartupConfig {
    /// Buffers `value` for `key` (a Python value or the string form; checked now) and returns
    /// the config, so calls chain. A key no option declares is kept with an `UnknownKeyWarning`
    /// (Flink passes plugins' keys through); once an environment exists, the call raises
    /// `EnvironmentActiveError`.
    fn set<'py>(
        slf: &Bound<'py, Self>,
        key: &Bound<'py, PyAny>,
        value: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, Self>> {
        let py = slf.py();
        let config = startup::config();
        let key = key_of(key)?;
        let key = key.to_cow()?;
        let catalogue = builtin_catalogue();
        let slot = match catalogue.resolve(&key) {
            Some(resolved) => known_slot(&key, &resolved),
            // The buffer says so itself for a declared key; an unknown one must not warn first.
            None if config.phase() != Phase::Buffering => {
                let error = ConfigError::from(ConfigErrorKind::AfterEnvironmentCreated {
                    key: key.into_owned(),
                });
                return Err(config_error(py, &error));
            }
            None => lenient_slot(py, catalogue, &key)?,
        };
        let text = to_text(slot, value)?;
        config.set(&key, &text).map_err(|e| config_error(py, &e))?;
        Ok(slf.clone())
    }

    /// The buffered value of `key` as set (`'4'`), or `None`; a `Secret` for a secret.
    fn get<'py>(&self, py: Python<'py>, key: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let key = key_of(key)?;
        let key = key.to_cow()?;
        let Some(value) = startup::config().get(&key) else {
            return Ok(py.None().into_bound(py));
        };
        let value = PyString::new(py, &value).into_any();
        if startup_is_secret(&key) {
            crate::secret::Secret::wrap(value)
        } else {
            Ok(value)
        }
    }

    /// `"buffering"`, `"created"` (an environment was created from the buffer) or `"injected"`.
    #[getter]
    fn phase(&self) -> &'static str {
        match startup::config().phase() {
            Phase::Buffering => "buffering",
            Phase::Created => "created",
            Phase::Injected => "injected",
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "config(phase={}, buffered={})",
            py_repr(self.phase()),
            dict_repr(&startup::config().to_display_map())
        )
    }
}

fn startup_is_secret(key: &str) -> bool {
    // The buffer holds values the built-in catalogue validated: the rule for a valid value.
    builtin_catalogue().is_secret(key)
}

/// The built-in catalogue the startup buffer validates with, held once (no reference count per
/// call).
fn builtin_catalogue() -> &'static options_core::Catalogue {
    static CATALOGUE: std::sync::OnceLock<std::sync::Arc<options_core::Catalogue>> =
        std::sync::OnceLock::new();
    CATALOGUE.get_or_init(options_flink::builtin::catalogue)
}

/// The process-wide `config`.
#[pyfunction]
pub(crate) fn startup_config() -> PyStartupConfig {
    PyStartupConfig
}

/// The process-wide environment: created on the first call with the buffered values applied
/// (startup-only options included); every later call returns the same environment.
#[pyfunction]
pub(crate) fn get_or_create_table_environment(py: Python<'_>) -> PyResult<Py<PyTableEnvironment>> {
    let env = TableEnvironment::get_or_create(EnvironmentSettings::new());
    let mut registered = PROCESS_ENVIRONMENT
        .lock()
        .unwrap_or_else(PoisonError::into_inner);
    if let Some(known) = registered.as_ref().filter(|w| w.get().shared.is(&env)) {
        return Ok(known.clone_ref(py));
    }
    let wrapper = Py::new(py, PyTableEnvironment::from_shared(py, env))?;
    *registered = Some(wrapper.clone_ref(py));
    Ok(wrapper)
}

/// Hands in an environment created elsewhere: it is taken as fully configured and receives none
/// of the buffered values, which are dropped (a `UserWarning` names their keys). Later
/// `get_or_create_table_environment()` calls return it.
#[pyfunction]
pub(crate) fn set_table_environment(
    py: Python<'_>,
    env: Bound<'_, PyTableEnvironment>,
) -> PyResult<()> {
    let warning = startup::config().set_shared_table_environment(env.get().shared.env().clone());
    *PROCESS_ENVIRONMENT
        .lock()
        .unwrap_or_else(PoisonError::into_inner) = Some(env.unbind());
    if let Some(warning) = warning {
        let message = CString::new(warning).unwrap_or_default();
        PyErr::warn(py, &py.get_type::<PyUserWarning>(), &message, 1)?;
    }
    Ok(())
}

/// Empties the buffer and forgets the environment, as if none had been created (for tests; the
/// objects already handed out keep their environment).
#[pyfunction]
pub(crate) fn _reset_startup() {
    startup::config().reset();
    *PROCESS_ENVIRONMENT
        .lock()
        .unwrap_or_else(PoisonError::into_inner) = None;
}
