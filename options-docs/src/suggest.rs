//! "Did you mean ...?" over a model, with the same rules and the same index as
//! `Catalogue::suggest`, so a JSON catalogue gets the suggestions a live one would.

use options_core::suggest::{CandidateOf, SuggestIndex};

use crate::model::CatalogueDoc;

/// Suggests known keys for unknown ones, borrowing the model's keys.
#[derive(Debug)]
pub struct Suggester<'a> {
    index: SuggestIndex<'a>,
}

impl<'a> Suggester<'a> {
    /// Indexes every key, fallback key and deprecated key of `doc`.
    pub fn new(doc: &'a CatalogueDoc) -> Self {
        let candidates = doc.options().flat_map(|(_, o)| {
            std::iter::once(&o.key)
                .chain(&o.fallback_keys)
                .chain(&o.deprecated_keys)
                .map(move |key| CandidateOf {
                    key,
                    target: &o.key,
                    hidden: o.hidden,
                })
        });
        Suggester {
            index: SuggestIndex::new(candidates),
        }
    }

    /// Known keys close to `key`, best first.
    pub fn suggest(&self, key: &str) -> Vec<String> {
        self.index
            .suggest(key)
            .into_iter()
            .map(str::to_owned)
            .collect()
    }
}
