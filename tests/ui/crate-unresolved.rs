use options_core::Options;

/// Lookup options, naming a facade that does not exist.
#[derive(Options)]
#[options(section = "lookup", title = "Lookup Options", crate = my_engine::options)]
pub struct LookupOptions {
    /// How many lookups run at once.
    #[option(key = "lookup.capacity", default = 100)]
    pub capacity: i32,
}

fn main() {}
