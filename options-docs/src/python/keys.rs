//! `_keys.pyi`: the keys of the catalogue as `Literal` types, one alias per Python value type
//! (`BoolKey`, `OptionalDurationKey`, ...), and `Get`, the overloads of `TableConfig.get` by
//! those aliases, so a type checker knows what `config.get("...")` returns and an editor
//! completes keys inside the string. Every spelling of a documented option is listed (its key,
//! fallback keys and deprecated keys); pattern keys are not (an instance such as
//! `metrics.reporter.prom.interval` is any string), nor are hidden options.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::model::CatalogueDoc;

use super::constants::python_str;
use super::types::{key_alias, may_be_none, python_type};

/// The text of `_keys.pyi` for `doc`.
pub fn keys_stub(doc: &CatalogueDoc, note: &str) -> String {
    // Each spelling's option, as the runtime resolves it: an option's own key (hidden ones
    // included) wins over another option's fallback or deprecated spelling of it (the `sql.*`
    // counterparts name each other; an old spelling may be a hidden option's key).
    let mut owner: BTreeMap<&str, Option<(String, bool)>> = BTreeMap::new();
    let group = |o: &crate::model::OptionDoc| {
        (!o.hidden && !o.key.contains('<')).then(|| (python_type(o), may_be_none(o)))
    };
    for (_, option) in doc.options() {
        for key in option.fallback_keys.iter().chain(&option.deprecated_keys) {
            owner.entry(key).or_insert_with(|| group(option));
        }
    }
    for (_, option) in doc.options() {
        owner.insert(&option.key, group(option));
    }
    // (Python type, may be None) -> keys, sorted, so the file is stable.
    let mut groups: BTreeMap<(String, bool), Vec<&str>> = BTreeMap::new();
    for (key, group) in owner {
        if let Some(group) = group {
            groups.entry(group).or_default().push(key);
        }
    }
    let mut text = String::new();
    let _ = writeln!(text, "# {note}");
    text.push_str(HEADER);
    for ((ty, optional), keys) in &groups {
        let _ = writeln!(text, "\n{} = Literal[", key_alias(ty, *optional));
        for key in keys.iter() {
            let _ = writeln!(text, "    {},", python_str(key));
        }
        text.push_str("]\n");
    }
    text.push_str("\nAnyKey = Union[\n");
    for (ty, optional) in groups.keys() {
        let _ = writeln!(text, "    {},", key_alias(ty, *optional));
    }
    text.push_str("]\n");
    text.push_str(GET_HEADER);
    for (ty, optional) in groups.keys() {
        let returns = if *optional {
            format!("Optional[{ty}]")
        } else {
            ty.clone()
        };
        let alias = key_alias(ty, *optional);
        let _ = writeln!(
            text,
            "    @overload\n    def __call__(self, key: {alias}) -> {returns}: ..."
        );
    }
    text.push_str(GET_FOOTER);
    text
}

const HEADER: &str = r#""""The catalogue's keys as Literal types, grouped by the Python type of their values, and the
overloads of ``TableConfig.get`` by those types."""

from datetime import timedelta
from typing import Any, Literal, Optional, Protocol, TypeVar, Union, overload

from ._native import Secret
from ._option import ConfigOption

T = TypeVar("T")
"#;

const GET_HEADER: &str = r#"
class Get(Protocol):
    """``TableConfig.get``: the Python type of each key's value."""

"#;

const GET_FOOTER: &str = r#"    @overload
    def __call__(self, key: ConfigOption[T]) -> T: ...
    @overload
    def __call__(self, key: str) -> Any: ...
"#;
