//! [`SuggestIndex`]: "did you mean" over a fixed set of keys without scoring every key.
//!
//! [`super::suggest`] scores each candidate; with hundreds of keys and files of thousands of
//! unknown keys, that is most of the cost of loading a file. The index narrows the candidates to
//! those that *can* score, and then scores them with the very same rules, so its answers are the
//! same as a full scan's:
//!
//! * a key within `k` typing mistakes of the input (`k` from
//!   [`allowed_typos`](options_grammar::distance::allowed_typos)) has a
//!   length within `k` of the input's, and keeps most of the input's three-letter pieces: each
//!   mistake touches at most four of the input's trigram positions (a swap of two neighbours
//!   does), so at least `distinct trigrams - 4k` of them occur in the key. The posting lists of
//!   the input's trigrams count, in one pass, how many each key holds; short inputs, where that
//!   bound says nothing, scan the keys of a fitting length instead. Candidates are numbered in
//!   order of key length, so the keys of a fitting length are one range of ids, and each posting
//!   list (ascending ids) is counted only over that range, found by a galloping search: a typo of a
//!   30-character key counts the keys of 27 to 33 characters, not every key sharing `exe`;
//! * a key that ends with the input at a segment boundary is found in a map from every key's
//!   segment suffixes (`mini-batch.enabled`, `enabled`, ...);
//! * keys that continue the input at a segment boundary form a range of the sorted keys.

use options_grammar::distance::characters;

use crate::key::key_hash;

use super::postings::{self, Trigram, TrigramTable};
use super::sparse::{HashFilter, SparseIds};
use super::{CandidateOf, Scored};

