//! The Python type of an option's value, as the `declared_options` package returns it from
//! `TableConfig.get`: Boolean -> `bool`, Integer/Long/MemorySize -> `int` (bytes for a size),
//! Float/Double -> `float`, String/Enum -> `str`, Duration -> `timedelta`, Map -> `dict[str, str]`,
//! `List<T>` -> `list[T]`, and `Secret` for a sensitive option, whose value is never printed.

use options_core::ValueKind;

use crate::model::{DefaultModel, OptionDoc};

/// The annotation of the value `get` returns for `option` (`bool`, `list[timedelta]`, `Secret`).
pub fn python_type(option: &OptionDoc) -> String {
    if option.sensitive {
        return "Secret".to_owned();
    }
    let scalar = scalar_type(option.value_type.value_kind());
    if option.value_type.list {
        format!("list[{scalar}]")
    } else {
        scalar.to_owned()
    }
}

/// The Python type of one scalar of `kind` (a user type, unknown to Python, reads as its text).
pub fn scalar_type(kind: Option<ValueKind>) -> &'static str {
    match kind {
        Some(ValueKind::Boolean) => "bool",
        Some(
            ValueKind::Integer | ValueKind::Long | ValueKind::Unsigned | ValueKind::MemorySize,
        ) => "int",
        Some(ValueKind::Float | ValueKind::Double) => "float",
        Some(ValueKind::Duration) => "timedelta",
        Some(ValueKind::Map) => "dict[str, str]",
        Some(ValueKind::String | ValueKind::Enum | ValueKind::Other(_)) | None => "str",
    }
}

/// Whether `get` can return `None` for `option`: it has no default value (none at all, or one
/// that depends on the machine) and nothing sets it.
pub fn may_be_none(option: &OptionDoc) -> bool {
    !matches!(option.default, DefaultModel::Value(_))
}

/// The annotation of what `get` returns for `option`: [`python_type`], in `Optional[...]` when
/// it [`may_be_none`].
pub fn annotation(option: &OptionDoc) -> String {
    let ty = python_type(option);
    if may_be_none(option) {
        format!("Optional[{ty}]")
    } else {
        ty
    }
}

/// The name of the `Literal` alias of `_keys.pyi` holding the keys whose values have Python type
/// `python_type` (`bool` -> `BoolKey`, `list[timedelta]` -> `DurationListKey`), prefixed with
/// `Optional` for options that [`may_be_none`].
pub fn key_alias(python_type: &str, optional: bool) -> String {
    let (item, list) = match python_type
        .strip_prefix("list[")
        .and_then(|t| t.strip_suffix(']'))
    {
        Some(item) => (item, "List"),
        None => (python_type, ""),
    };
    let stem = match item {
        "bool" => "Bool",
        "int" => "Int",
        "float" => "Float",
        "timedelta" => "Duration",
        "dict[str, str]" => "Map",
        "Secret" => "Secret",
        _ => "Str",
    };
    let prefix = if optional { "Optional" } else { "" };
    format!("{prefix}{stem}{list}Key")
}
