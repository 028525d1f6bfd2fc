use options_core::ConfigEnum;

/// How data is compressed.
#[derive(Clone, Copy, Debug, ConfigEnum)]
pub enum Compression {
    /// No compression.
    None,
    /// Gzip.
    #[config(rename = "GZ")]
    Gzip,
}

fn main() {}
