use options_core::Options;

/// Lookup options.
#[derive(Options)]
#[options(section = "Lookup Options", title = "Lookup Options")]
pub struct LookupOptions {
    /// How many lookups run at once.
    #[option(key = "lookup.capacity", default = 100)]
    pub capacity: i32,
}

fn main() {}
