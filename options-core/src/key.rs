//! Key hashing and secret-key detection: plain `const fn`s with no dependencies.
//!
//! Why a file of its own: the derive computes both at expansion time (this file is compiled into
//! `options-macros` a second time through `#[path]`, like the value grammar), so a declaration
//! carries its key's hash and sensitivity as literals. Evaluating them in `const` items instead
//! cost about 1.4 ms of compile time per declared option (the interpreter running these loops),
//! more than everything else a declaration generates. One file means the macro and the runtime
//! hash with the same code, so a precomputed hash always equals the runtime's.

/// Hash of a key, computed at compile time for declared options.
///
/// Configurations index their entries by this hash so a typed read never hashes a string. It reads
/// the key eight bytes at a time with a folded multiply (a few cycles per word, so hashing a key
/// given as a string stays cheap too). Lookups still compare the key itself, so a collision can
/// cost time but never give a wrong answer.
pub const fn key_hash(key: &str) -> u64 {
    const SEED: u64 = 0x243f_6a88_85a3_08d3;
    const MUL: u64 = 0x9e37_79b9_7f4a_7c15;
    let b = key.as_bytes();
    let mut hash = SEED ^ (b.len() as u64);
    let mut i = 0;
    while i + 8 <= b.len() {
        let word = u64::from_le_bytes([
            b[i],
            b[i + 1],
            b[i + 2],
            b[i + 3],
            b[i + 4],
            b[i + 5],
            b[i + 6],
            b[i + 7],
        ]);
        hash = folded_multiply(hash ^ word, MUL);
        i += 8;
    }
    // The last 0..8 bytes: as one word that overlaps the previous one (no byte loop) when the key
    // is at least eight bytes long, else byte by byte.
    let tail = if i == b.len() {
        0
    } else if b.len() >= 8 {
        let j = b.len() - 8;
        u64::from_le_bytes([
            b[j],
            b[j + 1],
            b[j + 2],
            b[j + 3],
            b[j + 4],
            b[j + 5],
            b[j + 6],
            b[j + 7],
        ])
    } else {
        let mut tail = 0u64;
        let mut shift = 0;
        while i < b.len() {
            tail |= (b[i] as u64) << shift;
            shift += 8;
            i += 1;
        }
        tail
    };
    folded_multiply(hash ^ tail, MUL ^ SEED)
}

/// The 128-bit product of `a` and `b`, its halves xor-ed: mixes every input bit into every output
/// bit, which the hash table's bucket (low bits) and tag (high bits) both need.
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
