//! [`UnitWords`]: the short unit names of a `<digits> <unit>` grammar (`min`, `ms`, `mb`), found
//! by their bytes packed into one word.
//!
//! Why: every string-keyed set of a duration or memory size looks its unit up, and comparing the
//! label with each accepted spelling in turn was the largest cost of such a set. Here a name of at
//! most eight ASCII bytes is one `u64`, and a table built at compile time with a perfect hash finds
//! it with one multiply and one comparison. Longer or non-ASCII names (`milliseconds`,
//! `µs`) are not in the table; the caller's general path handles them.

/// Slots of the table: at least twice the number of short names of any grammar.
const SLOTS: usize = 64;

/// Unit names of at most eight bytes, packed, with the size of their unit.
pub(crate) struct UnitWords {
    /// Packed names; `0` marks an empty slot (a packed name is never zero).
    words: [u64; SLOTS],
    /// The size of the unit named by the word in the same slot.
    sizes: [u64; SLOTS],
    /// The multiplier that sends each name to its own slot (a perfect hash of these names).
    multiplier: u64,
}

/// The most names a table holds.
const MAX_NAMES: usize = SLOTS / 2;

impl UnitWords {
    /// The table of `names` (lower case, with the size of their unit); names longer than eight
    /// bytes or not ASCII are left out. Sizes fit 64 bits (a day in nanoseconds, a tebibyte in
    /// bytes).
    ///
    /// The multiplier is searched for when compiling until no two names share a slot, so a
    /// lookup is one load and one comparison: with a fixed one, a quarter of the durations Flink's
    /// own configuration sets went on to a second slot.
    pub(crate) const fn perfect(names: &[(&str, u128)]) -> Self {
        let mut words = [0u64; MAX_NAMES];
        let mut sizes = [0u64; MAX_NAMES];
        let mut count = 0;
        let mut n = 0;
        while n < names.len() {
            let (name, size) = names[n];
            n += 1;
            assert!(size <= u64::MAX as u128, "a unit size fits 64 bits");
            let b = name.as_bytes();
            if b.is_empty() || b.len() > 8 || !b.is_ascii() {
                continue;
            }
            let mut word = 0u64;
            let mut i = b.len();
            while i > 0 {
                i -= 1;
                word = (word << 8) | b[i] as u64;
            }
            let mut k = 0;
            while k < count {
                assert!(words[k] != word, "a unit name is listed twice");
                k += 1;
            }
            assert!(count < MAX_NAMES, "too many unit names for the table");
            words[count] = word;
            sizes[count] = size as u64;
            count += 1;
        }
        let mut multiplier = 0x9e37_79b9_7f4a_7c15u64;
        loop {
            let mut table = UnitWords {
                words: [0; SLOTS],
                sizes: [0; SLOTS],
                multiplier,
            };
            let mut k = 0;
            while k < count {
                let slot = table.slot_of(words[k]);
                if table.words[slot] != 0 {
                    break;
                }
                table.words[slot] = words[k];
                table.sizes[slot] = sizes[k];
                k += 1;
            }
            if k == count {
                return table;
            }
            // The next odd constant along a Weyl sequence.
            multiplier = multiplier.wrapping_add(0x6a09_e667_f3bc_c90a);
        }
    }

    /// The size of the unit named by the bytes of `b` from `start` on, in any ASCII case; `None`
    /// when they are no short name (which does not mean they are no unit: see the module
    /// comment).
    #[inline]
    pub(crate) fn get_from(&self, b: &[u8], start: usize) -> Option<u64> {
        let n = b.len().checked_sub(start)?;
        if n == 0 || n > 8 {
            return None;
        }
        // Setting bit 0x20 lowers an ASCII capital and never turns another byte into a lower-case
        // letter, so a match means the label is that name in some case. Every byte becomes
        // non-zero, so the length is part of the word.
        let lower = 0x2020_2020_2020_2020u64 >> (8 * (8 - n));
        let word = tail_word(b, n) | lower;
        let slot = self.slot_of(word);
        (self.words[slot] == word).then_some(self.sizes[slot])
    }

    /// The slot of a packed name.
    #[inline(always)]
    const fn slot_of(&self, word: u64) -> usize {
        (word.wrapping_mul(self.multiplier | 1) >> (64 - SLOTS.trailing_zeros())) as usize
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

#[cfg(test)]
mod tests {
    use super::*;

    const WORDS: UnitWords =
        UnitWords::perfect(&[("s", 1), ("min", 60), ("minutes", 60), ("milliseconds", 1)]);

    /// Looks `label` up as the tail of longer texts too (every way `tail_word` reads bytes).
    fn get(label: &[u8]) -> Option<u64> {
        let found = WORDS.get_from(label, 0);
        for prefix in ["1", "12 ", "1234 ", "123456789 "] {
            let text = [prefix.as_bytes(), label].concat();
            assert_eq!(WORDS.get_from(&text, prefix.len()), found, "{text:?}");
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
    fn a_full_table_gives_every_name_its_own_slot() {
        let names: Vec<String> = (0..MAX_NAMES).map(|i| format!("u{i}")).collect();
        let sized: Vec<(&str, u128)> = names.iter().map(|n| (n.as_str(), 7)).collect();
        let table = UnitWords::perfect(&sized);
        for name in &names {
            assert_eq!(table.get_from(name.as_bytes(), 0), Some(7), "{name}");
        }
        assert_eq!(table.get_from(b"u", 0), None);
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
