//! The one path generated code names the runtime by. Every expansion opens with
//! `use <root>::__private as __options;` inside its `const _: () = { ... };` block and names each
//! runtime item as `__options::Item` (the [`PRIVATE`] token); `::core::...` is the only other
//! path it writes. The root is `::options_core` unless the declaration says
//! `#[options(crate = path)]` (`#[config(crate = path)]` on a `ConfigEnum`), as a crate does that
//! renames the dependency or an engine facade that re-exports the derive.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{quote, quote_spanned, ToTokens, TokenStreamExt};

/// The alias of `<root>::__private` inside an expansion.
const ALIAS: &str = "__options";

/// `__options`: write `#PRIVATE::Item` for a runtime item in any generated code.
pub const PRIVATE: Private = Private;

/// The token of [`PRIVATE`].
#[derive(Clone, Copy)]
pub struct Private;

impl Private {
    /// The alias spanned at `span`, for tokens `quote_spanned!` puts at the user's code: an
    /// error about the call (a `validate` function of the wrong type) then points there alone.
    pub fn at(self, span: Span) -> Ident {
        Ident::new(ALIAS, span)
    }
}

impl ToTokens for Private {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        tokens.append(Ident::new(ALIAS, Span::call_site()));
    }
}

/// `use <root>::__private as __options;`, spanned at a declared root so a path that does not
/// resolve (or names a crate without the runtime) is reported at the user's attribute.
fn import(root: Option<&syn::Path>) -> TokenStream {
    match root {
        Some(path) => {
            let span = syn::spanned::Spanned::span(path);
            quote_spanned!(span=> use #path::__private as #PRIVATE;)
        }
        None => quote!(use ::options_core::__private as #PRIVATE;),
    }
}

/// `const _: () = { use <root>::__private as __options; <items> };`: the items see the alias, and
/// impls inside an anonymous `const` apply everywhere, as serde's and pin-project's do.
pub fn wrap(root: Option<&syn::Path>, items: TokenStream) -> TokenStream {
    if items.is_empty() {
        return items;
    }
    let import = import(root);
    quote! {
        const _: () = {
            #import
            #items
        };
    }
}
