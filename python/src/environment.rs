//! `TableEnvironment` and `EnvironmentSettings`: options-core's session environment (seed 003),
//! shared between the Python objects that reach it.
//!
//! Lock discipline: the environment's mutex is held only around options-core calls, never while
//! Python code could run (building an exception, converting a value, calling `repr`). Python
//! threads then never wait for the mutex while another holds it and waits for the interpreter.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use options_core::sql::parse_statements;
use options_core::{Catalogue, Configuration};
use options_flink::session::{EnvironmentSettings, SharedEnvironment, TableEnvironment};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyMapping, PyType};

use crate::convert::to_text;
use crate::errors::{config_error, raise, session_error, statement_error, Class};
use crate::keys::{key_of, slot};
use crate::repr::{dict_repr, py_repr};

/// One environment and what its Python objects share: the catalogue that validates its keys, and
/// the Python values `TableConfig.get` has read, by key (immutable values only), emptied by every
/// change made through any of them.
pub(crate) struct Shared {
    env: SharedEnvironment,
    pub(crate) catalogue: Arc<Catalogue>,
    pub(crate) cache: Py<PyDict>,
}

impl Shared {
    pub(crate) fn new(py: Python<'_>, env: SharedEnvironment) -> Arc<Self> {
        let catalogue = lock(&env).catalogue().clone();
        Arc::new(Shared {
            env,
            catalogue,
            cache: PyDict::new(py).unbind(),
        })
    }

    /// The environment (see the module docs for when it may be held).
    pub(crate) fn lock(&self) -> MutexGuard<'_, TableEnvironment> {
        lock(&self.env)
    }

    /// Forgets every value read: something may have changed.
    pub(crate) fn changed(&self, py: Python<'_>) {
        self.cache.bind(py).clear();
    }

    /// Whether this is the environment `env`.
    pub(crate) fn is(&self, env: &SharedEnvironment) -> bool {
        Arc::ptr_eq(&self.env, env)
    }

    pub(crate) fn env(&self) -> &SharedEnvironment {
        &self.env
    }
}

fn lock(env: &Mutex<TableEnvironment>) -> MutexGuard<'_, TableEnvironment> {
    // Every options-core call completes or leaves the environment unchanged, so a poisoned lock
    // still guards a consistent environment.
    env.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A table environment: its configuration, the current catalog and database, and the
/// configuration statements it runs.
#[pyclass(name = "TableEnvironment", module = "declared_options", frozen)]
pub(crate) struct PyTableEnvironment {
    pub(crate) shared: Arc<Shared>,
}

impl PyTableEnvironment {
    pub(crate) fn from_shared(py: Python<'_>, env: SharedEnvironment) -> Self {
        PyTableEnvironment {
            shared: Shared::new(py, env),
        }
    }
}

#[pymethods]
impl PyTableEnvironment {
    /// A new environment from `settings` (default: streaming, the built-in catalog and database,
    /// no configuration). It is independent of the startup `config`; see
    /// `declared_options.dataframe.get_or_create_table_environment` for the one that applies it.
    #[staticmethod]
    #[pyo3(signature = (settings = None))]
    fn create(py: Python<'_>, settings: Option<PyRef<'_, PyEnvironmentSettings>>) -> Self {
        let settings = settings.map(|s| s.inner.clone()).unwrap_or_default();
        let env = Arc::new(Mutex::new(TableEnvironment::create(settings)));
        PyTableEnvironment::from_shared(py, env)
    }

    /// Runs one statement (`SET 'k' = 'v'`, `SET`, `SET 'k'`, `RESET ['k']`, `USE CATALOG c`,
    /// `USE [c.]db`, `SHOW OPTIONS [LIKE 'p']`) and returns what the shell would print. A
    /// statement that fails raises (with its position) and changes nothing.
    fn execute_sql(&self, py: Python<'_>, statement: &str) -> PyResult<String> {
        let outcome = {
            let mut env = self.shared.lock();
            let count = parse_statements(statement, &|k| env.masks_text(k)).len();
            if count == 1 {
                Some(env.execute(statement).remove(0))
            } else {
                None
            }
        };
        self.shared.changed(py);
        match outcome {
            Some(Ok(result)) => Ok(result.to_string()),
            Some(Err(error)) => Err(statement_error(py, &error, statement)),
            None => Err(raise(
                py,
                Class::Statement,
                "execute_sql runs exactly one statement; run each statement in its own call",
                None,
                &[],
            )),
        }
    }

