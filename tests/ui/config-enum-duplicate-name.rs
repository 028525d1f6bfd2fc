use options_core::ConfigEnum;

/// How data is compressed.
#[derive(Clone, Copy, Debug, ConfigEnum)]
pub enum Compression {
    /// No compression.
    None,
    /// Gzip.
    Gzip,
    /// Also gzip.
    #[config(name = "gzip")]
    Deflate,
}

fn main() {}
