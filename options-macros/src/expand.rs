//! Tokens for a checked [`Group`]: handles, metadata, `Default`, `from_config`, `OptionGroup`.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;
use syn::LitStr;

use crate::ast::{Field, Group};
use crate::default::DefaultPlan;
use crate::docs::{self, HandleDoc};
use crate::rules::RulesPlan;
use crate::shape::type_text;
use crate::valid::{parse_scope, ScopeKind};

/// The whole expansion; `plans` and `rules` hold one plan per field, in order.
pub fn group(group: &Group<'_>, plans: &[DefaultPlan], rules: &[RulesPlan]) -> TokenStream {
    let ident = group.ident;
    let consts = group
        .fields
        .iter()
        .zip(plans)
        .zip(rules)
        .map(|((f, p), r)| option_consts(f, p, r));
    let checks = plans.iter().map(|p| &p.checks);
    let from_config = from_config(group);
    let default = default_impl(group);
    let option_group = option_group(group);
    quote! {
        impl #ident {
            #(#consts)*
            #from_config
        }
        #default
        #option_group
        #(#checks)*
    }
}

fn scope(field: &Field<'_>) -> ScopeKind {
    field
        .attrs
        .scope
        .as_ref()
        .and_then(|s| parse_scope(&s.value()).ok())
        .unwrap_or(ScopeKind::None)
}

fn keys(keys: &[LitStr]) -> TokenStream {
    quote!(&[#(::options_core::OptionKey::new(#keys)),*])
}

/// The hidden metadata const and the documented handle of one option.
fn option_consts(field: &Field<'_>, plan: &DefaultPlan, rules: &RulesPlan) -> TokenStream {
    let attrs = &field.attrs;
    let (vis, ty) = (field.vis, field.ty);
    let (handle, meta) = (field.handle_name(), field.meta_name());
    let key = field.key();
    let description = field.description().unwrap_or_default();
    let scope = scope(field);
    let scope_variant = syn::Ident::new(scope.variant(), proc_macro2::Span::call_site());
    let doc = &plan.doc;
    let mut builder = quote! {
        ::options_core::OptionMeta::new::<#ty>(#key)
            .default_doc(#doc)
            .description(#description)
            .scope(::options_core::Scope::#scope_variant)
    };
    if !attrs.fallback_keys.is_empty() {
        let list = keys(&attrs.fallback_keys);
        builder.extend(quote!(.fallback_keys(#list)));
    }
    if !attrs.deprecated_keys.is_empty() {
        let list = keys(&attrs.deprecated_keys);
        builder.extend(quote!(.deprecated_keys(#list)));
    }
    if let Some(since) = &attrs.since {
        builder.extend(quote!(.since(#since)));
    }
    if let Some(validate) = &attrs.validate {
        // Spanned at the user's path, so a function of the wrong type is reported there.
        builder.extend(
            quote::quote_spanned!(syn::spanned::Spanned::span(validate)=> .validator(#validate)),
        );
    }
    builder.extend(rules.builder.clone());
    let mut flags = Vec::new();
    for (set, method, text) in [
        (
            attrs.sensitive.is_some() || field.shape.value.is_secret(),
            "sensitive",
            "Sensitive: values are masked as `******` when shown",
        ),
        (
            attrs.startup_only.is_some(),
            "startup_only",
            "Startup only: set it before the environment is created",
        ),
        (
            attrs.hidden.is_some(),
            "hidden",
            "Hidden: left out of the generated reference",
        ),
    ] {
        if set {
            let method = syn::Ident::new(method, proc_macro2::Span::call_site());
            builder.extend(quote!(.#method()));
            flags.push(text);
        }
    }
    let text_keys = |list: &[LitStr]| list.iter().map(LitStr::value).collect::<Vec<_>>();
    let handle_doc = docs::handle_doc(
        &description,
        &HandleDoc {
            key: &key,
            default: &plan.doc_text,
            type_name: &field.shape.value.docs_name(),
            rust_type: field.shape.value.enum_type().map(type_text),
            scope: scope.text(),
            since: attrs.since.as_ref().map(LitStr::value).as_deref(),
            deprecated_keys: &text_keys(&attrs.deprecated_keys),
            fallback_keys: &text_keys(&attrs.fallback_keys),
            flags: &flags,
            rows: &rules.doc_rows,
        },
    );
    let default = &plan.value;
    // A hidden option is left out of every reference, rustdoc included.
    let hide = attrs.hidden.map(|_| quote!(#[doc(hidden)]));
    quote! {
        #[doc(hidden)]
        #vis const #meta: ::options_core::OptionMeta = #builder;
        #[doc = #handle_doc]
        #hide
        // `default = String::new()` becomes `|| String::new()`, which is the point.
        #[allow(clippy::redundant_closure)]
        #vis const #handle: ::options_core::ConfigOption<#ty> =
            ::options_core::ConfigOption::from_parts(Self::#meta, #default);
    }
}

fn from_config(group: &Group<'_>) -> TokenStream {
    // Locals get a prefix so a field named `config` or `errors` cannot shadow what we use.
    let fields: Vec<_> = group.fields.iter().map(|f| f.ident).collect();
    let names: Vec<_> = group
        .fields
        .iter()
        .map(|f| quote::format_ident!("__value_{}", f.ident))
        .collect();
    let reads = group.fields.iter().zip(&names).map(|(f, name)| {
        let handle = f.handle_name();
        quote_spanned!(f.original.span()=>
            let #name = ::options_core::ReadableConfig::try_get(config, &Self::#handle);
        )
    });
    let summary = format!(
        "Reads every option of this group from `config` (unset options get their defaults).\n\n\
         # Errors\n\nEvery value of the {} options that does not parse, all together.",
        group.ident
    );
    quote! {
        #[doc = #summary]
        pub fn from_config(
            config: &impl ::options_core::ReadableConfig,
        ) -> ::core::result::Result<Self, ::options_core::ConfigErrors> {
            #(#reads)*
            match (#(#names,)*) {
                (#(::core::result::Result::Ok(#names),)*) => ::core::result::Result::Ok(Self { #(#fields: #names),* }),
                (#(#names,)*) => {
                    let mut __errors = ::std::vec::Vec::new();
                    #(
                        if let ::core::result::Result::Err(e) = #names {
                            __errors.push(e);
                        }
                    )*
                    ::core::result::Result::Err(::options_core::ConfigErrors(__errors))
                }
            }
        }
    }
}

fn default_impl(group: &Group<'_>) -> TokenStream {
    let ident = group.ident;
    let fields = group.fields.iter().map(|f| {
        let (name, handle) = (f.ident, f.handle_name());
        quote!(#name: Self::#handle.default_value().get())
    });
    quote! {
        impl ::core::default::Default for #ident {
            /// Every option at its declared default.
            fn default() -> Self {
                Self { #(#fields),* }
            }
        }
    }
}

fn option_group(group: &Group<'_>) -> TokenStream {
    let ident = group.ident;
    let text = |lit: &Option<LitStr>| lit.as_ref().map(LitStr::value).unwrap_or_default();
    let (id, title) = (text(&group.attrs.section), text(&group.attrs.title));
    let description = group.description();
    let metas = group.fields.iter().map(Field::meta_name);
    quote! {
        const _: () = {
            impl ::options_core::OptionGroup for #ident {
                fn group() -> &'static ::options_core::GroupMeta {
                    static GROUP: ::options_core::GroupMeta = ::options_core::GroupMeta {
                        id: #id,
                        title: #title,
                        description: #description,
                        options: &[#(#ident::#metas),*],
                    };
                    &GROUP
                }
            }
        };
    }
}
