//! `diff`: a Markdown changelog between two catalogue files, or what the chosen release changed
//! since the one before it.

use std::path::PathBuf;
use std::process::ExitCode;

use options_docs::changelog;

use crate::catalogue::{load, load_json};
use crate::failure::Failure;
use crate::Cli;

/// The flags of `diff`.
#[derive(clap::Args, Debug, Clone)]
pub(crate) struct DiffArgs {
    /// The older catalogue.json.
    #[arg(requires = "new")]
    old: Option<PathBuf>,
    /// The newer catalogue.json.
    new: Option<PathBuf>,
}

/// `diff OLD NEW`, or `diff` alone for the release's own step.
pub(crate) fn run(cli: &Cli, args: &DiffArgs) -> Result<ExitCode, Failure> {
    if let (Some(old), Some(new)) = (&args.old, &args.new) {
        let old = load_json(old)?;
        let new = load_json(new)?;
        crate::out::print(changelog::changelog(&old.doc, &new.doc))?;
        return Ok(ExitCode::SUCCESS);
    }
    let loaded = load(cli)?;
    let Some(release) = &loaded.doc.release else {
        return Err(Failure::Internal(
            "this catalogue names no releases: give two catalogue files to compare".to_owned(),
        ));
    };
    match loaded.doc.steps.last().filter(|s| s.to == release.version) {
        Some(step) => crate::out::print(&step.changelog)?,
        None => crate::out::println(format_args!(
            "{} {} is the first release this catalogue knows: there is nothing earlier to compare it with.",
            release.engine, release.version
        ))?,
    }
    Ok(ExitCode::SUCCESS)
}
