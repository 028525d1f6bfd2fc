//! Values between an option's string grammar and Python, by the option's type:
//!
//! | option type | Python |
//! |---|---|
//! | Boolean | `bool` |
//! | Integer, Long | `int` |
//! | Float, Double | `float` |
//! | String, Enum (its declared name) | `str` |
//! | Duration | `datetime.timedelta` (whole microseconds: a part below one is dropped) |
//! | MemorySize | `int` bytes |
//! | `List<T>` | `list` of the Python type of `T` |
//! | Map | `dict[str, str]` |
//!
//! A sensitive option's value comes back as a [`Secret`]. Going in, a value may be the Python type
//! or the option's string form (`timedelta(minutes=3)` or `"3 min"`); either way the string goes
//! through options-core's own parser and checks when it is set, so this file only translates.

use std::collections::BTreeMap;
use std::time::Duration;

use options_core::grammar::{
    format_duration, format_f64, format_memory_bytes, join_list, join_map,
};
use options_core::sensitive::MASK;
use options_core::{
    ConfigError, ConfigErrorKind, MemorySize, OptionValue, TypeInfo, ValueError, ValueKind,
};
use pyo3::exceptions::PyOverflowError;
use pyo3::prelude::*;
use pyo3::types::{
    PyBool, PyDelta, PyDeltaAccess, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple,
};

use crate::errors::config_error;
use crate::secret::Secret;

/// Where a value goes or comes from: the key as written, the option's type (`None` for a key the
/// catalogue leaves free-form, whose values are strings), and whether it is secret.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Slot<'a> {
    /// The key as the user wrote it.
    pub(crate) key: &'a str,
    /// The option's type, when an option declares the key.
    pub(crate) ty: Option<TypeInfo>,
    /// Values are never shown.
    pub(crate) sensitive: bool,
}

/// The longest days a `timedelta` holds.
const MAX_TIMEDELTA_DAYS: u64 = 999_999_999;

/// Whether the Python value of this type is immutable, so one object may be handed out to every
/// reader (lists and dicts are built afresh on each read).
pub(crate) fn is_immutable(ty: Option<TypeInfo>) -> bool {
    ty.is_none_or(|t| !t.list && t.kind != ValueKind::Map)
}

/// The Python value of `text`, the stored string of `slot`.
pub(crate) fn to_python<'py>(
    py: Python<'py>,
    slot: Slot<'_>,
    text: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let value = match slot.ty {
        None => PyString::new(py, text).into_any(),
        Some(ty) if ty.list => {
            let items = Vec::<String>::parse_config(text).map_err(|e| invalid(py, slot, e))?;
            let list = PyList::empty(py);
            for item in &items {
                list.append(scalar(py, slot, ty, item)?)?;
            }
            list.into_any()
        }
        Some(ty) => scalar(py, slot, ty, text)?,
    };
    if slot.sensitive {
        Secret::wrap(value)
    } else {
        Ok(value)
    }
}

fn scalar<'py>(
    py: Python<'py>,
    slot: Slot<'_>,
    ty: TypeInfo,
    text: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let fail = |e: ValueError| invalid(py, slot, e);
    Ok(match ty.kind {
        ValueKind::Boolean => PyBool::new(py, bool::parse_config(text).map_err(fail)?)
            .to_owned()
            .into_any(),
        ValueKind::Integer | ValueKind::Long => i64::parse_config(text)
            .map_err(fail)?
            .into_pyobject(py)?
            .into_any(),
        ValueKind::Unsigned => u64::parse_config(text)
            .map_err(fail)?
            .into_pyobject(py)?
            .into_any(),
        ValueKind::MemorySize => MemorySize::parse_config(text)
            .map_err(fail)?
            .bytes()
            .into_pyobject(py)?
            .into_any(),
        ValueKind::Float | ValueKind::Double => {
            PyFloat::new(py, f64::parse_config(text).map_err(fail)?).into_any()
        }
        ValueKind::Duration => timedelta(py, slot, Duration::parse_config(text).map_err(fail)?)?,
        ValueKind::Map => {
            let map = BTreeMap::<String, String>::parse_config(text).map_err(fail)?;
            let dict = PyDict::new(py);
            for (k, v) in map {
                dict.set_item(k, v)?;
            }
            dict.into_any()
        }
        ValueKind::Enum => {
            let declared = ty
                .enum_values
                .iter()
                .find(|v| v.eq_ignore_ascii_case(text.trim()));
            PyString::new(py, declared.copied().unwrap_or(text)).into_any()
        }
        ValueKind::String | ValueKind::Other(_) => PyString::new(py, text).into_any(),
    })
}

