//! `#[derive(ConfigEnum)]`: config names for the variants of a fieldless enum, and its
//! `OptionValue` implementation.

use std::collections::HashMap;

use proc_macro2::TokenStream;
use quote::{quote, ToTokens};
use syn::{Data, DeriveInput, Fields, LitStr};

use crate::attr::{self, Attr, Root};
use crate::ctxt::Ctxt;
use crate::root::{self, PRIVATE};

/// The attribute, on a variant (`name`, `alias`) and on the enum (`crate`).
const CONFIG: &str = "config";
const NAME: &str = "name";
const ALIAS: &str = "alias";

pub fn derive(input: &DeriveInput) -> TokenStream {
    let cx = Ctxt::new();
    let root = enum_root(&cx, &input.attrs);
    let variants = variants(&cx, input);
    let path = root.path.as_ref();
    match cx.check() {
        Ok(()) => root::wrap(path, expand(input, &variants)),
        Err(mut errors) => {
            if !root.invalid {
                errors.extend(root::wrap(path, fallback(input)));
            }
            errors
        }
    }
}

/// The enum's `#[config(crate = path)]`: where the runtime is (`::options_core` by default).
fn enum_root(cx: &Ctxt, attrs: &[syn::Attribute]) -> Root {
    let mut root = Attr::none(attr::CRATE);
    for a in attrs.iter().filter(|a| a.path().is_ident(CONFIG)) {
        let parsed = a.parse_nested_meta(|meta| {
            if meta.path.is_ident(attr::CRATE) {
                root.set_some(cx, &meta.path, attr::root_path(cx, &meta)?);
                Ok(())
            } else {
                Err(meta.error(format!(
                    "unknown setting `{}` in `#[config(...)]` on the enum; expected: crate (`name` and `alias` go on a variant)",
                    meta.path.to_token_stream().to_string().replace(' ', "")
                )))
            }
        });
        if let Err(err) = parsed {
            cx.syn_error(err);
        }
    }
    Root::from_attr(root)
}

/// Stub impls next to errors, so options of this enum type do not fail a second time.
fn fallback(input: &DeriveInput) -> TokenStream {
    if !matches!(input.data, Data::Enum(_)) || !input.generics.params.is_empty() {
        return TokenStream::new();
    }
    let ident = &input.ident;
    quote! {
        impl #PRIVATE::ConfigEnum for #ident {
            const VARIANTS: &'static [Self] = &[];
            const NAMES: &'static [&'static str] = &[];
            fn index(self) -> ::core::primitive::usize {
                ::core::unreachable!()
            }
        }
        impl #PRIVATE::OptionValue for #ident {
            const TYPE: #PRIVATE::TypeInfo = #PRIVATE::TypeInfo::enumeration(&[]);
            fn parse_config(_: &::core::primitive::str) -> ::core::result::Result<Self, #PRIVATE::ValueError> {
                ::core::unreachable!()
            }
            fn to_config_string(&self) -> #PRIVATE::String {
                ::core::unreachable!()
            }
        }
    }
}

struct Variant<'a> {
    ident: &'a syn::Ident,
    name: String,
    /// Other spellings parsing accepts (`postgres` for `postgresql`).
    aliases: Vec<String>,
}

fn variants<'a>(cx: &Ctxt, input: &'a DeriveInput) -> Vec<Variant<'a>> {
    let Data::Enum(data) = &input.data else {
        cx.error_spanned_by(
            &input.ident,
            "`#[derive(ConfigEnum)]` applies to enums whose variants have no fields",
        );
        return Vec::new();
    };
    if !input.generics.params.is_empty() {
        cx.error_spanned_by(
            &input.generics,
            "`#[derive(ConfigEnum)]` does not support generics",
        );
    }
    if data.variants.is_empty() {
        cx.error_spanned_by(&input.ident, "a config enum needs at least one variant");
    }
    let mut seen: HashMap<String, &syn::Ident> = HashMap::new();
    let mut out = Vec::new();
    for v in &data.variants {
        if !matches!(v.fields, Fields::Unit) {
            cx.error_spanned_by(
                &v.fields,
                format!(
                    "variant `{}` has fields; config enum variants are plain names",
                    v.ident
                ),
            );
        }
        let (renamed, aliases) = config_name(cx, &v.attrs);
        let name = renamed
            .as_ref()
            .map(LitStr::value)
            .unwrap_or_else(|| screaming_snake(&v.ident.to_string()));
        if let Some(first) = seen.get(&name.to_ascii_uppercase()) {
            let at = renamed.map_or_else(|| v.ident.to_token_stream(), |l| l.to_token_stream());
            cx.error_spanned_by(
                at,
                format!("config name \"{name}\" is already used by variant `{first}` (names are compared ignoring case); rename one with #[config(name = \"...\")]"),
            );
        } else {
            seen.insert(name.to_ascii_uppercase(), &v.ident);
        }
        for alias in &aliases {
            if let Some(first) = seen.get(&alias.value().to_ascii_uppercase()) {
                cx.error_spanned_by(
                    alias,
                    format!("alias \"{}\" is already a name or alias of variant `{first}` (compared ignoring case)", alias.value()),
                );
            } else {
                seen.insert(alias.value().to_ascii_uppercase(), &v.ident);
            }
        }
        out.push(Variant {
            ident: &v.ident,
            name,
            aliases: aliases.iter().map(LitStr::value).collect(),
        });
    }
    out
}

