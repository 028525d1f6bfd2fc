use options_core::Options;

/// Lookup options.
#[derive(Options)]
#[options(section = "lookup", title = "Lookup Options")]
pub struct LookupOptions(i32);

fn main() {}
