//! Whether a key's values are secret, for every `Debug` and `Display` that shows a value.
//!
//! A value is secret when its key names a secret ([`is_sensitive_key`]: `password`, `token`, ...)
//! or when an option declared `sensitive` answers the key. Raw inputs (a `config.yaml` setting, an
//! environment variable, a `-D` argument) are often printed before, or without, the catalogue
//! that declares their option, so the declared keys are also remembered here: every
//! [`Catalogue`](crate::Catalogue) records the keys (own, fallback and deprecated) of its
//! sensitive options when a group is added. Any later `Debug` of a setting for one of those keys
//! masks it, whichever catalogue declared it. The record only grows; it is read on display paths,
//! never on the read path of values.

use std::collections::BTreeSet;
use std::sync::RwLock;

use crate::option::{is_sensitive_key, OptionMeta};

/// Keys of options declared `sensitive`, trimmed and lower-cased.
static DECLARED: RwLock<BTreeSet<String>> = RwLock::new(BTreeSet::new());

/// Remembers the keys of `meta` when it is declared sensitive.
pub(crate) fn record(meta: &OptionMeta) {
    if !meta.is_sensitive() {
        return;
    }
    let mut declared = DECLARED.write().unwrap_or_else(|e| e.into_inner());
    for key in meta.all_keys() {
        declared.insert(normal(key.name()));
    }
}

/// Whether values of `key` must be masked: it names a secret, or an option declared `sensitive`
/// in any catalogue built so far answers it (compared ignoring ASCII case and surrounding
/// whitespace, so a misspelled casing is masked too).
///
/// ```
/// use options_core::sensitivity::is_secret;
/// assert!(is_secret("db.password"));
/// assert!(!is_secret("parallelism.default"));
/// ```
pub fn is_secret(key: &str) -> bool {
    if is_sensitive_key(key) {
        return true;
    }
    let declared = DECLARED.read().unwrap_or_else(|e| e.into_inner());
    !declared.is_empty() && declared.contains(&normal(key))
}

/// `value`, or the mask when `key` holds a secret.
pub fn shown<'a>(key: &str, value: &'a str) -> &'a str {
    if is_secret(key) {
        crate::option::MASK
    } else {
        value
    }
}

fn normal(key: &str) -> String {
    key.trim().to_ascii_lowercase()
}
