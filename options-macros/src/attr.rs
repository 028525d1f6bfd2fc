//! Attribute parsing: `#[options(...)]` on the struct, `#[option(...)]` on each field.
//!
//! Parsers return values, not `Result`: every problem goes into the [`Ctxt`] and parsing goes on,
//! so all mistakes are reported together. Each setting is an [`Attr`], which reports a second
//! occurrence itself.

use proc_macro2::{Span, TokenStream};
use quote::ToTokens;
use syn::meta::ParseNestedMeta;
use syn::parse::discouraged::Speculative;
use syn::parse::ParseStream;
use syn::punctuated::Punctuated;
use syn::Token;
use syn::{Expr, Lit, LitStr};

use options_grammar::distance::within_typos;

use crate::ctxt::Ctxt;

/// The container attribute.
pub const OPTIONS: &str = "options";
/// The field attribute.
pub const OPTION: &str = "option";

pub const SECTION: &str = "section";
pub const TITLE: &str = "title";
pub const DESCRIPTION: &str = "description";
pub const FAMILY: &str = "family";
pub const RELEASES: &str = "releases";
pub const ENGINE: &str = "engine";
/// `crate = path`: where the runtime is, for a crate that renames `options-core` or re-exports it.
pub const CRATE: &str = "crate";
pub const KEY: &str = "key";
pub const DEFAULT: &str = "default";
pub const DEFAULT_DOC: &str = "default_doc";
pub const SCOPE: &str = "scope";
pub const DEPRECATED_KEYS: &str = "deprecated_keys";
pub const FALLBACK_KEYS: &str = "fallback_keys";
pub const SINCE: &str = "since";
pub const SENSITIVE: &str = "sensitive";
pub const STARTUP_ONLY: &str = "startup_only";
pub const HIDDEN: &str = "hidden";
pub const MIXED_CASE: &str = "mixed_case";
pub const DEPRECATED: &str = "deprecated";
pub const VALIDATE: &str = "validate";
pub const MIN: &str = "min";
pub const MAX: &str = "max";
pub const ONE_OF: &str = "one_of";
pub const ONLY_WHEN: &str = "only_when";
pub const REMOVED: &str = "removed";
pub const CHANGED: &str = "changed";

/// Inside `changed(...)`.
pub const RELEASE: &str = "release";
pub const VALUE_TYPE: &str = "value_type";
pub const NO_DEFAULT: &str = "no_default";
pub const DOCUMENTED: &str = "documented";
pub const VALUES: &str = "values";
pub const THEN_ABOVE: &str = "then_above";
/// On the struct (the group's default) and on a field: how a change reaches a running system.
pub const CHANGE_CLASS: &str = "change_class";

/// The settings `#[options(...)]` accepts, for error messages.
pub const GROUP_SETTINGS: &[&str] = &[
    SECTION,
    TITLE,
    DESCRIPTION,
    FAMILY,
    RELEASES,
    ENGINE,
    CRATE,
    CHANGE_CLASS,
];
/// The settings `#[option(...)]` accepts, for error messages.
pub const OPTION_SETTINGS: &[&str] = &[
    KEY,
    DEFAULT,
    SCOPE,
    DEPRECATED_KEYS,
    FALLBACK_KEYS,
    SINCE,
    SENSITIVE,
    STARTUP_ONLY,
    HIDDEN,
    MIXED_CASE,
    DEPRECATED,
    DEFAULT_DOC,
    DESCRIPTION,
    VALIDATE,
    MIN,
    MAX,
    ONE_OF,
    ONLY_WHEN,
    THEN_ABOVE,
    REMOVED,
    CHANGED,
    CHANGE_CLASS,
];
/// The settings `changed(...)` accepts, for error messages.
pub const CHANGED_SETTINGS: &[&str] = &[
    RELEASE,
    VALUE_TYPE,
    DEFAULT,
    NO_DEFAULT,
    DOCUMENTED,
    HIDDEN,
    VALUES,
    DEPRECATED_KEYS,
    FALLBACK_KEYS,
];

