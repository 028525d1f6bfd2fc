//! `Secret`: the value of a sensitive option as Python sees it. Its `repr()` and `str()` print
//! `******`; `expose()` returns the value.

use pyo3::prelude::*;

use options_core::sensitive::MASK;

/// A sensitive option's value: printed as `******`, read with `expose()`.
#[pyclass(name = "Secret", module = "declared_options", frozen)]
pub(crate) struct Secret {
    value: Py<PyAny>,
}

impl Secret {
    /// Wraps `value`.
    pub(crate) fn wrap<'py>(value: Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let py = value.py();
        Ok(Bound::new(
            py,
            Secret {
                value: value.unbind(),
            },
        )?
        .into_any())
    }
}

#[pymethods]
impl Secret {
    #[new]
    fn new(value: Bound<'_, PyAny>) -> Self {
        Secret {
            value: value.unbind(),
        }
    }

    /// The value itself.
    pub(crate) fn expose<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        self.value.bind(py).clone()
    }

    fn __repr__(&self) -> String {
        format!("Secret('{MASK}')")
    }

    fn __str__(&self) -> &'static str {
        MASK
    }
}
