use options_core::Options;

/// Lookup options.
#[derive(Options)]
#[options(section = "lookup", title = "Lookup Options")]
pub struct LookupOptions {
    /// The value under test.
    #[option(key = "lookup.enabled", default = false, min = 1)]
    pub enabled: bool,
}

fn main() {}
