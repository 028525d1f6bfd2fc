use options_core::Options;

/// Reporter options.
#[derive(Options)]
#[options(section = "reporters", title = "Reporters")]
pub struct ReporterOptions {
    /// How often the reporter sends metrics.
    #[option(key = "metrics.reporter.x<name>.interval", default = "10 s")]
    pub interval: std::time::Duration,

    /// The reporter's port.
    #[option(key = "metrics.reporter.<>.port", default = 9249)]
    pub port: i32,
}

fn main() {}
