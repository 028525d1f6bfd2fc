use options_core::Options;

/// Batching options.
#[derive(Options)]
#[options(section = "batching", title = "Batching Options")]
pub struct BatchingOptions {
    /// The switch.
    #[option(key = "batching.enabled", default = false)]
    pub enabled: bool,

    /// The value under test: a bound that needs a condition to apply under.
    #[option(key = "batching.size", default = -1, then_above = 0)]
    pub size: i64,
}

fn main() {}
