use options_core::engine::Engine;
use options_core::{Options, Releases};

static RELEASES: Releases = Releases::new("Demo", &["1.0", "1.1"]);

const DEMO: Engine = Engine {
    name: "Demo",
    releases: Some(&RELEASES),
    ..Engine::GENERIC
};

/// Lookup options following their engine's releases.
#[derive(Options)]
#[options(section = "lookup", title = "Lookup Options", engine = DEMO)]
pub struct LookupOptions {
    /// The value under test.
    #[option(key = "lookup.value", default = 1, changed(release = "1.5", default = 2))]
    pub value: i32,
}

fn main() {}
