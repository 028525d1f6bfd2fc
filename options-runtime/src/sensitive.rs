//! Which keys are secret, and the text printed instead of a secret value.
//!
//! Every part of the crate that prints a value (errors, `Debug`, explanations, the session) asks
//! here, so this module depends on nothing else in the crate.
//!
//! [`masks`] is the one rule; every view asks it, through [`Catalogue::masks`](crate::Catalogue::masks)
//! where a catalogue is at hand. It has two cases, one per kind of text:
//! * A value stored under an option the catalogue knows, and so parsed as its type, is masked
//!   when the option is sensitive ([`OptionMeta::is_sensitive`](crate::OptionMeta::is_sensitive)):
//!   declared so, or its key names a secret and its type can hold one. A Boolean
//!   `security.delegation.tokens.enabled` shows `true`; a String `s3.secret-key` shows `******`.
//! * Text not (yet) read as an option's type (a raw `config.yaml` setting, an environment
//!   variable, a `-D` argument, a statement being parsed, a value that does not parse) is masked
//!   as a valid value would be, and also when its key alone says so ([`is_secret`]): the type
//!   cannot vouch for text it has not read, and a token pasted into the wrong key is still a token.

use std::borrow::Cow;
use std::collections::BTreeSet;
use std::sync::{LazyLock, RwLock};

use options_grammar::distance::{
    allowed_typos, edit_distance_within, within_one_edit, within_typos,
};
use options_grammar::key::is_sensitive_key_at_run_time;
pub use options_grammar::key::{is_sensitive_key, SENSITIVE_KEY_WORDS};

/// The text printed instead of a sensitive value.
pub const MASK: &str = "******";

/// How a key names the option it resolves to, and what that option says of secrets: the facts
/// [`masks`] decides on. Built by [`OptionMeta::masking`](crate::OptionMeta::masking) (and, over
/// the docs model, by `options_docs::keys::masking`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Declared {
    /// The option is sensitive: declared so, or its own key names a secret and its type can
    /// hold one (decided once, when it is declared).
    pub sensitive: bool,
    /// Its type can hold free text ([`ValueKind::holds_text`](crate::ValueKind::holds_text)).
    pub holds_text: bool,
    /// How the key spells the option.
    pub spelling: Spelling,
}

/// How a key spells the option it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spelling {
    /// The option's own key.
    Own,
    /// A fallback or deprecated key of it.
    Other,
    /// An instance of its pattern key: partly the user's own text, like an unknown key.
    Instance,
}

/// What the text shown under a key is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// A value read as the option's type: a valid value, as listings and explanations show it.
    Typed,
    /// Text not (yet) read as the option's type: a raw file setting, an argument, a statement
    /// being parsed, a value that does not parse.
    Raw,
}

/// The masking rule: whether text shown under `key` is masked, given what the catalogue knows of
/// the option the key names (`None`: no option, judged by the key alone with [`is_secret`]).
///
/// * A value read as a known option's type is masked when the option is sensitive, or when the
///   spelling used (another spelling, or an instance of a pattern) names a secret (an instance
///   also one typo from a secret word) and the type can hold one: a Boolean
///   `security.delegation.tokens.enabled` shows `true`.
/// * Raw text is masked as that value would be, and also when the key alone would mask it
///   ([`is_secret`]): the type cannot vouch for text it has not read, and a token pasted into a
///   Boolean's key is still a token.
///
/// ```
/// use options_core::sensitive::{Declared, Reading, Spelling, masks};
/// let boolean = Declared { sensitive: false, holds_text: false, spelling: Spelling::Own };
/// let key = "security.delegation.tokens.enabled";
/// assert!(!masks(key, Some(boolean), Reading::Typed));
/// assert!(masks(key, Some(boolean), Reading::Raw));
/// assert!(masks("db.password", None, Reading::Typed));
/// ```
pub fn masks(key: &str, option: Option<Declared>, reading: Reading) -> bool {
    let Some(option) = option else {
        return is_secret(key);
    };
    let typed = option.sensitive
        || (option.holds_text
            && match option.spelling {
                // The declaration already judged its own key (`sensitive` above).
                Spelling::Own => false,
                Spelling::Other => is_sensitive_key_at_run_time(key),
                Spelling::Instance => is_sensitive_key_at_run_time(key) || near_secret_word(key),
            });
    typed || (reading == Reading::Raw && is_secret(key))
}

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
/// ([`distance`](crate::distance)): a word of three characters or fewer must match exactly.
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
    if !key.is_ascii() {
        let words = words(key);
        let mut pairs = words.windows(2).map(|w| format!("{}{}", w[0], w[1]));
        return words.iter().any(|w| is_near_secret(w)) || pairs.any(|p| is_near_secret(&p));
    }
    // Option keys are ASCII: each word, and each pair, is lower-cased into a buffer on the
    // stack when it is as long as a secret word can be within one typo; nothing is allocated.
    let mut words = AsciiWords::new(key.as_bytes());
    let mut previous: &[u8] = &[];
    words.any(|word| {
        let pair_near = !previous.is_empty() && near_secret_bytes(&[previous, word]);
        previous = word;
        pair_near || near_secret_bytes(&[word])
    })
}