/// One setting: remembers the tokens it was given at, and reports a duplicate.
pub struct Attr<T> {
    name: &'static str,
    value: Option<(TokenStream, T)>,
    /// Given with a value of the wrong kind (already reported).
    invalid: bool,
}

impl<T> Attr<T> {
    pub fn none(name: &'static str) -> Self {
        Attr {
            name,
            value: None,
            invalid: false,
        }
    }

    pub fn set<A: ToTokens>(&mut self, cx: &Ctxt, at: A, value: T) {
        let tokens = at.into_token_stream();
        if self.value.is_some() {
            cx.error_spanned_by(tokens, format!("`{}` is set twice; keep one", self.name));
        } else {
            self.value = Some((tokens, value));
        }
    }

    /// Sets a value that parsed; `None` (already reported) is skipped.
    pub fn set_some<A: ToTokens>(&mut self, cx: &Ctxt, at: A, value: Option<T>) {
        match value {
            Some(value) => self.set(cx, at, value),
            None => self.invalid = true,
        }
    }

    /// Whether the setting was given with a value of the wrong kind.
    pub fn invalid(&self) -> bool {
        self.invalid
    }

    pub fn get(self) -> Option<T> {
        self.value.map(|(_, v)| v)
    }
}

/// A flag such as `sensitive`: its span when present.
pub type Flag = Option<Span>;

/// What `#[options(...)]` declares.
pub struct GroupAttrs {
    pub section: Option<LitStr>,
    pub title: Option<LitStr>,
    pub description: Option<LitStr>,
    /// The family of sections this one belongs to in the docs' navigation (`State backends`).
    pub family: Option<LitStr>,
    /// `releases = path::TO::RELEASES`: the `options_core::Releases` the options' histories name.
    pub releases: Option<syn::Path>,
    /// `engine = path::TO_ENGINE`: the `options_core::Engine` whose options these are.
    pub engine: Option<syn::Path>,
    /// `crate = path`: the path the runtime is reached by, `::options_core` when not given.
    pub root: Root,
    /// `change_class = path::TO::CLASS`: the `options_core::ChangeClass` of every option that
    /// declares none of its own.
    pub change_class: Option<syn::Path>,
    /// An attribute here was misplaced or had an unknown setting: missing settings are then not
    /// reported, as they are most likely what the user meant to write.
    pub not_understood: bool,
}

/// The `default = ...` of a field: a string in the option's config grammar or a Rust expression.
pub enum DefaultAttr {
    Str(LitStr),
    Expr(Expr),
}

/// What `#[option(...)]` declares.
pub struct OptionAttrs {
    pub key: Option<LitStr>,
    pub default: Option<DefaultAttr>,
    pub scope: Option<LitStr>,
    pub deprecated_keys: Vec<LitStr>,
    pub fallback_keys: Vec<LitStr>,
    pub since: Option<LitStr>,
    pub sensitive: Flag,
    pub startup_only: Flag,
    pub hidden: Flag,
    /// The key keeps upper-case letters, as some of Flink's historic keys do.
    pub mixed_case: Flag,
    /// `deprecated = "1.18: use ..."`: the version and what replaces the option.
    pub deprecated: Option<LitStr>,
    /// `min = ...`: a number literal or a string in the option's grammar.
    pub min: Option<Expr>,
    /// `max = ...`, like `min`.
    pub max: Option<Expr>,
    /// `one_of = ["a", "b"]`.
    pub one_of: Option<Vec<LitStr>>,
    /// `only_when = "other.key = value"`.
    pub only_when: Option<LitStr>,
    /// `then_above = ...`: while `only_when` holds, the value must be above it (a literal in the
    /// option's grammar, like `min`).
    pub then_above: Option<Expr>,
    pub default_doc: Option<LitStr>,
    pub description: Option<LitStr>,
    /// A function `fn(&str) -> Result<(), String>` that checks a value beyond its type.
    pub validate: Option<syn::Path>,
    /// `removed = "2.0: use ..."`: the release that stopped reading the option.
    pub removed: Option<LitStr>,
    /// `change_class = path::TO::CLASS`: how a change reaches a running system (an
    /// `options_core::ChangeClass` const); the group's when absent.
    pub change_class: Option<syn::Path>,
    /// Each `changed(...)`: what a release changed, as it was before.
    pub changed: Vec<ChangedAttr>,
    /// See [`GroupAttrs::not_understood`].
    pub not_understood: bool,
}

