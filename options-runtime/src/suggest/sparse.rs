//! [`SparseMap`]: a map of hashes that nearly every lookup misses, behind a bit table that
//! answers most of those misses from the cache.
//!
//! Why: the suggestion index asks three maps about every unknown key (is it the end of a key,
//! the words of a key in another order, the start of a key?), and a typo is almost never any of
//! those. The maps hold a catalogue's thousands of key suffixes and prefixes, at most half full
//! and 16 to 32 bytes a slot: together more than a megabyte, more than the core's second-level
//! cache, so each of those lookups was a read from far away. A table of sixteen bits per entry
//! (a few kilobytes, read on every key and so kept near) rules out all but one miss in about
//! sixteen before the map is read.

use crate::prehashed::PrehashedMap;

/// Bits of the filter per entry it was sized for: a miss passes with a chance of about one in
/// this many.
const BITS_PER_ENTRY: usize = 16;

/// A [`PrehashedMap`] keyed by [`key_hash`](crate::key::key_hash) values, with a one-bit-per-hash
/// filter in front (see the module docs).
#[derive(Clone, Debug)]
pub(super) struct SparseMap<V> {
    /// One bit per hash, at the top bits of the hash after a multiply; a power of two of bits.
    bits: Box<[u64]>,
    /// 64 less the number of bits that pick a bit of `bits`.
    shift: u32,
    map: PrehashedMap<V>,
}

impl<V> SparseMap<V> {
    /// An empty map sized for about `entries` entries (more only make its filter pass more misses
    /// on to the map).
    pub(super) fn with_capacity(entries: usize) -> Self {
        let size = (entries.saturating_mul(BITS_PER_ENTRY))
            .next_power_of_two()
            .max(64);
        let mut map = PrehashedMap::default();
        map.reserve(entries);
        SparseMap {
            bits: vec![0u64; size / 64].into_boxed_slice(),
            shift: 64 - size.trailing_zeros(),
            map,
        }
    }

    /// The filter's word and bit for `hash`. The multiply carries the hash's low bits, which the
    /// map's slots come from, to the top, so the two do not fail together.
    #[inline]
    fn bit(&self, hash: u64) -> (usize, u64) {
        let at = (hash.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> self.shift) as usize;
        (at / 64, 1 << (at % 64))
    }

    /// The value under `hash`.
    #[inline]
    pub(super) fn get(&self, hash: u64) -> Option<&V> {
        let (word, bit) = self.bit(hash);
        if self.bits[word] & bit == 0 {
            return None;
        }
        self.map.get(&hash)
    }

    /// The value under `hash`, inserting `V::default()` there first when there is none.
    pub(super) fn get_or_default(&mut self, hash: u64) -> &mut V
    where
        V: Default,
    {
        let (word, bit) = self.bit(hash);
        self.bits[word] |= bit;
        if self.map.get(&hash).is_none() {
            self.map.insert(hash, V::default());
        }
        self.map
            .get_mut(&hash)
            .expect("the value was inserted just above")
    }
}

#[cfg(test)]
mod tests {
    use super::SparseMap;
    use std::collections::HashMap;

    #[test]
    fn it_answers_what_a_map_answers_and_its_filter_turns_most_misses_away() {
        let hash = |i: u64| options_grammar::key::key_hash(&format!("key.number-{i}"));
        let mut sparse: SparseMap<Vec<u64>> = SparseMap::with_capacity(1000);
        let mut plain: HashMap<u64, Vec<u64>> = HashMap::new();
        // More entries than it was sized for, some under one hash twice.
        for i in 0..1500 {
            sparse.get_or_default(hash(i % 1200)).push(i);
            plain.entry(hash(i % 1200)).or_default().push(i);
        }
        for i in 0..20_000 {
            assert_eq!(sparse.get(hash(i)), plain.get(&hash(i)), "{i}");
        }
        // Sized for 1,000 at sixteen bits each (a 16,384-bit table), 1,200 entries set at most
        // 1,200 bits: at most one miss in thirteen gets past the filter.
        let passed = (1200..20_000)
            .filter(|&i| {
                let (word, bit) = sparse.bit(hash(i));
                sparse.bits[word] & bit != 0
            })
            .count();
        assert!(passed < 18_800 / 13, "{passed} misses passed the filter");
    }
}
