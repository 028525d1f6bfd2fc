//! Rules checked on the whole model: keys, descriptions, scopes, which settings fit which types,
//! and keys declared twice in one group.

use std::collections::HashMap;

use options_grammar::scope::Scope;
use syn::LitStr;

use crate::ast::{path_text, Field, Group};
use crate::attr;
use crate::ctxt::Ctxt;

/// What is wrong with an option's own key, if anything: a [`key_problem`], or a malformed
/// placeholder. A placeholder (`<name>`, letters, digits and `_`) is a whole segment; it makes the
/// option a pattern (`metrics.reporter.<name>.interval`).
pub fn pattern_key_problem(key: &str, mixed_case: bool) -> Option<String> {
    let mut literal = Vec::new();
    for segment in key.split('.') {
        if !segment.contains(['<', '>']) {
            literal.push(segment);
            continue;
        }
        let name = segment.strip_prefix('<').and_then(|s| s.strip_suffix('>'));
        let ok = name.is_some_and(|n| {
            n.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        });
        if !ok {
            let word: String = segment
                .chars()
                .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            let word = if word.is_empty() { "name".into() } else { word };
            return Some(format!(
                "malformed placeholder \"{segment}\": a placeholder is a whole segment, a name of letters, digits and '_' in angle brackets, e.g. \"<{word}>\""
            ));
        }
        // Checked as a plain segment below, so the key's other rules still apply.
        literal.push("x");
    }
    key_problem(&literal.join("."), mixed_case)
}

/// What is wrong with a key, if anything. Keys are dotted lower-case segments of `a-z 0-9 - _`;
/// `mixed_case` also allows upper-case letters (Flink's historic `taskmanager.numberOfTaskSlots`).
/// A leading `$internal.` marks a key that tools set for themselves, as in Flink.
pub fn key_problem(key: &str, mixed_case: bool) -> Option<String> {
    let key = key.strip_prefix("$internal.").unwrap_or(key);
    if key.is_empty() {
        return Some("the key is empty".into());
    }
    if key.chars().any(char::is_whitespace) {
        let fixed: String = key.split_whitespace().collect::<Vec<_>>().join("-");
        return Some(format!("keys contain no spaces; write e.g. \"{fixed}\""));
    }
    if key.starts_with('.') || key.ends_with('.') {
        return Some(format!(
            "a key neither starts nor ends with '.'; write \"{}\"",
            key.trim_matches('.')
        ));
    }
    if key.contains("..") {
        return Some(format!(
            "the key has an empty segment (\"..\"); write \"{}\"",
            collapse_dots(key)
        ));
    }
    if !mixed_case && key.chars().any(|c| c.is_ascii_uppercase()) {
        return Some(format!("keys are lower case; write \"{}\"", kebab(key)));
    }
    let bad: Vec<char> = key
        .chars()
        .filter(|c| {
            !(c.is_ascii_lowercase()
                || c.is_ascii_digit()
                || (mixed_case && c.is_ascii_uppercase())
                || matches!(c, '-' | '_' | '.'))
        })
        .collect();
    if let Some(c) = bad.first() {
        return Some(format!(
            "'{c}' is not allowed in a key; keys use a-z, 0-9, '-', '_' and '.' between segments"
        ));
    }
    None
}

/// `lookup.bufferCapacity` -> `lookup.buffer-capacity`.
fn kebab(key: &str) -> String {
    let mut out = String::new();
    let mut prev_lower = false;
    for c in key.chars() {
        if c.is_ascii_uppercase() && prev_lower {
            out.push('-');
        }
        prev_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
        out.push(c.to_ascii_lowercase());
    }
    out
}

fn collapse_dots(key: &str) -> String {
    key.split('.')
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(".")
}

/// Checks every rule, reporting all violations.
pub fn check(cx: &Ctxt, group: &Group<'_>) {
    check_group(cx, group);
    let mut seen: HashMap<String, &syn::Ident> = HashMap::new();
    for field in &group.fields {
        check_field(cx, field);
        if let Some(key) = &field.attrs.key {
            let value = field.key().to_owned();
            match seen.get(&value) {
                Some(first) => cx.error_spanned_by(
                    key,
                    format!(
                        "duplicate key \"{value}\": field `{first}` of this group already declares it; each option needs its own key"
                    ),
                ),
                None => {
                    seen.insert(value, field.ident);
                }
            }
        }
    }
}

