use options_core::Options;

/// Lookup options, with a runtime path that is not a path.
#[derive(Options)]
#[options(section = "lookup", title = "Lookup Options", crate = options_core<u8>)]
pub struct LookupOptions {
    /// How many lookups run at once.
    #[option(key = "lookup.capacity", default = 100)]
    pub capacity: i32,
}

fn main() {}
