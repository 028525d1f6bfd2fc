use options_core::Options;
use std::time::Duration;

/// Batching options.
#[derive(Options)]
#[options(section = "batching", title = "Batching Options")]
pub struct BatchingOptions {
    /// The switch.
    #[option(key = "batching.enabled", default = false)]
    pub enabled: bool,

    /// The value under test: the bound is no Duration.
    #[option(
        key = "batching.latency",
        default = "0 ms",
        only_when = "batching.enabled = true",
        then_above = "0 mins"
    )]
    pub latency: Duration,
}

fn main() {}
