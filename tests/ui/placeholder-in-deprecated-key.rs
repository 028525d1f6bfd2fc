use options_core::Options;

/// Reporter options.
#[derive(Options)]
#[options(section = "reporters", title = "Reporters")]
pub struct ReporterOptions {
    /// How often the reporter sends metrics.
    #[option(key = "metrics.reporter.<name>.interval", default = "10 s", deprecated_keys = ["metrics.<name>.interval"])]
    pub interval: std::time::Duration,
}

fn main() {}
