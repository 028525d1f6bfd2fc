//! Which keys are secret, and the text printed instead of a secret value.
//!
//! Every part of the crate that prints a value (errors, `Debug`, explanations, the session) asks
//! here, so this module depends on nothing else in the crate.
//!
//! Two rules, one per kind of text:
//! * A value stored under an option the catalogue knows, and so parsed as its type, is masked
//!   when the option is sensitive ([`OptionMeta::is_sensitive`](crate::OptionMeta::is_sensitive)):
//!   declared so, or its key names a secret and its type can hold one. A Boolean
//!   `security.delegation.tokens.enabled` shows `true`; a String `s3.secret-key` shows `******`.
//! * Text not (yet) read as an option's type (a raw `config.yaml` setting, an environment
//!   variable, a `-D` argument, a statement being parsed, a value that does not parse) is masked
//!   by its key alone ([`is_secret`]): the type cannot vouch for text it has not read, and a token
//!   pasted into the wrong key is still a token.

use std::collections::BTreeSet;
use std::sync::RwLock;

pub use options_grammar::key::{is_sensitive_key, SENSITIVE_KEY_WORDS};

/// The text printed instead of a sensitive value.
pub const MASK: &str = "******";

/// Keys of options declared `sensitive`, trimmed and lower-cased.
///
/// A value is secret when its key names a secret ([`is_sensitive_key`]) or when an option
/// declared `sensitive` answers the key. Raw inputs (a `config.yaml` setting, an environment
/// variable, a `-D` argument) are often printed before, or without, the catalogue that declares
/// their option, so the declared keys are remembered here: every [`Catalogue`](crate::Catalogue)
/// records the keys (own, fallback and deprecated) of its sensitive options when a group is added.
/// The record only grows; it is read on display paths, never on the read path of values.
static DECLARED: RwLock<BTreeSet<String>> = RwLock::new(BTreeSet::new());

/// Remembers the keys of an option declared sensitive.
pub(crate) fn record<'k>(keys: impl IntoIterator<Item = &'k str>) {
    let mut declared = DECLARED.write().unwrap_or_else(|e| e.into_inner());
    for key in keys {
        declared.insert(normal(key));
    }
}

/// Whether values of `key` must be masked: it names a secret, or an option declared `sensitive`
/// in any catalogue built so far answers it (compared ignoring ASCII case and surrounding
/// whitespace, so a misspelled casing is masked too).
///
/// ```
/// use options_core::sensitive::is_secret;
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
        MASK
    } else {
        value
    }
}

fn normal(key: &str) -> String {
    key.trim().to_ascii_lowercase()
}
