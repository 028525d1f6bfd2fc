//! `python`: the generated files of the Python package (option constants, key types).

use std::path::PathBuf;
use std::process::ExitCode;

use crate::catalogue::load;
use crate::failure::{exit, Failure};
use crate::Cli;

/// The flags of `python`.
#[derive(clap::Args, Debug, Clone)]
pub(crate) struct PythonArgs {
    /// The package directory (relative to the current directory).
    #[arg(long, default_value = options_docs::python::DEFAULT_DIR)]
    out: PathBuf,
    /// Compare instead of writing.
    #[arg(long)]
    check: bool,
}

/// `python [--out DIR] [--check]`.
pub(crate) fn run(cli: &Cli, args: &PythonArgs) -> Result<ExitCode, Failure> {
    let (out, check) = (args.out.as_path(), &args.check);
    let loaded = load(cli)?;
    let files = options_docs::python::python_files(&loaded.doc).map_err(Failure::Invalid)?;
    if *check {
        let report = options_docs::python::compare_python(&files, out);
        let shown = out.display().to_string();
        let mut fix = format!("{} --out {shown}", options_docs::python::COMMAND);
        if let Some(c) = &cli.catalogue {
            fix.push_str(&format!(" --catalogue {}", c.display()));
        }
        crate::out::print(report.render(&shown, &fix))?;
        return Ok(exit(!report.is_fresh()));
    }
    options_docs::python::write_python(&files, out)
        .map_err(|e| Failure::Internal(format!("cannot write {}: {e}", out.display())))?;
    crate::out::println(format_args!(
        "Wrote {} files to {}",
        files.len(),
        out.display()
    ))?;
    Ok(ExitCode::SUCCESS)
}
