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
    /// Codecs to try, in order.
    #[option(key = "sink.codecs", default = "GZIP;none")]
    pub codecs: Vec<Compression>,
}

fn main() {}
