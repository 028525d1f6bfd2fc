//! `flinkconf validate`'s check of what an enabled feature needs (`then_above`): while an option's
//! `only_when` condition holds, its value must be above a bound, or Flink refuses to plan the job.
//! The warning goes where the file makes it so: at the option's line when the file sets it, else
//! at the line that turns the condition on (the option then keeps its default).

use options_core::key_index::KeyRole;
use options_core::sensitive::Reading;
use options_core::sensitive::MASK;
use options_core::wording::NeedsAbove;

use crate::file_view::FileView;
use options_core::Setting;
use options_docs::model::{DefaultModel, OptionDoc};
use options_docs::source::Loaded;

/// The warning for setting `s` of `option`, if what `s` sets leaves a `then_above` unmet: `s`
/// sets an option with such a bound (its own value is checked), or `s` turns on a condition
/// (each option needing something then, and not set by the file, is checked at its default).
pub(crate) fn requirement_warnings(
    loaded: &Loaded,
    view: &FileView<'_, '_>,
    s: &Setting,
    option: &OptionDoc,
) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(warning) = own_value(loaded, view, s, option) {
        out.push(warning);
    }
    for dependent in view.needed_by(&option.key) {
        let Some(relation) = &dependent.only_when else {
            continue;
        };
        let Some(bound) = &relation.then_above else {
            continue;
        };
        if view.last_set(&dependent.key).is_some() {
            continue;
        }
        if !holds(loaded, &relation.key, &s.value, &relation.value) {
            continue;
        }
        let value = default_text(dependent);
        if !above(loaded, dependent, &value) {
            let shown = if dependent.sensitive { MASK } else { &value };
            let finding = NeedsAbove {
                condition_key: &s.key,
                condition_value: shown_value(option, s),
                condition_whence: "",
                key: &dependent.key,
                value: shown,
                value_whence: "the default",
                bound,
                engine: &loaded.doc.engine.name,
            };
            out.push(finding.to_string());
        }
    }
    out
}

/// The warning for `s` itself when it sets an option with a `then_above` bound whose condition
/// holds in the file (or by default) while the value is not above the bound.
fn own_value(
    loaded: &Loaded,
    view: &FileView<'_, '_>,
    s: &Setting,
    option: &OptionDoc,
) -> Option<String> {
    let relation = option.only_when.as_ref()?;
    let bound = relation.then_above.as_ref()?;
    let (on, whence) = condition_value(loaded, view, &relation.key)?;
    if !holds(loaded, &relation.key, &on, &relation.value) || above(loaded, option, &s.value) {
        return None;
    }
    let finding = NeedsAbove {
        condition_key: &relation.key,
        condition_value: &relation.value,
        condition_whence: &whence,
        key: &s.key,
        value: shown_value(option, s),
        value_whence: "",
        bound,
        engine: &loaded.doc.engine.name,
    };
    Some(finding.to_string())
}

/// The value of `s` as a message may show it: a value of `option` that meets a condition, so one
/// read as its type, masked by the one rule.
fn shown_value<'a>(option: &OptionDoc, s: &'a Setting) -> &'a str {
    let role = if s.key == option.key {
        KeyRole::Key
    } else if options_core::pattern::is_pattern(&option.key) {
        KeyRole::Pattern
    } else {
        KeyRole::Deprecated
    };
    if options_docs::keys::masks(option, role, &s.key, Reading::Typed) {
        MASK
    } else {
        &s.value
    }
}

/// Whether `value` of the option `key` is the condition's value, as the live option reads both
/// (`OptionMeta::same_value`).
pub(crate) fn holds(loaded: &Loaded, key: &str, value: &str, condition: &str) -> bool {
    loaded
        .live
        .resolve(key)
        .is_some_and(|target| target.meta.same_value(value, condition))
}

/// The value the file gives the option `key` (its last setting) and where it comes from
/// (`line 3`), else its default (`the default`); `None` for a key the catalogue does not declare.
pub(crate) fn condition_value(
    loaded: &Loaded,
    view: &FileView<'_, '_>,
    key: &str,
) -> Option<(String, String)> {
    Some(match view.last_set(key) {
        Some(s) => (s.value.clone(), format!("line {}", s.line)),
        None => (
            default_text(loaded.doc.option(key)?.1),
            "the default".to_owned(),
        ),
    })
}

fn default_text(option: &OptionDoc) -> String {
    match &option.default {
        DefaultModel::Value(v) => v.clone(),
        _ => String::new(),
    }
}

/// Whether `value` meets `option`'s `then_above` bound, as the live option judges it
/// (`OptionMeta::meets_requirement`). Text that does not parse is another problem, reported as
/// such: it counts as met here.
fn above(loaded: &Loaded, option: &OptionDoc, value: &str) -> bool {
    loaded
        .live
        .resolve(&option.key)
        .is_none_or(|live| live.meta.meets_requirement(value))
}
