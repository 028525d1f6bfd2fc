//! Where the documented catalogue comes from: the built-in one, or a catalogue JSON file a
//! downstream crate exported (`--catalogue FILE`).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use options_core::Catalogue;

use crate::model::CatalogueDoc;
use crate::render::{read_catalogue_json, CatalogueJsonError};

/// A catalogue ready to document: its model, and the live catalogue when there is one (its own
/// value parsers then check values in `validate`).
#[derive(Debug, Clone)]
pub struct Loaded {
    /// The model every renderer reads.
    pub doc: CatalogueDoc,
    /// The live catalogue, when documenting declarations compiled into this binary.
    pub live: Option<Arc<Catalogue>>,
}

/// Errors loading a catalogue file.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read.
    #[error("cannot read catalogue {}: {source}", .path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not a catalogue this docgen reads.
    #[error("{}: {source}", .path.display())]
    Invalid {
        /// The file.
        path: PathBuf,
        /// Why.
        source: CatalogueJsonError,
    },
}

impl Loaded {
    /// The built-in catalogue (`options_core::builtin::catalogue()`).
    pub fn builtin() -> Self {
        Self::from_catalogue(options_core::builtin::catalogue())
    }

    /// A live catalogue.
    pub fn from_catalogue(catalogue: Arc<Catalogue>) -> Self {
        Loaded {
            doc: CatalogueDoc::from_catalogue(&catalogue),
            live: Some(catalogue),
        }
    }

    /// A catalogue JSON file written by `docgen generate` (`catalogue.json`).
    pub fn from_json_file(path: &Path) -> Result<Self, LoadError> {
        let text = std::fs::read_to_string(path).map_err(|source| LoadError::Read {
            path: path.to_owned(),
            source,
        })?;
        let doc = read_catalogue_json(&text).map_err(|source| LoadError::Invalid {
            path: path.to_owned(),
            source,
        })?;
        Ok(Loaded { doc, live: None })
    }
}
