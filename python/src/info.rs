//! The catalogue from Python: `catalogue(release=None, engine="flink")` iterates [`OptionInfo`]s
//! (key, type, default, scope, description, deprecation, constraints, ...) of Flink's catalogue or
//! the Flink Kubernetes Operator's, looks options up by any spelling, and gives each option's
//! docstring (the text the generated `options.py` carries).

use std::sync::Arc;

use options_core::sensitive::MASK;
use options_core::{wording, KeyStatus, Scope, TypeInfo};
use options_docs::model::{DefaultModel, OptionDoc, SectionDoc};
use options_docs::source::Loaded;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyTuple};

use crate::convert::{to_python, Slot};
use crate::errors::config_error;
use crate::release::{view, Engine};
use crate::repr::py_repr;

/// One option of the catalogue.
#[pyclass(name = "OptionInfo", module = "declared_options", frozen)]
pub(crate) struct OptionInfo {
    doc: OptionDoc,
    section: String,
    ty: Option<TypeInfo>,
    docstring: String,
    env_var: Option<String>,
}

impl OptionInfo {
    fn new(loaded: &Loaded, section: &SectionDoc, doc: &OptionDoc) -> Self {
        let ty = loaded.live.resolve(&doc.key).map(|r| r.meta.value_type);
        OptionInfo {
            docstring: options_docs::python::docstring(&loaded.doc.engine, section, doc),
            env_var: loaded.doc.engine.env_var_for_key(&doc.key),
            section: section.title.clone(),
            ty,
            doc: doc.clone(),
        }
    }

    fn slot(&self) -> Slot<'_> {
        Slot {
            key: &self.doc.key,
            ty: self.ty,
            sensitive: self.doc.sensitive,
        }
    }

    fn typed<'py>(
        &self,
        py: Python<'py>,
        text: Option<&str>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        text.map(|t| to_python(py, self.slot(), t)).transpose()
    }
}

#[pymethods]
impl OptionInfo {
    /// The key (a pattern key holds `<placeholders>`).
    #[getter]
    fn key(&self) -> &str {
        &self.doc.key
    }

