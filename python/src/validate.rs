//! `validate(path, release=None, strict=False)`: the problems `flinkconf validate` reports for a
//! `config.yaml`, a legacy `flink-conf.yaml` or a conf directory, found by the same options-check
//! function (`options_check::validate::check_conf`). No message holds a secret's value.

use std::path::PathBuf;

use options_check::validate::{check_conf, Problem, Severity};
use options_core::layers::Strictness;
use options_flink::legacy::{read_conf_file, ReadError};
use pyo3::exceptions::{PyFileNotFoundError, PyOSError};
use pyo3::prelude::*;

use crate::errors::{raise, Class};
use crate::release::{view, Engine};
use crate::repr::py_repr;

/// One problem of a configuration file.
#[pyclass(name = "Diagnostic", module = "declared_options", frozen)]
pub(crate) struct Diagnostic {
    path: String,
    problem: Problem,
}

#[pymethods]
impl Diagnostic {
    /// `"error"` (the setting is wrong) or `"warning"` (it works, but should change).
    #[getter]
    fn severity(&self) -> &'static str {
        match self.problem.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }

    /// The line of the key (from 1).
    #[getter]
    fn line(&self) -> u32 {
        self.problem.line
    }

    /// The column of the key (from 1).
    #[getter]
    fn column(&self) -> u32 {
        self.problem.column
    }

    /// What is wrong and what to do.
    #[getter]
    fn message(&self) -> &str {
        &self.problem.message
    }

    /// The file the problem is in (inside the directory, when a conf directory was given).
    #[getter]
    fn path(&self) -> &str {
        &self.path
    }

    /// `PATH:LINE:COLUMN: SEVERITY: MESSAGE`, the line `flinkconf validate` prints.
    fn __str__(&self) -> String {
        format!(
            "{}:{}:{}: {}: {}",
            self.path,
            self.problem.line,
            self.problem.column,
            self.severity(),
            self.problem.message
        )
    }

    fn __repr__(&self) -> String {
        format!(
            "Diagnostic(severity={}, line={}, column={}, message={})",
            py_repr(self.severity()),
            self.problem.line,
            self.problem.column,
            py_repr(&self.problem.message)
        )
    }
}

/// Every problem of the configuration file (or conf directory) at `path`, in file order.
#[pyfunction]
#[pyo3(signature = (path, release = None, strict = false))]
pub(crate) fn validate(
    py: Python<'_>,
    path: PathBuf,
    release: Option<&str>,
    strict: bool,
) -> PyResult<Vec<Diagnostic>> {
    let (_, loaded) = view(py, Engine::Flink, release)?;
    let conf = read_conf_file(&path, loaded.release()).map_err(|e| match &e {
        ReadError::Limit(_) | ReadError::LegacyNotRead { .. } => {
            raise(py, Class::InvalidValue, &e.to_string(), None, &[])
        }
        ReadError::Io { .. } if !path.exists() => PyFileNotFoundError::new_err(e.to_string()),
        ReadError::Io { .. } => PyOSError::new_err(e.to_string()),
    })?;
    let strictness = if strict {
        Strictness::Strict
    } else {
        Strictness::Lenient
    };
    let shown = conf.path.display().to_string();
    let options = options_check::validate::CheckOptions::new(strictness);
    Ok(check_conf(loaded, &conf, &options)
        .into_iter()
        .map(|problem| Diagnostic {
            path: shown.clone(),
            problem,
        })
        .collect())
}
