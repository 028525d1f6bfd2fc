//! Why a command failed, and so its exit code: 0 ok, 1 the check found a difference or the
//! input is invalid, 2 usage or internal error.

use std::process::ExitCode;

/// Why a command failed.
#[derive(Debug)]
pub(crate) enum Failure {
    /// Invalid input, or a check found a difference: exit 1.
    Invalid(String),
    /// Usage or internal error: exit 2.
    Internal(String),
}

impl Failure {
    /// Prints the message and gives the exit code.
    pub(crate) fn report(self) -> ExitCode {
        let (message, code) = match self {
            Failure::Invalid(message) => (message, 1),
            Failure::Internal(message) => (message, 2),
        };
        eprintln!("error: {message}");
        ExitCode::from(code)
    }
}

/// Exit 1 when `failed`, else 0.
pub(crate) fn exit(failed: bool) -> ExitCode {
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
