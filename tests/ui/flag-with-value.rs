use options_core::Options;

/// Lookup options.
#[derive(Options)]
#[options(section = "lookup", title = "Lookup Options")]
pub struct LookupOptions {
    /// The access token.
    #[option(key = "lookup.token", default = "", sensitive = true)]
    pub token: String,
}

fn main() {}
