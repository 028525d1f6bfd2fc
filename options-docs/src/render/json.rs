//! `catalogue.json`: the whole model with a format version (read back by
//! [`crate::source::read_catalogue_json`]).

use serde::Serialize;

use super::generated_note;
use crate::model::{
    CatalogueDoc, ChangeClassDoc, EngineDoc, ReleaseDoc, RemovedDoc, SectionDoc, StepDoc,
    FORMAT_VERSION,
};

#[derive(Serialize)]
struct Written<'a> {
    #[serde(rename = "$comment")]
    comment: String,
    format_version: u32,
    release: &'a Option<ReleaseDoc>,
    engine: &'a EngineDoc,
    sections: &'a [SectionDoc],
    removed: &'a [RemovedDoc],
    steps: &'a [StepDoc],
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    change_classes: &'a [ChangeClassDoc],
}

/// The catalogue as pretty JSON, keys in a fixed order, with a trailing newline.
pub fn catalogue_json(doc: &CatalogueDoc) -> String {
    let written = Written {
        comment: generated_note(doc),
        format_version: FORMAT_VERSION,
        release: &doc.release,
        engine: &doc.engine,
        sections: &doc.sections,
        removed: &doc.removed,
        steps: &doc.steps,
        change_classes: &doc.change_classes,
    };
    let mut text = serde_json::to_string_pretty(&written).expect("the model serializes");
    text.push('\n');
    text
}
