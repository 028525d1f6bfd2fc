//! `lsp`: the language server over standard input and output (`options_lsp`). `--release` is the
//! release of documents that name none, unless the project file or the editor names one.

use std::process::ExitCode;

use crate::failure::{exit, Failure};
use crate::Cli;

/// `lsp`: exit 0 after `shutdown` and `exit`, 1 after an `exit` without `shutdown`.
pub(crate) fn run(cli: &Cli) -> Result<ExitCode, Failure> {
    let clean = options_lsp::serve_stdio(cli.release.clone())
        .map_err(|e| Failure::Internal(format!("the language server's output failed: {e}")))?;
    Ok(exit(!clean))
}
