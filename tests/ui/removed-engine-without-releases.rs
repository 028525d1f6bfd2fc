use options_core::engine::Engine;
use options_core::Options;

const DEMO: Engine = Engine {
    name: "Demo",
    ..Engine::GENERIC
};

/// Lookup options of an engine that declares no releases.
#[derive(Options)]
#[options(section = "lookup", title = "Lookup Options", engine = DEMO)]
pub struct LookupOptions {
    /// The value under test.
    #[option(key = "lookup.value", default = 1, removed = "2.0: use lookup.other")]
    pub value: i32,
}

fn main() {}
