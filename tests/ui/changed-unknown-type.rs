use options_core::{Options, Releases};

static RELEASES: Releases = Releases::new("Demo", &["1.0", "1.1"]);

/// Lookup options.
#[derive(Options)]
#[options(section = "lookup", title = "Lookup Options", releases = RELEASES)]
pub struct LookupOptions {
    /// The value under test.
    #[option(key = "lookup.timeout", default = "30 s", changed(release = "1.1", value_type = "Int"))]
    pub timeout: std::time::Duration,
}

fn main() {}
