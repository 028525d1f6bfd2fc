//! Where the documented catalogue comes from: a live catalogue compiled into the program, or a
//! catalogue JSON file a downstream crate exported (`--catalogue FILE`), read back and checked
//! here.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use options_core::wording;
use options_core::{Catalogue, Releases};
use serde::Deserialize;
use serde_json::Value;

use crate::engine::{EngineDoc, EngineDocError};
use crate::model::{
    CatalogueDoc, ChangeClassDoc, ReleaseDoc, RemovedDoc, SectionDoc, StepDoc, FORMAT_VERSION,
};
use crate::runtime::{runtime_catalogue, RuntimeError};
use options_core::tool::TOOL;

/// A catalogue ready to document and to check against: its model, and the live catalogue whose
/// parsers, constraints and relations every check goes through (the one compiled into the
/// program, or one built from a catalogue file by [`runtime_catalogue`]).
#[derive(Debug, Clone)]
pub struct Loaded {
    /// The model every renderer reads.
    pub doc: CatalogueDoc,
    /// The live catalogue: the declarations compiled into this binary, or those of a catalogue
    /// file, built by [`runtime_catalogue`].
    pub live: Arc<Catalogue>,
    /// Release lines a catalogue file may document (see [`Loaded::with_releases`]); a live
    /// catalogue knows its own.
    pub releases: Vec<&'static Releases>,
}

/// Errors loading a catalogue file.
#[derive(Debug, thiserror::Error)]
pub enum CatalogueLoadError {
    /// The file could not be read.
    #[error("cannot read catalogue {}: {source}", .path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is a catalogue, but its options cannot be read as declarations (a bound that is
    /// not a value of its option's type, a relation to a key no section declares).
    #[error("{}: {source}", .path.display())]
    Runtime {
        /// The file.
        path: PathBuf,
        /// Why.
        source: RuntimeError,
    },
    /// The file is not a catalogue this version reads.
    #[error("{}: {source}", .path.display())]
    Invalid {
        /// The file.
        path: PathBuf,
        /// Why.
        source: CatalogueJsonError,
    },
}

impl Loaded {
    /// A catalogue file's model, with the live catalogue built from it ([`runtime_catalogue`]).
    pub fn from_doc(doc: CatalogueDoc) -> Result<Self, RuntimeError> {
        let live = Arc::new(runtime_catalogue(&doc)?);
        Ok(Loaded {
            doc,
            live,
            releases: Vec::new(),
        })
    }

    /// Knows `line`: a catalogue file that documents one of its releases answers
    /// [`release`](Self::release) with it (an engine's tools name the lines they carry).
    pub fn with_releases(mut self, line: &'static Releases) -> Self {
        self.releases.push(line);
        self
    }

    /// The release the catalogue answers for: the live catalogue's, or, for a catalogue file,
    /// the release it documents when its line is known ([`with_releases`](Self::with_releases)).
    pub fn release(&self) -> Option<options_core::Release> {
        if let Some(release) = self.live.release() {
            return Some(release);
        }
        let doc = self.doc.release.as_ref()?;
        self.releases
            .iter()
            .find(|line| line.engine() == doc.engine)
            .and_then(|line| line.release(&doc.version).ok())
    }

    /// Checks that the catalogue documents `release` (a catalogue file documents one release;
    /// the built-in catalogue is loaded at the release asked for instead).
    pub fn check_release(&self, release: &str) -> Result<(), String> {
        let Some(doc) = &self.doc.release else {
            return Err(format!(
                "this catalogue names no releases, so --release {release} cannot be chosen; leave --release out"
            ));
        };
        let wanted = options_core::version::Version::parse(release.trim());
        let documented = options_core::version::Version::parse(&doc.version);
        match (wanted, documented) {
            (Some(w), Some(d)) if w.is_within(&d) => Ok(()),
            _ => Err(format!(
                "this catalogue documents {} {} only, not release {release}; write the catalogue for that release (`{TOOL} generate --release {release}`) or leave --release out",
                doc.engine, doc.version
            )),
        }
    }

