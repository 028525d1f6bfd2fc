use options_core::Options;

/// Lookup options.
#[derive(Options)]
#[options(section = "lookup", title = "Lookup Options")]
pub struct LookupOptions {
    /// The value under test.
    #[option(key = "lookup.capacity", default = 1, deprecated)]
    pub capacity: i32,
}

fn main() {}
