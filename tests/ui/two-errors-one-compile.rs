use options_core::Options;

/// Lookup options.
#[derive(Options)]
#[options(section = "lookup", title = "Lookup Options")]
pub struct LookupOptions {
    /// How long a lookup may take.
    #[option(key = "lookup.timeout", default = "3 mins")]
    pub timeout: std::time::Duration,

    /// How many lookups run at once.
    #[option(key = "Lookup.Capacity", default = 100)]
    pub capacity: i32,
}

fn main() {}
