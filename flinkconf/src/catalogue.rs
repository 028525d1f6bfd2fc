//! Which catalogue a command answers with: Flink's built-in one at `--release` (or at the release
//! a file names), or a `--catalogue` file; and reading the configuration file a command is given.

use std::path::Path;

use options_check::registry::BuiltIn;
use options_docs::source::Loaded;
use options_flink::legacy::ReadError;

use crate::failure::Failure;
use crate::Cli;

/// The catalogue to read a configuration of `release` with (the built-in catalogue at that
/// release; a catalogue file must document it), and a note when it cannot be that release's. A
/// release chosen on the command line must be carried; one a file names is read as the nearest
/// carried ([`BuiltIn::nearest`]), with a note: an error Flink 1.18 would never raise is no help
/// to its user.
pub(crate) fn catalogue_for(
    cli: &Cli,
    release: Option<&str>,
) -> Result<(Loaded, Option<String>), Failure> {
    let Some(release) = release else {
        return Ok((load_for_checking(cli)?, None));
    };
    if let Some(path) = &cli.catalogue {
        let loaded = load_json(path)?;
        let note = loaded
            .check_release(release)
            .err()
            .map(|e| format!("release {release} not applied: {e}"));
        return Ok((loaded, note));
    }
    let flink = BuiltIn::Flink;
    if cli.release.as_deref() == Some(release) {
        let release = flink
            .release(release)
            .map_err(|e| Failure::Internal(e.to_string()))?;
        return Ok((Loaded::for_checking(flink.catalogue(release)), None));
    }
    match flink.nearest(release) {
        Some(near) => Ok((
            Loaded::for_checking(flink.catalogue(near.release)),
            near.note,
        )),
        None => Ok((
            Loaded::for_checking(options_flink::builtin::catalogue()),
            Some(format!(
                "Flink {release} is not a release: checked against the newest release"
            )),
        )),
    }
}

/// The catalogue to answer with: the built-in one at `--release`, or the `--catalogue` file
/// (which documents one release: `--release` must name it). An unknown release is a usage error.
pub(crate) fn load(cli: &Cli) -> Result<Loaded, Failure> {
    match &cli.catalogue {
        Some(path) => {
            let loaded = load_json(path)?;
            if let Some(release) = &cli.release {
                loaded.check_release(release).map_err(Failure::Internal)?;
            }
            Ok(loaded)
        }
        None => options_check::builtin::at(cli.release.as_deref())
            .map_err(|e| Failure::Internal(e.to_string())),
    }
}

/// [`load`] for the commands that check settings and render no docs: the built-in catalogue
/// without its release steps' changelogs ([`Loaded::for_checking`]).
pub(crate) fn load_for_checking(cli: &Cli) -> Result<Loaded, Failure> {
    match &cli.catalogue {
        Some(_) => load(cli),
        None => options_check::builtin::for_checking(cli.release.as_deref())
            .map_err(|e| Failure::Internal(e.to_string())),
    }
}

pub(crate) fn load_json(path: &Path) -> Result<Loaded, Failure> {
    options_check::builtin::from_json_file(path).map_err(|e| match e {
        options_docs::source::CatalogueLoadError::Read { .. } => Failure::Internal(e.to_string()),
        options_docs::source::CatalogueLoadError::Invalid { .. }
        | options_docs::source::CatalogueLoadError::Runtime { .. } => {
            Failure::Invalid(e.to_string())
        }
    })
}

/// Why a configuration file cannot be read: beyond the loaders' limits or one the release does
/// not read is invalid input (exit 1), a missing one a usage error (exit 2).
pub(crate) fn read_failure(e: ReadError) -> Failure {
    match e {
        ReadError::Limit(_) | ReadError::LegacyNotRead { .. } => Failure::Invalid(e.to_string()),
        ReadError::Io { .. } => Failure::Internal(e.to_string()),
    }
}
