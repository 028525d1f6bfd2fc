//! The engines the checker knows, Apache Flink and the Flink Kubernetes Operator, and their
//! catalogues: each release's catalogue, its documentation model and key index built once per
//! process and release, and kept. The command line, the language server, the shell and the
//! Python package all take their catalogues from here, so a process checks many files against a
//! release at the cost of building it once, and every front end reads a release the same way
//! (which releases there are, what a patch spelling means, the nearest release carried for one
//! that is not).
//!
//! ```
//! use options_check::registry::BuiltIn;
//!
//! let flink = BuiltIn::Flink;
//! let release = flink.release("2.0.1").unwrap();
//! assert_eq!(release.version(), "2.0");
//! let checked = flink.checked(release);
//! assert!(checked.loaded.live.resolve("parallelism.default").is_some());
//! // Built once: the same catalogue again.
//! assert!(std::ptr::eq(checked.loaded, flink.checked(release).loaded));
//! ```

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use options_core::{Catalogue, Release, ReleaseError, Releases};
use options_docs::keys::ModelKeyIndex;
use options_docs::source::{CatalogueLoadError, Loaded};
use options_flink::FLINK_RELEASES;
use options_flink_operator::OPERATOR_RELEASES;

/// A built-in engine: whose catalogue, and which releases.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BuiltIn {
    /// Apache Flink, releases 1.19 to 2.3.
    #[default]
    Flink,
    /// The Flink Kubernetes Operator, releases 1.10 to 1.15.
    Operator,
}

/// A catalogue as the checker uses it: the live catalogue and its documentation model
/// ([`Loaded`]), and the model's key index, built once and kept for the life of the process.
#[derive(Clone, Copy, Debug)]
pub struct Checked {
    /// The catalogue and its model.
    pub loaded: &'static Loaded,
    /// Its key index.
    pub index: &'static ModelKeyIndex<'static>,
}

impl Checked {
    /// Keeps `loaded` and its index for the life of the process.
    fn keep(loaded: Loaded) -> Checked {
        let loaded: &'static Loaded = Box::leak(Box::new(loaded));
        Checked {
            loaded,
            index: Box::leak(Box::new(ModelKeyIndex::new(&loaded.doc))),
        }
    }
}

/// A release the engine does not carry, read as the nearest one it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nearest {
    /// The release used.
    pub release: Release,
    /// Why, for a note: `Flink 1.18 is not a release carried here (1.19 to 2.3): checked
    /// against 1.19, the oldest release carried`. `None` when the release is carried.
    pub note: Option<String>,
}

impl BuiltIn {
    /// Every built-in engine.
    pub const ALL: [BuiltIn; 2] = [BuiltIn::Flink, BuiltIn::Operator];

    /// The engine `name` spells (`flink`, `operator`), as a command's `--engine` or Python's
    /// `engine=` names it.
    pub fn parse(name: &str) -> Result<BuiltIn, String> {
        BuiltIn::ALL
            .into_iter()
            .find(|e| e.name() == name)
            .ok_or_else(|| {
                format!(
                    "engine is \"flink\" (Apache Flink) or \"operator\" (the Flink Kubernetes \
                     Operator), not {name:?}"
                )
            })
    }

