use options_core::Options;

/// Lookup options.
#[derive(Options)]
#[options(section = "lookup", title = "Lookup Options")]
pub struct LookupOptions {
    /// How many lookups run at once.
    #[option(key = "lookup.capacity", default = 100, deprecated_keys = ["lookup.size", "lookup..cap"])]
    pub capacity: i32,
}

fn main() {}
