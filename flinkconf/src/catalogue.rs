//! Which catalogue a command answers with: Flink's built-in one at `--release` (or at the release
//! a file names), or a `--catalogue` file; and reading the configuration file a command is given.

use std::path::Path;

use options_docs::source::Loaded;
use options_flink::legacy::{read_conf_file, ConfFile, ReadError};

use crate::failure::Failure;
use crate::Cli;

/// The catalogue to read a configuration of `release` with (the built-in catalogue at that
/// release; a catalogue file must document it), and a note when it cannot be that release's. The
/// one place that picks a catalogue by release: `--release`, or a manifest's spec.flinkVersion.
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
    match options_check::builtin::for_checking(Some(release)) {
        Ok(loaded) => Ok((loaded, None)),
        // A release chosen on the command line must exist; one a file names is checked against
        // the nearest release carried (the oldest for an older one, the newest for a newer one),
        // with a note: an error Flink 1.18 would never raise is no help to its user.
        Err(e) if cli.release.as_deref() == Some(release) => Err(Failure::Internal(e.to_string())),
        Err(e) => {
            let line = &options_flink::FLINK_RELEASES;
            let Some(near) = line.nearest(release) else {
                return Ok((
                    Loaded::for_checking(options_flink::builtin::catalogue()),
                    Some(format!("{e}; checked against the newest release")),
                ));
            };
            let carried = format!("{} to {}", line.oldest().version(), line.newest().version());
            let which = if near == line.oldest() {
                "the oldest release carried"
            } else if near.is_newest() {
                "the newest release carried"
            } else {
                "the newest release carried before it"
            };
            let loaded = options_check::builtin::for_checking(Some(near.version()))
                .map_err(|e| Failure::Internal(e.to_string()))?;
            Ok((
                loaded,
                Some(format!(
                    "Flink {release} is not a release carried here ({carried}): checked against {near}, {which}"
                )),
            ))
        }
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

/// A configuration file, or the one a conf directory holds, as `release` finds it (the newest
/// when none is named); a file beyond the loaders' limits or one the release does not read is
/// invalid input (exit 1), a missing one a usage error (exit 2).
pub(crate) fn read_conf(
    cli: &Cli,
    path: &Path,
    release: Option<&str>,
) -> Result<ConfFile, Failure> {
    read_conf_file(path, reading_release(cli, release)).map_err(read_failure)
}

/// The Flink release a configuration file is read as (which file a conf directory holds, whether
/// a legacy file is read): `release`, else the newest; none for a `--catalogue` file, whose
/// engine's files are not Flink's.
pub(crate) fn reading_release(cli: &Cli, release: Option<&str>) -> Option<options_core::Release> {
    if cli.catalogue.is_some() {
        return None;
    }
    let line = &options_flink::FLINK_RELEASES;
    match release {
        Some(r) => line.release(r).ok(),
        None => Some(line.newest()),
    }
}

pub(crate) fn read_failure(e: ReadError) -> Failure {
    match e {
        ReadError::Limit(_) | ReadError::LegacyNotRead { .. } => Failure::Invalid(e.to_string()),
        ReadError::Io { .. } => Failure::Internal(e.to_string()),
    }
}