fn timedelta<'py>(py: Python<'py>, slot: Slot<'_>, d: Duration) -> PyResult<Bound<'py, PyAny>> {
    let secs = d.as_secs();
    let days = secs / 86_400;
    if days > MAX_TIMEDELTA_DAYS {
        return Err(PyOverflowError::new_err(format!(
            "the value of {} ({}) is longer than a Python timedelta holds (999999999 days)",
            slot.key,
            if slot.sensitive {
                MASK.to_owned()
            } else {
                format_duration(d)
            }
        )));
    }
    // Each part fits an i32: days checked above, seconds below 86,400, microseconds below 10^6.
    let (days, seconds, micros) = (
        days as i32,
        (secs % 86_400) as i32,
        d.subsec_micros() as i32,
    );
    Ok(PyDelta::new(py, days, seconds, micros, false)?.into_any())
}

/// The string form of a Python `value` for `slot`: a `str` as it is (options-core parses it when
/// it is set), a typed value in the option's grammar, or an `InvalidValueError` saying what the
/// option accepts.
pub(crate) fn to_text(slot: Slot<'_>, value: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = value.cast::<PyString>() {
        return Ok(s.to_cow()?.into_owned());
    }
    if let Ok(secret) = value.cast::<Secret>() {
        return to_text(slot, &secret.get().expose(value.py()));
    }
    let text = match slot.ty {
        Some(ty) if ty.list => list_text(ty, value)?,
        Some(ty) => scalar_text(ty.kind, value)?,
        None => untyped_text(value)?,
    };
    text.ok_or_else(|| wrong_type(slot, value))
}

fn list_text(ty: TypeInfo, value: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    if !(value.is_instance_of::<PyList>() || value.is_instance_of::<PyTuple>()) {
        return Ok(None);
    }
    let mut items = Vec::new();
    for item in value.try_iter()? {
        let item = item?;
        let text = match item.cast::<PyString>() {
            Ok(s) => Some(s.to_cow()?.into_owned()),
            Err(_) => scalar_text(ty.kind, &item)?,
        };
        match text {
            Some(t) => items.push(t),
            None => return Ok(None),
        }
    }
    Ok(Some(join_list(&items)))
}

/// A typed scalar in the grammar of `kind`; `None` when the Python type does not fit the kind.
fn scalar_text(kind: ValueKind, value: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    let is_bool = value.is_instance_of::<PyBool>();
    let is_int = value.is_instance_of::<PyInt>() && !is_bool;
    Ok(match kind {
        ValueKind::Boolean if is_bool => Some(value.is_truthy()?.to_string()),
        ValueKind::Integer | ValueKind::Long if is_int => {
            Some(value.extract::<i128>()?.to_string())
        }
        ValueKind::MemorySize if is_int => match value.extract::<i128>()? {
            n if (0..=i64::MAX as i128).contains(&n) => Some(format_memory_bytes(n as u64)),
            // Out of range: the digits, which the parser then rejects with its own words.
            n => Some(n.to_string()),
        },
        ValueKind::Float | ValueKind::Double if is_int || value.is_instance_of::<PyFloat>() => {
            Some(format_f64(value.extract::<f64>()?))
        }
        ValueKind::Duration if value.is_instance_of::<PyDelta>() => {
            duration_text(value.cast::<PyDelta>()?)
        }
        ValueKind::Map if value.is_instance_of::<PyDict>() => map_text(value.cast::<PyDict>()?)?,
        _ => None,
    })
}

