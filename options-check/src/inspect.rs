//! `flinkconf validate` on any file where Flink configuration lives ([`crate::input`]): each
//! embedded configuration is checked as a file of its own, against the catalogue of its release,
//! and every problem is reported at its position in the file the user opened.

use options_core::layers::Strictness;

use crate::finding::Finding;
use crate::input::{Embedded, Extracted, Reader};
use crate::rules::Rule;
use crate::validate::{check_legacy_text_with, check_text_with, CheckOptions};
use options_docs::keys::ModelKeyIndex;
use options_docs::source::Loaded;

/// Every problem of `embedded`, checked against `loaded` (Flink's catalogue at its release) and,
/// for a configuration the Kubernetes operator reads too ([`Reader::Resource`],
/// [`Reader::Operator`]), the operator's catalogue `operator` (see [`crate::operator`]), at its
/// position in the user's file. Without `operator`, the operator's keys are Flink's unknown keys.
pub fn check_embedded(
    loaded: &Loaded,
    operator: Option<&Loaded>,
    embedded: &Embedded,
    strictness: Strictness,
) -> Vec<Finding> {
    check_embedded_indexed(
        loaded,
        &ModelKeyIndex::new(&loaded.doc),
        operator,
        embedded,
        strictness,
    )
}

/// [`check_embedded`] with `loaded`'s model indexed once by the caller, who checks many files
/// against it (`flinkconf validate DIR`).
pub fn check_embedded_indexed<'d>(
    loaded: &'d Loaded,
    index: &ModelKeyIndex<'d>,
    operator: Option<&Loaded>,
    embedded: &Embedded,
    strictness: Strictness,
) -> Vec<Finding> {
    let problems: Vec<Finding> = match (embedded.reader, operator) {
        (Reader::Resource | Reader::Operator, Some(operator)) => crate::operator::check_text(
            loaded,
            Some(index),
            operator,
            &embedded.text,
            embedded.legacy,
            strictness,
            embedded.reader,
        ),
        _ => {
            let options = CheckOptions {
                strictness,
                index: Some(index),
                ..CheckOptions::default()
            };
            match embedded.legacy {
                true => check_legacy_text_with(loaded, &embedded.text, &options),
                false => check_text_with(loaded, &embedded.text, &options),
            }
        }
    };
    problems
        .into_iter()
        .map(|mut f| {
            if let Some(column) = f.column {
                let (line, column) = embedded.map.to_file(f.line, column);
                (f.line, f.column) = (line, Some(column));
            }
            f
        })
        .collect()
}

/// The notes and structure errors of an extraction, as findings.
pub fn structure_findings(extracted: &Extracted) -> Vec<Finding> {
    let mut findings: Vec<Finding> = extracted
        .notes
        .iter()
        .map(|(line, message)| Finding::note(*line, message.clone()))
        .collect();
    findings.extend(extracted.errors.iter().map(|(pos, message)| {
        Finding::error(Rule::Manifest, pos.line, pos.column, message.clone())
    }));
    findings
}
