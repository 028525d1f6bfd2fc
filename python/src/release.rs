//! The `engine=` and `release=` arguments of `catalogue()`, `releases()` and `validate()`: [`view`]
//! turns them into a catalogue through the checker's registry of engines
//! (`options_check::registry`), the one every front end reads releases and catalogues from; every
//! function taking `release=` calls it.

use options_check::registry::BuiltIn;
use options_core::Release;
use options_docs::source::Loaded;
use pyo3::prelude::*;

use crate::errors::{raise, Class};

/// A built-in catalogue, as Python's `engine=` names it.
pub(crate) type Engine = BuiltIn;

/// The engine `name` spells, or an `InvalidValueError` naming the two.
pub(crate) fn engine(py: Python<'_>, name: &str) -> PyResult<Engine> {
    BuiltIn::parse(name).map_err(|e| raise(py, Class::InvalidValue, &e, None, &[]))
}

/// Flink's newest release, answered when `release=None` (the module's `CURRENT_RELEASE`).
pub(crate) fn current() -> &'static str {
    BuiltIn::Flink.releases().newest().version()
}

/// Every release of `engine` the catalogue answers for, oldest first.
pub(crate) fn releases(engine: Engine) -> &'static [&'static str] {
    engine.releases().versions()
}

/// The release `requested` names of `engine` (`None`: the newest; a patch spelling such as
/// `2.0.1` is its release) and its catalogue (the live one, with the documentation model
/// options-docs renders and validates with), or an `InvalidValueError` listing the known
/// releases.
pub(crate) fn view(
    py: Python<'_>,
    engine: Engine,
    requested: Option<&str>,
) -> PyResult<(Release, &'static Loaded)> {
    let release = engine
        .release_or_newest(requested)
        .map_err(|e| raise(py, Class::InvalidValue, &e.to_string(), None, &[]))?;
    Ok((release, engine.checked(release).loaded))
}
