//! The release facts of a documented catalogue: each option's changes up to the documented
//! release, the options removed by then (with what reads their keys now), and what changed in
//! each release step (the changelog `docgen diff` writes, between two releases' views).

use options_core::{Catalogue, OptionMeta, Presence, Release};

use crate::changelog::changelog;
use crate::model::{CatalogueDoc, ChangeDoc, DefaultModel, RemovedDoc, StepDoc};

/// What releases up to `release` changed about `meta`, oldest first; every change when there is
/// no release.
pub fn changes(meta: &OptionMeta, release: Option<Release>) -> Vec<ChangeDoc> {
    let mut out: Vec<ChangeDoc> = meta
        .changes
        .iter()
        .filter(|c| release.is_none_or(|r| r.reached(c.release)))
        .map(|c| ChangeDoc {
            release: c.release.to_owned(),
            value_type: c.value_type.map(|t| t.name().into_owned()),
            default: c.default.map(DefaultModel::from),
            enum_values: c
                .enum_values
                .map(|v| v.iter().map(|s| (*s).to_owned()).collect()),
            hidden: c.hidden,
            deprecated_keys: c
                .deprecated_keys
                .map(|k| k.iter().map(|k| k.name().to_owned()).collect()),
            fallback_keys: c
                .fallback_keys
                .map(|k| k.iter().map(|k| k.name().to_owned()).collect()),
        })
        .collect();
    out.sort_by(|a, b| {
        options_grammar::version::compare_texts(&a.release, &b.release)
            .unwrap_or(core::cmp::Ordering::Equal)
    });
    out
}

/// The options of `catalogue`'s groups that `release` no longer reads, oldest removal first
/// (then by key), each with the options that still read its key.
pub fn removed(catalogue: &Catalogue, release: Release) -> Vec<RemovedDoc> {
    let mut out = Vec::new();
    for group in catalogue.declared_groups() {
        for meta in group.options {
            let Presence::Removed(removal) = meta.at(release) else {
                continue;
            };
            out.push(RemovedDoc {
                key: meta.key_str().to_owned(),
                release: removal.release.to_owned(),
                note: removal.note.to_owned(),
                read_by: catalogue
                    .readers(meta.key_str())
                    .iter()
                    .map(|r| r.meta.key_str().to_owned())
                    .collect(),
                section: group.title.to_owned(),
                summary: meta.summary().to_owned(),
            });
        }
    }
    out.sort_by(|a, b| {
        options_grammar::version::compare_texts(&a.release, &b.release)
            .unwrap_or(core::cmp::Ordering::Equal)
            .then_with(|| a.key.cmp(&b.key))
    });
    out
}

/// What changed in each release after the first, up to `release`.
pub fn steps(catalogue: &Catalogue, release: Release) -> Vec<StepDoc> {
    let view = |r: Release| -> Option<CatalogueDoc> {
        if r == release {
            return Some(CatalogueDoc::sections_of(catalogue));
        }
        catalogue
            .at_release(r)
            .ok()
            .map(|c| CatalogueDoc::sections_of(&c))
    };
    let mut out = Vec::new();
    let mut previous: Option<(Release, CatalogueDoc)> = None;
    for r in release.line().iter().take(release.index() + 1) {
        let Some(doc) = view(r) else {
            continue;
        };
        if let Some((p, old)) = &previous {
            out.push(StepDoc {
                from: p.version().to_owned(),
                to: r.version().to_owned(),
                changelog: changelog(old, &doc),
            });
        }
        previous = Some((r, doc));
    }
    out
}
