//! `validate(path, release=None, strict=False)`: the problems `flinkconf validate` reports for a
//! file it reads (a `config.yaml`, a legacy `flink-conf.yaml`, a conf directory, a manifest, Helm
//! values, a compose file, a SQL script), found by the same resolver and check
//! (`options_check::resolve`, `options_check::check`): the same release precedence, the same
//! `flinkconf.toml`, the same findings. No message holds a secret's value.

use std::path::PathBuf;

use options_check::check::{Request, Run, Source, Stop};
use options_check::finding::Finding;
use options_check::resolve::{Resolver, SettingsLayer};
use options_check::rules::Level;
use pyo3::exceptions::{PyFileNotFoundError, PyOSError};
use pyo3::prelude::*;

use crate::errors::{raise, Class};
use crate::repr::py_repr;

/// One problem of a configuration file.
#[pyclass(name = "Diagnostic", module = "declared_options", frozen)]
pub(crate) struct Diagnostic {
    path: String,
    problem: Finding,
}

#[pymethods]
impl Diagnostic {
    /// `"error"` (the setting is wrong) or `"warning"` (it works, but should change).
    #[getter]
    fn severity(&self) -> &'static str {
        self.problem.level.name()
    }

    /// The rule's id (`unknown-key`, `invalid-value`, ...), as `--select` and SARIF name it.
    #[getter]
    fn rule(&self) -> &'static str {
        self.problem.rule.id()
    }

    /// The line of the key (from 1).
    #[getter]
    fn line(&self) -> u32 {
        self.problem.line
    }

    /// The column of the key (from 1).
    #[getter]
    fn column(&self) -> u32 {
        self.problem.column.unwrap_or(1)
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
            self.column(),
            self.severity(),
            self.problem.message
        )
    }

    fn __repr__(&self) -> String {
        format!(
            "Diagnostic(severity={}, line={}, column={}, message={})",
            py_repr(self.severity()),
            self.problem.line,
            self.column(),
            py_repr(&self.problem.message)
        )
    }
}

/// Every problem of the configuration file (or conf directory) at `path`, in file order: its
/// errors and warnings as `flinkconf validate PATH` reports them (the `flinkconf.toml` nearest to
/// it applies; `release` and `strict` win over it, as the command's flags do).
#[pyfunction]
#[pyo3(signature = (path, release = None, strict = false))]
pub(crate) fn validate(
    py: Python<'_>,
    path: PathBuf,
    release: Option<&str>,
    strict: bool,
) -> PyResult<Vec<Diagnostic>> {
    let flags = SettingsLayer {
        release: release.map(str::to_owned),
        strict: strict.then_some(true),
        ..SettingsLayer::default()
    };
    let invalid = |m: &str| raise(py, Class::InvalidValue, m, None, &[]);
    let resolver = Resolver::new(flags).map_err(|e| invalid(&e))?;
    let resolver = match std::env::current_dir() {
        Ok(cwd) => resolver.discovering_from(&cwd),
        Err(_) => resolver,
    };
    let run = Run {
        resolver: &resolver,
        single: true,
        request: Request::default(),
    };
    let source = Source::Path {
        path: path.clone(),
        shown: path.display().to_string(),
        given: true,
    };
    let report = run.check(&source).map_err(|stop| match stop {
        Stop::Invalid(m) => invalid(&m),
        Stop::Usage(m) if !path.exists() => PyFileNotFoundError::new_err(m),
        Stop::Usage(m) => PyOSError::new_err(m),
    })?;
    Ok(report
        .findings
        .into_iter()
        .filter(|f| f.level != Level::Note)
        .map(|problem| Diagnostic {
            path: report.path.clone(),
            problem,
        })
        .collect())
}
