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

use std::borrow::Cow;
use std::collections::BTreeSet;
use std::sync::RwLock;

use options_grammar::distance::{allowed_typos, edit_distance_within, within_typos};
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

/// Whether values of `key` must be masked: it names a secret, a word of it is one typo from a
/// secret word ([`near_secret_word`]), or it is the key of an option declared `sensitive` in any
/// catalogue built so far, a key nested under one, or a typo of one within the allowance of "did
/// you mean" suggestions (compared ignoring ASCII case and surrounding whitespace).
///
/// This is the rule for a key seen without the catalogue that declares it. With a catalogue at
/// hand, [`Catalogue::is_secret`](crate::Catalogue::is_secret) also masks a key whose suggested
/// option is sensitive.
///
/// ```
/// use options_core::sensitive::is_secret;
/// assert!(is_secret("db.password"));
/// assert!(is_secret("db.pasword"));
/// assert!(!is_secret("parallelism.default"));
/// ```
pub fn is_secret(key: &str) -> bool {
    if is_sensitive_key(key) || near_secret_word(key) {
        return true;
    }
    let declared = DECLARED.read().unwrap_or_else(|e| e.into_inner());
    if declared.is_empty() {
        return false;
    }
    // The key itself, or a key nested under a declared one: a YAML block mapping under a Map
    // option reads back, without its catalogue, as `option.entry` keys.
    let key = normal(key);
    let nested = key
        .match_indices('.')
        .any(|(dot, _)| declared.contains(&key[..dot]));
    // A typo of a declared key, as close as a suggestion would be: `vault.sael` for `vault.seal`.
    nested || declared.contains(&key) || declared.iter().any(|d| within_typos(&key, d).is_some())
}

/// Whether a word of `key`, or two neighbouring words written together, is within one typing
/// mistake of a [secret word](SENSITIVE_KEY_WORDS) (`pasword`, `secert`, `tokn`, `api.kye`): a
/// misspelt secret key is still a secret key. Words are split at every character that is not a
/// letter or digit and where a lower-case letter meets an upper-case one (`keyPasword`), and
/// compared ignoring case and the `-`/`_` inside compound secret words. The edit distance and
/// how many typos a word of its length may have are the suggestions' own
/// ([`options_grammar::distance`]): a word of three characters or fewer must match exactly.
///
/// Meant for keys no catalogue declares: a declared option's sensitivity is its declaration.
///
/// ```
/// use options_core::sensitive::near_secret_word;
/// assert!(near_secret_word("my.pasword"));
/// assert!(near_secret_word("s3.api.kye"));
/// assert!(near_secret_word("ssl.keyPasword"));
/// assert!(!near_secret_word("my.tokyo"));
/// assert!(!near_secret_word("my.passage"));
/// ```
pub fn near_secret_word(key: &str) -> bool {
    let words = words(key);
    let pairs = words.windows(2).map(|w| format!("{}{}", w[0], w[1]));
    let candidates = words.iter().cloned().chain(pairs);
    let secrets: Vec<String> = SENSITIVE_KEY_WORDS
        .iter()
        .map(|w| w.replace(['-', '_'], ""))
        .collect();
    candidates.into_iter().any(|candidate| {
        let typos = allowed_typos(&candidate).min(1);
        secrets
            .iter()
            .any(|secret| edit_distance_within(&candidate, secret, typos).is_some())
    })
}

/// The words of a key, lower-cased: split at non-alphanumeric characters and at camel-case humps.
fn words(key: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut previous_lower = false;
    for c in key.chars() {
        let boundary = !c.is_alphanumeric() || (previous_lower && c.is_uppercase());
        if boundary && !word.is_empty() {
            words.push(std::mem::take(&mut word));
        }
        if c.is_alphanumeric() {
            word.extend(c.to_lowercase());
        }
        previous_lower = c.is_lowercase();
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// A comment's text with the value of a commented-out secret setting masked: when the comment,
/// trimmed, reads `key: value` or `key=value` (optionally `-Dkey=value`) and [`is_secret`] says
/// the key holds a secret, everything after the separator becomes [`MASK`]. Any other comment is
/// returned as it is. Used wherever a configuration file's comments are printed for debugging
/// (`# s3.secret-key: ...` is a secret someone commented out, not prose).
///
/// ```
/// use options_core::sensitive::masked_comment;
/// assert_eq!(masked_comment(" s3.secret-key: abc"), " s3.secret-key: ******");
/// assert_eq!(masked_comment(" parallelism.default: 4"), " parallelism.default: 4");
/// ```
pub fn masked_comment(text: &str) -> Cow<'_, str> {
    let Some(separator) = text.find([':', '=']) else {
        return Cow::Borrowed(text);
    };
    let head = &text[..separator];
    let key = head.trim();
    let key = key.strip_prefix("-D").unwrap_or(key).trim_start();
    let after = &text[separator + 1..];
    if key.is_empty() || key.contains(char::is_whitespace) || after.trim().is_empty() {
        return Cow::Borrowed(text);
    }
    if !is_secret(key) {
        return Cow::Borrowed(text);
    }
    let space = if after.starts_with(' ') { " " } else { "" };
    Cow::Owned(format!("{}{space}{MASK}", &text[..=separator]))
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
