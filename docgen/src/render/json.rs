//! `catalogue.json`: the whole model with a format version, and reading it back.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::generated_note;
use crate::model::{CatalogueDoc, SectionDoc, FORMAT_VERSION};

#[derive(Serialize)]
struct Written<'a> {
    #[serde(rename = "$comment")]
    comment: String,
    format_version: u32,
    sections: &'a [SectionDoc],
}

#[derive(Deserialize)]
struct Read {
    sections: Vec<SectionDoc>,
}

/// Errors reading a catalogue JSON file.
#[derive(Debug, thiserror::Error)]
pub enum CatalogueJsonError {
    /// Not JSON, or not the catalogue shape.
    #[error("not a docgen catalogue: {0}")]
    Malformed(#[from] serde_json::Error),
    /// No `format_version`, or one this docgen does not read.
    #[error("unsupported catalogue format_version {found} (this docgen reads {FORMAT_VERSION}); regenerate the file with this docgen")]
    Version {
        /// What the file says (`none` when absent).
        found: String,
    },
}

/// The catalogue as pretty JSON, keys in a fixed order, with a trailing newline.
pub fn catalogue_json(doc: &CatalogueDoc) -> String {
    let written = Written {
        comment: generated_note(),
        format_version: FORMAT_VERSION,
        sections: &doc.sections,
    };
    let mut text = serde_json::to_string_pretty(&written).expect("the model serializes");
    text.push('\n');
    text
}

/// Reads a catalogue written by [`catalogue_json`] (same `format_version`).
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
    let mut doc = CatalogueDoc {
        sections: read.sections,
    };
    doc.sort();
    Ok(doc)
}
