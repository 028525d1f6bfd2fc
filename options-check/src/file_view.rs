//! The settings of one file as `validate` sees them, computed once per file: the option each
//! setting's key answers, the last setting of each option (the one that counts), and which options
//! an option's value turns a `then_above` requirement on for. The checks then ask here in constant
//! time, so a file of 60,000 keys costs 60,000 lookups, not 60,000 scans of the file or of the
//! catalogue.

use std::collections::HashMap;

use options_core::Setting;
use options_docs::keys::{Found, ModelKeyIndex};
use options_docs::model::{CatalogueDoc, OptionDoc};

/// One file's settings, resolved.
pub(crate) struct FileView<'s, 'd> {
    /// Per setting, in file order, the option its key answers (`None` for an unknown key).
    pub found: Vec<Option<Found<'d>>>,
    /// The last setting of each option, by the option's own key, whatever spelling it used.
    last: HashMap<&'d str, &'s Setting>,
    /// For an option's key, the options with a `then_above` bound whose `only_when` condition
    /// names it (by any of its spellings).
    needed_by: HashMap<&'d str, Vec<&'d OptionDoc>>,
}

impl<'s, 'd> FileView<'s, 'd> {
    /// The view of `settings`, each with the option its key answers in `index` (`found`, in the
    /// same order).
    pub fn new(
        doc: &'d CatalogueDoc,
        index: &ModelKeyIndex<'d>,
        settings: &'s [Setting],
        found: Vec<Option<Found<'d>>>,
    ) -> Self {
        let mut last = HashMap::new();
        for (s, hit) in settings.iter().zip(&found) {
            if let Some((_, option, _)) = hit {
                last.insert(option.key.as_str(), s);
            }
        }
        let mut needed_by: HashMap<&'d str, Vec<&'d OptionDoc>> = HashMap::new();
        for (_, dependent) in doc.options() {
            let Some(relation) = &dependent.only_when else {
                continue;
            };
            if relation.then_above.is_none() {
                continue;
            }
            if let Some((_, condition, _)) = index.resolve(&relation.key) {
                needed_by
                    .entry(condition.key.as_str())
                    .or_default()
                    .push(dependent);
            }
        }
        FileView {
            found,
            last,
            needed_by,
        }
    }

    /// The last setting of the file that names the option with key `key` (by any of its
    /// spellings): the one that counts.
    pub fn last_set(&self, key: &str) -> Option<&'s Setting> {
        self.last.get(key).copied()
    }

    /// The options with a `then_above` bound that the option with key `key` turns on, in
    /// catalogue order.
    pub fn needed_by(&self, key: &str) -> &[&'d OptionDoc] {
        self.needed_by.get(key).map_or(&[], Vec::as_slice)
    }
}
