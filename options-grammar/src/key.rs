//! Key hashing and secret-key detection: plain `const fn`s with no dependencies.
//!
//! Why here: the derive computes both at expansion time, so a declaration carries its key's hash
//! and sensitivity as literals. Evaluating them in `const` items instead
//! cost about 1.4 ms of compile time per declared option (the interpreter running these loops),
//! more than everything else a declaration generates. One file means the macro and the runtime
//! hash with the same code, so a precomputed hash always equals the runtime's.

/// Hash of a key, computed at compile time for declared options.
///
/// Configurations index their entries by this hash so a typed read never hashes a string. A key
/// given as a string is hashed on every string-keyed set, before anything else can start, so the
/// hash is built for a short dependency chain: each 32-byte block but the last is two
/// independent folded multiplies of word pairs (the block's four words and the running state);
/// the last block, read as overlapping words instead of byte by byte, is one folded multiply. A
/// key of up to 32 bytes (four in ten of Flink's) costs one multiply; up to 64 bytes (nearly all),
/// two side by side and one after them. Lookups still compare the key itself, so a
/// collision can cost time but never give a wrong answer.
#[inline(always)]
pub const fn key_hash(key: &str) -> u64 {
    let b = key.as_bytes();
    let mut state = SEEDS[0] ^ (b.len() as u64);
    // Whole blocks while more than one block's worth remains (`split_first_chunk`: one load per
    // word, no per-byte bounds checks).
    let mut rest = b;
    while rest.len() > 32 {
        let Some((block, after)) = rest.split_first_chunk::<32>() else {
            break;
        };
        state = mix_block(state, words_of(block));
        rest = after;
    }
    // The last 1..=32 bytes, read as four words that may overlap each other (and the previous
    // block): which bytes a word holds depends only on the length, which the state already has.
    let len = b.len();
    let last = if let Some(block) = b.last_chunk::<32>() {
        words_of(block)
    } else if let (Some(first), Some(end)) = (b.first_chunk::<16>(), b.last_chunk::<16>()) {
        [word(first, 0), word(first, 8), word(end, 0), word(end, 8)]
    } else if let (Some(first), Some(end)) = (b.first_chunk::<8>(), b.last_chunk::<8>()) {
        [word(first, 0), word(end, 0), 0, 0]
    } else if let (Some(first), Some(end)) = (b.first_chunk::<4>(), b.last_chunk::<4>()) {
        let low = u32::from_le_bytes(*first) as u64;
        let high = u32::from_le_bytes(*end) as u64;
        [low | (high << 32), 0, 0, 0]
    } else if len > 0 {
        // One to three bytes: the first, the middle and the last (some the same byte).
        let small = b[0] as u64 | (b[len / 2] as u64) << 8 | (b[len - 1] as u64) << 16;
        [small, 0, 0, 0]
    } else {
        [0; 4]
    };
    finish(state, last)
}

/// The last block into the state, as one folded multiply: each operand takes two of the block's
/// words (one rotated, so swapping words changes the hash) and the state enters one of them.
/// Mixing the last block like the others and multiplying once more took a third multiply after
/// the first two, on the path of every string-keyed set (0.5 ns of its 15).
#[inline(always)]
const fn finish(state: u64, w: [u64; 4]) -> u64 {
    folded_multiply(
        w[0] ^ w[2].rotate_left(29) ^ SEEDS[1] ^ state,
        w[1] ^ w[3].rotate_left(29) ^ SEEDS[2],
    )
}

/// Constants xor-ed into the words (digits of pi): a word equal to its constant zeroes one
/// product, never the other.
const SEEDS: [u64; 4] = [
    0x243f_6a88_85a3_08d3,
    0x1319_8a2e_0370_7344,
    0xa409_3822_299f_31d0,
    0x082e_fa98_ec4e_6c89,
];

/// One block into the state: the two products are independent of each other, so they run side
/// by side; the state enters one of them.
#[inline(always)]
const fn mix_block(state: u64, w: [u64; 4]) -> u64 {
    folded_multiply(w[0] ^ SEEDS[1], w[1] ^ state)
        ^ folded_multiply(w[2] ^ SEEDS[2], w[3] ^ SEEDS[3])
}

#[inline(always)]
const fn words_of(block: &[u8; 32]) -> [u64; 4] {
    [
        word(block, 0),
        word(block, 8),
        word(block, 16),
        word(block, 24),
    ]
}

/// The little-endian word at `at` of `bytes` (`at + 8 <= bytes.len()`).
#[inline(always)]
const fn word(bytes: &[u8], at: usize) -> u64 {
    let mut w = [0u8; 8];
    let mut i = 0;
    while i < 8 {
        w[i] = bytes[at + i];
        i += 1;
    }
    u64::from_le_bytes(w)
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

/// Whether a declared key holds a placeholder segment (`<name>`). Usable in `const`.
pub const fn is_pattern(key: &str) -> bool {
    let b = key.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'<' {
            return true;
        }
        i += 1;
    }
    false
}

