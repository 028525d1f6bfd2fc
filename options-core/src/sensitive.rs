//! Which keys are secret, and the text printed instead of a secret value.
//!
//! Every part of the crate that prints a value (errors, `Debug`, explanations, the session) asks
//! here, so this module depends on nothing else in the crate.

/// Words that mark a key as secret even when its option is not declared `sensitive` (compared
/// case-insensitively against the whole key).
pub const SENSITIVE_KEY_WORDS: &[&str] = &[
    "password",
    "secret",
    "token",
    "apikey",
    "api-key",
    "api_key",
    "credential",
    "private-key",
    "auth-params",
];

/// Whether a key names a secret (contains one of [`SENSITIVE_KEY_WORDS`], any ASCII case).
/// Usable in `const`; never allocates.
pub const fn is_sensitive_key(key: &str) -> bool {
    let mut w = 0;
    while w < SENSITIVE_KEY_WORDS.len() {
        if contains_ignore_ascii_case(key.as_bytes(), SENSITIVE_KEY_WORDS[w].as_bytes()) {
            return true;
        }
        w += 1;
    }
    false
}

const fn contains_ignore_ascii_case(haystack: &[u8], needle: &[u8]) -> bool {
    if needle.len() > haystack.len() {
        return false;
    }
    let mut start = 0;
    while start + needle.len() <= haystack.len() {
        let mut i = 0;
        while i < needle.len() && haystack[start + i].to_ascii_lowercase() == needle[i] {
            i += 1;
        }
        if i == needle.len() {
            return true;
        }
        start += 1;
    }
    false
}

/// The text printed instead of a sensitive value.
pub const MASK: &str = "******";
