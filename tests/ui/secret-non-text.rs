use options_core::{Options, Secret};

/// Lookup options.
#[derive(Options)]
#[options(section = "lookup", title = "Lookup Options")]
pub struct LookupOptions {
    /// How many lookups run at once.
    #[option(key = "lookup.capacity", default = 100)]
    pub capacity: Secret<i32>,
}

fn main() {}
