use options_core::{ConfigEnum, Options};

/// How data is compressed.
#[derive(Clone, Copy, Debug, ConfigEnum)]
pub enum Compression {
    /// No compression.
    None,
    /// Gzip.
    Gzip,
}

/// Sink options.
#[derive(Options)]
#[options(section = "sink", title = "Sink Options")]
pub struct SinkOptions {
    /// How the sink compresses what it writes.
    #[option(key = "sink.compression", default = "ZSTD")]
    pub compression: Compression,
}

fn main() {}
