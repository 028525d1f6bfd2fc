use options_core::ConfigEnum;

/// How data is compressed.
#[derive(Clone, Copy, Debug, ConfigEnum)]
pub struct Compression {
    level: u8,
}

fn main() {}
