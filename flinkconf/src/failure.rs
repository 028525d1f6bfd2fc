//! Why a command failed, and so its exit code: 0 ok, 1 the check found a difference or the
//! input is invalid, 2 usage or internal error. A reader that closed standard output early ends the
//! run quietly with 0, as `rg ... | head` does.

use std::process::ExitCode;

/// Why a command failed.
#[derive(Debug)]
pub(crate) enum Failure {
    /// Invalid input, or a check found a difference: exit 1.
    Invalid(String),
    /// Usage or internal error: exit 2.
    Internal(String),
    /// Standard output was closed by its reader (`| head`): nothing to say, exit 0.
    OutputClosed,
}

impl Failure {
    /// Prints the message and gives the exit code.
    pub(crate) fn report(self) -> ExitCode {
        let (message, code) = match self {
            Failure::Invalid(message) => (message, 1),
            Failure::Internal(message) => (message, 2),
            Failure::OutputClosed => return ExitCode::SUCCESS,
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