    /// Why the catalogue's release does not read `key`, when another release does (an option
    /// added later, removed, or a dropped spelling); `None` for a key no release knows.
    pub fn absent(&self, key: &str) -> Option<String> {
        if let Some(absent) = self.live.absent(key) {
            return Some(absent.error(key).to_string());
        }
        // A live catalogue at a release has answered for every key its release does not read,
        // the removed options' among them (`doc.removed` is made from the same declarations):
        // only a catalogue file's list is left to look through, which would cost every unknown
        // key of a file a walk of that list.
        if self.live.release().is_some() {
            return None;
        }
        let release = self.doc.release.as_ref()?;
        let removed = self.doc.removed.iter().find(|r| r.key == key)?;
        Some(format!(
            "configuration key \"{key}\" is not read by {} {}: it was removed in {} ({})",
            release.engine,
            release.version,
            removed.release,
            wording::plain(&removed.note)
        ))
    }

    /// A live catalogue.
    pub fn from_catalogue(catalogue: Arc<Catalogue>) -> Self {
        Loaded {
            doc: CatalogueDoc::from_catalogue(&catalogue),
            live: catalogue,
            releases: Vec::new(),
        }
    }

    /// [`from_catalogue`](Self::from_catalogue) for checking settings (`validate`, `explain`,
    /// `migrate`): the model without the release steps' changelogs
    /// ([`CatalogueDoc::for_checking`]).
    pub fn for_checking(catalogue: Arc<Catalogue>) -> Self {
        Loaded {
            doc: CatalogueDoc::for_checking(&catalogue),
            live: catalogue,
            releases: Vec::new(),
        }
    }

    /// A catalogue JSON file written by `flinkconf generate` (`catalogue.json`).
    pub fn from_json_file(path: &Path) -> Result<Self, CatalogueLoadError> {
        let text = std::fs::read_to_string(path).map_err(|source| CatalogueLoadError::Read {
            path: path.to_owned(),
            source,
        })?;
        let doc = read_catalogue_json(&text).map_err(|source| CatalogueLoadError::Invalid {
            path: path.to_owned(),
            source,
        })?;
        Loaded::from_doc(doc).map_err(|source| CatalogueLoadError::Runtime {
            path: path.to_owned(),
            source,
        })
    }
}

#[derive(Deserialize)]
struct Read {
    #[serde(default)]
    engine: EngineDoc,
    sections: Vec<SectionDoc>,
    #[serde(default)]
    release: Option<ReleaseDoc>,
    #[serde(default)]
    removed: Vec<RemovedDoc>,
    #[serde(default)]
    steps: Vec<StepDoc>,
    #[serde(default)]
    change_classes: Vec<ChangeClassDoc>,
}

