//! Which option a key names in a documentation model, with the runtime's precedence: an option's
//! own key, then a fallback key, then a deprecated key ([`KeyRole`]'s order, the rule
//! `Catalogue::resolve` applies). `explain` and `validate` both ask here, so a spelling that is a
//! fallback key of one option and a deprecated key of another means the same option in the docs
//! tools as in a running engine.

use std::collections::HashMap;

use options_core::KeyRole;

use crate::model::{CatalogueDoc, OptionDoc, SectionDoc};

/// An option found by key: its section, the option, and how the key matched.
pub type Found<'a> = (&'a SectionDoc, &'a OptionDoc, KeyRole);

/// Every spelling of every option of a model, indexed once.
#[derive(Debug)]
pub struct KeyIndex<'a> {
    by_key: HashMap<&'a str, Found<'a>>,
}

impl<'a> KeyIndex<'a> {
    /// Indexes every key, fallback key and deprecated key of `doc`.
    pub fn new(doc: &'a CatalogueDoc) -> Self {
        let mut by_key: HashMap<&'a str, Found<'a>> = HashMap::new();
        for (section, option) in doc.options() {
            let spellings = std::iter::once((&option.key, KeyRole::Key))
                .chain(option.fallback_keys.iter().map(|k| (k, KeyRole::Fallback)))
                .chain(
                    option
                        .deprecated_keys
                        .iter()
                        .map(|k| (k, KeyRole::Deprecated)),
                );
            for (key, role) in spellings {
                let found = (section, option, role);
                by_key
                    .entry(key.as_str())
                    .and_modify(|best| {
                        if role < best.2 {
                            *best = found;
                        }
                    })
                    .or_insert(found);
            }
        }
        KeyIndex { by_key }
    }

    /// The option answering `key`, if any.
    pub fn resolve(&self, key: &str) -> Option<Found<'a>> {
        self.by_key.get(key).copied()
    }
}
