use options_core::Options;

/// Lookup options.
#[derive(Options)]
#[options(section = "lookup", title = "Lookup Options")]
pub struct LookupOptions {
    /// The value under test.
    #[option(key = "lookup.latency", default = "1 s", min = "1 min", max = "10 s")]
    pub latency: std::time::Duration,
}

fn main() {}
