//! The `engine=` and `release=` arguments of `catalogue()`, `releases()` and `validate()`: [`view`]
//! is the one place that turns them into a catalogue (a built-in catalogue seen at one release of
//! its engine; Flink's newest by default); every function taking `release=` calls it.

use std::sync::OnceLock;

use options_core::{Release, Releases};
use options_docs::source::Loaded;
use options_flink::FLINK_RELEASES;
use options_flink_operator::OPERATOR_RELEASES;
use pyo3::prelude::*;

use crate::errors::{raise, Class};

/// A built-in catalogue, as Python's `engine=` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Engine {
    /// Apache Flink (`"flink"`), releases 1.19 to 2.3.
    Flink,
    /// The Flink Kubernetes Operator (`"operator"`), releases 1.10 to 1.15.
    Operator,
}

impl Engine {
    /// The engine `name` spells, or an `InvalidValueError` naming the two.
    pub(crate) fn parse(py: Python<'_>, name: &str) -> PyResult<Engine> {
        match name {
            "flink" => Ok(Engine::Flink),
            "operator" => Ok(Engine::Operator),
            other => Err(raise(
                py,
                Class::InvalidValue,
                &format!(
                    "engine is \"flink\" (Apache Flink) or \"operator\" (the Flink Kubernetes \
                     Operator), not {other:?}"
                ),
                None,
                &[],
            )),
        }
    }

    /// The name `engine=` takes.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Engine::Flink => "flink",
            Engine::Operator => "operator",
        }
    }

    fn releases(self) -> &'static Releases {
        match self {
            Engine::Flink => &FLINK_RELEASES,
            Engine::Operator => &OPERATOR_RELEASES,
        }
    }

    fn catalogue_at(self, release: Release) -> std::sync::Arc<options_core::Catalogue> {
        match self {
            Engine::Flink => options_flink::builtin::catalogue_at(release),
            Engine::Operator => options_flink_operator::catalogue_at(release),
        }
    }
}

/// Flink's newest release, answered when `release=None` (the module's `CURRENT_RELEASE`).
pub(crate) fn current() -> &'static str {
    FLINK_RELEASES.newest().version()
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
    let releases = engine.releases();
    let release = match requested {
        None => releases.newest(),
        Some(r) => releases
            .release(r)
            .map_err(|e| raise(py, Class::InvalidValue, &e.to_string(), None, &[]))?,
    };
    static FLINK: OnceLock<Vec<OnceLock<Loaded>>> = OnceLock::new();
    static OPERATOR: OnceLock<Vec<OnceLock<Loaded>>> = OnceLock::new();
    let views = match engine {
        Engine::Flink => &FLINK,
        Engine::Operator => &OPERATOR,
    }
    .get_or_init(|| {
        releases
            .versions()
            .iter()
            .map(|_| OnceLock::new())
            .collect()
    });
    let loaded =
        views[release.index()].get_or_init(|| Loaded::for_checking(engine.catalogue_at(release)));
    Ok((release, loaded))
}
