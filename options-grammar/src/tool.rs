//! The command-line tool's name (the `flinkconf` binary), written once: every message,
//! generated note and usage line that tells a user which command to run spells it from here.

/// The tool's name as a literal, for `concat!` in other crates' constants (see [`TOOL`]).
#[macro_export]
macro_rules! tool_name {
    () => {
        "flinkconf"
    };
}

/// The command-line tool's name.
pub const TOOL: &str = tool_name!();
