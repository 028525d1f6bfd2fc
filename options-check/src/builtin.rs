//! Flink's built-in catalogue as the checker loads it: at a release, with or without the
//! release steps' changelogs, and catalogue files of Flink's options with Flink's releases known.

use std::path::Path;

use options_core::ReleaseError;
use options_docs::source::{CatalogueLoadError, Loaded};
use options_flink::builtin::catalogue_at;
use options_flink::FLINK_RELEASES;

/// Flink's catalogue at `release` (`2.0`, or a patch spelling such as `2.0.1`); the newest when
/// `None`. Every model field is filled, the release steps' changelogs included (the docs need
/// them).
pub fn at(release: Option<&str>) -> Result<Loaded, ReleaseError> {
    at_release(release).map(Loaded::from_catalogue)
}

/// [`at`] for checking settings (`validate`, `explain`, `migrate`): the model without the release
/// steps' changelogs ([`Loaded::for_checking`]).
pub fn for_checking(release: Option<&str>) -> Result<Loaded, ReleaseError> {
    at_release(release).map(Loaded::for_checking)
}

/// A catalogue file (`catalogue.json`), knowing Flink's releases: a file of Flink's options
/// answers [`Loaded::release`] with the release it documents.
pub fn from_json_file(path: &Path) -> Result<Loaded, CatalogueLoadError> {
    Loaded::from_json_file(path).map(|loaded| loaded.with_releases(&FLINK_RELEASES))
}

fn at_release(
    release: Option<&str>,
) -> Result<std::sync::Arc<options_core::Catalogue>, ReleaseError> {
    let release = match release {
        Some(text) => FLINK_RELEASES.release(text)?,
        None => FLINK_RELEASES.newest(),
    };
    Ok(catalogue_at(release))
}
