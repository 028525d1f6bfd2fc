//! The `release=` argument of `catalogue()` and `validate()`.
//!
//! The catalogue knows one Flink release today. When the catalogue spans several (one view per
//! release, the newest by default), [`view`] is the one place that turns the argument into that
//! release's catalogue; every function taking `release=` calls it.

use std::sync::OnceLock;

use docgen::source::Loaded;
use pyo3::prelude::*;

use crate::errors::{raise, Class};

/// The release the built-in catalogue describes.
pub(crate) const CURRENT: &str = "1.19";

/// Every release the catalogue answers for, oldest first.
pub(crate) const RELEASES: &[&str] = &[CURRENT];

/// The release `requested` names (`None`: the newest) and its catalogue (the live one, with the
/// documentation model docgen renders and validates with), or an `InvalidValueError` listing the
/// known releases.
pub(crate) fn view(
    py: Python<'_>,
    requested: Option<&str>,
) -> PyResult<(&'static str, &'static Loaded)> {
    let release = match requested {
        None => CURRENT,
        Some(r) => match RELEASES.iter().find(|known| **known == r.trim()) {
            Some(known) => known,
            None => {
                let message = format!(
                    "unknown release \"{r}\": this catalogue describes Flink {}; pass release=None for it",
                    RELEASES.join(", ")
                );
                return Err(raise(py, Class::InvalidValue, &message, None, &[]));
            }
        },
    };
    static BUILTIN: OnceLock<Loaded> = OnceLock::new();
    Ok((release, BUILTIN.get_or_init(Loaded::builtin)))
}
