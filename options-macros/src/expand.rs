//! Tokens for a checked [`Group`]: handles, metadata, `Default`, `from_config`, `OptionGroup`.

use options_grammar::scope::Scope;
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;
use syn::LitStr;

use crate::ast::{Field, Group};
use crate::default::DefaultPlan;
use crate::docs::{self, HandleDoc};
use crate::facts::{self, Facts};
use crate::history::{self, HistoryPlan};
use crate::key_tokens::keys;
use crate::root::{self, PRIVATE};
use crate::rules::RulesPlan;
use crate::shape::type_text;

/// The name of the hidden table holding every option's metadata, in declaration order.
const TABLE: &str = "__OPTION_METAS";

/// The whole expansion; `plans` and `rules` hold one plan per field, in order.
///
/// Shaped for compile time (a group may declare hundreds of options, and every build of the
/// declaring crate pays for them): one metadata table per group instead of a const per option,
/// key hashes computed here instead of in `const` evaluation, and `from_config`/`Default` as one
/// plain function per group calling a shared generic reader, rather than a generic body per group.
pub fn group(
    group: &Group<'_>,
    plans: &[DefaultPlan],
    rules: &[RulesPlan],
    histories: &[HistoryPlan],
) -> TokenStream {
    let ident = group.ident;
    let table = syn::Ident::new(TABLE, proc_macro2::Span::call_site());
    let count = group.fields.len();
    let mut uses_some = false;
    let metas: Vec<_> = group
        .fields
        .iter()
        .zip(plans)
        .zip(rules.iter().zip(histories))
        .map(|((f, p), (r, h))| {
            let facts = facts(f, r, h);
            uses_some |= facts.uses_some();
            facts.apply_to(declared(f, p))
        })
        .collect();
    // Declared only when used: an unused import would warn in the declaring crate.
    let some = uses_some.then(|| {
        let alias = syn::Ident::new(facts::SOME, proc_macro2::Span::call_site());
        quote!(use ::core::option::Option::Some as #alias;)
    });
    let engine = group.attrs.engine.as_ref().map(path_text);
    let group_class = group.attrs.change_class.as_ref().map(path_text);
    let handles = group
        .fields
        .iter()
        .zip(plans)
        .zip(rules.iter().zip(histories))
        .enumerate()
        .map(|(i, ((f, p), (r, h)))| {
            let class = f.attrs.change_class.as_ref().map(path_text);
            let class = class.or_else(|| group_class.clone());
            handle(f, p, r, h, (&table, i), engine.as_deref(), class.as_deref())
        });
    let release_checks = history::release_checks(group, histories);
    let checks = plans.iter().map(|p| &p.checks);
    let from_config = from_config(group);
    let default = default_impl(group);
    let option_group = option_group(group, &table);
    let metas = quote!([#(#metas),*]);
    let metas = match &group.attrs.change_class {
        Some(class) => group_change_class(metas, class, count),
        None => metas,
    };
    // The table's entries name the runtime's items through short local aliases: a group of
    // hundreds of options spells them once per option, and every token costs the compiler.
    let items = quote! {
        impl #ident {
            #[doc(hidden)]
            const #table: [#PRIVATE::OptionMeta; #count] = {
                use #PRIVATE::declared as __options_declared;
                use #PRIVATE::DefaultDoc as __OptionsDefaultDoc;
                use #PRIVATE::Scope as __OptionsScope;
                #some
                #metas
            };
            #(#handles)*
            #from_config
        }
        #default
        #option_group
        #(#checks)*
        #release_checks
    };
    root::wrap(group.attrs.root.path.as_ref(), items)
}

/// The table `metas` with the group's `change_class` given to every option that declares none:
/// one loop in the constant rather than an assignment per option (a group may have hundreds).
/// The class is taken by reference spanned at the user's path, so a path to something else than
/// an `options_core::ChangeClass` is reported there.
fn group_change_class(metas: TokenStream, class: &syn::Path, count: usize) -> TokenStream {
    let span = class.span();
    let class = quote_spanned!(span=> &#class);
    let (table, i) = (
        syn::Ident::new("table", proc_macro2::Span::mixed_site()),
        syn::Ident::new("i", proc_macro2::Span::mixed_site()),
    );
    quote! {{
        let mut #table = #metas;
        let mut #i = 0;
        while #i < #count {
            if #table[#i].change_class.is_none() {
                #table[#i].change_class = ::core::option::Option::Some(#class);
            }
            #i += 1;
        }
        #table
    }}
}