/// One `changed(release = "1.20", ...)`: the facts as they were before that release.
pub struct ChangedAttr {
    /// The `changed` path, where errors about the whole entry point.
    pub at: syn::Path,
    pub release: Option<LitStr>,
    /// The type's docs name before (`Long`).
    pub value_type: Option<LitStr>,
    pub default: Option<DefaultAttr>,
    pub no_default: Flag,
    pub documented: Flag,
    pub hidden: Flag,
    pub values: Option<Vec<LitStr>>,
    pub deprecated_keys: Option<Vec<LitStr>>,
    pub fallback_keys: Option<Vec<LitStr>>,
}

/// Parses the struct's `#[options(...)]`; reports `#[option]` put on the struct.
pub fn group_attrs(cx: &Ctxt, attrs: &[syn::Attribute]) -> GroupAttrs {
    let mut section = Attr::none(SECTION);
    let mut title = Attr::none(TITLE);
    let mut description = Attr::none(DESCRIPTION);
    let mut family = Attr::none(FAMILY);
    let mut releases = Attr::none(RELEASES);
    let mut engine = Attr::none(ENGINE);
    let mut root = Attr::none(CRATE);
    let mut change_class = Attr::none(CHANGE_CLASS);
    let mut not_understood = false;
    for attr in attrs {
        if attr.path().is_ident(OPTION) {
            not_understood = true;
            cx.error_spanned_by(
                attr,
                "`#[option(...)]` belongs on a field; on the struct use `#[options(section = \"...\", title = \"...\")]`",
            );
            continue;
        }
        if !attr.path().is_ident(OPTIONS) {
            continue;
        }
        let parsed = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident(SECTION) {
                section.set_some(cx, &meta.path, string(cx, &meta)?);
            } else if meta.path.is_ident(TITLE) {
                title.set_some(cx, &meta.path, string(cx, &meta)?);
            } else if meta.path.is_ident(DESCRIPTION) {
                description.set_some(cx, &meta.path, string(cx, &meta)?);
            } else if meta.path.is_ident(FAMILY) {
                family.set_some(cx, &meta.path, string(cx, &meta)?);
            } else if meta.path.is_ident(RELEASES) {
                releases.set(cx, &meta.path, meta.value()?.parse::<syn::Path>()?);
            } else if meta.path.is_ident(ENGINE) {
                let path = meta.value()?.parse::<syn::Path>()?;
                engine.set(cx, &meta.path, path);
            } else if meta.path.is_ident(CRATE) {
                root.set_some(cx, &meta.path, root_path(cx, &meta)?);
            } else if meta.path.is_ident(CHANGE_CLASS) {
                change_class.set_some(cx, &meta.path, class_path(cx, &meta)?);
            } else {
                not_understood = true;
                unknown(cx, &meta, "`#[options(...)]` on the struct", GROUP_SETTINGS)?;
            }
            Ok(())
        });
        if let Err(err) = parsed {
            // The rest of this attribute was not read: do not report settings as missing.
            not_understood = true;
            cx.syn_error(err);
        }
    }
    not_understood |= section.invalid() || title.invalid();
    GroupAttrs {
        section: section.get(),
        title: title.get(),
        description: description.get(),
        family: family.get(),
        releases: releases.get(),
        engine: engine.get(),
        root: Root::from_attr(root),
        change_class: change_class.get(),
        not_understood,
    }
}