/// The placeholder a segment of a pattern key names (`<name>` -> `name`), if it is one.
pub fn placeholder(segment: &str) -> Option<&str> {
    segment.strip_prefix('<')?.strip_suffix('>')
}

/// [`is_sensitive_key`] for run time: the same answer, in one pass over the key that looks for a
/// word only where a byte could start one. The `const` version scans the whole key once per word,
/// which a loader storing tens of thousands of keys paid for each of them (a tenth of loading a
/// large file).
pub fn is_sensitive_key_at_run_time(key: &str) -> bool {
    let key = key.as_bytes();
    (0..key.len()).any(|at| {
        let mut words = WORDS_BY_FIRST_BYTE[key[at] as usize];
        while words != 0 {
            let word = SENSITIVE_KEY_WORDS[words.trailing_zeros() as usize].as_bytes();
            // The second byte first: it rules out nearly every place a word's letter starts.
            let second = key.get(at + 1).map(u8::to_ascii_lowercase);
            if second == word.get(1).copied()
                && key
                    .get(at..at + word.len())
                    .is_some_and(|k| k.eq_ignore_ascii_case(word))
            {
                return true;
            }
            words &= words - 1;
        }
        false
    })
}

/// For each byte, the [secret words](SENSITIVE_KEY_WORDS) it starts (in either case), as a set of
/// bits by position in the list.
const WORDS_BY_FIRST_BYTE: [u32; 256] = {
    assert!(SENSITIVE_KEY_WORDS.len() <= 32);
    let mut table = [0u32; 256];
    let mut w = 0;
    while w < SENSITIVE_KEY_WORDS.len() {
        let first = SENSITIVE_KEY_WORDS[w].as_bytes()[0];
        table[first.to_ascii_lowercase() as usize] |= 1 << w;
        table[first.to_ascii_uppercase() as usize] |= 1 << w;
        w += 1;
    }
    table
};

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

    /// The run-time check answers as the `const` one for every key built from pieces of secret
    /// words, their case changed, cut short and run together with other text.
    #[test]
    fn the_run_time_check_answers_as_the_const_one() {
        let mut pieces: Vec<String> =
            vec!["".into(), ".".into(), "-".into(), "x".into(), "pa".into()];
        for w in SENSITIVE_KEY_WORDS {
            pieces.push((*w).to_owned());
            pieces.push(w.to_ascii_uppercase());
            pieces.push(w[..w.len() - 1].to_owned());
            pieces.push(w[1..].to_owned());
        }
        let mut checked = 0;
        for a in &pieces {
            for b in &pieces {
                for c in &pieces {
                    let key = format!("{a}{b}.{c}");
                    assert_eq!(
                        is_sensitive_key_at_run_time(&key),
                        is_sensitive_key(&key),
                        "{key:?}"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 50_000);
        assert!(is_sensitive_key_at_run_time("db.PassWord.x"));
        assert!(!is_sensitive_key_at_run_time("metrics.reporter.prom.port"));
    }

    /// The hash written with plain slices: what `key_hash` must equal for every length, since
    /// keys hashed by the derive and at run time are compared.
    fn reference(key: &str) -> u64 {
        let b = key.as_bytes();
        let len = b.len();
        let word = |at: usize| u64::from_le_bytes(b[at..at + 8].try_into().unwrap());
        let mix = |state: u64, w: [u64; 4]| {
            folded_multiply(w[0] ^ SEEDS[1], w[1] ^ state)
                ^ folded_multiply(w[2] ^ SEEDS[2], w[3] ^ SEEDS[3])
        };
        let mut state = SEEDS[0] ^ len as u64;
        let mut at = 0;
        while len - at > 32 {
            state = mix(
                state,
                [word(at), word(at + 8), word(at + 16), word(at + 24)],
            );
            at += 32;
        }
        let last = match len {
            32.. => [
                word(len - 32),
                word(len - 24),
                word(len - 16),
                word(len - 8),
            ],
            16..=31 => [word(0), word(8), word(len - 16), word(len - 8)],
            8..=15 => [word(0), word(len - 8), 0, 0],
            4..=7 => {
                let half =
                    |at: usize| u64::from(u32::from_le_bytes(b[at..at + 4].try_into().unwrap()));
                [half(0) | half(len - 4) << 32, 0, 0, 0]
            }
            1..=3 => [
                u64::from(b[0]) | u64::from(b[len / 2]) << 8 | u64::from(b[len - 1]) << 16,
                0,
                0,
                0,
            ],
            0 => [0; 4],
        };
        folded_multiply(
            last[0] ^ last[2].rotate_left(29) ^ SEEDS[1] ^ state,
            last[1] ^ last[3].rotate_left(29) ^ SEEDS[2],
        )
    }

    #[test]
    fn hash_matches_the_bytewise_definition_at_every_length() {
        let text = "table.exec.async-lookup.timeout.and-some-more-bytes-to-pass-two-blocks.x";
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