/// Whether the ASCII text `parts` make together, lower-cased, is near a secret word (as
/// [`is_near_secret`] says).
fn near_secret_bytes(parts: &[&[u8]]) -> bool {
    let len: usize = parts.iter().map(|p| p.len()).sum();
    // Every secret word is five characters or more: a shorter candidate is one only if equal
    // (three or fewer) or within one typo (four), a longer one within one typo.
    if !(4..=LONGEST_SECRET_WORD + 1).contains(&len) {
        return false;
    }
    let mut buf = [0u8; LONGEST_SECRET_WORD + 1];
    let mut at = 0;
    for part in parts {
        buf[at..at + part.len()].copy_from_slice(part);
        at += part.len();
    }
    buf.make_ascii_lowercase();
    let candidate = &buf[..len];
    SECRET_WORDS.iter().any(|secret| {
        let secret = secret.as_bytes();
        // One edit leaves the first or second letter of one where the other has it.
        let (c0, c1, s0, s1) = (candidate[0], candidate[1], secret[0], secret[1]);
        (c0 == s0 || c1 == s1 || c0 == s1 || c1 == s0) && within_one_edit(candidate, secret)
    })
}

/// The secret words as misspellings are compared with them: lower-case, without the `-`/`_`
/// inside compound ones (`privatekey`), each once.
static SECRET_WORDS: LazyLock<Vec<String>> = LazyLock::new(|| {
    let mut words: Vec<String> = SENSITIVE_KEY_WORDS
        .iter()
        .map(|w| w.replace(['-', '_'], ""))
        .collect();
    words.dedup();
    words
});

/// The length of the longest [`SECRET_WORDS`] entry (`credential`, `privatekey`, `authparams`).
const LONGEST_SECRET_WORD: usize = 10;

/// Whether one lower-cased word (or two written together) is a secret word or, when longer than
/// three characters, one typo from one ([`allowed_typos`], capped at one).
fn is_near_secret(candidate: &str) -> bool {
    let typos = allowed_typos(candidate).min(1);
    SECRET_WORDS.iter().any(|secret| {
        if typos == 0 {
            candidate == secret
        } else if candidate.is_ascii() {
            within_one_edit(candidate.as_bytes(), secret.as_bytes())
        } else {
            edit_distance_within(candidate, secret, 1).is_some()
        }
    })
}

/// The words of an ASCII key, split as [`words`] splits (not lower-cased).
struct AsciiWords<'k> {
    key: &'k [u8],
    at: usize,
}

impl<'k> AsciiWords<'k> {
    fn new(key: &'k [u8]) -> Self {
        AsciiWords { key, at: 0 }
    }
}

impl<'k> Iterator for AsciiWords<'k> {
    type Item = &'k [u8];

    fn next(&mut self) -> Option<&'k [u8]> {
        let key = self.key;
        let start = self.at + key[self.at..].iter().position(u8::is_ascii_alphanumeric)?;
        let mut end = start + 1;
        while end < key.len()
            && key[end].is_ascii_alphanumeric()
            && !(key[end - 1].is_ascii_lowercase() && key[end].is_ascii_uppercase())
        {
            end += 1;
        }
        self.at = end;
        Some(&key[start..end])
    }
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

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// The rule as first written: every word and pair compared with every secret word by the
    /// banded edit distance.
    fn near_secret_word_by_distance(key: &str) -> bool {
        let words = words(key);
        let pairs = words.windows(2).map(|w| format!("{}{}", w[0], w[1]));
        let secrets: Vec<String> = SENSITIVE_KEY_WORDS
            .iter()
            .map(|w| w.replace(['-', '_'], ""))
            .collect();
        words.iter().cloned().chain(pairs).any(|candidate| {
            let typos = allowed_typos(&candidate).min(1);
            secrets
                .iter()
                .any(|secret| edit_distance_within(&candidate, secret, typos).is_some())
        })
    }

    /// Pieces of keys: secret words, typos of them, halves, camel humps, separators, and letters
    /// whose lower case is another length or ASCII (`İ`, the Kelvin sign).
    const PIECES: &[&str] = &[
        "pasword",
        "Password",
        "secert",
        "tokn",
        "api",
        "kye",
        "Key",
        "private",
        "auth",
        "Params",
        "credentail",
        "port",
        "metrics",
        "Ä",
        "pässword",
        "\u{212A}ey",
        "İ",
        "x1",
        ".",
        "-",
        "_",
        " ",
        "token",
        "se",
        "cret",
        "apikey",
    ];

    #[test]
    fn the_longest_secret_word_is_known() {
        let longest = SECRET_WORDS.iter().map(String::len).max();
        assert_eq!(longest, Some(LONGEST_SECRET_WORD));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4096))]

        /// The fast rule answers as the first one did, on keys built from pieces of secret
        /// words, typos of them, camel humps, separators and non-ASCII letters.
        #[test]
        fn the_fast_rule_is_the_first_rule(
            parts in prop::collection::vec(
                prop_oneof![
                    prop::sample::select(PIECES).prop_map(str::to_owned),
                    "[a-zA-Z0-9._-]{0,6}",
                ],
                0..8,
            )
        ) {
            let key: String = parts.concat();
            prop_assert_eq!(near_secret_word(&key), near_secret_word_by_distance(&key), "{:?}", key);
        }
    }
}
