//! Standard output for every subcommand. A reader that stops reading early (`flinkconf template |
//! head`) closes the pipe; that ends the run quietly, as it ends `cat`, instead of a panic.

use std::fmt;
use std::io::{self, Write as _};

use crate::failure::Failure;

/// Writes `text` to standard output.
pub(crate) fn print(text: impl fmt::Display) -> Result<(), Failure> {
    let mut stdout = io::stdout().lock();
    write!(stdout, "{text}")
        .and_then(|()| stdout.flush())
        .map_err(written)
}

/// Writes `text` and a line break to standard output.
pub(crate) fn println(text: impl fmt::Display) -> Result<(), Failure> {
    print(format_args!("{text}\n"))
}

/// The failure of a write to standard output: [`Failure::OutputClosed`] when the reader has gone.
pub(crate) fn written(error: io::Error) -> Failure {
    match error.kind() {
        io::ErrorKind::BrokenPipe => Failure::OutputClosed,
        _ => Failure::Internal(format!("cannot write to standard output: {error}")),
    }
}
