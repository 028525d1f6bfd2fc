//! Keys as the tokens of `OptionKey` values, with their hashes computed by the
//! macro (see `options-grammar`'s `key.rs` for why): every list of keys the expansion writes
//! (fallback and deprecated keys, and those of a `changed(...)`) is written here.

use crate::root::PRIVATE;
use proc_macro2::TokenStream;
use quote::quote;
use syn::LitStr;

/// A key with its hash computed now (see `options-runtime/src/key.rs` for why).
fn option_key(key: &str) -> TokenStream {
    let hash = options_grammar::key::key_hash(key);
    quote!(#PRIVATE::OptionKey::__prehashed(#key, #hash))
}

/// The `&[OptionKey]` slice of `keys`, each key hashed now.
pub fn keys(keys: &[LitStr]) -> TokenStream {
    let keys = keys.iter().map(|k| option_key(&k.value()));
    quote!(&[#(#keys),*])
}
