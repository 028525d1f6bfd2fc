//! "Did you mean ...?" over a model, with the same rules as `Catalogue::suggest` (it is the same
//! function), so a JSON catalogue gets the suggestions a live one would.

use options_core::suggest::{suggest, CandidateOf};

use crate::model::CatalogueDoc;

/// Suggests known keys for unknown ones, borrowing the model's keys.
#[derive(Debug)]
pub struct Suggester<'a> {
    candidates: Vec<CandidateOf<'a>>,
}

impl<'a> Suggester<'a> {
    /// Candidates from every key, fallback key and deprecated key of `doc`.
    pub fn new(doc: &'a CatalogueDoc) -> Self {
        let mut candidates = Vec::new();
        for (_, o) in doc.options() {
            for key in std::iter::once(&o.key)
                .chain(&o.fallback_keys)
                .chain(&o.deprecated_keys)
            {
                candidates.push(CandidateOf {
                    key,
                    target: &o.key,
                    hidden: o.hidden,
                });
            }
        }
        Suggester { candidates }
    }

    /// Known keys close to `key`, best first.
    pub fn suggest(&self, key: &str) -> Vec<String> {
        suggest(key, self.candidates.iter().copied())
            .into_iter()
            .map(str::to_owned)
            .collect()
    }
}
