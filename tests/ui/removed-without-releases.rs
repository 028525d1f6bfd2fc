use options_core::Options;

/// Lookup options.
#[derive(Options)]
#[options(section = "lookup", title = "Lookup Options")]
pub struct LookupOptions {
    /// The value under test.
    #[option(key = "lookup.value", default = 1, removed = "2.0: use lookup.other")]
    pub value: i32,
}

fn main() {}
