use options_core::{Options, Releases};

static RELEASES: Releases = Releases::new("Demo", &["1.0", "1.1", "2.0"]);

/// Lookup options.
#[derive(Options)]
#[options(section = "lookup", title = "Lookup Options", releases = RELEASES)]
pub struct LookupOptions {
    /// The value under test.
    #[option(key = "lookup.value", default = 1, since = "2.0", removed = "1.1: use lookup.other")]
    pub value: i32,
}

fn main() {}
