//! `TableConfig`: typed reads and writes of an environment's configuration.
//!
//! `get(key)` returns the Python value (see [`crate::convert`]) of what the session set, else the
//! environment's root, else the option's default. Reading converts once: the environment keeps
//! the immutable Python values it handed out, by key, until anything changes (see
//! [`Shared`]), so a repeated `get` of a `str` key is one dictionary probe.

use std::sync::Arc;

use options_core::key_index::KeyRole;
use options_core::{Catalogue, Configuration, DefaultDoc, ReadableConfig};
use options_flink::session::TableEnvironment;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyMapping, PyString};

use crate::convert::{is_immutable, to_python, to_text};
use crate::environment::{PyTableEnvironment, Shared};
use crate::errors::{config_error, raise, session_error, Class};
use crate::keys::{key_of, slot};
use crate::repr::dict_repr;

/// The configuration of a `TableEnvironment` (a view: it sees every change to the environment).
#[pyclass(name = "TableConfig", module = "declared_options", frozen, subclass)]
pub(crate) struct PyTableConfig {
    shared: Arc<Shared>,
}

impl PyTableConfig {
    /// Reads `key` (converted, and kept in the environment's cache when immutable).
    fn read<'py>(&self, py: Python<'py>, key: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let key = key_of(key)?;
        let text = key.to_cow()?;
        let slot = slot(py, &self.shared.catalogue, &text)?;
        let stored = current(&self.shared.lock(), &self.shared.catalogue, &text);
        let value = match stored {
            Some(stored) => to_python(py, slot, &stored)?,
            None => py.None().into_bound(py),
        };
        if is_immutable(slot.ty) {
            self.shared.cache.bind(py).set_item(key, &value)?;
        }
        Ok(value)
    }
}

#[pymethods]
impl PyTableConfig {
    /// The configuration of `env` (what `env.get_config()` returns).
    #[new]
    fn new(env: PyRef<'_, PyTableEnvironment>) -> Self {
        PyTableConfig {
            shared: env.shared.clone(),
        }
    }

    /// The value of `key` (a `str` or an option constant) as its Python type: what the session
    /// set, else the environment's configuration, else the default (`None` when there is none).
    fn get<'py>(&self, py: Python<'py>, key: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        if key.is_exact_instance_of::<PyString>() {
            if let Some(value) = self.shared.cache.bind(py).get_item(key)? {
                return Ok(value);
            }
        }
        self.read(py, key)
    }

    /// `get` without looking in the cache first (the package's `TableConfig.get` looks there
    /// itself, in Python, and calls this on a miss).
    fn _read<'py>(&self, py: Python<'py>, key: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        self.read(py, key)
    }

    /// The environment's cache of values read, by key (shared by its configs; emptied by every
    /// change).
    #[getter]
    fn _cache(&self, py: Python<'_>) -> Py<PyDict> {
        self.shared.cache.clone_ref(py)
    }

    /// The value of `key` as text in Flink's grammar (`None` when nothing sets it and there is no
    /// default); a `Secret` for a sensitive option.
    fn get_string<'py>(
        &self,
        py: Python<'py>,
        key: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let key = key_of(key)?;
        let text = key.to_cow()?;
        let slot = slot(py, &self.shared.catalogue, &text)?;
        let stored = current(&self.shared.lock(), &self.shared.catalogue, &text);
        let Some(stored) = stored else {
            return Ok(py.None().into_bound(py));
        };
        let value = PyString::new(py, &stored).into_any();
        if slot.sensitive {
            crate::secret::Secret::wrap(value)
        } else {
            Ok(value)
        }
    }

    /// Sets `key` in the session, as `SET` does: the value may be the Python type or the string
    /// form (`timedelta(minutes=3)` or `"3 min"`). Unknown keys, bad values and options that only
    /// take effect at startup raise, and change nothing. Returns this config, so calls chain.
    fn set<'py>(
        slf: &Bound<'py, Self>,
        key: &Bound<'py, PyAny>,
        value: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, Self>> {
        let py = slf.py();
        let this = slf.get();
        let key = key_of(key)?;
        let key = key.to_cow()?;
        let slot = slot(py, &this.shared.catalogue, &key)?;
        let text = to_text(slot, value)?;
        let result = this.shared.lock().set_str(&key, &text);
        this.shared.changed(py);
        result.map_err(|e| session_error(py, &e))?;
        Ok(slf.clone())
    }

    /// Removes the session's setting of `key` (under any spelling), as `RESET 'key'` does; a
    /// `NotSetError` when the session never set it.
    fn reset(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<()> {
        let key = key_of(key)?;
        let key = key.to_cow()?;
        let result = self.shared.lock().reset(&key);
        self.shared.changed(py);
        result.map_err(|e| session_error(py, &e))
    }

    /// Sets every entry of `configuration` (`{key: value}`, Python values or strings) in the
    /// session. Every entry is checked first: when one is rejected, none is set.
    fn add_configuration(
        &self,
        py: Python<'_>,
        configuration: &Bound<'_, PyMapping>,
    ) -> PyResult<()> {
        let catalogue = &self.shared.catalogue;
        let mut config = Configuration::with_catalogue(catalogue.clone());
        for item in configuration.items()?.iter() {
            let (key, value) = item.extract::<(Bound<'_, PyAny>, Bound<'_, PyAny>)>()?;
            let key = key_of(&key)?;
            let key = key.to_cow()?;
            let slot = slot(py, catalogue, &key)?;
            let text = to_text(slot, &value)?;
            config
                .set_str(&key, &text)
                .map_err(|e| config_error(py, &e))?;
        }
        let result = self
            .shared
            .lock()
            .config_mut()
            .add_configuration(&config)
            .map(drop);
        self.shared.changed(py);
        result.map_err(|errors| {
            let first = &errors.errors()[0];
            let message: Vec<String> = errors.errors().iter().map(ToString::to_string).collect();
            raise(
                py,
                Class::of(first),
                &message.join("; "),
                Some(first.key()),
                &[],
            )
        })
    }

    /// Every key set in any layer with its winning value, as text; secrets show `******`.
    fn to_dict(&self) -> std::collections::BTreeMap<String, String> {
        self.shared.lock().config().to_display_map()
    }

    /// One option in full, as `SET 'key';` shows it: value and source, default, type, scope,
    /// accepted values, every layer that set it, and the description.
    fn describe(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<String> {
        let key = key_of(key)?;
        let key = key.to_cow()?;
        let result = self.shared.lock().describe_option(&key);
        result.map_err(|e| session_error(py, &e))
    }

    fn __repr__(&self) -> String {
        let set = self.shared.lock().session_configuration().to_display_map();
        format!("TableConfig(session={})", dict_repr(&set))
    }
}

/// The text that answers `key` in `env` now: the setting of the option under any spelling (or of
/// exactly this key, for a pattern instance or a free-form key), else the declared default.
fn current(env: &TableEnvironment, catalogue: &Catalogue, key: &str) -> Option<String> {
    match catalogue.resolve(key) {
        Some(resolved) if resolved.role != KeyRole::Pattern => match env.lookup(resolved.meta) {
            Some(entry) => Some(entry.value().to_owned()),
            None => match resolved.meta.default {
                DefaultDoc::Value(v) => Some(v.to_owned()),
                _ => None,
            },
        },
        Some(resolved) => match env.lookup_free_form(key) {
            Some(entry) => Some(entry.value().to_owned()),
            None => match resolved.meta.default {
                DefaultDoc::Value(v) => Some(v.to_owned()),
                _ => None,
            },
        },
        None => env.lookup_free_form(key).map(|e| e.value().to_owned()),
    }
}
