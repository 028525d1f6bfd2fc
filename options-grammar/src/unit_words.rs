//! [`UnitWords`]: the short unit names of a `<digits> <unit>` grammar (`min`, `ms`, `mb`), found
//! by their bytes packed into one word.
//!
//! Why: every string-keyed set of a duration or memory size looks its unit up, and comparing the
//! label with each accepted spelling in turn was the largest cost of such a set. Here a name of at
//! most eight ASCII bytes is one `u64`, and an open-addressed table built at compile time finds it
//! with one multiply and (nearly always) one comparison. Longer or non-ASCII names (`milliseconds`,
//! `µs`) are not in the table; the caller's general path handles them.

/// Slots of the table: at least twice the number of short names of any grammar.
const SLOTS: usize = 64;

/// Unit names of at most eight bytes, packed, with the size of their unit.
pub(crate) struct UnitWords {
    /// Packed names; `0` marks an empty slot (a packed name is never zero).
    words: [u64; SLOTS],
    /// The size of the unit named by the word in the same slot.
    sizes: [u64; SLOTS],
}

impl UnitWords {
    /// An empty table.
    pub(crate) const fn new() -> Self {
        UnitWords {
            words: [0; SLOTS],
            sizes: [0; SLOTS],
        }
    }

    /// The table with `name` (lower case) added; names longer than eight bytes or not ASCII are
    /// skipped. Sizes fit 64 bits (a day in nanoseconds, a tebibyte in bytes).
    pub(crate) const fn with(mut self, name: &str, size: u128) -> Self {
        assert!(size <= u64::MAX as u128, "a unit size fits 64 bits");
        let b = name.as_bytes();
        if b.is_empty() || b.len() > 8 || !b.is_ascii() {
            return self;
        }
        let mut word = 0u64;
        let mut i = b.len();
        while i > 0 {
            i -= 1;
            word = (word << 8) | b[i] as u64;
        }
        let mut slot = slot_of(word);
        while self.words[slot] != 0 {
            assert!(self.words[slot] != word, "a unit name is listed twice");
            slot = (slot + 1) % SLOTS;
        }
        self.words[slot] = word;
        self.sizes[slot] = size as u64;
        self
    }

    /// The size of the unit named by the last `n` bytes of `b`, in any ASCII case; `None` when
    /// they are no short name (which does not mean they are no unit: see the module comment).
    #[inline]
    pub(crate) fn get_tail(&self, b: &[u8], n: usize) -> Option<u64> {
        if n == 0 || n > 8 || n > b.len() {
            return None;
        }
        // Setting bit 0x20 lowers an ASCII capital and never turns another byte into a lower-case
        // letter, so a match means the label is that name in some case. Every byte becomes
        // non-zero, so the length is part of the word.
        let lower = 0x2020_2020_2020_2020u64 >> (8 * (8 - n));
        self.find(tail_word(b, n) | lower)
    }

    #[inline]
    fn find(&self, word: u64) -> Option<u64> {
        let mut slot = slot_of(word);
        loop {
            match self.words[slot] {
                w if w == word => return Some(self.sizes[slot]),
                0 => return None,
                _ => slot = (slot + 1) % SLOTS,
            }
        }
    }
}

/// The last `n` bytes of `b` (`1 <= n <= min(8, b.len())`) as a little-endian word, read with one
/// or two loads instead of a loop over bytes.
#[inline]
fn tail_word(b: &[u8], n: usize) -> u64 {
    let len = b.len();
    let (end, have) = if let Some(last) = b.last_chunk::<8>() {
        (u64::from_le_bytes(*last), 8)
    } else if let (Some(first), Some(last)) = (b.first_chunk::<4>(), b.last_chunk::<4>()) {
        // Four to seven bytes: the first four and the last four, overlapping.
        let first = u64::from(u32::from_le_bytes(*first));
        let last = u64::from(u32::from_le_bytes(*last));
        (first | (last << (8 * (len - 4))), len)
    } else if let Some(first) = b.first_chunk::<2>() {
        // Two or three bytes: the first two and the last (the second again when there are two).
        let first = u64::from(u16::from_le_bytes(*first));
        (first | u64::from(b[len - 1]) << (8 * (len - 1)), len)
    } else {
        (b.first().map_or(0, |&c| u64::from(c)), len)
    };
    end >> (8 * (have - n))
}

/// The first slot to probe for a packed name.
const fn slot_of(word: u64) -> usize {
    (word.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - SLOTS.trailing_zeros())) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    const WORDS: UnitWords = UnitWords::new()
        .with("s", 1)
        .with("min", 60)
        .with("minutes", 60)
        .with("milliseconds", 1);

    /// Looks `label` up as the tail of longer texts too (every way `tail_word` reads bytes).
    fn get(label: &[u8]) -> Option<u64> {
        let found = WORDS.get_tail(label, label.len());
        for prefix in ["1", "12 ", "1234 ", "123456789 "] {
            let text = [prefix.as_bytes(), label].concat();
            assert_eq!(WORDS.get_tail(&text, label.len()), found, "{text:?}");
        }
        found
    }

    #[test]
    fn a_short_name_is_found_in_any_ascii_case() {
        assert_eq!(get(b"min"), Some(60));
        assert_eq!(get(b"MiN"), Some(60));
        assert_eq!(get(b"S"), Some(1));
        assert_eq!(get(b"minutes"), Some(60));
    }

    #[test]
    fn near_misses_are_not_found() {
        for label in [
            &b"mi"[..],
            b"mins",
            b"m in",
            b"min ",
            b"",
            b"milliseconds",
            b"\x13",
            b"3",
        ] {
            assert_eq!(get(label), None, "{:?}", String::from_utf8_lossy(label));
        }
    }
}