/// Parses a field's `#[option(...)]`; reports `#[options]` put on a field.
pub fn option_attrs(cx: &Ctxt, attrs: &[syn::Attribute]) -> OptionAttrs {
    let mut key = Attr::none(KEY);
    let mut default = Attr::none(DEFAULT);
    let mut scope = Attr::none(SCOPE);
    let mut deprecated_keys = Attr::none(DEPRECATED_KEYS);
    let mut fallback_keys = Attr::none(FALLBACK_KEYS);
    let mut since = Attr::none(SINCE);
    let mut sensitive = Attr::none(SENSITIVE);
    let mut startup_only = Attr::none(STARTUP_ONLY);
    let mut hidden = Attr::none(HIDDEN);
    let mut mixed_case = Attr::none(MIXED_CASE);
    let mut deprecated = Attr::none(DEPRECATED);
    let mut default_doc = Attr::none(DEFAULT_DOC);
    let mut description = Attr::none(DESCRIPTION);
    let mut validate = Attr::none(VALIDATE);
    let mut min = Attr::none(MIN);
    let mut max = Attr::none(MAX);
    let mut one_of = Attr::none(ONE_OF);
    let mut only_when = Attr::none(ONLY_WHEN);
    let mut removed = Attr::none(REMOVED);
    let mut changed = Vec::new();
    let mut then_above = Attr::none(THEN_ABOVE);
    let mut change_class = Attr::none(CHANGE_CLASS);
    let mut not_understood = false;
    for attr in attrs {
        if attr.path().is_ident(OPTIONS) {
            not_understood = true;
            cx.error_spanned_by(
                attr,
                "`#[options(...)]` belongs on the struct; on a field use `#[option(key = \"...\", ...)]`",
            );
            continue;
        }
        if !attr.path().is_ident(OPTION) {
            continue;
        }
        let parsed = attr.parse_nested_meta(|meta| {
            let path = &meta.path;
            let span = path.get_ident().map(|i| i.span());
            // The setting's name as text once: comparing an identifier with a string asks the
            // compiler for its text each time, and a debug-built macro (how a dependent crate
            // builds it) pays for every ask.
            let name = path.get_ident().map(ToString::to_string);
            match name.as_deref() {
                Some(KEY) => key.set_some(cx, path, string(cx, &meta)?),
                Some(DEFAULT) => default.set(cx, path, default_value(&meta)?),
                Some(SCOPE) => scope.set_some(cx, path, string(cx, &meta)?),
                Some(DEPRECATED_KEYS) => deprecated_keys.set(cx, path, string_list(cx, &meta)?),
                Some(FALLBACK_KEYS) => fallback_keys.set(cx, path, string_list(cx, &meta)?),
                Some(SINCE) => since.set_some(cx, path, string(cx, &meta)?),
                Some(SENSITIVE) => sensitive.set(cx, path, flag(&meta, span)?),
                Some(STARTUP_ONLY) => startup_only.set(cx, path, flag(&meta, span)?),
                Some(HIDDEN) => hidden.set(cx, path, flag(&meta, span)?),
                Some(MIXED_CASE) => mixed_case.set(cx, path, flag(&meta, span)?),
                Some(DEPRECATED) => deprecated.set_some(cx, path, deprecation(cx, &meta)?),
                Some(MIN) => min.set(cx, path, meta.value()?.parse::<Expr>()?),
                Some(MAX) => max.set(cx, path, meta.value()?.parse::<Expr>()?),
                Some(ONE_OF) => one_of.set(cx, path, string_list(cx, &meta)?),
                Some(ONLY_WHEN) => only_when.set_some(cx, path, string(cx, &meta)?),
                Some(REMOVED) => removed.set_some(cx, path, note(cx, &meta)?),
                Some(CHANGED) => changed.push(changed_attr(cx, &meta)?),
                Some(THEN_ABOVE) => then_above.set(cx, path, meta.value()?.parse::<Expr>()?),
                Some(CHANGE_CLASS) => change_class.set_some(cx, path, class_path(cx, &meta)?),
                Some(DEFAULT_DOC) => default_doc.set_some(cx, path, string(cx, &meta)?),
                Some(DESCRIPTION) => description.set_some(cx, path, string(cx, &meta)?),
                Some(VALIDATE) => {
                    validate.set_some(cx, path, Some(meta.value()?.parse::<syn::Path>()?))
                }
                _ => {
                    not_understood = true;
                    unknown(cx, &meta, "`#[option(...)]` on a field", OPTION_SETTINGS)?;
                }
            }
            Ok(())
        });
        if let Err(err) = parsed {
            // The rest of this attribute was not read: do not report settings as missing.
            not_understood = true;
            cx.syn_error(err);
        }
    }
    not_understood |= key.invalid();
    OptionAttrs {
        key: key.get(),
        default: default.get(),
        scope: scope.get(),
        deprecated_keys: deprecated_keys.get().unwrap_or_default(),
        fallback_keys: fallback_keys.get().unwrap_or_default(),
        since: since.get(),
        sensitive: sensitive.get().flatten(),
        startup_only: startup_only.get().flatten(),
        hidden: hidden.get().flatten(),
        mixed_case: mixed_case.get().flatten(),
        deprecated: deprecated.get(),
        min: min.get(),
        max: max.get(),
        one_of: one_of.get(),
        only_when: only_when.get(),
        then_above: then_above.get(),
        default_doc: default_doc.get(),
        description: description.get(),
        validate: validate.get(),
        removed: removed.get(),
        change_class: change_class.get(),
        changed,
        not_understood,
    }
}

