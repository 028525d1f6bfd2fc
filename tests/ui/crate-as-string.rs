use options_core::Options;

/// Lookup options, with the runtime's path written as serde writes it.
#[derive(Options)]
#[options(section = "lookup", title = "Lookup Options", crate = "options_core")]
pub struct LookupOptions {
    /// How many lookups run at once.
    #[option(key = "lookup.capacity", default = 100)]
    pub capacity: i32,
}

fn main() {}
