//! What is emitted next to compile errors: the same items with bodies that are never run, so code
//! using the group (its handles, `Default`, `from_config`) does not fail a second time.

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::Group;

pub fn group(group: &Group<'_>) -> TokenStream {
    let ident = group.ident;
    let handles = group.fields.iter().map(|f| {
        let (vis, ty, handle, key) = (f.vis, f.ty, f.handle_name(), f.key());
        let handle_type = f.handle_type();
        quote! {
            #vis const #handle: #handle_type = <#handle_type>::from_parts(
                ::options_core::OptionMeta::new::<#ty>(#key),
                ::options_core::DefaultValue::Lazy(|| ::core::unreachable!()),
            );
        }
    });
    quote! {
        impl #ident {
            #(#handles)*
            /// Not generated: the declaration has errors.
            pub fn from_config(
                _: &impl ::options_core::ReadableConfig,
            ) -> ::core::result::Result<Self, ::options_core::ConfigErrors> {
                ::core::unreachable!()
            }
        }
        impl ::core::default::Default for #ident {
            fn default() -> Self {
                ::core::unreachable!()
            }
        }
        impl ::options_core::OptionGroup for #ident {
            fn group() -> &'static ::options_core::GroupMeta {
                ::core::unreachable!()
            }
        }
    }
}