    /// The type as the docs name it: `Duration`, `List<String>`, `Enum`.
    #[getter]
    fn r#type(&self) -> &str {
        &self.doc.value_type.name
    }

    /// The Python type `TableConfig.get` returns: `bool`, `int`, `float`, `str`, `timedelta`,
    /// `list`, `dict`, or `Secret` for a sensitive option.
    #[getter]
    fn python_type<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let name = options_docs::python::types::python_type(&self.doc);
        let (module, attr) = match name.as_str() {
            "Secret" => ("declared_options", "Secret"),
            "timedelta" => ("datetime", "timedelta"),
            n if n.starts_with("list") => ("builtins", "list"),
            n if n.starts_with("dict") => ("builtins", "dict"),
            other => ("builtins", other),
        };
        py.import(module)?.getattr(attr)
    }

    /// The default as the Python value, or `None` when the option has none (or it depends on the
    /// machine; see `default_text`).
    #[getter]
    fn default<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        match &self.doc.default {
            DefaultModel::Value(v) => self.typed(py, Some(v)),
            _ => Ok(None),
        }
    }

    /// The default as the docs show it (`3 min`, `(none)`, a note for a machine-dependent one;
    /// `******` for a secret).
    #[getter]
    fn default_text(&self) -> String {
        if self.doc.sensitive
            && matches!(&self.doc.default, DefaultModel::Value(v) if !v.is_empty())
        {
            return MASK.to_owned();
        }
        options_docs::format::default_text(&self.doc, &options_docs::engine::EngineDoc::default())
    }

    /// Where the option applies: `("batch", "streaming")`, one of them, or `()`.
    #[getter]
    fn scope<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let parts: &[&str] = match self.doc.scope {
            Scope::Both => &["batch", "streaming"],
            Scope::Batch => &["batch"],
            Scope::Streaming => &["streaming"],
            _ => &[],
        };
        PyTuple::new(py, parts)
    }

    /// The description, in Markdown.
    #[getter]
    fn description(&self) -> &str {
        &self.doc.description
    }

    /// The title of the option's section.
    #[getter]
    fn section(&self) -> &str {
        &self.section
    }

    /// Whether the option is deprecated.
    #[getter]
    fn deprecated(&self) -> bool {
        self.doc.deprecated
    }

    /// When the option was deprecated and what replaces it (`Deprecated since 1.14: use ...`), or
    /// `None`.
    #[getter]
    fn deprecation(&self) -> Option<String> {
        self.doc
            .deprecation
            .as_ref()
            .map(|d| wording::capitalized(&wording::deprecated_since(&d.since, &d.note)))
    }

    /// The smallest accepted value, as the Python value, or `None`.
    #[getter]
    fn min<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.typed(py, self.doc.constraint.min.as_deref())
    }

    /// The largest accepted value, as the Python value, or `None`.
    #[getter]
    fn max<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.typed(py, self.doc.constraint.max.as_deref())
    }

    /// The only accepted strings (any case), or `()`.
    #[getter]
    fn one_of<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.doc.constraint.one_of)
    }

    /// Every rule beyond the type, as the docs word it (`Accepts at least 1.`, `Only used when
    /// ...`, the deprecation).
    #[getter]
    fn constraints(&self) -> Vec<String> {
        options_docs::format::rules(&self.doc)
            .into_iter()
            .map(|r| wording::plain(&r))
            .collect()
    }

    /// `(key, value)`: the option has an effect only while that option has that value; or `None`.
    #[getter]
    fn only_when(&self) -> Option<(String, String)> {
        self.doc
            .only_when
            .as_ref()
            .map(|r| (r.key.clone(), r.value.clone()))
    }

    /// The possible values of an enum, or `()`.
    #[getter]
    fn enum_values<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.doc.value_type.enum_values)
    }

    /// Keys read when the key is unset, in order.
    #[getter]
    fn fallback_keys<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.doc.fallback_keys)
    }

    /// Old spellings still read, in order.
    #[getter]
    fn deprecated_keys<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.doc.deprecated_keys)
    }

    /// The release that introduced the option, when declared.
    #[getter]
    fn since(&self) -> Option<&str> {
        self.doc.since.as_deref()
    }

    /// Whether the value is a secret (never shown).
    #[getter]
    fn sensitive(&self) -> bool {
        self.doc.sensitive
    }

    /// Whether it can only be set before the environment is created.
    #[getter]
    fn startup_only(&self) -> bool {
        self.doc.startup_only
    }

    /// The id of its change class (how a change reaches a running system: `cluster-start`,
    /// `job-submission`, ...), or `None` when it declares none.
    #[getter]
    fn change_class(&self) -> Option<&str> {
        self.doc.change_class.as_deref()
    }

    /// Whether the reference pages leave it out.
    #[getter]
    fn hidden(&self) -> bool {
        self.doc.hidden
    }

    /// The environment variable that sets it (`FLINK_...`), or `None`.
    #[getter]
    fn env_var(&self) -> Option<String> {
        self.env_var.clone()
    }

    /// The option's docstring: its description and facts (what `help()` shows for its constant).
    #[getter]
    fn doc(&self) -> &str {
        &self.docstring
    }

    fn __repr__(&self) -> String {
        format!(
            "OptionInfo(key={}, type={}, default={})",
            py_repr(&self.doc.key),
            py_repr(&self.doc.value_type.name),
            py_repr(&self.default_text())
        )
    }
}

/// The options of one release of one engine, sorted by key.
#[pyclass(name = "Catalogue", module = "declared_options", frozen)]
pub(crate) struct Catalogue {
    engine: Engine,
    release: &'static str,
    loaded: &'static Loaded,
    options: Py<PyList>,
    by_key: std::collections::HashMap<String, usize>,
}

