use options_core::Options;

/// Lookup options.
#[derive(Options)]
#[options(section = "lookup", title = "Lookup Options")]
pub struct LookupOptions {
    /// The value under test.
    #[option(key = "lookup.mode", default = "stream", one_of = ["batch", "pipeline"])]
    pub mode: String,
}

fn main() {}
