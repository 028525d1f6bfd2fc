//! [`HashFilter`] and [`SparseIds`]: hashes that nearly every lookup misses, behind a bit table
//! that answers most of those misses from the cache.
//!
//! Why: the suggestion index asks three tables about every unknown key (is it the end of a key,
//! the words of a key in another order, the start of a key?), and a typo is almost never any of
//! those. As hash maps at most half full, of 16 to 32 bytes a slot, the tables held more than a
//! megabyte: each lookup was a read from beyond the core's second-level cache, and each table
//! was a quarter of a megabyte of fresh pages to fault in for a file's first typo. Here a table
//! of sixteen bits an entry (a few kilobytes, read on every key and so kept near) rules out all
//! but about one miss in sixteen. What passes searches the entries, twelve bytes each, sorted by
//! hash ([`SparseIds`]); where a miss that passes costs no more than a search that finds nothing
//! (the start of a key), the filter is all there is.

/// Bits of the filter per entry: a miss passes it with a chance of about one in this many.
const BITS_PER_ENTRY: usize = 16;

/// A set of 64-bit hashes that answers "perhaps" or "no": one bit per hash in a table of
/// [`BITS_PER_ENTRY`] bits an entry. A hash that was put in always answers "perhaps"; one that was
/// not answers "no" all but about once in sixteen.
#[derive(Clone, Debug)]
pub(super) struct HashFilter {
    /// One bit per hash, at the top bits of the hash after a multiply; a power of two of bits.
    bits: Box<[u64]>,
    /// 64 less the number of bits that pick a bit of `bits`.
    shift: u32,
}

impl HashFilter {
    /// An empty filter sized for `count` hashes (more only let more misses through).
    pub(super) fn with_capacity(count: usize) -> Self {
        let size = (count.saturating_mul(BITS_PER_ENTRY))
            .next_power_of_two()
            .max(64);
        HashFilter {
            bits: vec![0u64; size / 64].into_boxed_slice(),
            shift: 64 - size.trailing_zeros(),
        }
    }

    /// Puts `hash` in.
    pub(super) fn insert(&mut self, hash: u64) {
        let (word, bit) = self.bit(hash);
        self.bits[word] |= bit;
    }

    /// The table's word and bit for `hash`. The multiply spreads every bit of the hash over the
    /// top ones the bit is taken from.
    #[inline]
    fn bit(&self, hash: u64) -> (usize, u64) {
        let at = (hash.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> self.shift) as usize;
        (at / 64, 1 << (at % 64))
    }

    /// Whether `hash` may have been put in: always when it was.
    #[inline]
    pub(super) fn may_contain(&self, hash: u64) -> bool {
        let (word, bit) = self.bit(hash);
        self.bits[word] & bit != 0
    }
}

/// Ids under [`key_hash`](crate::key::key_hash)-like 64-bit hashes, several under one hash, with
/// a [`HashFilter`] in front (see the module docs). Built once from all its entries.
#[derive(Clone, Debug)]
pub(super) struct SparseIds {
    filter: HashFilter,
    /// Every `(hash, id)`, sorted.
    entries: Box<[(u64, u32)]>,
}

impl SparseIds {
    /// The table of `entries` (in any order; a repeated entry is kept once).
    pub(super) fn new(mut entries: Vec<(u64, u32)>) -> Self {
        entries.sort_unstable();
        entries.dedup();
        let mut filter = HashFilter::with_capacity(entries.len());
        for &(hash, _) in &entries {
            filter.insert(hash);
        }
        SparseIds {
            filter,
            entries: entries.into_boxed_slice(),
        }
    }

    /// The ids under `hash`, ascending.
    #[inline]
    pub(super) fn get(&self, hash: u64) -> impl Iterator<Item = u32> + '_ {
        let under = if self.filter.may_contain(hash) {
            let start = self.entries.partition_point(|&(h, _)| h < hash);
            let len = self.entries[start..].partition_point(|&(h, _)| h == hash);
            &self.entries[start..start + len]
        } else {
            &[][..]
        };
        under.iter().map(|&(_, id)| id)
    }
}

#[cfg(test)]
mod tests {
    use super::SparseIds;
    use std::collections::BTreeMap;

    #[test]
    fn it_answers_what_a_map_answers_and_its_filter_turns_most_misses_away() {
        let hash = |i: u32| options_grammar::key::key_hash(&format!("key.number-{i}"));
        // 1,500 entries under 1,200 hashes, one given twice, in no order.
        let entries: Vec<(u64, u32)> = (0..1500u32)
            .rev()
            .map(|i| (hash(i % 1200), i))
            .chain([(hash(7), 7)])
            .collect();
        let table = SparseIds::new(entries);
        let mut plain: BTreeMap<u64, Vec<u32>> = BTreeMap::new();
        for i in 0..1500u32 {
            plain.entry(hash(i % 1200)).or_default().push(i);
        }
        for i in 0..20_000 {
            let got: Vec<u32> = table.get(hash(i)).collect();
            assert_eq!(got, plain.get(&hash(i)).cloned().unwrap_or_default(), "{i}");
        }
        // 1,500 entries at sixteen bits each (a 32,768-bit table) set at most 1,200 bits: at most
        // one miss in twenty-seven gets past the filter.
        let passed = (1200..20_000)
            .filter(|&i| table.filter.may_contain(hash(i)))
            .count();
        assert!(passed < 18_800 / 27, "{passed} misses passed the filter");
    }
}