#[pymethods]
impl Catalogue {
    /// The engine whose options these are: `"flink"` or `"operator"`.
    #[getter]
    fn engine(&self) -> &'static str {
        self.engine.name()
    }

    /// The release of the engine this catalogue describes (`"2.3"`, an operator's `"1.15"`).
    #[getter]
    fn release(&self) -> &'static str {
        self.release
    }

    fn __len__(&self, py: Python<'_>) -> usize {
        self.options.bind(py).len()
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.options.bind(py).try_iter().map(Bound::into_any)
    }

    /// The option `key` names: its own key, a fallback or deprecated key, or an instance of a
    /// pattern key; an `UnknownKeyError` with suggestions otherwise.
    fn __getitem__<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Bound<'py, PyAny>> {
        let live = self.live();
        let own = match live.classify(key) {
            KeyStatus::Known(resolved) => resolved.meta.key_str(),
            _ => return Err(config_error(py, &live.unknown_key_error(key))),
        };
        let index = self.by_key[own];
        self.options.bind(py).get_item(index)
    }

    fn __contains__(&self, key: &str) -> bool {
        matches!(self.live().classify(key), KeyStatus::Known(_))
    }

    /// The option `key` names, or `default`.
    #[pyo3(signature = (key, default = None))]
    fn get<'py>(
        &self,
        py: Python<'py>,
        key: &str,
        default: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        if self.__contains__(key) {
            self.__getitem__(py, key).map(Some)
        } else {
            Ok(default)
        }
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "Catalogue(engine={}, release={}, options={})",
            py_repr(self.engine.name()),
            py_repr(self.release),
            self.__len__(py)
        )
    }
}

impl Catalogue {
    fn live(&self) -> &Arc<options_core::Catalogue> {
        &self.loaded.live
    }
}

/// Every option of `engine` as `release` reads it, sorted by key: `engine="flink"` (Apache Flink
/// 1.19 to 2.3, the default) or `engine="operator"` (the Flink Kubernetes Operator 1.10 to 1.15).
/// `release` is the engine's newest when `None`; a patch spelling such as `"2.0.1"` means its
/// release. Built once per engine and release. Raises `InvalidValueError` (a `ValueError`) for
/// an engine or release not known here.
#[pyfunction]
#[pyo3(signature = (release = None, *, engine = "flink"))]
pub(crate) fn catalogue(
    py: Python<'_>,
    release: Option<&str>,
    engine: &str,
) -> PyResult<Py<Catalogue>> {
    let engine = crate::release::engine(py, engine)?;
    let (release, loaded) = view(py, engine, release)?;
    // One catalogue object per engine and release, built on first use.
    type Built = std::sync::OnceLock<Vec<PyOnceLock<Py<Catalogue>>>>;
    static FLINK: Built = std::sync::OnceLock::new();
    static OPERATOR: Built = std::sync::OnceLock::new();
    let built = match engine {
        Engine::Flink => &FLINK,
        Engine::Operator => &OPERATOR,
    }
    .get_or_init(|| {
        crate::release::releases(engine)
            .iter()
            .map(|_| PyOnceLock::new())
            .collect()
    });
    built[release.index()]
        .get_or_try_init(py, || {
            let mut options: Vec<(&SectionDoc, &OptionDoc)> = loaded.doc.options().collect();
            options.sort_by(|a, b| a.1.key.cmp(&b.1.key));
            let by_key = options
                .iter()
                .enumerate()
                .map(|(i, (_, o))| (o.key.clone(), i))
                .collect();
            let list = PyList::empty(py);
            for (section, option) in options {
                list.append(OptionInfo::new(loaded, section, option))?;
            }
            Py::new(
                py,
                Catalogue {
                    engine,
                    release: release.version(),
                    loaded,
                    options: list.unbind(),
                    by_key,
                },
            )
        })
        .map(|c| c.clone_ref(py))
}

/// Every release of `engine` (`"flink"` or `"operator"`) that `catalogue()` accepts (and, for
/// Flink, `validate()`), oldest first.
#[pyfunction]
#[pyo3(signature = (engine = "flink"))]
pub(crate) fn releases(py: Python<'_>, engine: &str) -> PyResult<Vec<&'static str>> {
    Ok(crate::release::releases(crate::release::engine(py, engine)?).to_vec())
}
