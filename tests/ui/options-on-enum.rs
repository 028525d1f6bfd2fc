use options_core::Options;

/// Lookup options.
#[derive(Options)]
#[options(section = "lookup", title = "Lookup Options")]
pub enum LookupOptions {
    Fast,
    Slow,
}

fn main() {}
