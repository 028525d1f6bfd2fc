use options_core::Options;

/// Lookup options.
#[derive(Options)]
#[option(section = "lookup", title = "Lookup Options")]
pub struct LookupOptions {
    /// How many lookups run at once.
    #[options(key = "lookup.capacity", default = 100)]
    pub capacity: i32,
}

fn main() {}
