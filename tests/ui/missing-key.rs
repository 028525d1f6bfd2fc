use options_core::Options;

/// Lookup options.
#[derive(Options)]
#[options(section = "lookup", title = "Lookup Options")]
pub struct LookupOptions {
    /// How many lookups run at once.
    #[option(default = 100)]
    pub buffer_capacity: i32,
}

fn main() {}