/// A signature of a key's bytes that does not depend on the order of its dot-separated words:
/// its length, the sum of its bytes and its number of dots, mixed. Keys that [`super::reordered`]
/// makes equal share it; so do a few others, which scoring turns away. One pass over the bytes
/// (the compiler sums them in vector registers), where hashing each word took 700 instructions
/// a typo. `None` without a dot: a key of one word has no other order.
fn words_signature(key: &str) -> Option<u64> {
    let bytes = key.as_bytes();
    let (sum, dots) = bytes.iter().fold((0u64, 0u64), |(sum, dots), &b| {
        (sum + u64::from(b), dots + u64::from(b == b'.'))
    });
    (dots > 0).then(|| {
        let mixed =
            (sum << 24 ^ dots << 16 ^ bytes.len() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        mixed ^ (mixed >> 29)
    })
}

/// The distinct trigrams of an ASCII string, in order of first appearance. A table of 64 slots
/// remembers the last trigram put in each, so a repeat is mostly caught in one comparison, and
/// only a slot taken by another trigram sends it to a look through those kept: sorting a key's
/// thirty trigrams to deduplicate them cost 1,500 instructions a typo.
fn trigrams_of(text: &str) -> Vec<Trigram> {
    // A trigram is 24 bits, so the empty mark is none of them.
    const EMPTY: Trigram = u32::MAX;
    let mut slots = [EMPTY; 64];
    let mut grams = Vec::with_capacity(text.len().saturating_sub(2));
    for gram in postings::trigrams(text) {
        let slot = &mut slots[(gram.wrapping_mul(0x9e37_79b1) >> 26) as usize];
        if *slot == gram || (*slot != EMPTY && grams.contains(&gram)) {
            continue;
        }
        *slot = gram;
        grams.push(gram);
    }
    grams
}

/// The index of the first id at least `first` in `list` (ascending ids below `total`): a search
/// that starts where an even spread of ids would put it and gallops from there, so a long list
/// (a common trigram's) costs a few neighbouring reads rather than a binary search's scattered,
/// cache-missing ones; a binary search finishes within the bracket the gallop found.
#[inline]
fn start_of(list: &[u32], first: u32, total: usize) -> usize {
    if list.len() <= 8 {
        return list.iter().take_while(|&&id| id < first).count();
    }
    let guess = (list.len() as u64 * u64::from(first) / total.max(1) as u64) as usize;
    let guess = guess.min(list.len() - 1);
    let (low, high) = if list[guess] < first {
        // Gallop right: the answer lies beyond `guess`.
        let mut step = 1;
        let mut low = guess + 1;
        while low + step < list.len() && list[low + step - 1] < first {
            low += step;
            step *= 2;
        }
        (low, (low + step).min(list.len()))
    } else {
        // Gallop left: the answer is at `guess` or before it.
        let mut step = 1;
        let mut high = guess;
        while high >= step && list[high - step] >= first {
            high -= step;
            step *= 2;
        }
        (high.saturating_sub(step), high)
    };
    low + list[low..high].partition_point(|&id| id < first)
}

/// Counts each id of `ids` (ascending, none below `first`) that lies below `first +
/// counts.len()` in `counts` (at `id - first`). One comparison both ends the range and keeps the
/// index in bounds, and the loop has its own registers: inside the caller it spent three loads a
/// posting on its spilled locals, in the loop every typo's suggestion spends most on (about 500
/// postings a typo). Which keys reached the bound is asked once, after every list
/// ([`reaching`]), not at each posting.
#[inline(never)]
fn count_range(ids: &[u32], first: u32, counts: &mut [u32]) {
    for &id in ids {
        let Some(count) = counts.get_mut(id.wrapping_sub(first) as usize) else {
            break;
        };
        *count += 1;
    }
}

/// The ids (`first` plus the place) whose count in `counts` is at least `needed`, ascending.
/// Blocks of sixteen counts are ruled out by their largest, which the compiler finds in vector
/// registers, so the few keys a typo leaves are found without a branch per key.
fn reaching(counts: &[u32], first: u32, needed: u32) -> Vec<u32> {
    const BLOCK: usize = 16;
    let mut found = Vec::new();
    let blocks = counts.chunks_exact(BLOCK);
    let tail = blocks.remainder();
    let mut keep = |base: usize, chunk: &[u32]| {
        for (i, &count) in chunk.iter().enumerate() {
            if count >= needed {
                found.push(first + (base + i) as u32);
            }
        }
    };
    for (block, chunk) in blocks.enumerate() {
        let chunk: &[u32; BLOCK] = chunk.try_into().expect("chunks_exact gives whole blocks");
        if chunk.iter().fold(0, |most, &count| most.max(count)) >= needed {
            keep(block * BLOCK, chunk);
        }
    }
    keep(counts.len() - tail.len(), tail);
    found
}

/// A suggestion index over one set of candidates, built once (see the module docs).
#[derive(Clone, Debug)]
pub struct SuggestIndex<'a> {
    candidates: Vec<CandidateOf<'a>>,
    /// The candidates' keys in lower case, by candidate id.
    lower: Vec<Box<str>>,
    /// Each candidate's key length in characters, by candidate id: ascending, as ids are given
    /// in order of key length.
    by_length: Vec<usize>,
    /// Candidate ids sorted by lower-case key (for keys under a prefix).
    sorted: Vec<u32>,
    /// Trigram -> its posting list: the ids of the candidates whose key holds it (each id once,
    /// ascending), a range of `posted`.
    postings: TrigramTable,
    /// Every posting list, one after the other.
    posted: Vec<u32>,
    /// [`key_hash`] of a segment suffix of a key (what follows one of its dots) -> ids of visible
    /// candidates. Keyed by hash, not by the text: no allocation per suffix, and a collision only
    /// adds keys that scoring then turns away.
    suffixes: SparseIds,
    /// [`words_signature`] of a key -> ids of visible candidates with that signature, among them
    /// every key with the same words in another order (the others only add keys to score).
    reorderings: SparseIds,
    /// [`key_hash`] of every prefix of a visible key that ends just before or just after one of
    /// its separators: the only inputs with keys under them at a segment boundary. Nearly every
    /// other input skips the search of the sorted keys (a dozen scattered string comparisons);
    /// the few the filter lets through only search in vain.
    boundary_prefixes: HashFilter,
    /// Ids of candidates whose key is not ASCII: always scored (never in practice).
    unusual: Vec<u32>,
}

