use options_core::prelude::*;

/// Lookup options.
#[derive(Options)]
#[options(section = "lookup", title = "Lookup Options")]
pub struct LookupOptions {
    /// How long a lookup may take.
    #[option(key = "lookup.timeout", default = "3 mins")]
    pub timeout: std::time::Duration,
}

// Only the bad default is reported: the handle, `Default` and `from_config` still exist.
fn main() {
    let config = Configuration::new();
    let _ = config.get(&LookupOptions::TIMEOUT);
    let _ = LookupOptions::from_config(&config);
    let _ = LookupOptions::default();
}
