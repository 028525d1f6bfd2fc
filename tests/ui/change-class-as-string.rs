use options_core::Options;

/// Options.
#[derive(Options)]
#[options(section = "a", title = "A")]
pub struct A {
    /// Read when the server starts.
    #[option(key = "a.port", default = 80, change_class = "cluster-start")]
    pub port: i32,
}

fn main() {}