impl<'a> SuggestIndex<'a> {
    /// Builds the index over `candidates`.
    pub fn new(candidates: impl IntoIterator<Item = CandidateOf<'a>>) -> Self {
        // Ids in order of key length (see the module docs). Answers do not depend on the order:
        // suggestions are ranked by score, length and text. Each length is counted once, for the
        // sort and the ranges of lengths alike.
        let mut measured: Vec<(usize, CandidateOf<'a>)> = candidates
            .into_iter()
            .map(|c| (characters(c.key), c))
            .collect();
        measured.sort_by_key(|&(length, _)| length);
        let (by_length, candidates): (Vec<usize>, Vec<CandidateOf<'a>>) =
            measured.into_iter().unzip();
        let lower: Vec<Box<str>> = candidates
            .iter()
            .map(|c| c.key.to_ascii_lowercase().into_boxed_str())
            .collect();
        let mut sorted: Vec<u32> = (0..lower.len() as u32).collect();
        sorted.sort_by(|&a, &b| lower[a as usize].cmp(&lower[b as usize]));
        // Every dot is a separator: one count sizes both lists.
        let separators: usize = lower.iter().map(|k| k.matches(['.', '-']).count()).sum();
        let mut suffixes = Vec::with_capacity(separators);
        let mut reorderings = Vec::with_capacity(lower.len());
        let mut boundary_prefixes = HashFilter::with_capacity(2 * separators);
        let mut unusual = Vec::new();
        for (id, key) in lower.iter().enumerate() {
            let id = id as u32;
            if !key.is_ascii() {
                unusual.push(id);
                continue;
            }
            if !candidates[id as usize].hidden {
                for (at, separator) in key.match_indices(['.', '-']) {
                    if separator == "." {
                        suffixes.push((key_hash(&key[at + 1..]), id));
                    }
                    boundary_prefixes.insert(key_hash(&key[..at]));
                    boundary_prefixes.insert(key_hash(&key[..=at]));
                }
                if let Some(words) = words_signature(key) {
                    reorderings.push((words, id));
                }
            }
        }
        let grouped = postings::group(
            lower
                .iter()
                .enumerate()
                .filter(|(_, key)| key.is_ascii())
                .flat_map(|(id, key)| postings::trigrams(key).map(move |g| (g, id as u32))),
        );
        let postings = TrigramTable::new(&grouped.lists);
        let posted = grouped.ids;
        SuggestIndex {
            candidates,
            lower,
            by_length,
            sorted,
            postings,
            posted,
            suffixes: SparseIds::new(suffixes),
            reorderings: SparseIds::new(reorderings),
            boundary_prefixes,
            unusual,
        }
    }

    /// How many candidates the index holds.
    pub fn len(&self) -> usize {
        self.candidates.len()
    }

    /// Whether the index holds no candidate.
    pub fn is_empty(&self) -> bool {
        self.candidates.is_empty()
    }

    /// Suggestions for `input`: exactly what [`super::suggest`] answers over the same candidates.
    pub fn suggest(&self, input: &str) -> Vec<&'a str> {
        let input = input.trim().to_ascii_lowercase();
        if input.is_empty() {
            return Vec::new();
        }
        let mut scored = Scored::close_only(&input);
        let mut ids = self.typo_candidates(&input, scored.allowed);
        let hash = key_hash(&input);
        ids.extend(self.suffixes.get(hash));
        if let Some(words) = words_signature(&input) {
            ids.extend(self.reorderings.get(words));
        }
        if self.boundary_prefixes.may_contain(hash) {
            ids.extend(self.under_prefix(&input));
        }
        ids.extend_from_slice(&self.unusual);
        ids.sort_unstable();
        ids.dedup();
        for id in ids {
            let id = id as usize;
            scored.add(&input, &self.lower[id], self.candidates[id]);
        }
        // Only the close kinds here: the last resort must weigh every key under the prefix, not
        // just those this pass happened to visit.
        let found = Scored::finish_scored(scored.scored, &input);
        if !found.is_empty() {
            return found;
        }
        // The last resort (see the parent module): keys under everything before the input's last
        // dot. The passes above met every key that scores otherwise, so these score only there.
        let Some((prefix, _)) = super::split_last(&input) else {
            return found;
        };
        let mut shared = Scored::new(&input);
        for id in self.under_prefix(prefix) {
            let id = id as usize;
            shared.add(&input, &self.lower[id], self.candidates[id]);
        }
        shared.finish(&input)
    }

    /// Ids of the candidates that may lie within `allowed` typing mistakes of `input` (its
    /// [`allowed_typos`](options_grammar::distance::allowed_typos)).
    fn typo_candidates(&self, input: &str, allowed: usize) -> Vec<u32> {
        let length = characters(input);
        let (low, high) = (length.saturating_sub(allowed), length + allowed);
        let grams = trigrams_of(input);
        let needed = grams.len().saturating_sub(4 * allowed);
        let ids = self.of_length(low, high);
        if !input.is_ascii() || needed == 0 {
            return ids.collect();
        }
        // Count, for every key of a fitting length, how many of the input's trigrams it holds, in
        // one pass over the part of each posting list in that id range (each key at most once
        // per trigram); then take the keys whose count reached `needed`.
        let (first, end) = (ids.start, ids.end);
        let mut counts = vec![0u32; (end - first) as usize];
        for gram in &grams {
            let list = match self.postings.get(*gram) {
                Some((start, len)) => &self.posted[start as usize..][..len as usize],
                None => continue,
            };
            let from = start_of(list, first, self.candidates.len());
            count_range(&list[from..], first, &mut counts);
        }
        reaching(&counts, first, needed as u32)
    }

    /// The ids of the candidates whose key length lies in `low..=high`: one range, as ids are
    /// given in order of key length.
    fn of_length(&self, low: usize, high: usize) -> std::ops::Range<u32> {
        let start = self.by_length.partition_point(|&len| len < low);
        let end = self.by_length.partition_point(|&len| len <= high);
        start as u32..end.max(start) as u32
    }

    /// Ids of the candidates whose lower-case key starts with `input` (a superset of the keys
    /// under it at a segment boundary; scoring keeps only those).
    fn under_prefix<'s>(&'s self, input: &'s str) -> impl Iterator<Item = u32> + 's {
        let start = self
            .sorted
            .partition_point(|&id| &*self.lower[id as usize] < input);
        self.sorted[start..]
            .iter()
            .copied()
            .take_while(move |&id| self.lower[id as usize].starts_with(input))
    }
}

#[cfg(test)]
mod tests {
    use super::{postings, reaching, start_of, trigrams_of};

