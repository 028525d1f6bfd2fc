//! The model of a live catalogue ([`CatalogueDoc::from_catalogue`]) with the release facts it
//! documents: the options removed by its release (with what reads their keys now), and what
//! changed in each release step (the changelog `flinkconf diff` writes, between two releases'
//! views). Kept out of `model` because the steps are written by `changelog`, which reads the model.

use options_core::{Catalogue, Presence, Release};

use crate::changelog::changelog;
use crate::model::{CatalogueDoc, ReleaseDoc, RemovedDoc, SectionDoc, StepDoc};

impl CatalogueDoc {
    /// The model of a live catalogue: every group, every option (hidden ones too), as the
    /// catalogue's release has them; with releases, also the options removed up to that release
    /// and what changed in each release up to it.
    pub fn from_catalogue(catalogue: &Catalogue) -> Self {
        let mut doc = Self::for_checking(catalogue);
        if let Some(release) = catalogue.release() {
            doc.steps = steps(catalogue, release);
        }
        doc
    }

    /// [`from_catalogue`](Self::from_catalogue) without `steps`, the changelog of each release
    /// step, which only the reference docs and `flinkconf diff` show: building it compares every
    /// release with the one before, half of what `validate` spent before reading its file.
    pub fn for_checking(catalogue: &Catalogue) -> Self {
        let mut doc = Self::sections_of(catalogue);
        if let Some(release) = catalogue.release() {
            doc.release = Some(ReleaseDoc {
                engine: release.line().engine().to_owned(),
                version: release.version().to_owned(),
                versions: release
                    .line()
                    .versions()
                    .iter()
                    .map(|v| (*v).to_owned())
                    .collect(),
            });
            doc.removed = removed(catalogue, release);
        }
        doc
    }
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
        options_core::version::compare_texts(&a.release, &b.release)
            .unwrap_or(core::cmp::Ordering::Equal)
            .then_with(|| a.key.cmp(&b.key))
    });
    out
}

/// What changed in each release after the first, up to `release`.
pub fn steps(catalogue: &Catalogue, release: Release) -> Vec<StepDoc> {
    // Each release's options as the changelog compares them (their descriptions are not
    // compared, so not copied).
    let view = |r: Release| -> Option<CatalogueDoc> {
        let sections = catalogue
            .groups_at(r)
            .into_iter()
            .map(|g| {
                let mut section = SectionDoc::from_group_at(g, Some(r));
                for option in &mut section.options {
                    option.description.clear();
                }
                section
            })
            .collect();
        let mut doc = CatalogueDoc::new(sections);
        doc.engine = crate::engine::EngineDoc::from(catalogue.engine());
        Some(doc)
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
