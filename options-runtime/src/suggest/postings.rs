//! The posting lists of a [`SuggestIndex`](super::SuggestIndex), built in one pass: every
//! `(trigram, id)` of every key, grouped by trigram with a radix sort.
//!
//! Why not a map of growing lists: a catalogue of 1,300 keys holds 45,000 trigram occurrences,
//! and pushing each into the list of a hash map (after sorting and deduplicating each key's
//! trigrams in its own vector) was most of the time the index took to build. The index is built
//! the first time a file names an unknown key, so its build is part of the answer to that file.

/// Three bytes of a lower-case key, packed into the low 24 bits.
pub(super) type Trigram = u32;

/// The trigrams of `text`, in order, repeats included.
pub(super) fn trigrams(text: &str) -> impl Iterator<Item = Trigram> + '_ {
    text.as_bytes()
        .windows(3)
        .map(|g| u32::from_le_bytes([g[0], g[1], g[2], 0]))
}

/// Posting lists: for each trigram, the ids of the keys holding it, each id once, ascending.
pub(super) struct Postings {
    /// Trigram, first place in `ids` and length of its list; ascending by trigram.
    pub(super) lists: Vec<(Trigram, u32, u32)>,
    /// Every list, one after the other.
    pub(super) ids: Vec<u32>,
}

/// Groups `(trigram, id)` occurrences given in ascending order of id into posting lists.
pub(super) fn group(occurrences: impl Iterator<Item = (Trigram, u32)>) -> Postings {
    let mut pairs: Vec<u64> = occurrences
        .map(|(gram, id)| u64::from(gram) << 32 | u64::from(id))
        .collect();
    // A least-significant-digit radix sort on the trigram's three bytes: each pass is stable, so
    // the ids of one trigram stay in the ascending order they were given in.
    let mut spare = vec![0u64; pairs.len()];
    for shift in [32, 40, 48] {
        let mut starts = [0usize; 257];
        for &p in &pairs {
            starts[((p >> shift) as usize & 0xff) + 1] += 1;
        }
        for digit in 1..257 {
            starts[digit] += starts[digit - 1];
        }
        for &p in &pairs {
            let slot = &mut starts[(p >> shift) as usize & 0xff];
            spare[*slot] = p;
            *slot += 1;
        }
        std::mem::swap(&mut pairs, &mut spare);
    }
    // A key holding a trigram twice gives the same pair twice, now side by side.
    pairs.dedup();
    let mut lists: Vec<(Trigram, u32, u32)> = Vec::new();
    let ids: Vec<u32> = pairs.iter().map(|&p| p as u32).collect();
    for (at, &p) in pairs.iter().enumerate() {
        let gram = (p >> 32) as Trigram;
        match lists.last_mut() {
            Some((last, _, len)) if *last == gram => *len += 1,
            _ => lists.push((gram, at as u32, 1)),
        }
    }
    Postings { lists, ids }
}

/// Trigram -> where its posting list lies (start in [`Postings::ids`], length): an open-addressed
/// table at most half full whose slots hold the trigram beside its list, so a lookup reads one
/// slot, mostly, and compares one word. A typo asks for thirty trigrams; `std`'s table read a
/// group of control bytes and then the entry, two cache lines, for each.
#[derive(Clone, Debug)]
pub(super) struct TrigramTable {
    /// `[trigram, start, length]`; a free slot holds [`FREE`] as its trigram. A power of two
    /// long.
    slots: Box<[[u32; 3]]>,
    /// 32 less the number of bits that pick a slot.
    shift: u32,
}

/// A free slot's trigram: trigrams take 24 bits, so it is none of them.
const FREE: u32 = u32::MAX;

impl TrigramTable {
    /// The table of `lists` (trigram, start, length; each trigram once).
    pub(super) fn new(lists: &[(Trigram, u32, u32)]) -> Self {
        let size = (lists.len() * 2).next_power_of_two().max(2);
        let mut table = TrigramTable {
            slots: vec![[FREE, 0, 0]; size].into_boxed_slice(),
            shift: 32 - size.trailing_zeros(),
        };
        let mask = size - 1;
        for &(gram, start, len) in lists {
            let mut at = table.home(gram);
            while table.slots[at][0] != FREE {
                at = (at + 1) & mask;
            }
            table.slots[at] = [gram, start, len];
        }
        table
    }

    /// The slot a probe for `gram` starts at: the top bits of a multiply, which every bit of the
    /// trigram reaches.
    #[inline]
    fn home(&self, gram: Trigram) -> usize {
        (gram.wrapping_mul(0x9e37_79b1) >> self.shift) as usize
    }

    /// Where the list of `gram` lies (start, length), when a key holds it.
    #[inline]
    pub(super) fn get(&self, gram: Trigram) -> Option<(u32, u32)> {
        let mask = self.slots.len() - 1;
        let mut at = self.home(gram);
        loop {
            let [slot, start, len] = self.slots[at];
            if slot == gram {
                return Some((start, len));
            }
            if slot == FREE {
                return None;
            }
            at = (at + 1) & mask;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn the_table_finds_every_list_and_nothing_else() {
        // Trigrams that share their low bits or their high bits, so probes run on.
        let lists: Vec<(Trigram, u32, u32)> = (0..300u32)
            .map(|i| ((i % 17) << 16 | i, i * 3, i + 1))
            .collect();
        let table = TrigramTable::new(&lists);
        for &(gram, start, len) in &lists {
            assert_eq!(table.get(gram), Some((start, len)));
        }
        let listed: std::collections::HashSet<Trigram> = lists.iter().map(|l| l.0).collect();
        for gram in (0..0x1_0000u32).map(|i| i * 97) {
            if !listed.contains(&gram) {
                assert_eq!(table.get(gram), None, "{gram}");
            }
        }
        assert_eq!(TrigramTable::new(&[]).get(7), None);
    }

    #[test]
    fn the_lists_are_those_of_a_map_of_sets() {
        let keys = [
            "table.exec.state.ttl",
            "aaaa",
            "",
            "ab",
            "exec.exec",
            "state.ttl",
        ];
        let postings = group(
            keys.iter()
                .enumerate()
                .flat_map(|(id, k)| trigrams(k).map(move |g| (g, id as u32))),
        );
        let mut expected: BTreeMap<Trigram, Vec<u32>> = BTreeMap::new();
        for (id, key) in keys.iter().enumerate() {
            for gram in trigrams(key) {
                let list = expected.entry(gram).or_default();
                if list.last() != Some(&(id as u32)) {
                    list.push(id as u32);
                }
            }
        }
        let actual: BTreeMap<Trigram, Vec<u32>> = postings
            .lists
            .iter()
            .map(|&(g, start, len)| (g, postings.ids[start as usize..][..len as usize].to_vec()))
            .collect();
        assert_eq!(actual, expected);
    }
}