    /// The environment's configuration: typed reads and writes (a view: it sees every change).
    /// An instance of the package's `TableConfig`, the Python subclass that reads its cache
    /// without a call into Rust.
    fn get_config<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
        let class = CLASS.import(slf.py(), "declared_options._table_config", "TableConfig")?;
        class.call1((slf,))
    }

    /// Whether the environment runs in streaming mode (`execution.runtime-mode` is not `BATCH`).
    fn is_streaming_mode(&self) -> bool {
        self.shared.lock().is_streaming_mode()
    }

    /// The current catalog.
    fn get_current_catalog(&self) -> String {
        self.shared.lock().current_catalog().to_owned()
    }

    /// The current database.
    fn get_current_database(&self) -> String {
        self.shared.lock().current_database().to_owned()
    }

    /// Makes a registered catalog current (and its default database).
    fn use_catalog(&self, py: Python<'_>, name: &str) -> PyResult<()> {
        let result = self.shared.lock().use_catalog(name);
        self.shared.changed(py);
        result.map_err(|e| session_error(py, &e))
    }

    /// Makes a database of the current catalog current.
    fn use_database(&self, py: Python<'_>, name: &str) -> PyResult<()> {
        let result = self.shared.lock().use_database(name);
        self.shared.changed(py);
        result.map_err(|e| session_error(py, &e))
    }

    /// Registers a catalog with its default database.
    fn register_catalog(&self, py: Python<'_>, name: &str, default_database: &str) -> PyResult<()> {
        let result = self.shared.lock().register_catalog(name, default_database);
        result.map_err(|e| session_error(py, &e))
    }

    /// Registers a database in a registered catalog.
    fn register_database(&self, py: Python<'_>, catalog: &str, name: &str) -> PyResult<()> {
        let result = self.shared.lock().register_database(catalog, name);
        result.map_err(|e| session_error(py, &e))
    }

    fn __repr__(&self) -> String {
        let env = self.shared.lock();
        format!(
            "TableEnvironment({}, catalog={}, database={})",
            if env.is_streaming_mode() {
                "streaming"
            } else {
                "batch"
            },
            py_repr(env.current_catalog()),
            py_repr(env.current_database())
        )
    }
}

/// How to create a `TableEnvironment`. Each method returns new settings.
#[pyclass(name = "EnvironmentSettings", module = "declared_options", frozen)]
#[derive(Clone, Default)]
pub(crate) struct PyEnvironmentSettings {
    inner: EnvironmentSettings,
    /// What the settings say, for `repr` (values of secrets masked).
    shown: Vec<(String, String)>,
}

impl PyEnvironmentSettings {
    fn with(&self, what: &str, value: String, inner: EnvironmentSettings) -> Self {
        let mut shown = self.shown.clone();
        // A later mode or name replaces the earlier one; configurations add up, as layers do.
        shown.retain(|(k, _)| k != what || what == "configuration");
        shown.push((what.to_owned(), value));
        PyEnvironmentSettings { inner, shown }
    }
}

#[pymethods]
impl PyEnvironmentSettings {
    #[new]
    fn new() -> Self {
        PyEnvironmentSettings::default()
    }

    /// Batch mode (sets `execution.runtime-mode`).
    fn in_batch_mode(&self) -> Self {
        self.with("mode", "batch".into(), self.inner.clone().in_batch_mode())
    }

    /// Streaming mode (sets `execution.runtime-mode`).
    fn in_streaming_mode(&self) -> Self {
        self.with(
            "mode",
            "streaming".into(),
            self.inner.clone().in_streaming_mode(),
        )
    }

    /// The name of the catalog created at startup.
    fn with_builtin_catalog_name(&self, name: &str) -> Self {
        let inner = self.inner.clone().with_builtin_catalog_name(name);
        self.with("builtin_catalog", name.to_owned(), inner)
    }

    /// The name of the database created at startup.
    fn with_builtin_database_name(&self, name: &str) -> Self {
        let inner = self.inner.clone().with_builtin_database_name(name);
        self.with("builtin_database", name.to_owned(), inner)
    }

    /// Configuration the environment starts from (startup-only options such as
    /// `execution.runtime-mode` take effect here), as `{key: value}` with Python values or
    /// strings. Every entry is checked first; one bad entry raises and nothing is taken.
    fn with_configuration(
        &self,
        py: Python<'_>,
        configuration: &Bound<'_, PyMapping>,
    ) -> PyResult<Self> {
        let catalogue = options_flink::builtin::catalogue();
        let mut config = Configuration::with_catalogue(catalogue.clone());
        for item in configuration.items()?.iter() {
            let (key, value) = item.extract::<(Bound<'_, PyAny>, Bound<'_, PyAny>)>()?;
            let key = key_of(&key)?;
            let key = key.to_cow()?;
            let slot = slot(py, &catalogue, &key)?;
            let text = to_text(slot, &value)?;
            config
                .set_str(&key, &text)
                .map_err(|e| config_error(py, &e))?;
        }
        let shown = dict_repr(&config.to_display_map());
        Ok(self.with(
            "configuration",
            shown,
            self.inner.clone().with_configuration(config),
        ))
    }

    fn __repr__(&self) -> String {
        let parts: Vec<String> = self
            .shown
            .iter()
            .map(|(k, v)| match k.as_str() {
                "mode" | "configuration" => format!("{k}={v}"),
                _ => format!("{k}={}", py_repr(v)),
            })
            .collect();
        format!("EnvironmentSettings({})", parts.join(", "))
    }
}