fn check_group(cx: &Ctxt, group: &Group<'_>) {
    let setting = |name| format!("#[options({name} = \"...\")]");
    if group.attrs.not_understood {
        return;
    }
    if group.attrs.section.is_none() {
        cx.error_spanned_by(
            group.ident,
            format!(
                "missing section id: add `{}` to the struct (the section's id in the docs, e.g. \"execution\")",
                setting(attr::SECTION)
            ),
        );
    }
    if let Some(section) = &group.attrs.section {
        let id = section.value();
        let ok = !id.is_empty()
            && id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_');
        if !ok {
            cx.error_spanned_by(
                section,
                format!(
                    "malformed section id \"{id}\": it names files and anchors of the docs, so it uses a-z, 0-9, '-' and '_' only, e.g. \"{}\"",
                    suggest_id(&id)
                ),
            );
        }
    }
    if let (Some(releases), Some(engine)) = (&group.attrs.releases, &group.attrs.engine) {
        cx.error_spanned_by(
            releases,
            format!(
                "a group with an engine follows the engine's releases: drop `releases = ...` and give `{}` its releases (`releases: Some(&RELEASES)` in the `Engine`)",
                path_text(engine)
            ),
        );
    }
    if let Some(family) = &group.attrs.family {
        let text = family.value();
        if text.trim().is_empty() || text.trim() != text || text.contains('\n') {
            cx.error_spanned_by(
                family,
                format!(
                    "malformed family {text:?}: it is the heading the docs' navigation shows above this section and its siblings, one line without surrounding spaces, e.g. \"State backends\"; leave `family` out for a section on its own"
                ),
            );
        }
    }
    if group.attrs.title.is_none() {
        cx.error_spanned_by(
            group.ident,
            format!(
                "missing section title: add `{}` to the struct (e.g. \"Execution Options\")",
                setting(attr::TITLE)
            ),
        );
    }
}

/// `Execution Options` -> `execution-options`.
fn suggest_id(id: &str) -> String {
    let words: Vec<String> = id
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    if words.is_empty() {
        "execution".into()
    } else {
        words.join("-")
    }
}

fn check_field(cx: &Ctxt, field: &Field<'_>) {
    let attrs = &field.attrs;
    let name = field.ident;
    match &attrs.key {
        None if attrs.not_understood => {}
        None => cx.error_spanned_by(
            name,
            format!(
                "option `{name}` has no key: add `#[option(key = \"...\")]` with the full dotted key users set, e.g. \"my-section.{}\"",
                name.to_string().replace('_', "-")
            ),
        ),
        Some(key) => {
            if let Some(problem) = pattern_key_problem(field.key(), attrs.mixed_case.is_some()) {
                cx.error_spanned_by(key, format!("malformed key \"{}\": {problem}", field.key()));
            }
        }
    }
    for key in attrs.deprecated_keys.iter().chain(&attrs.fallback_keys) {
        check_key(cx, key, attrs.mixed_case.is_some());
    }
    if !field.has_description() {
        cx.error_spanned_by(
            name,
            format!("option `{name}` has no description: add a doc comment (`/// What it does.`) or `#[option(description = \"...\")]`; it is the option's documentation"),
        );
    }
    if let (Some(scope), Some(text)) = (&attrs.scope, &field.scope_text) {
        if let Err(problem) = Scope::parse(text) {
            cx.error_spanned_by(scope, problem);
        }
    }
    check_default(cx, field);
    let textual = field.shape.value.is_textual();
    match (attrs.sensitive, field.shape.value.is_secret()) {
        (Some(span), false) if textual => cx.error_spanned_by(
            syn::Ident::new(attr::SENSITIVE, span),
            format!(
                "a `sensitive` option is read into `options_core::Secret<...>`, whose `Debug` and `Display` print `******`: write the field as `{}` and read it with `.expose()`; a plain {} would print the secret through `#[derive(Debug)]`",
                secret_type_text(field),
                field.shape.value.docs_name()
            ),
        ),
        (Some(span), _) if !textual => cx.error_spanned_by(
            syn::Ident::new(attr::SENSITIVE, span),
            not_text(field),
        ),
        (None, true) if !textual => cx.error_spanned_by(field.ty, not_text(field)),
        _ => {}
    }
}

/// Why a secret of a non-text type is refused.
fn not_text(field: &Field<'_>) -> String {
    format!(
        "`sensitive` and `Secret` are for secrets, which are text: the option's type must be String, List<String> or Map (in a `Secret`, possibly in an Option), not {}",
        field.shape.value.docs_name()
    )
}

/// The field's type with its value wrapped in `Secret`: `Option<Secret<String>>`.
fn secret_type_text(field: &Field<'_>) -> String {
    let value = if field.shape.optional {
        crate::shape::generic_arg("Option", field.ty).unwrap_or(field.ty)
    } else {
        field.ty
    };
    let secret = format!("Secret<{}>", crate::shape::type_text(value));
    if field.shape.optional {
        format!("Option<{secret}>")
    } else {
        secret
    }
}

fn check_key(cx: &Ctxt, key: &LitStr, mixed_case: bool) {
    if key.value().contains('<') {
        cx.error_spanned_by(
            key,
            format!(
                "malformed key \"{}\": deprecated and fallback keys are plain keys; a placeholder (`<name>`) belongs only in the option's own key",
                key.value()
            ),
        );
        return;
    }
    if let Some(problem) = key_problem(&key.value(), mixed_case) {
        cx.error_spanned_by(key, format!("malformed key \"{}\": {problem}", key.value()));
    }
}

fn check_default(cx: &Ctxt, field: &Field<'_>) {
    let name = field.ident;
    match (&field.attrs.default, field.shape.optional) {
        (None, false) if !field.attrs.not_understood => cx.error_spanned_by(
            field.ty,
            format!("option `{name}` has no default: add `#[option(default = ...)]`, or make the field an `Option<...>` when the option has no default"),
        ),
        _ => {}
    }
}