/// `changed(release = "1.20", value_type = "Long", default = 30000, ...)`.
fn changed_attr(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<ChangedAttr> {
    let mut release = Attr::none(RELEASE);
    let mut value_type = Attr::none(VALUE_TYPE);
    let mut default = Attr::none(DEFAULT);
    let mut no_default = Attr::none(NO_DEFAULT);
    let mut documented = Attr::none(DOCUMENTED);
    let mut hidden = Attr::none(HIDDEN);
    let mut values = Attr::none(VALUES);
    let mut deprecated_keys = Attr::none(DEPRECATED_KEYS);
    let mut fallback_keys = Attr::none(FALLBACK_KEYS);
    if !meta.input.peek(syn::token::Paren) {
        return Err(meta.error(
            "`changed` lists what a release changed, as it was before: `changed(release = \"1.20\", default = 30000)`",
        ));
    }
    meta.parse_nested_meta(|inner| {
        let path = &inner.path;
        let span = path.get_ident().map(|i| i.span());
        let name = path.get_ident().map(ToString::to_string);
        match name.as_deref() {
            Some(RELEASE) => release.set_some(cx, path, string(cx, &inner)?),
            Some(VALUE_TYPE) => value_type.set_some(cx, path, string(cx, &inner)?),
            Some(DEFAULT) => default.set(cx, path, default_value(&inner)?),
            Some(NO_DEFAULT) => no_default.set(cx, path, flag(&inner, span)?),
            Some(DOCUMENTED) => documented.set(cx, path, flag(&inner, span)?),
            Some(HIDDEN) => hidden.set(cx, path, flag(&inner, span)?),
            Some(VALUES) => values.set(cx, path, string_list(cx, &inner)?),
            Some(DEPRECATED_KEYS) => deprecated_keys.set(cx, path, string_list(cx, &inner)?),
            Some(FALLBACK_KEYS) => fallback_keys.set(cx, path, string_list(cx, &inner)?),
            _ => unknown(cx, &inner, "`changed(...)`", CHANGED_SETTINGS)?,
        }
        Ok(())
    })?;
    Ok(ChangedAttr {
        at: meta.path.clone(),
        release: release.get(),
        value_type: value_type.get(),
        default: default.get(),
        no_default: no_default.get().flatten(),
        documented: documented.get().flatten(),
        hidden: hidden.get().flatten(),
        values: values.get(),
        deprecated_keys: deprecated_keys.get(),
        fallback_keys: fallback_keys.get(),
    })
}

/// Where the runtime is: `crate = path`, or the default `::options_core`.
pub struct Root {
    /// The declared path; `None` for the default.
    pub path: Option<syn::Path>,
    /// `crate = ...` was given with something other than a path (already reported): nothing
    /// generated could name the runtime, so the derive emits no stand-in items.
    pub invalid: bool,
}

impl Root {
    pub fn from_attr(attr: Attr<syn::Path>) -> Self {
        let invalid = attr.invalid();
        Root {
            path: attr.get(),
            invalid,
        }
    }
}

/// `crate = path`: a path without generics. A string (serde's spelling) or anything else is
/// reported with the spelling to write, and parsing goes on.
pub fn root_path(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<Option<syn::Path>> {
    let value = meta.value()?;
    if let Some(lit) = lone_string(value) {
        let text = lit.value();
        let written = if syn::parse_str::<syn::Path>(&text).is_ok() {
            text
        } else {
            "my_engine::options".to_owned()
        };
        cx.error_spanned_by(
            &lit,
            format!("`crate` takes a path, not a string: write `crate = {written}`"),
        );
        return Ok(None);
    }
    let fork = value.fork();
    if let Ok(path) = fork.call(syn::Path::parse_mod_style) {
        if fork.is_empty() || fork.peek(Token![,]) {
            value.advance_to(&fork);
            return Ok(Some(path));
        }
    }
    // Whatever it is, up to the next setting: it need not parse as anything.
    let mut other = TokenStream::new();
    while !value.is_empty() && !value.peek(Token![,]) {
        other.extend([value.parse::<proc_macro2::TokenTree>()?]);
    }
    cx.error_spanned_by(
        other,
        "`crate` takes the path of a module that re-exports `options_core` (or of the crate under another name), without generics: `crate = my_engine::options`",
    );
    Ok(None)
}

/// Reports an unknown setting with where it is and what is accepted, then skips its value so the
/// rest of the attribute is still checked.
fn unknown(cx: &Ctxt, meta: &ParseNestedMeta, place: &str, valid: &[&str]) -> syn::Result<()> {
    let name = meta.path.to_token_stream().to_string().replace(' ', "");
    cx.error_spanned_by(
        &meta.path,
        match closest(&name, valid) {
            Some(near) => format!(
                "unknown setting `{name}` in {place}; did you mean `{near}`? (expected one of: {})",
                valid.join(", ")
            ),
            None => format!(
                "unknown setting `{name}` in {place}; expected one of: {}",
                valid.join(", ")
            ),
        },
    );
    if meta.input.peek(syn::Token![=]) {
        meta.value()?.parse::<Expr>()?;
    } else if meta.input.peek(syn::token::Paren) {
        meta.parse_nested_meta(|inner| {
            if inner.input.peek(syn::Token![=]) {
                inner.value()?.parse::<Expr>()?;
            }
            Ok(())
        })?;
    }
    Ok(())
}

/// The valid name closest to `name`, if it is within the workspace's typo allowance
/// ([`options_grammar::distance::within_typos`], the rule runtime key suggestions use too).
fn closest<'v>(name: &str, valid: &[&'v str]) -> Option<&'v str> {
    valid
        .iter()
        .filter_map(|v| within_typos(name, v).map(|d| (d, *v)))
        .min_by_key(|(d, _)| *d)
        .map(|(_, v)| v)
}

