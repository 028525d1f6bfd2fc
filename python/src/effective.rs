//! `effective(manifest, operator_config=None, operator_release=None, all=False)`: what the Flink
//! Kubernetes Operator hands to each FlinkDeployment and FlinkSessionJob of a manifest, as the
//! dictionary `flinkconf effective --output-format json` prints (its schema:
//! `options-check/schema/effective.schema.json`), built by the same options-check functions.
//! Secrets are masked.

use std::path::PathBuf;

use options_check::effective::render::{self, View};
use options_check::effective::{operator_config, Manifest, Request};
use options_check::resource;
use options_flink_operator::OPERATOR_RELEASES;
use pyo3::exceptions::{PyFileNotFoundError, PyOSError};
use pyo3::prelude::*;

use crate::errors::{raise, Class};

fn read(path: &PathBuf) -> PyResult<String> {
    std::fs::read_to_string(path).map_err(|e| {
        let message = format!("cannot read {}: {e}", path.display());
        match e.kind() {
            std::io::ErrorKind::NotFound => PyFileNotFoundError::new_err(message),
            _ => PyOSError::new_err(message),
        }
    })
}

/// Every key each resource of `manifest` receives, with its value, source and what it shadows.
#[pyfunction]
#[pyo3(signature = (manifest, operator_config = None, operator_release = None, all = false))]
pub(crate) fn effective<'py>(
    py: Python<'py>,
    manifest: PathBuf,
    operator_config: Option<PathBuf>,
    operator_release: Option<&str>,
    all: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let release = match operator_release {
        Some(v) => OPERATOR_RELEASES
            .release(v)
            .map_err(|e| raise(py, Class::InvalidValue, &e.to_string(), None, &[]))?,
        None => OPERATOR_RELEASES.newest(),
    };
    let operator = match &operator_config {
        Some(path) => Some(
            operator_config::read(&path.display().to_string(), &read(path)?)
                .map_err(|e| raise(py, Class::InvalidValue, &e, None, &[]))?,
        ),
        None => None,
    };
    let resources = resource::read(&read(&manifest)?);
    if resources.resources.is_empty() {
        return Err(raise(
            py,
            Class::InvalidValue,
            &format!(
                "{} holds no FlinkDeployment or FlinkSessionJob",
                manifest.display()
            ),
            None,
            &[],
        ));
    }
    let manifests = [Manifest::new(manifest.display().to_string(), resources)];
    let request = Request {
        operator_release: release,
        flink_defaults: all,
    };
    let run = options_check::effective::effective(&manifests, operator.as_ref(), &request);
    let view = View {
        key: None,
        operator_release: Some(release.version()),
        operator_file: operator.as_ref().map(|o| o.file.as_str()),
    };
    let text = render::json(&run, &view);
    py.import("json")?.call_method1("loads", (text,))
}
