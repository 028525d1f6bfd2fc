//! An option's history: `since`, `deprecated`, `removed = "2.0: ..."` and each
//! `changed(release = "1.20", ...)`, checked against each other here (order, facts that fit the
//! type) and against the group's releases by the compiler: the engine's (`engine = path`, whose
//! `Engine::releases` may be `None`) or the group's own (`releases = path`). Both are only paths
//! to the macro, so the membership checks are `const` items spanned at each version.

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned, ToTokens};
use syn::LitStr;

use options_grammar::version::Version;
use options_grammar::wording;

use crate::ast::{Field, Group, ReleaseLine};
use crate::attr::{self, ChangedAttr};
use crate::ctxt::Ctxt;
use crate::default;
use crate::facts::Facts;
use crate::grammar;
use crate::root::PRIVATE;
use crate::shape::ValueShape;
use crate::valid::key_problem;

/// What the expansion adds for a field's history.
#[derive(Default)]
pub struct HistoryPlan {
    /// `removal`, `changes`.
    pub facts: Facts,
    /// Rustdoc rows: removal, changes.
    pub doc_rows: Vec<(&'static str, String)>,
    /// Versions the group's releases must know (`exact`) or admit (older than the first is fine).
    pub checks: Vec<ReleaseCheck>,
}

/// A version named by a declaration, checked against the group's releases in `const` evaluation.
pub struct ReleaseCheck {
    span: Span,
    version: String,
    kind: CheckKind,
    setting: &'static str,
}

/// What a [`ReleaseCheck`] requires of the version.
#[derive(Clone, Copy, PartialEq, Eq)]
enum CheckKind {
    /// `removed` and `changed` name a release exactly, and need releases to name.
    Known,
    /// `since` and `deprecated` may name a version older than every release (the option is then
    /// there all along); without releases they are not checked.
    Admitted,
    /// A `since` that is not a version, in a group whose engine may or may not have releases:
    /// free text is fine only when it has none.
    NotAVersion,
}

/// The `const` item checking every version of `group` against its releases (nothing for a group
/// without releases).
pub fn release_checks(group: &Group<'_>, plans: &[HistoryPlan]) -> TokenStream {
    let Some(line) = group.release_line() else {
        return TokenStream::new();
    };
    let releases = line.describe();
    let checks = plans.iter().flat_map(|p| &p.checks).map(|c| {
        let (version, setting) = (&c.version, c.setting);
        let some = quote!(::core::option::Option::Some);
        match c.kind {
            CheckKind::Known => {
                let message = format!(
                    "`{setting}` names release {version}, which is not one of {releases}; name one of them"
                );
                let none = format!(
                    "`{setting}` names release {version}, but the group's engine declares no releases: give the `Engine` its releases (`releases: Some(&RELEASES)`)"
                );
                quote_spanned! {c.span=>
                    match __RELEASES {
                        #some(r) => if !r.knows(#version) { ::core::panic!(#message) },
                        ::core::option::Option::None => ::core::panic!(#none),
                    }
                }
            }
            CheckKind::Admitted => {
                let message = format!(
                    "`{setting}` names version {version}, which is not one of {releases} nor older than all of them; name one of them"
                );
                quote_spanned! {c.span=>
                    if let #some(r) = __RELEASES {
                        if !r.admits(#version) { ::core::panic!(#message) }
                    }
                }
            }
            CheckKind::NotAVersion => {
                let message = format!(
                    "`{setting}` names \"{version}\", which is not a release number, and {releases} are declared: write dotted numbers such as \"1.20\""
                );
                quote_spanned! {c.span=>
                    if __RELEASES.is_some() { ::core::panic!(#message) }
                }
            }
        }
    });
    let optional = line.optional();
    quote! {
        const _: () = {
            const __RELEASES: ::core::option::Option<&#PRIVATE::Releases> = #optional;
            #(#checks)*
        };
    }
}

/// Checks and plans the history of `field` in `group`, reporting every problem.
pub fn plan(cx: &Ctxt, group: &Group<'_>, field: &Field<'_>) -> HistoryPlan {
    let mut plan = HistoryPlan::default();
    let attrs = &field.attrs;
    let line = group.release_line();
    let has_releases = line.is_some();
    let needs_releases = |at: &dyn ToTokens, setting: &str| {
        cx.error_spanned_by(
            at,
            format!("`{setting}` names a release: name the group's engine, which carries its releases (`#[options(engine = path::TO_ENGINE)]`), or, for a group without one, the releases themselves (`#[options(releases = path::TO::RELEASES)]`)"),
        );
    };
    // since: a version when the group has releases (free text otherwise, as before releases).
    let since = attrs.since.as_ref().and_then(|lit| {
        if !has_releases {
            return None;
        }
        let text = lit.value();
        if matches!(line, Some(ReleaseLine::OfEngine(_))) && Version::parse(text.trim()).is_none() {
            // Free text is right if the engine has no releases: `const` evaluation decides.
            plan.checks
                .push(check(lit, &text, CheckKind::NotAVersion, attr::SINCE));
            return None;
        }
        let v = version(cx, lit, &text, attr::SINCE)?;
        plan.checks
            .push(check(lit, &text, CheckKind::Admitted, attr::SINCE));
        Some(v)
    });
    let deprecated = attrs.deprecated.as_ref().and_then(|lit| {
        let text = lit.value();
        let at = grammar::parse_deprecation(&text)?.0.to_owned();
        if has_releases {
            plan.checks
                .push(check(lit, &at, CheckKind::Admitted, attr::DEPRECATED));
        }
        Version::parse(&at).map(|v| (v, lit))
    });
    let removed = attrs.removed.as_ref().and_then(|lit| {
        if !has_releases {
            needs_releases(lit, attr::REMOVED);
            return None;
        }
        let text = lit.value();
        let Some((release, note)) = grammar::parse_deprecation(&text) else {
            cx.error_spanned_by(
                lit,
                format!("cannot read the removal note \"{text}\": write the release that removed the option, a colon, and what to use instead, e.g. `removed = \"2.0: use other.key\"`"),
            );
            return None;
        };
        let v = version(cx, lit, release, attr::REMOVED)?;
        if let Some(s) = since {
            if v <= s {
                cx.error_spanned_by(
                    lit,
                    format!("the option is removed in {release} but arrives in {s} (`since`): removal comes after arrival"),
                );
            }
        }
        if let Some((d, dlit)) = deprecated {
            if d >= v {
                cx.error_spanned_by(
                    dlit,
                    format!("the option is deprecated in {d} but removed in {release}: deprecation comes before removal"),
                );
            }
        }
        plan.checks
            .push(check(lit, release, CheckKind::Known, attr::REMOVED));
        plan.facts.some(
            quote!(removal),
            quote!(#PRIVATE::Removal { release: #release, note: #note }),
        );
        plan.doc_rows
            .push(("Removed", wording::in_note(release, note)));
        Some(v)
    });
    let mut seen: Vec<Version> = Vec::new();
    let mut changes = Vec::new();
    for changed in &attrs.changed {
        if !has_releases {
            needs_releases(&changed.at, attr::CHANGED);
            continue;
        }
        if let Some(tokens) = change(cx, field, changed, since, removed, &mut seen, &mut plan) {
            changes.push(tokens);
        }
    }
    if !changes.is_empty() {
        plan.facts.set(quote!(changes), quote!(&[#(#changes),*]));
    }
    plan
}

/// One `changed(...)`: checked, planned as a `Change` expression, with its rustdoc row.
fn change(
    cx: &Ctxt,
    field: &Field<'_>,
    changed: &ChangedAttr,
    since: Option<Version>,
    removed: Option<Version>,
    seen: &mut Vec<Version>,
    plan: &mut HistoryPlan,
) -> Option<TokenStream> {
    let Some(lit) = &changed.release else {
        cx.error_spanned_by(
            &changed.at,
            "`changed(...)` needs the release that made the change: `changed(release = \"1.20\", ...)`",
        );
        return None;
    };
    let release = lit.value();
    let v = version(cx, lit, &release, attr::CHANGED)?;
    if since.is_some_and(|s| v <= s) {
        cx.error_spanned_by(
            lit,
            format!("a change in {release} comes no later than the option's arrival (`since`): changes come after it"),
        );
    }
    if removed.is_some_and(|r| v >= r) {
        cx.error_spanned_by(
            lit,
            format!(
                "a change in {release} comes after the option's removal: changes come before it"
            ),
        );
    }
    if seen.contains(&v) {
        cx.error_spanned_by(
            lit,
            format!("release {release} has two `changed(...)` entries; merge them into one"),
        );
    }
    seen.push(v);
    plan.checks
        .push(check(lit, &release, CheckKind::Known, attr::CHANGED));

    let mut tokens = quote!(#PRIVATE::Change::new(#release));
    let mut said = Vec::new();
    let field_shape = &field.shape.value;
    let old_type = changed.value_type.as_ref().and_then(|t| old_type(cx, t));
    if let Some((name, rust, _)) = &old_type {
        tokens.extend(quote!(.value_type::<#rust>()));
        said.push(format!("type was {name}"));
    }
    let shape = old_type
        .as_ref()
        .map(|(_, _, shape)| shape.clone())
        .unwrap_or_else(|| field_shape.clone());
    match (&changed.default, changed.no_default) {
        (Some(_), Some(span)) => cx.error_spanned_by(
            span.into_token_stream_at(),
            "`default` and `no_default` say opposite things; keep one",
        ),
        (Some(d), None) => {
            let at = match d {
                attr::DefaultAttr::Str(lit) => lit.to_token_stream(),
                attr::DefaultAttr::Expr(expr) => expr.to_token_stream(),
            };
            match default::literal_text(d) {
                None => cx.error_spanned_by(
                    at,
                    "a default in `changed(...)` is a literal in the option's config grammar: `default = 30000` or `default = \"5 min\"`",
                ),
                Some(text) => match default::canonical(&shape, &text) {
                    Ok(canonical) => {
                        tokens.extend(quote!(.default_doc(#PRIVATE::DefaultDoc::Value(#canonical))));
                        said.push(format!("default was `{canonical}`"));
                    }
                    Err(detail) => {
                        let name = shape.docs_name();
                        cx.error_spanned_by(
                            at,
                            format!(
                                "invalid default \"{text}\" before {release} for {} {name}: {detail}",
                                default::article(&name)
                            ),
                        );
                    }
                },
            }
        }
        (None, Some(_)) => {
            tokens.extend(quote!(.default_doc(#PRIVATE::DefaultDoc::None)));
            said.push("no default".into());
        }
        (None, None) => {}
    }
    match (changed.documented, changed.hidden) {
        (Some(span), Some(_)) => cx.error_spanned_by(
            span.into_token_stream_at(),
            "`documented` and `hidden` say opposite things; keep one",
        ),
        (Some(_), None) => {
            tokens.extend(quote!(.documented()));
        }
        (None, Some(_)) => {
            tokens.extend(quote!(.hidden()));
        }
        (None, None) => {}
    }
    if let Some(values) = &changed.values {
        if field_shape.enum_type().is_none() {
            let at = values
                .first()
                .map(ToTokens::to_token_stream)
                .unwrap_or_else(|| changed.at.to_token_stream());
            cx.error_spanned_by(
                at,
                format!(
                    "`values` in `changed(...)` lists an enum's accepted names before {release}, but this option is {} {}",
                    default::article(&field_shape.docs_name()),
                    field_shape.docs_name()
                ),
            );
        } else if values.is_empty() {
            cx.error_spanned_by(
                &changed.at,
                "`values` is empty: no value would have been accepted",
            );
        } else {
            tokens.extend(quote!(.enum_values(&[#(#values),*])));
            let list: Vec<String> = values.iter().map(|v| format!("`{}`", v.value())).collect();
            said.push(format!("values were {}", list.join(", ")));
        }
    }
    for (keys, method) in [
        (&changed.deprecated_keys, quote!(deprecated_keys)),
        (&changed.fallback_keys, quote!(fallback_keys)),
    ] {
        if let Some(keys) = keys {
            for k in keys {
                if let Some(problem) = key_problem(&k.value(), true) {
                    cx.error_spanned_by(k, format!("malformed key \"{}\": {problem}", k.value()));
                }
            }
            let list = crate::key_tokens::keys(keys);
            tokens.extend(quote!(.#method(#list)));
        }
    }
    let has_fact = old_type.is_some()
        || changed.default.is_some()
        || changed.no_default.is_some()
        || changed.documented.is_some()
        || changed.hidden.is_some()
        || changed.values.is_some()
        || changed.deprecated_keys.is_some()
        || changed.fallback_keys.is_some();
    if !has_fact && changed.value_type.is_none() {
        cx.error_spanned_by(
            &changed.at,
            format!("`changed(release = \"{release}\")` says nothing changed: add what the option was before {release}, e.g. `default = ...` or `value_type = \"Long\"`"),
        );
    }
    if !said.is_empty() {
        plan.doc_rows
            .push(("Changed", wording::in_note(&release, &said.join(", "))));
    }
    Some(tokens)
}

/// A `value_type` before a change: its docs name, Rust type and shape.
fn old_type(cx: &Ctxt, lit: &LitStr) -> Option<(String, TokenStream, ValueShape<'static>)> {
    let name = lit.value();
    let (rust, shape) = match name.as_str() {
        "Boolean" => (quote!(bool), ValueShape::Bool),
        "Integer" => (quote!(i32), ValueShape::I32),
        "Long" => (quote!(i64), ValueShape::I64),
        "Float" => (quote!(f32), ValueShape::F32),
        "Double" => (quote!(f64), ValueShape::F64),
        "String" => (quote!(#PRIVATE::String), ValueShape::String),
        "Duration" => (quote!(::core::time::Duration), ValueShape::Duration),
        "MemorySize" => (quote!(#PRIVATE::MemorySize), ValueShape::MemorySize),
        "Map" => (
            quote!(#PRIVATE::BTreeMap<#PRIVATE::String, #PRIVATE::String>),
            ValueShape::Map,
        ),
        "List<String>" => (
            quote!(#PRIVATE::Vec<#PRIVATE::String>),
            ValueShape::List(Box::new(ValueShape::String)),
        ),
        _ => {
            cx.error_spanned_by(
                lit,
                format!("unknown type \"{name}\" in `value_type`; write one of Boolean, Integer, Long, Float, Double, String, Duration, MemorySize, Map, List<String>"),
            );
            return None;
        }
    };
    Some((name, rust, shape))
}

/// `text` as a version, or an error at `lit`.
fn version(cx: &Ctxt, lit: &LitStr, text: &str, setting: &str) -> Option<Version> {
    let v = Version::parse(text.trim());
    if v.is_none() {
        cx.error_spanned_by(
            lit,
            format!("`{setting}` names \"{text}\", which is not a release number; write dotted numbers such as \"1.20\""),
        );
    }
    v
}

fn check(lit: &LitStr, version: &str, kind: CheckKind, setting: &'static str) -> ReleaseCheck {
    ReleaseCheck {
        span: lit.span(),
        version: version.trim().to_owned(),
        kind,
        setting,
    }
}

/// A flag's span as tokens an error can point at.
trait SpanTokens {
    fn into_token_stream_at(self) -> TokenStream;
}

impl SpanTokens for Span {
    fn into_token_stream_at(self) -> TokenStream {
        quote_spanned!(self=> changed)
    }
}
