//! "Did you mean ...?" over a model, with the same rules as `Catalogue::suggest` (it is the same
//! function), so a JSON catalogue gets the suggestions a live one would.

use options_core::suggest::{suggest, Candidate};

use crate::model::CatalogueDoc;

/// Suggests known keys for unknown ones.
#[derive(Debug)]
pub struct Suggester {
    candidates: Vec<Candidate>,
}

impl Suggester {
    /// Candidates from every key, fallback key and deprecated key of `doc`.
    pub fn new(doc: &CatalogueDoc) -> Self {
        // `suggest` works on static strings (a live catalogue's keys); a model's keys are leaked
        // once, which is fine for a command-line tool.
        let leak = |s: &str| -> &'static str { Box::leak(s.to_owned().into_boxed_str()) };
        let mut candidates = Vec::new();
        for (_, o) in doc.options() {
            let target = leak(&o.key);
            for key in std::iter::once(&o.key)
                .chain(&o.fallback_keys)
                .chain(&o.deprecated_keys)
            {
                candidates.push(Candidate {
                    key: leak(key),
                    target,
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