/// A value for a key no option declares (kept as text): a `bool` as `true`/`false`, a number as
/// Python writes it; anything else is refused, as its text would be a guess.
fn untyped_text(value: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    if value.is_instance_of::<PyBool>() {
        Ok(Some(value.is_truthy()?.to_string()))
    } else if value.is_instance_of::<PyInt>() || value.is_instance_of::<PyFloat>() {
        Ok(Some(value.str()?.to_cow()?.into_owned()))
    } else {
        Ok(None)
    }
}

/// A `timedelta` in the Duration grammar (`None` for a negative one: durations are not).
fn duration_text(delta: &Bound<'_, PyDelta>) -> Option<String> {
    let days = u64::try_from(delta.get_days()).ok()?;
    // Both parts are normalised by timedelta: 0 <= seconds < 86,400, 0 <= microseconds < 10^6.
    let secs = days * 86_400 + delta.get_seconds() as u64;
    let nanos = delta.get_microseconds() as u32 * 1_000;
    Some(format_duration(Duration::new(secs, nanos)))
}

/// A `dict` in the Map grammar: keys must be strings, values strings or scalars.
fn map_text(dict: &Bound<'_, PyDict>) -> PyResult<Option<String>> {
    let mut entries = Vec::with_capacity(dict.len());
    for (k, v) in dict.iter() {
        let Ok(k) = k.cast::<PyString>() else {
            return Ok(None);
        };
        let v = if let Ok(s) = v.cast::<PyString>() {
            s.to_cow()?.into_owned()
        } else if v.is_instance_of::<PyBool>() {
            v.is_truthy()?.to_string()
        } else if v.is_instance_of::<PyInt>() || v.is_instance_of::<PyFloat>() {
            v.str()?.to_cow()?.into_owned()
        } else {
            return Ok(None);
        };
        entries.push((k.to_cow()?.into_owned(), v));
    }
    Ok(Some(join_map(&entries)))
}

/// The error for a Python value whose type the option does not take.
fn wrong_type(slot: Slot<'_>, value: &Bound<'_, PyAny>) -> PyErr {
    let shown = if slot.sensitive {
        MASK.to_owned()
    } else {
        let repr = value
            .repr()
            .and_then(|r| r.to_cow().map(|c| c.into_owned()))
            .unwrap_or_else(|_| "?".to_owned());
        shorten(&repr)
    };
    let expected = match slot.ty {
        Some(ty) => format!(
            "{}, or a {} string such as {}",
            python_name(ty),
            ty.name(),
            ty.example()
        ),
        None => {
            "a str, bool or number (no option declares this key, so it is kept as text)".to_owned()
        }
    };
    let error = ConfigError::from(ConfigErrorKind::InvalidSetting {
        key: slot.key.to_owned(),
        value: shown,
        expected,
    });
    config_error(value.py(), &error)
}

/// What Python type an option of `ty` takes, as a phrase (`a timedelta`, `a list of int`).
fn python_name(ty: TypeInfo) -> String {
    let scalar = match ty.kind {
        ValueKind::Boolean => "bool",
        ValueKind::Integer | ValueKind::Long | ValueKind::Unsigned => "int",
        ValueKind::MemorySize => "int (bytes)",
        ValueKind::Float | ValueKind::Double => "float",
        ValueKind::Duration => "timedelta",
        ValueKind::Map => "dict",
        ValueKind::String | ValueKind::Enum | ValueKind::Other(_) => "str",
    };
    if ty.list {
        format!("a list of {scalar}")
    } else if scalar.starts_with('i') {
        format!("an {scalar}")
    } else {
        format!("a {scalar}")
    }
}

fn shorten(text: &str) -> String {
    const MAX: usize = 60;
    match text.char_indices().nth(MAX) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_owned(),
    }
}

fn invalid(py: Python<'_>, slot: Slot<'_>, error: ValueError) -> PyErr {
    config_error(
        py,
        &ConfigError::invalid_value(slot.key, error, slot.sensitive),
    )
}