/// The text of a path as written (`crate::engine::JOB_SUBMISSION`), for rustdoc.
fn path_text(path: &syn::Path) -> String {
    quote::ToTokens::to_token_stream(path)
        .to_string()
        .replace(' ', "")
}

/// The declared scope (`valid` reported a malformed one already).
fn scope(field: &Field<'_>) -> Scope {
    field
        .scope_text
        .as_deref()
        .and_then(|s| Scope::parse(s).ok())
        .unwrap_or(Scope::None)
}

/// The variant of `Scope` naming `scope`.
fn scope_variant(scope: Scope) -> syn::Ident {
    let variant = match scope {
        Scope::None => "None",
        Scope::Batch => "Batch",
        Scope::Streaming => "Streaming",
        Scope::Both => "Both",
    };
    syn::Ident::new(variant, proc_macro2::Span::call_site())
}

/// The common facts of one option: one `const fn` call.
fn declared(field: &Field<'_>, plan: &DefaultPlan) -> TokenStream {
    let ty = field.ty;
    let key = field.key();
    let hash = options_grammar::key::key_hash(key);
    let sensitive = options_grammar::key::is_sensitive_key(key);
    let description = field.description().unwrap_or_default();
    let scope = scope_variant(scope(field));
    let doc = &plan.doc;
    // One `quote!`, without nested token streams: in the debug build a dependent crate makes of
    // this macro, each nested stream spliced in costs more than its tokens.
    quote! {
        __options_declared::<#ty>(
            #key, #hash, #sensitive, #doc, #description, __OptionsScope::#scope,
        )
    }
}

