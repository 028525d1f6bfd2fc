use options_core::Options;

/// Spill options.
#[derive(Debug, Options)]
#[options(section = "spill", title = "Spill Options")]
pub struct SpillOptions {
    /// The password of the spill store.
    #[option(key = "spill.password", sensitive)]
    pub password: Option<String>,

    /// The key that seals spilled files.
    #[option(key = "spill.seal", default = "", sensitive)]
    pub seal: String,
}

fn main() {}
