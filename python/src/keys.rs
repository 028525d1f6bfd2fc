//! Keys as Python passes them: a `str`, or an object with a `key` attribute (the constants of
//! `declared_options.options`), resolved through the catalogue to the slot a value goes in.

use std::ffi::CString;

use options_core::sensitive::{is_secret, Reading};
use options_core::{Catalogue, KeyStatus, Resolved};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::convert::Slot;
use crate::errors::{config_error, errors_module};

/// The key `key` names: the string itself, or the `key` attribute of an option constant.
pub(crate) fn key_of<'py>(key: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyString>> {
    match key.cast::<PyString>() {
        Ok(s) => Ok(s.clone()),
        Err(_) => Ok(key.getattr("key")?.cast_into::<PyString>()?),
    }
}

/// The slot of `key` in `catalogue`: the declared option's type (any spelling, or an instance of
/// a pattern key), no type for a free-form key, or an `UnknownKeyError` with suggestions.
pub(crate) fn slot<'k>(py: Python<'_>, catalogue: &Catalogue, key: &'k str) -> PyResult<Slot<'k>> {
    if let Some(resolved) = catalogue.resolve(key) {
        return Ok(known_slot(key, &resolved));
    }
    match catalogue.classify(key) {
        KeyStatus::FreeForm => Ok(Slot {
            key,
            ty: None,
            sensitive: is_secret(key),
        }),
        _ => Err(config_error(py, &catalogue.unknown_key_error(key))),
    }
}

/// The slot of `key`, which the catalogue resolved to an option.
pub(crate) fn known_slot<'k>(key: &'k str, resolved: &Resolved) -> Slot<'k> {
    Slot {
        key,
        ty: Some(resolved.meta.value_type),
        // The one masking rule, as `SET;` applies it to a value read as the option's type.
        sensitive: resolved.masks(key, Reading::Typed),
    }
}

/// Like [`slot`], but a key no option declares is kept as text, with an `UnknownKeyWarning`
/// naming close known keys (lenient loading: plugins bring keys of their own). A key that leaves
/// a pattern's placeholder empty is still an error.
pub(crate) fn lenient_slot<'k>(
    py: Python<'_>,
    catalogue: &Catalogue,
    key: &'k str,
) -> PyResult<Slot<'k>> {
    match catalogue.classify(key) {
        KeyStatus::Unknown { .. } => {
            let message = format!(
                "{} (kept, and passed through as is)",
                catalogue.unknown_key_error(key)
            );
            let category = errors_module(py)?.getattr("UnknownKeyWarning")?;
            let message = CString::new(message).unwrap_or_default();
            PyErr::warn(py, &category, &message, 1)?;
            Ok(Slot {
                key,
                ty: None,
                sensitive: is_secret(key),
            })
        }
        _ => slot(py, catalogue, key),
    }
}
