//! Which option a key names in a documentation model, through the runtime's own key index
//! ([`options_core::key_index`]) and so with its precedence: an option's own key, then a fallback
//! key, then a deprecated key ([`KeyRole`]'s order), then the most specific pattern key the key is
//! an instance of. `explain`, `validate` and `migrate` all ask here, so a key means the same
//! option in the docs tools as in a running engine.

use options_core::key_index::KeyRole;
use options_core::pattern::empty_placeholder_error;
use options_core::sensitive::{Declared, Reading, Spelling};
use options_core::ConfigError;

use crate::model::{CatalogueDoc, OptionDoc, SectionDoc};

/// An option found by key: its section, the option, and how the key matched.
pub type Found<'a> = (&'a SectionDoc, &'a OptionDoc, KeyRole);

/// Every spelling and pattern key of every option of a model, indexed once.
#[derive(Debug)]
pub struct ModelKeyIndex<'a> {
    index: options_core::key_index::KeyIndex<'a, (&'a SectionDoc, &'a OptionDoc)>,
}

impl<'a> ModelKeyIndex<'a> {
    /// Indexes every key, fallback key and deprecated key of `doc` (an own key holding a
    /// placeholder, `metrics.reporter.<name>.interval`, is a pattern key too).
    pub fn new(doc: &'a CatalogueDoc) -> Self {
        let mut index = options_core::key_index::KeyIndex::new();
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
                index.insert(key.as_str(), (section, option), role);
            }
        }
        ModelKeyIndex { index }
    }

    /// The option answering `key`, if any ([`KeyRole::Pattern`] for an instance of a pattern
    /// key).
    pub fn resolve(&self, key: &str) -> Option<Found<'a>> {
        self.index.resolve(key).map(|hit| {
            let (section, option) = hit.payload;
            (section, option, hit.role)
        })
    }

    /// The error for a key that answers to no option but would be an instance of a pattern key
    /// with a placeholder filled in (`metrics.reporter..port`), naming the placeholder.
    pub fn empty_placeholder_error(&self, key: &str) -> Option<ConfigError> {
        let empty = self.index.empty_placeholder(key)?;
        Some(empty_placeholder_error(
            key,
            empty.pattern,
            empty.placeholder,
        ))
    }
}

/// The one masking rule ([`options_core::sensitive::masks`]) for text shown under `key`, which
/// names `option` as `role`: the runtime's own, over the model's facts (the option's
/// sensitivity and whether its type can hold text), so `validate` masks what `SET` masks.
pub fn masks(option: &OptionDoc, role: KeyRole, key: &str, reading: Reading) -> bool {
    let spelling = match role {
        KeyRole::Key => Spelling::Own,
        KeyRole::Pattern => Spelling::Instance,
        KeyRole::Fallback | KeyRole::Deprecated => Spelling::Other,
    };
    let declared = Declared {
        sensitive: option.sensitive,
        // A type of its own (no built-in kind) may wrap text.
        holds_text: option
            .value_type
            .value_kind()
            .is_none_or(|k| k.holds_text()),
        spelling,
    };
    options_core::sensitive::masks(key, Some(declared), reading)
}
