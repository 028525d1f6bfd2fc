use options_core::ConfigEnum;

/// How data is compressed; `name` belongs on a variant.
#[derive(Clone, Copy, Debug, ConfigEnum)]
#[config(name = "compression")]
pub enum Compression {
    /// No compression.
    None,
    /// Gzip.
    Gzip,
}

fn main() {}