    /// Its short name (`flink`, `operator`).
    pub fn name(self) -> &'static str {
        match self {
            BuiltIn::Flink => "flink",
            BuiltIn::Operator => "operator",
        }
    }

    /// How messages name it (`Flink`, `the Kubernetes operator`).
    pub fn shown(self) -> &'static str {
        match self {
            BuiltIn::Flink => "Flink",
            BuiltIn::Operator => "the Kubernetes operator",
        }
    }

    /// Its releases, oldest first.
    pub fn releases(self) -> &'static Releases {
        match self {
            BuiltIn::Flink => &FLINK_RELEASES,
            BuiltIn::Operator => &OPERATOR_RELEASES,
        }
    }

    /// The release `text` names (`2.0`; a patch spelling such as `2.0.1` is its release), or an
    /// error listing the releases there are.
    pub fn release(self, text: &str) -> Result<Release, ReleaseError> {
        self.releases().release(text)
    }

    /// The release `text` names, or the `newest` when `None`.
    pub fn release_or_newest(self, text: Option<&str>) -> Result<Release, ReleaseError> {
        match text {
            Some(text) => self.release(text),
            None => Ok(self.releases().newest()),
        }
    }

    /// The release a document names of itself (`1.18` from `spec.flinkVersion: v1_18`): that
    /// release when carried, else the nearest carried (the oldest for an older one, the newest
    /// for a newer one) with a note saying so; `None` when `text` is no version at all.
    pub fn nearest(self, text: &str) -> Option<Nearest> {
        let line = self.releases();
        if let Ok(release) = line.release(text) {
            return Some(Nearest {
                release,
                note: None,
            });
        }
        let near = line.nearest(text)?;
        let carried = format!("{} to {}", line.oldest().version(), line.newest().version());
        let which = if near == line.oldest() {
            "the oldest release carried"
        } else if near.is_newest() {
            "the newest release carried"
        } else {
            "the newest release carried before it"
        };
        let engine = match self {
            BuiltIn::Flink => "Flink",
            BuiltIn::Operator => "The Kubernetes operator",
        };
        Some(Nearest {
            release: near,
            note: Some(format!(
                "{engine} {text} is not a release carried here ({carried}): checked against \
                 {near}, {which}"
            )),
        })
    }

    /// The live catalogue at `release` (the engine crate builds each release's once).
    pub fn catalogue(self, release: Release) -> Arc<Catalogue> {
        match self {
            BuiltIn::Flink => options_flink::builtin::catalogue_at(release),
            BuiltIn::Operator => options_flink_operator::catalogue_at(release),
        }
    }

    /// The catalogue at `release` as the checker uses it, built on first use and kept.
    pub fn checked(self, release: Release) -> Checked {
        static FLINK: OnceLock<Vec<OnceLock<Checked>>> = OnceLock::new();
        static OPERATOR: OnceLock<Vec<OnceLock<Checked>>> = OnceLock::new();
        let slots = match self {
            BuiltIn::Flink => &FLINK,
            BuiltIn::Operator => &OPERATOR,
        }
        .get_or_init(|| {
            self.releases()
                .versions()
                .iter()
                .map(|_| OnceLock::new())
                .collect()
        });
        *slots[release.index()]
            .get_or_init(|| Checked::keep(Loaded::for_checking(self.catalogue(release))))
    }

    /// [`checked`](Self::checked) at the release `text` names, the newest when `None`.
    pub fn checked_at(self, text: Option<&str>) -> Result<Checked, ReleaseError> {
        self.release_or_newest(text).map(|r| self.checked(r))
    }
}

/// The catalogue of a `catalogue.json` (written by `flinkconf generate` for any engine), read
/// once per path and kept; a file of Flink's options knows Flink's releases.
pub fn from_json_file(path: &Path) -> Result<Checked, CatalogueLoadError> {
    static FILES: OnceLock<Mutex<HashMap<PathBuf, Checked>>> = OnceLock::new();
    let files = FILES.get_or_init(Mutex::default);
    let key = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    if let Some(checked) = files
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .get(&key)
    {
        return Ok(*checked);
    }
    let loaded = Loaded::from_json_file(path)?.with_releases(&FLINK_RELEASES);
    let checked = Checked::keep(loaded);
    files
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .insert(key, checked);
    Ok(checked)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_older_release_is_read_as_the_oldest_carried_with_a_note() {
        let near = BuiltIn::Flink.nearest("1.18").unwrap();
        assert_eq!(near.release.version(), "1.19");
        let note = near.note.unwrap();
        assert!(
            note.contains("Flink 1.18 is not a release carried here"),
            "{note}"
        );
        assert!(note.contains("the oldest release carried"), "{note}");
    }

    #[test]
    fn a_carried_release_needs_no_note() {
        let near = BuiltIn::Operator.nearest("1.13.2").unwrap();
        assert_eq!(near.release.version(), "1.13");
        assert_eq!(near.note, None);
    }

    #[test]
    fn an_unknown_engine_name_says_which_there_are() {
        let e = BuiltIn::parse("spark").unwrap_err();
        assert!(e.contains("\"flink\"") && e.contains("\"operator\""), "{e}");
    }
}