/// `name = "..."`; another kind of value is reported (and `None` returned) so parsing goes on.
fn string(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<Option<LitStr>> {
    let value = meta.value()?;
    if let Some(lit) = lone_string(value) {
        return Ok(Some(lit));
    }
    let expr: Expr = value.parse()?;
    match expr {
        Expr::Lit(syn::ExprLit {
            lit: Lit::Str(s), ..
        }) => Ok(Some(s)),
        other => {
            let name = meta.path.to_token_stream().to_string();
            cx.error_spanned_by(
                other,
                format!("`{name}` takes a string literal: `{name} = \"...\"`"),
            );
            Ok(None)
        }
    }
}

fn default_value(meta: &ParseNestedMeta) -> syn::Result<DefaultAttr> {
    let value = meta.value()?;
    if let Some(lit) = lone_string(value) {
        return Ok(DefaultAttr::Str(lit));
    }
    let expr: Expr = value.parse()?;
    Ok(match expr {
        Expr::Lit(syn::ExprLit {
            lit: Lit::Str(s), ..
        }) => DefaultAttr::Str(s),
        other => DefaultAttr::Expr(other),
    })
}

/// A setting's value that is a lone string literal (nearly every value), read without syn's
/// expression parser, which this macro pays for in full: it runs as a debug build in every crate
/// that uses it. `None` (nothing consumed) for anything else.
fn lone_string(value: ParseStream) -> Option<LitStr> {
    if !value.peek(LitStr) {
        return None;
    }
    let fork = value.fork();
    let lit: LitStr = fork.parse().ok()?;
    if !(fork.is_empty() || fork.peek(Token![,])) {
        return None;
    }
    value.advance_to(&fork);
    Some(lit)
}

/// `name = ["a", "b"]`; a non-string item is reported and skipped.
fn string_list(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<Vec<LitStr>> {
    let name = meta.path.to_token_stream().to_string();
    let items = bracketed_exprs(meta.value()?).map_err(|e| {
        syn::Error::new(
            e.span(),
            format!("`{name}` takes a list of keys: `{name} = [\"a.b\", \"a.c\"]`"),
        )
    })?;
    let mut keys = Vec::new();
    for item in items {
        match item {
            Expr::Lit(syn::ExprLit {
                lit: Lit::Str(s), ..
            }) => keys.push(s),
            other => cx.error_spanned_by(other, format!("items of `{name}` are string literals")),
        }
    }
    Ok(keys)
}

/// `[a, b, ...]`: the items of a bracketed list, parsed without syn's `full` feature (which the
/// derive does not otherwise need, and which doubles syn's build).
fn bracketed_exprs(
    input: syn::parse::ParseStream,
) -> syn::Result<Punctuated<Expr, syn::Token![,]>> {
    let content;
    syn::bracketed!(content in input);
    Punctuated::parse_terminated(&content)
}

/// `change_class = path::TO::CLASS`: a path to the engine's `ChangeClass` const. A string (the
/// class's id, as a user who read the docs may write) is reported with the form to use, and
/// `None` returned so parsing goes on.
fn class_path(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<Option<syn::Path>> {
    let value = meta.value()?;
    if let Some(lit) = lone_string(value) {
        cx.error_spanned_by(
            &lit,
            format!(
                "`change_class` takes a path to an `options_core::ChangeClass` const, not a string: `change_class = engine::{}`",
                lit.value().to_uppercase().replace(['-', ' '], "_")
            ),
        );
        return Ok(None);
    }
    Ok(Some(value.parse::<syn::Path>()?))
}

/// `removed = "2.0: use ..."`: a note with the release and what replaces the option.
fn note(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<Option<LitStr>> {
    if !meta.input.peek(syn::Token![=]) {
        cx.error_spanned_by(
            &meta.path,
            "`removed` takes a note with the release that removed the option and what replaces it: `removed = \"2.0: use other.key\"`",
        );
        return Ok(None);
    }
    string(cx, meta)
}

/// `deprecated = "1.18: use ..."`; the bare flag of earlier versions is reported with the spelling.
fn deprecation(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<Option<LitStr>> {
    if !meta.input.peek(syn::Token![=]) {
        cx.error_spanned_by(
            &meta.path,
            "`deprecated` takes a note with the version and what replaces the option: `deprecated = \"1.18: use other.key\"`",
        );
        return Ok(None);
    }
    string(cx, meta)
}

fn flag(meta: &ParseNestedMeta, span: Option<Span>) -> syn::Result<Flag> {
    if meta.input.peek(syn::Token![=]) || meta.input.peek(syn::token::Paren) {
        let name = meta.path.to_token_stream().to_string();
        return Err(meta.error(format!(
            "`{name}` is a flag and takes no value: write `{name}` alone"
        )));
    }
    Ok(span)
}
