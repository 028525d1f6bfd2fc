//! The typed model of a `#[derive(Options)]` input. It borrows from syn and keeps the original
//! tokens, so later stages can point errors at what the user wrote.

use proc_macro2::TokenStream;
use quote::quote_spanned;
use syn::{Data, DeriveInput, Fields, Ident, Visibility};

use crate::attr::{self, GroupAttrs, OptionAttrs};
use crate::ctxt::Ctxt;
use crate::docs;
use crate::root::PRIVATE;
use crate::shape::FieldShape;

/// A struct declaring a group of options.
pub struct Group<'a> {
    pub ident: &'a Ident,
    pub attrs: GroupAttrs,
    /// The struct's doc comment (the group description unless `description = ...` is given).
    pub doc: Option<String>,
    pub fields: Vec<Field<'a>>,
}

/// Where a group's releases come from (see [`Group::release_line`]).
pub enum ReleaseLine<'g> {
    /// `releases = path`: a `Releases` of the group's own.
    Declared(&'g syn::Path),
    /// `engine = path`: the engine's `releases`, which it may lack; only `const` evaluation knows,
    /// so the checks that need releases fail there when it does.
    OfEngine(&'g syn::Path),
}

impl ReleaseLine<'_> {
    /// An expression of type `Option<&'static Releases>`.
    pub fn optional(&self) -> TokenStream {
        match self {
            ReleaseLine::Declared(path) => {
                let span = syn::spanned::Spanned::span(path);
                quote_spanned!(span=> ::core::option::Option::Some(&#path))
            }
            ReleaseLine::OfEngine(path) => {
                let span = syn::spanned::Spanned::span(path);
                quote_spanned!(span=> #path.releases)
            }
        }
    }

    /// How messages name it: "the group's releases (`releases = X`)".
    pub fn describe(&self) -> String {
        match self {
            ReleaseLine::Declared(path) => {
                format!("the group's releases (`releases = {}`)", path_text(path))
            }
            ReleaseLine::OfEngine(path) => {
                format!(
                    "the releases of the group's engine (`engine = {}`)",
                    path_text(path)
                )
            }
        }
    }
}

/// A path as written, without the spaces tokens print with.
pub fn path_text(path: &syn::Path) -> String {
    quote::ToTokens::to_token_stream(path)
        .to_string()
        .replace(' ', "")
}

/// One field: one option.
pub struct Field<'a> {
    pub ident: &'a Ident,
    pub vis: &'a Visibility,
    pub ty: &'a syn::Type,
    pub shape: FieldShape<'a>,
    pub attrs: OptionAttrs,
    /// The field's doc comment.
    pub doc: Option<String>,
    /// The key's text, read from its literal once: every stage asks for it, and reading a string
    /// literal is slow in a debug-built macro, which is how a dependent crate builds it.
    key: String,
    /// The scope's text, read once for the same reason (`None` when not declared).
    pub scope_text: Option<String>,
}

impl<'a> Group<'a> {
    /// The model of `input`; `None` (with an error reported) when it is not a struct with named
    /// fields.
    pub fn from_ast(cx: &Ctxt, input: &'a DeriveInput) -> Option<Self> {
        let attrs = attr::group_attrs(cx, &input.attrs);
        if !input.generics.params.is_empty() {
            cx.error_spanned_by(
                &input.generics,
                "`#[derive(Options)]` does not support generics: the option metadata is a `static`",
            );
        }
        let named = match &input.data {
            Data::Struct(s) => match &s.fields {
                Fields::Named(named) => named,
                _ => {
                    cx.error_spanned_by(
                        &input.ident,
                        "`#[derive(Options)]` needs a struct with named fields (one field per option)",
                    );
                    return None;
                }
            },
            _ => {
                cx.error_spanned_by(
                    &input.ident,
                    "`#[derive(Options)]` only applies to structs (one field per option); for an option value type use `#[derive(ConfigEnum)]`",
                );
                return None;
            }
        };
        let fields = named.named.iter().map(|f| Field::from_ast(cx, f)).collect();
        Some(Group {
            ident: &input.ident,
            attrs,
            doc: docs::doc_comment(&input.attrs),
            fields,
        })
    }

    /// Where the options' histories find their releases: the group's own `releases = ...`, else
    /// its engine's; `None` when the group names neither.
    pub fn release_line(&self) -> Option<ReleaseLine<'_>> {
        match (&self.attrs.releases, &self.attrs.engine) {
            (Some(path), _) => Some(ReleaseLine::Declared(path)),
            (None, Some(path)) => Some(ReleaseLine::OfEngine(path)),
            (None, None) => None,
        }
    }

    /// The group description: the `description` setting, else the doc comment, else empty.
    pub fn description(&self) -> String {
        match &self.attrs.description {
            Some(d) => d.value(),
            None => self.doc.clone().unwrap_or_default(),
        }
    }
}

impl<'a> Field<'a> {
    fn from_ast(cx: &Ctxt, field: &'a syn::Field) -> Self {
        let attrs = attr::option_attrs(cx, &field.attrs);
        let key = attrs.key.as_ref().map(|k| k.value()).unwrap_or_default();
        let scope_text = attrs.scope.as_ref().map(|s| s.value());
        Field {
            ident: field.ident.as_ref().expect("named field"),
            vis: &field.vis,
            ty: &field.ty,
            shape: FieldShape::of(&field.ty),
            attrs,
            doc: docs::doc_comment(&field.attrs),
            key,
            scope_text,
        }
    }

    /// Whether the option has a description (a `description` setting or a doc comment).
    pub fn has_description(&self) -> bool {
        self.attrs.description.is_some() || self.doc.is_some()
    }

    /// The option description: the `description` setting, else the doc comment.
    pub fn description(&self) -> Option<String> {
        match &self.attrs.description {
            Some(d) => Some(d.value()),
            None => self.doc.clone(),
        }
    }

    /// The handle's name: the field name in upper case (`async_lookup_timeout` ->
    /// `ASYNC_LOOKUP_TIMEOUT`).
    pub fn handle_name(&self) -> Ident {
        let name = self.ident.to_string();
        let name = name.strip_prefix("r#").unwrap_or(&name);
        Ident::new(&name.to_ascii_uppercase(), self.ident.span())
    }

    /// Whether the key holds a placeholder (`metrics.reporter.<name>.interval`): the handle is
    /// then a `PatternOption`, which names the placeholder's value to read one instance.
    pub fn is_pattern(&self) -> bool {
        self.key().contains('<')
    }

    /// The handle's type: `ConfigOption<T>`, or `PatternOption<T>` for a pattern key.
    pub fn handle_type(&self) -> proc_macro2::TokenStream {
        let (kind, ty) = (self.handle_kind(), self.ty);
        quote::quote!(#PRIVATE::#kind<#ty>)
    }

    /// The handle type's name: `ConfigOption`, or `PatternOption` for a pattern key.
    pub fn handle_kind(&self) -> Ident {
        let kind = if self.is_pattern() {
            "PatternOption"
        } else {
            "ConfigOption"
        };
        Ident::new(kind, proc_macro2::Span::call_site())
    }

    /// The key as declared, or empty when missing (already reported).
    pub fn key(&self) -> &str {
        &self.key
    }
}