/// Errors reading a catalogue JSON file.
#[derive(Debug, thiserror::Error)]
pub enum CatalogueJsonError {
    /// Not JSON, or not the catalogue shape.
    #[error("not a catalogue file of this library: {0}")]
    Malformed(#[from] serde_json::Error),
    /// No `format_version`, or one this version does not read.
    #[error("unsupported catalogue format_version {found} (this version reads {FORMAT_VERSION}); regenerate the file with this version")]
    Version {
        /// What the file says (`none` when absent).
        found: String,
    },
    /// An engine whose rule names a reading or SQL form this version does not know.
    #[error("{0}")]
    Engine(#[from] EngineDocError),
    /// A section id that cannot name output files.
    #[error("section id \"{id}\" is not allowed: section ids name output files, so they must match [a-z0-9][a-z0-9_-]* (for example \"execution\")")]
    SectionId {
        /// The id.
        id: String,
    },
    /// Two sections with one id (one would overwrite the other's files).
    #[error("section id \"{id}\" is used by two sections; give each section its own id")]
    DuplicateSection {
        /// The id.
        id: String,
    },
    /// One key declared twice.
    #[error("option key \"{key}\" is declared twice (in sections \"{first}\" and \"{second}\"); declare each key once")]
    DuplicateKey {
        /// The key.
        key: String,
        /// The section of the first declaration.
        first: String,
        /// The section of the second.
        second: String,
    },
    /// A key (an option's own, deprecated or fallback key) with characters keys never have.
    #[error("key \"{key}\" in section \"{section}\" is not allowed: keys must be non-empty and may not contain whitespace, quotes, backticks, \"<\" or \">\"")]
    Key {
        /// The key.
        key: String,
        /// Its section.
        section: String,
    },
}

/// Reads a catalogue written by `render::catalogue_json` (same
/// `format_version`).
pub fn read_catalogue_json(text: &str) -> Result<CatalogueDoc, CatalogueJsonError> {
    let value: Value = serde_json::from_str(text)?;
    match value.get("format_version").and_then(Value::as_u64) {
        Some(v) if v == u64::from(FORMAT_VERSION) => {}
        other => {
            return Err(CatalogueJsonError::Version {
                found: other.map_or_else(|| "none".to_owned(), |v| v.to_string()),
            })
        }
    }
    let read: Read = serde_json::from_value(value)?;
    read.engine.check()?;
    check_names(&read.sections)?;
    let mut doc = CatalogueDoc {
        engine: read.engine,
        sections: read.sections,
        release: read.release,
        removed: read.removed,
        steps: read.steps,
        change_classes: read.change_classes,
        regenerate: None,
    };
    doc.sort();
    Ok(doc)
}

/// Section ids name output files and keys are shown in pages: a file from elsewhere must not
/// write outside the output directory, lose a section, or inject markup.
fn check_names(sections: &[SectionDoc]) -> Result<(), CatalogueJsonError> {
    let mut ids = HashSet::new();
    let mut keys: HashMap<&str, &str> = HashMap::new();
    for section in sections {
        let id = section.id.as_str();
        if !is_section_id(id) {
            return Err(CatalogueJsonError::SectionId { id: id.to_owned() });
        }
        if !ids.insert(id) {
            return Err(CatalogueJsonError::DuplicateSection { id: id.to_owned() });
        }
        for option in &section.options {
            let names = std::iter::once(&option.key)
                .chain(&option.deprecated_keys)
                .chain(&option.fallback_keys);
            if let Some(bad) = names.into_iter().find(|k| !is_key(k)) {
                return Err(CatalogueJsonError::Key {
                    key: bad.clone(),
                    section: id.to_owned(),
                });
            }
            if let Some(first) = keys.insert(&option.key, id) {
                return Err(CatalogueJsonError::DuplicateKey {
                    key: option.key.clone(),
                    first: first.to_owned(),
                    second: id.to_owned(),
                });
            }
        }
    }
    Ok(())
}

/// `[a-z0-9][a-z0-9_-]*`.
fn is_section_id(id: &str) -> bool {
    let ok = |c: u8| c.is_ascii_lowercase() || c.is_ascii_digit();
    match id.as_bytes() {
        [first, rest @ ..] => ok(*first) && rest.iter().all(|&c| ok(c) || c == b'_' || c == b'-'),
        [] => false,
    }
}

/// No quotes, spaces or markup; `<` and `>` only around a whole placeholder segment (`<name>`).
fn is_key(key: &str) -> bool {
    let plain = |s: &str| {
        !s.chars()
            .any(|c| c.is_whitespace() || matches!(c, '"' | '\'' | '`' | '<' | '>' | '&'))
    };
    !key.is_empty()
        && key.split('.').all(
            |segment| match options_core::pattern::placeholder(segment) {
                Some(name) => !name.is_empty() && plain(name),
                None => plain(segment),
            },
        )
}