/// The rarer facts of one option, as field assignments (none for most options).
fn facts(field: &Field<'_>, rules: &RulesPlan, history: &HistoryPlan) -> Facts {
    let attrs = &field.attrs;
    let mut facts = Facts::default();
    if !attrs.fallback_keys.is_empty() {
        facts.set(quote!(fallback_keys), keys(&attrs.fallback_keys));
    }
    if !attrs.deprecated_keys.is_empty() {
        facts.set(quote!(deprecated_keys), keys(&attrs.deprecated_keys));
    }
    if let Some(since) = &attrs.since {
        facts.some(quote!(since), since);
    }
    if let Some(validate) = &attrs.validate {
        // Through a typed function spanned at the user's path, so a function of the wrong type
        // is reported there, as an argument of the wrong type.
        let span = syn::spanned::Spanned::span(validate);
        facts.set(quote!(validator), {
            let private = PRIVATE.at(span);
            quote_spanned!(span=> #private::validator(#validate))
        });
    }
    if let Some(class) = &attrs.change_class {
        let span = class.span();
        facts.some(quote!(change_class), quote_spanned!(span=> &#class));
    }
    facts.extend(&rules.facts);
    facts.extend(&history.facts);
    for (set, field_name) in [
        (
            attrs.sensitive.is_some() || field.shape.value.is_secret(),
            "sensitive",
        ),
        (attrs.startup_only.is_some(), "startup_only"),
        (attrs.hidden.is_some(), "hidden"),
    ] {
        if set {
            facts.flag(field_name);
        }
    }
    facts
}

/// The documented handle of the option at `index` of the group's table.
fn handle(
    field: &Field<'_>,
    plan: &DefaultPlan,
    rules: &RulesPlan,
    history: &HistoryPlan,
    (table, index): (&syn::Ident, usize),
    engine: Option<&str>,
    change_class: Option<&str>,
) -> TokenStream {
    let attrs = &field.attrs;
    let vis = field.vis;
    let handle = field.handle_name();
    let key = field.key();
    let description = field.description().unwrap_or_default();
    let scope = scope(field);
    let mut flags = Vec::new();
    for (set, text) in [
        (
            attrs.sensitive.is_some() || field.shape.value.is_secret(),
            "Sensitive: values are masked as `******` when shown",
        ),
        (
            attrs.startup_only.is_some(),
            "Startup only: set it before the environment is created",
        ),
        (
            attrs.hidden.is_some(),
            "Hidden: left out of the generated reference",
        ),
    ] {
        if set {
            flags.push(text);
        }
    }
    let class_flag = change_class.map(|path| format!("Change class: `{path}`"));
    flags.extend(class_flag.as_deref());
    if field.is_pattern() {
        flags.push("Pattern key: name the placeholder to read one instance, `HANDLE.instance(\"my-name\")`");
    }
    let text_keys = |list: &[LitStr]| list.iter().map(LitStr::value).collect::<Vec<_>>();
    let rows: Vec<_> = rules
        .doc_rows
        .iter()
        .chain(&history.doc_rows)
        .cloned()
        .collect();
    let handle_doc = docs::handle_doc(
        &description,
        &HandleDoc {
            key,
            default: &plan.doc_text,
            type_name: &field.shape.value.docs_name(),
            rust_type: field.shape.value.enum_type().map(type_text),
            scope,
            since: attrs.since.as_ref().map(LitStr::value).as_deref(),
            deprecated_keys: &text_keys(&attrs.deprecated_keys),
            fallback_keys: &text_keys(&attrs.fallback_keys),
            flags: &flags,
            rows: &rows,
            engine,
        },
    );
    let default = &plan.value;
    let (handle_kind, ty) = (field.handle_kind(), field.ty);
    // A hidden option is left out of every reference, rustdoc included.
    let hide = attrs.hidden.map(|_| quote!(#[doc(hidden)]));
    // `default = String::new()` becomes `|| String::new()`, which is the point.
    let allow = plan
        .closure
        .then(|| quote!(#[allow(clippy::redundant_closure)]));
    quote! {
        #[doc = #handle_doc]
        #hide
        #allow
        #vis const #handle: #PRIVATE::#handle_kind<#ty> =
            <#PRIVATE::#handle_kind<#ty>>::from_parts(Self::#table[#index], #default);
    }
}

/// `from_config`, a one-line generic wrapper, and `Default`, both over one plain function that
/// reads every field through the shared `GroupReader`.
fn from_config(group: &Group<'_>) -> TokenStream {
    let reads = group.fields.iter().map(|f| {
        let (name, handle) = (f.ident, f.handle_name());
        // Spanned at the field's type, so a type the reader cannot produce is reported there
        // (the span of the whole field would re-tokenize its doc comment and attributes).
        let span = f.ty.span();
        if f.is_pattern() {
            // A pattern has no single value: the snapshot holds its default; instances are read
            // through the handle.
            return quote_spanned!(span=> #name: Self::#handle.default_value().get());
        }
        quote_spanned!(span=> #name: __reader.read(&Self::#handle))
    });
    let summary = format!(
        "Reads every option of this group from `config` (unset options get their defaults).\n\n\
         # Errors\n\nEvery value of the {} options that does not parse, all together.",
        group.ident
    );
    quote! {
        #[doc = #summary]
        pub fn from_config(
            config: &impl #PRIVATE::ReadableConfig,
        ) -> ::core::result::Result<Self, #PRIVATE::ConfigErrors> {
            Self::__read_options(#PRIVATE::GroupReader::new(config))
        }

        fn __read_options(
            mut __reader: #PRIVATE::GroupReader<'_>,
        ) -> ::core::result::Result<Self, #PRIVATE::ConfigErrors> {
            let __group = Self { #(#reads),* };
            match __reader.finish() {
                ::core::option::Option::None => ::core::result::Result::Ok(__group),
                ::core::option::Option::Some(e) => ::core::result::Result::Err(e),
            }
        }
    }
}

/// `Default`: the same reads from a configuration with nothing set.
fn default_impl(group: &Group<'_>) -> TokenStream {
    let ident = group.ident;
    quote! {
        impl ::core::default::Default for #ident {
            /// Every option at its declared default.
            fn default() -> Self {
                match Self::__read_options(#PRIVATE::GroupReader::defaults()) {
                    ::core::result::Result::Ok(group) => group,
                    ::core::result::Result::Err(e) => {
                        #PRIVATE::GroupReader::defaults_failed(e)
                    }
                }
            }
        }
    }
}

fn option_group(group: &Group<'_>, table: &syn::Ident) -> TokenStream {
    let ident = group.ident;
    let text = |lit: &Option<LitStr>| lit.as_ref().map(LitStr::value).unwrap_or_default();
    let (id, title) = (text(&group.attrs.section), text(&group.attrs.title));
    let description = group.description();
    let family = text(&group.attrs.family);
    let releases = match group.release_line() {
        Some(line) => line.optional(),
        None => quote!(::core::option::Option::None),
    };
    let engine = group.attrs.engine.as_ref().map(|path| {
        quote! {
            fn engine() -> ::core::option::Option<&'static #PRIVATE::Engine> {
                ::core::option::Option::Some(&#path)
            }
        }
    });
    quote! {
        impl #PRIVATE::OptionGroup for #ident {
            #engine
            fn group() -> &'static #PRIVATE::GroupMeta {
                static GROUP: #PRIVATE::GroupMeta = #PRIVATE::GroupMeta {
                    id: #id,
                    title: #title,
                    description: #description,
                    family: #family,
                    options: &#ident::#table,
                    releases: #releases,
                };
                &GROUP
            }
        }
    }
}
