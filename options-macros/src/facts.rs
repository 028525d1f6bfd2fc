//! An option's rarer facts as field assignments on its `OptionMeta`: the common facts come from
//! one `__private::declared(...)` call, and an option with more gets a block,
//! `{ let mut m = declared(...); m.since = Some("1.2"); m }`. `OptionMeta` is plain data: its
//! fields are the one way to write it, in a `const` as anywhere else.

use proc_macro2::{Span, TokenStream};
use quote::{quote, ToTokens};

/// The alias of `::core::option::Option::Some` the metadata table declares (see `expand`): a
/// group spells it once per optional fact, and the full path is twelve tokens.
pub const SOME: &str = "__OptionsSome";

/// Field assignments on the metadata being built, in order.
#[derive(Default)]
pub struct Facts {
    tokens: TokenStream,
    /// Whether an assignment names the `Some` alias (the table declares it only then: an unused
    /// import would warn in the user's crate).
    uses_some: bool,
}

/// The local the assignments write: mixed-site, so a user's path among the facts (a
/// `validate = m`) never names it.
fn local() -> syn::Ident {
    syn::Ident::new("m", Span::mixed_site())
}

impl Facts {
    /// `m.<field> = <value>;`, where `field` may be a path of fields (`constraint.min`).
    pub fn set(&mut self, field: impl ToTokens, value: impl ToTokens) {
        let m = local();
        self.tokens.extend(quote!(#m.#field = #value;));
    }

    /// `m.<field> = Some(<value>);`
    pub fn some(&mut self, field: impl ToTokens, value: impl ToTokens) {
        let some = syn::Ident::new(SOME, Span::call_site());
        self.uses_some = true;
        self.set(field, quote!(#some(#value)));
    }

    /// `m.<field> = true;` for a flag.
    pub fn flag(&mut self, field: &str) {
        self.set(syn::Ident::new(field, Span::call_site()), quote!(true));
    }

    /// Appends `other`'s assignments after these.
    pub fn extend(&mut self, other: &Facts) {
        self.tokens.extend(other.tokens.clone());
        self.uses_some |= other.uses_some;
    }

    /// Whether any assignment uses the `Some` alias.
    pub fn uses_some(&self) -> bool {
        self.uses_some
    }

    /// `call` itself when there is nothing to assign (most options), otherwise the block that
    /// assigns every fact to its result.
    pub fn apply_to(self, call: TokenStream) -> TokenStream {
        if self.tokens.is_empty() {
            return call;
        }
        let (m, facts) = (local(), self.tokens);
        quote!({ let mut #m = #call; #facts #m })
    }
}
