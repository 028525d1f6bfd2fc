use options_core::Options;

fn check_port(port: i32) -> bool {
    port > 0
}

/// Options.
#[derive(Options)]
#[options(section = "server", title = "Server Options")]
pub struct ServerOptions {
    /// The host to bind.
    #[option(key = "server.host", default = "localhost", validate = check_port)]
    pub host: String,
}

fn main() {}
