use options_core::Options;

/// Lookup options.
#[derive(Options)]
#[options(section = "lookup", title = "Lookup Options")]
pub struct LookupOptions {
    /// The value under test.
    #[option(key = "lookup.value", default = std::time::Duration::from_secs(5))]
    pub value: std::time::Duration,
}

fn main() {}
