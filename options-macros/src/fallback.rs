//! What is emitted next to compile errors: the same items with bodies that are never run, so code
//! using the group (its handles, `Default`, `from_config`) does not fail a second time.

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::Group;
use crate::root::{self, PRIVATE};

pub fn group(group: &Group<'_>) -> TokenStream {
    if group.attrs.root.invalid {
        // Nothing could name the runtime; the `crate = ...` error is the one to read.
        return TokenStream::new();
    }
    let ident = group.ident;
    let handles = group.fields.iter().map(|f| {
        let (vis, ty, handle, key) = (f.vis, f.ty, f.handle_name(), f.key());
        let handle_type = f.handle_type();
        quote! {
            #vis const #handle: #handle_type = <#handle_type>::from_parts(
                #PRIVATE::OptionMeta::new::<#ty>(#key),
                #PRIVATE::DefaultValue::Lazy(|| ::core::unreachable!()),
            );
        }
    });
    let items = quote! {
        impl #ident {
            #(#handles)*
            /// Not generated: the declaration has errors.
            pub fn from_config(
                _: &impl #PRIVATE::ReadableConfig,
            ) -> ::core::result::Result<Self, #PRIVATE::ConfigErrors> {
                ::core::unreachable!()
            }
        }
        impl ::core::default::Default for #ident {
            fn default() -> Self {
                ::core::unreachable!()
            }
        }
        impl #PRIVATE::OptionGroup for #ident {
            fn group() -> &'static #PRIVATE::GroupMeta {
                ::core::unreachable!()
            }
        }
    };
    root::wrap(group.attrs.root.path.as_ref(), items)
}
