use options_core::Options;

/// Not a change class.
pub const RESTART: &str = "restart";

/// Options.
#[derive(Options)]
#[options(section = "a", title = "A", change_class = RESTART)]
pub struct A {
    /// Read when the server starts.
    #[option(key = "a.port", default = 80)]
    pub port: i32,
}

fn main() {}
