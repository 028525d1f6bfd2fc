//! Derives for options-core: `#[derive(Options)]` declares a group of configuration options,
//! `#[derive(ConfigEnum)]` an enum value type. (Being built.)

use proc_macro::TokenStream;

/// Declares a group of options (placeholder until the derive lands).
#[proc_macro_derive(Options, attributes(options, option))]
pub fn derive_options(_input: TokenStream) -> TokenStream {
    TokenStream::new()
}

/// Declares an enum usable as an option value (placeholder until the derive lands).
#[proc_macro_derive(ConfigEnum, attributes(config))]
pub fn derive_config_enum(_input: TokenStream) -> TokenStream {
    TokenStream::new()
}
