use options_core::Options;

/// Lookup options.
#[derive(Options)]
#[options(section = "lookup", title = "Lookup Options")]
pub struct LookupOptions {
    /// The switch.
    #[option(key = "lookup.enabled", default = false)]
    pub enabled: bool,

    /// The value under test.
    #[option(key = "lookup.capacity", default = 1, only_when = "lookup.enabled")]
    pub capacity: i32,
}

fn main() {}
