//! `options.py`: one constant per documented option, annotated with the Python type of its value
//! and followed by its docstring, so editors complete `options.` and show each option's docs.

use std::fmt::Write as _;

use crate::model::{CatalogueDoc, OptionDoc, SectionDoc};

use super::docstring::{docstring, triple_quoted};
use super::names::constants;
use super::types::annotation;

/// The text of `options.py` for `doc` (every option that is not hidden), or an error when two
/// keys would share one constant.
pub fn options_module(doc: &CatalogueDoc, note: &str) -> Result<String, String> {
    let documented: Vec<(&SectionDoc, &OptionDoc)> =
        doc.options().filter(|(_, o)| !o.hidden).collect();
    let names = constants(documented.iter().map(|(_, o)| o.key.as_str()))?;
    let by_key: std::collections::HashMap<&str, (&SectionDoc, &OptionDoc)> = documented
        .iter()
        .map(|&(s, o)| (o.key.as_str(), (s, o)))
        .collect();
    let mut text = String::new();
    let _ = writeln!(text, "# {note}");
    text.push_str(HEADER);
    // Every constant, so `from declared_options.options import *` takes them all (and nothing
    // this module imports).
    text.push_str("\n__all__ = [\n    \"ConfigOption\",\n");
    for name in names.keys() {
        let _ = writeln!(text, "    \"{name}\",");
    }
    text.push_str("]\n");
    for (name, key) in &names {
        let (section, option) = by_key[key];
        let _ = writeln!(
            text,
            "\n{name}: Final[ConfigOption[{}]] = ConfigOption({})",
            annotation(option),
            python_str(key)
        );
        let _ = writeln!(
            text,
            "{}",
            triple_quoted(&docstring(&doc.engine, section, option))
        );
    }
    Ok(text)
}

/// A Python string literal of `s` (keys hold no quotes or backslashes, but a catalogue file
/// could).
pub fn python_str(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

const HEADER: &str = r#""""Every documented option as a constant, named after its key.

``options.TABLE_EXEC_MINI_BATCH_ENABLED.key`` is ``"table.exec.mini-batch.enabled"``; a
constant can be passed wherever a key is accepted, and its type parameter is the Python type
``TableConfig.get`` returns for it. Each constant's docstring is its option's description with
the facts of ``flinkconf explain`` (also its ``__doc__``, so ``help()`` shows it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Optional

from ._option import ConfigOption

if TYPE_CHECKING:
    from datetime import timedelta

    from ._native import Secret
"#;
