use options_core::{Options, Releases};

static RELEASES: Releases = Releases::new("Demo", &["1.0", "1.1"]);

/// Lookup options.
#[derive(Options)]
#[options(section = "lookup", title = "Lookup Options", releases = RELEASES)]
pub struct LookupOptions {
    /// The value under test.
    #[option(key = "lookup.value", default = 1, removed = "1.5: use lookup.other")]
    pub value: i32,
}

fn main() {}
