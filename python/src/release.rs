//! The `release=` argument of `catalogue()` and `validate()`: [`view`] is the one place that turns
//! it into that release's catalogue (the built-in catalogue seen at that Flink release; the newest
//! by default); every function taking `release=` calls it.

use std::sync::OnceLock;

use options_docs::source::Loaded;
use options_flink::builtin::FLINK_RELEASES;
use pyo3::prelude::*;

use crate::errors::{raise, Class};

/// The newest release, answered when `release=None`.
pub(crate) fn current() -> &'static str {
    FLINK_RELEASES.newest().version()
}

/// Every release the catalogue answers for, oldest first.
pub(crate) fn releases() -> &'static [&'static str] {
    FLINK_RELEASES.versions()
}

/// The release `requested` names (`None`: the newest; a patch spelling such as `2.0.1` is its
/// release) and its catalogue (the live one, with the documentation model options-docs renders and
/// validates with), or an `InvalidValueError` listing the known releases.
pub(crate) fn view(
    py: Python<'_>,
    requested: Option<&str>,
) -> PyResult<(&'static str, &'static Loaded)> {
    let release = match requested {
        None => FLINK_RELEASES.newest(),
        Some(r) => FLINK_RELEASES
            .release(r)
            .map_err(|e| raise(py, Class::InvalidValue, &e.to_string(), None, &[]))?,
    };
    static VIEWS: OnceLock<Vec<OnceLock<Loaded>>> = OnceLock::new();
    let views = VIEWS.get_or_init(|| releases().iter().map(|_| OnceLock::new()).collect());
    let loaded = views[release.index()]
        .get_or_init(|| Loaded::for_checking(options_flink::builtin::catalogue_at(release)));
    Ok((release.version(), loaded))
}