/// The variant's `name = "..."` and its `alias = "..."` settings (any number).
fn config_name(cx: &Ctxt, attrs: &[syn::Attribute]) -> (Option<LitStr>, Vec<LitStr>) {
    let mut name = Attr::none(NAME);
    let mut aliases = Vec::new();
    let plain = |lit: &LitStr| {
        if lit.value().trim().is_empty() || lit.value().contains(';') {
            cx.error_spanned_by(lit, "a config name is non-empty text without ';'");
        }
    };
    for attr in attrs.iter().filter(|a| a.path().is_ident(CONFIG)) {
        let parsed = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident(NAME) {
                let lit: LitStr = meta.value()?.parse()?;
                plain(&lit);
                name.set(cx, &meta.path, lit);
                Ok(())
            } else if meta.path.is_ident(ALIAS) {
                let lit: LitStr = meta.value()?.parse()?;
                plain(&lit);
                aliases.push(lit);
                Ok(())
            } else {
                Err(meta.error(format!(
                    "unknown setting `{}` in `#[config(...)]` on a variant; expected: name, alias",
                    meta.path.to_token_stream().to_string().replace(' ', "")
                )))
            }
        });
        if let Err(err) = parsed {
            cx.syn_error(err);
        }
    }
    (name.get(), aliases)
}

/// `AllEnforced` -> `ALL_ENFORCED`, `HTTPServer` -> `HTTP_SERVER`, `Lz4` -> `LZ4`.
pub fn screaming_snake(ident: &str) -> String {
    let chars: Vec<char> = ident.trim_start_matches("r#").chars().collect();
    let mut out = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if c.is_uppercase() && i > 0 {
            let prev = chars[i - 1];
            let next_lower = chars.get(i + 1).is_some_and(|n| n.is_lowercase());
            if prev.is_lowercase() || prev.is_ascii_digit() || (prev.is_uppercase() && next_lower) {
                out.push('_');
            }
        }
        out.extend(c.to_uppercase());
    }
    out
}

fn expand(input: &DeriveInput, variants: &[Variant<'_>]) -> TokenStream {
    let ident = &input.ident;
    let idents: Vec<_> = variants.iter().map(|v| v.ident).collect();
    let names = variants.iter().map(|v| &v.name);
    let indices = 0..variants.len();
    let alias_pairs: Vec<TokenStream> = variants
        .iter()
        .enumerate()
        .flat_map(|(i, v)| v.aliases.iter().map(move |a| quote!((#a, #i))))
        .collect();
    let type_info = if alias_pairs.is_empty() {
        quote!(#PRIVATE::TypeInfo::enumeration(
            <Self as #PRIVATE::ConfigEnum>::NAMES
        ))
    } else {
        quote!(
            #PRIVATE::TypeInfo::enumeration(<Self as #PRIVATE::ConfigEnum>::NAMES)
                .with_aliases(<Self as #PRIVATE::ConfigEnum>::ALIASES)
        )
    };
    // Only enums with aliases spell the constant; the trait's default is empty.
    let aliases = (!alias_pairs.is_empty()).then(|| {
        quote!(const ALIASES: &'static [(&'static str, ::core::primitive::usize)] = &[#(#alias_pairs),*];)
    });
    quote! {
        impl #PRIVATE::ConfigEnum for #ident {
            const VARIANTS: &'static [Self] = &[#(#ident::#idents),*];
            const NAMES: &'static [&'static str] = &[#(#names),*];
            #aliases
            fn index(self) -> ::core::primitive::usize {
                match self {
                    #(#ident::#idents => #indices,)*
                }
            }
        }
        impl #PRIVATE::OptionValue for #ident {
            const TYPE: #PRIVATE::TypeInfo = #type_info;
            fn parse_config(
                s: &::core::primitive::str,
            ) -> ::core::result::Result<Self, #PRIVATE::ValueError> {
                #PRIVATE::parse_enum::<Self>(s)
            }
            fn to_config_string(&self) -> #PRIVATE::String {
                <#PRIVATE::String as ::core::convert::From<&str>>::from(#PRIVATE::ConfigEnum::config_name(*self))
            }
            // Kept inline as the variant's position: reading it touches no heap and no `Any`.
            fn __into_stored(self) -> #PRIVATE::Stored {
                #PRIVATE::Stored::U64(
                    <Self as #PRIVATE::ConfigEnum>::index(self) as u64,
                )
            }
            fn __from_stored(
                stored: &#PRIVATE::Stored,
            ) -> ::core::option::Option<Self> {
                match stored {
                    #PRIVATE::Stored::U64(i) => {
                        <Self as #PRIVATE::ConfigEnum>::VARIANTS.get(*i as usize).copied()
                    }
                    _ => ::core::option::Option::None,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::screaming_snake;

    #[test]
    fn variant_names_become_screaming_snake_case() {
        assert_eq!(screaming_snake("AllEnforced"), "ALL_ENFORCED");
        assert_eq!(screaming_snake("Auto"), "AUTO");
        assert_eq!(screaming_snake("HTTPServer"), "HTTP_SERVER");
        assert_eq!(screaming_snake("Lz4"), "LZ4");
        assert_eq!(screaming_snake("Utf8Text"), "UTF8_TEXT");
    }
}
