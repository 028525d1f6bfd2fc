use options_core::engine::Engine;
use options_core::{Options, Releases};

static RELEASES: Releases = Releases::new("Demo", &["1.0", "1.1"]);

const DEMO: Engine = Engine {
    name: "Demo",
    releases: Some(&RELEASES),
    ..Engine::GENERIC
};

/// Lookup options, naming the releases twice.
#[derive(Options)]
#[options(section = "lookup", title = "Lookup Options", releases = RELEASES, engine = DEMO)]
pub struct LookupOptions {
    /// The value under test.
    #[option(key = "lookup.value", default = 1, since = "1.1")]
    pub value: i32,
}

fn main() {}