    #[test]
    fn the_keys_reaching_the_bound_are_found_in_every_block_and_the_tail() {
        // Counts of every length around whole blocks, the bound met at the first place, the
        // last place, inside a block and past it.
        for len in [0usize, 1, 15, 16, 17, 31, 32, 33, 70] {
            let counts: Vec<u32> = (0..len).map(|i| ((i * 7 + 3) % 11) as u32).collect();
            for needed in 0..=11 {
                let expected: Vec<u32> = (0..len as u32)
                    .filter(|&i| counts[i as usize] >= needed)
                    .map(|i| 500 + i)
                    .collect();
                assert_eq!(reaching(&counts, 500, needed), expected, "{len} {needed}");
            }
        }
    }

    #[test]
    fn each_trigram_is_kept_once_in_order_of_first_appearance() {
        // Repeats near and far, and enough distinct trigrams that slots of the table collide.
        let texts = [
            "aaaaaaaa",
            "abcabcabcabc",
            "table.exec.mini-batch.enabled.table.exec",
            "state.backend.rocksdb.memory.managed.state.backend",
            "abcdefghijklmnopqrstuvwxyz0123456789.-_abcdefghijklmnopqrstuvwxyz",
            "ab",
            "",
        ];
        for text in texts {
            let mut expected: Vec<u32> = Vec::new();
            for gram in postings::trigrams(text) {
                if !expected.contains(&gram) {
                    expected.push(gram);
                }
            }
            assert_eq!(trigrams_of(text), expected, "{text}");
        }
    }

    #[test]
    fn the_galloping_search_finds_what_a_binary_search_finds() {
        // Lists of every length up to 40, spread evenly, bunched at either end, with gaps.
        for len in 0..40u32 {
            let lists = [
                (0..len).map(|i| i * 3).collect::<Vec<u32>>(),
                (0..len).map(|i| i / 4).collect::<Vec<u32>>(),
                (0..len).map(|i| 200 - len + i).collect::<Vec<u32>>(),
                (0..len).map(|i| i * i / 8).collect::<Vec<u32>>(),
            ];
            for list in lists {
                let mut list = list;
                list.dedup();
                for first in 0..=210 {
                    assert_eq!(
                        start_of(&list, first, 201),
                        list.partition_point(|&id| id < first),
                        "{list:?} {first}"
                    );
                }
            }
        }
    }
}
