use options_core::Options;

/// Lookup options.
#[derive(Options)]
#[options(section = "lookup", title = "Lookup Options")]
pub struct LookupOptions {
    /// How long a lookup may take.
    #[option(key = "lookup.timeout", default = "3 min")]
    pub timeout: std::time::Duration,

    /// How long a retried lookup may take.
    #[option(key = "lookup.timeout", default = "5 min")]
    pub retry_timeout: std::time::Duration,
}

fn main() {}
