//! Key hashing and secret-key detection: plain `const fn`s with no dependencies.
//!
//! Why here: the derive computes both at expansion time, so a declaration carries its key's hash
//! and sensitivity as literals. Evaluating them in `const` items instead
//! cost about 1.4 ms of compile time per declared option (the interpreter running these loops),
//! more than everything else a declaration generates. One file means the macro and the runtime
//! hash with the same code, so a precomputed hash always equals the runtime's.

/// Hash of a key, computed at compile time for declared options.
///
/// Configurations index their entries by this hash so a typed read never hashes a string. It reads
/// the key eight bytes at a time with a folded multiply (a few cycles per word, so hashing a key
/// given as a string stays cheap too). Lookups still compare the key itself, so a collision can
/// cost time but never give a wrong answer.
#[inline]
pub const fn key_hash(key: &str) -> u64 {
    const SEED: u64 = 0x243f_6a88_85a3_08d3;
    const MUL: u64 = 0x9e37_79b9_7f4a_7c15;
    let b = key.as_bytes();
    let mut hash = SEED ^ (b.len() as u64);
    // Whole words through `split_first_chunk` (one load each, no per-byte bounds checks: this
    // runs on every string-keyed set).
    let mut rest = b;
    while let Some((word, after)) = rest.split_first_chunk::<8>() {
        hash = folded_multiply(hash ^ u64::from_le_bytes(*word), MUL);
        rest = after;
    }
    // The last 0..8 bytes: as one word that overlaps the previous one (no byte loop) when the key
    // is at least eight bytes long, else byte by byte.
    let tail = if rest.is_empty() {
        0
    } else if let Some(last) = b.last_chunk::<8>() {
        u64::from_le_bytes(*last)
    } else {
        let mut tail = 0u64;
        let mut i = 0;
        while i < rest.len() {
            tail |= (rest[i] as u64) << (8 * i);
            i += 1;
        }
        tail
    };
    folded_multiply(hash ^ tail, MUL ^ SEED)
}

/// The 128-bit product of `a` and `b`, its halves xor-ed: mixes every input bit into every output
/// bit, which the hash table's bucket (low bits) and tag (high bits) both need.
#[inline]
const fn folded_multiply(a: u64, b: u64) -> u64 {
    let product = (a as u128) * (b as u128);
    (product as u64) ^ ((product >> 64) as u64)
}

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

#[cfg(test)]
mod tests {
    use super::*;

    /// The hash written byte by byte: what `key_hash` must equal for every length, since keys
    /// hashed by the derive and at run time are compared.
    fn reference(key: &str) -> u64 {
        let b = key.as_bytes();
        let word = |at: usize| u64::from_le_bytes(b[at..at + 8].try_into().unwrap());
        let mut hash = 0x243f_6a88_85a3_08d3 ^ (b.len() as u64);
        let mut i = 0;
        while i + 8 <= b.len() {
            hash = folded_multiply(hash ^ word(i), 0x9e37_79b9_7f4a_7c15);
            i += 8;
        }
        let tail = match (i == b.len(), b.len() >= 8) {
            (true, _) => 0,
            (false, true) => word(b.len() - 8),
            (false, false) => b.iter().rev().fold(0, |t, &c| (t << 8) | u64::from(c)),
        };
        folded_multiply(hash ^ tail, 0x9e37_79b9_7f4a_7c15 ^ 0x243f_6a88_85a3_08d3)
    }

    #[test]
    fn hash_matches_the_bytewise_definition_at_every_length() {
        let text = "table.exec.async-lookup.timeout.and-some-more-bytes";
        for len in 0..=text.len() {
            assert_eq!(
                key_hash(&text[..len]),
                reference(&text[..len]),
                "length {len}"
            );
        }
    }

    #[test]
    fn secret_words_are_found_in_any_case() {
        assert!(is_sensitive_key("s3.Secret-Key"));
        assert!(!is_sensitive_key("table.exec.state.ttl"));
    }
}
