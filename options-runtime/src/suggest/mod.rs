//! "Did you mean ...?": known keys close to an unknown one.
//!
//! Kinds of closeness, best first:
//! 1. a few typing mistakes (edit distance with transpositions: `enabeld` is one edit from
//!    `enabled`), allowing more mistakes in longer keys;
//! 2. a key ending with what was typed, at a segment boundary (`mini-batch.enabled` ->
//!    `table.exec.mini-batch.enabled`), for keys typed without their group prefix;
//! 3. the same dot-separated words in another order (`high-availability.zookeeper.root.path` ->
//!    `high-availability.zookeeper.path.root`);
//! 4. keys under what was typed (`table.exec.mini-batch` -> `table.exec.mini-batch.size`, ...);
//!    for a single word (`parallelism`) only when few keys lie under it;
//! 5. only when none of the above finds anything: keys that share everything before the input's
//!    last dot and hold the last word of its last segment
//!    (`restart-strategy.exponential-delay.multiplier` ->
//!    `restart-strategy.exponential-delay.backoff-multiplier`), at most
//!    [`MAX_SHARED_WORD_SUGGESTIONS`], those sharing more of the segment's words first. A key of
//!    another family never qualifies: the shared prefix is required.
//!
//! Keys are compared ignoring ASCII case. A typo of a deprecated or fallback key suggests the
//! option's current key.

mod index;
mod postings;
mod sparse;

pub use index::SuggestIndex;

use options_grammar::distance::{allowed_typos, edit_distance_within};

/// Most suggestions returned.
pub const MAX_SUGGESTIONS: usize = 5;

/// Most suggestions of the last resort (keys sharing the input's prefix and last word).
pub const MAX_SHARED_WORD_SUGGESTIONS: usize = 3;

/// One key a suggestion may come from, borrowing its strings for `'a` (a catalogue's keys are
/// `'static`; a catalogue read from JSON lends its own).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CandidateOf<'a> {
    /// The key compared with the input (an option's key, fallback key or deprecated key).
    pub key: &'a str,
    /// The key suggested when `key` is close (the option's current key).
    pub target: &'a str,
    /// Undocumented option: suggested only for near-identical typing, never for partial keys.
    pub hidden: bool,
}

/// A candidate from declared options, whose keys are `'static`.
pub type Candidate = CandidateOf<'static>;

/// Suggestions for `input` among `candidates`: at most [`MAX_SUGGESTIONS`] distinct targets, best
/// first; empty when nothing is reasonably close.
///
/// This scores every candidate; for repeated questions over one set of keys, build a
/// [`SuggestIndex`] once, which gives the same answers while scoring only the few candidates that
/// can be close.
pub fn suggest<'a>(
    input: &str,
    candidates: impl IntoIterator<Item = CandidateOf<'a>>,
) -> Vec<&'a str> {
    let input = input.trim().to_ascii_lowercase();
    if input.is_empty() {
        return Vec::new();
    }
    let mut scored = Scored::new(&input);
    for candidate in candidates {
        let key = candidate.key.to_ascii_lowercase();
        scored.add(&input, &key, candidate);
    }
    scored.finish(&input)
}

/// Candidates scored so far for one input: the best score per target, and apart, the keys of the
/// last resort (sharing the input's prefix and last word).
struct Scored<'a> {
    scored: Vec<(u32, &'a str)>,
    shared: Vec<(u32, &'a str)>,
    /// The typing mistakes the input tolerates ([`allowed_typos`]), counted once rather than
    /// once a candidate.
    allowed: usize,
    /// Whether to weigh candidates for the last resort too (a pass that keeps only the close
    /// kinds skips that work).
    last_resort: bool,
}

/// Keeps the best score per target in `list`.
fn keep_best<'a>(list: &mut Vec<(u32, &'a str)>, score: u32, target: &'a str) {
    match list.iter_mut().find(|(_, t)| *t == target) {
        Some(existing) if existing.0 > score => existing.0 = score,
        Some(_) => {}
        None => list.push((score, target)),
    }
}

/// Sorts `(score, target)` pairs best first: lower score, then shorter, then alphabetical.
fn sort_scored(list: &mut [(u32, &str)]) {
    list.sort_by(|a, b| {
        a.0.cmp(&b.0)
            .then(a.1.len().cmp(&b.1.len()))
            .then(a.1.cmp(b.1))
    });
}

impl<'a> Scored<'a> {
    /// Nothing scored yet for the lower-case `input`.
    fn new(input: &str) -> Self {
        Scored {
            scored: Vec::new(),
            shared: Vec::new(),
            allowed: allowed_typos(input),
            last_resort: true,
        }
    }

    /// Like [`new`](Self::new), for a pass that keeps only the close kinds (no last resort).
    fn close_only(input: &str) -> Self {
        Scored {
            last_resort: false,
            ..Self::new(input)
        }
    }

    /// Scores `candidate`, whose key in lower case is `key`, against the lower-case `input`.
    fn add(&mut self, input: &str, key: &str, candidate: CandidateOf<'a>) {
        match score(input, key, candidate.hidden, self.allowed) {
            Some(score) => keep_best(&mut self.scored, score, candidate.target),
            None if !candidate.hidden && self.last_resort => {
                if let Some(score) = shared_words_score(input, key) {
                    keep_best(&mut self.shared, score, candidate.target);
                }
            }
            None => {}
        }
    }

    /// The suggestions, best first; the keys of the last resort when nothing else is close.
    fn finish(self, input: &str) -> Vec<&'a str> {
        let found = Self::finish_scored(self.scored, input);
        if !found.is_empty() {
            return found;
        }
        let mut shared = self.shared;
        sort_scored(&mut shared);
        shared.truncate(MAX_SHARED_WORD_SUGGESTIONS);
        shared.into_iter().map(|(_, t)| t).collect()
    }

    fn finish_scored(mut scored: Vec<(u32, &'a str)>, input: &str) -> Vec<&'a str> {
        // A lone word (`python`) lists the keys under it only when they are few: a list cut from
        // dozens of keys would be arbitrary.
        if !input.trim_end_matches(['.', '-']).contains('.') {
            let under = scored.iter().filter(|(s, _)| *s == PREFIX_SCORE).count();
            if under > MAX_SUGGESTIONS {
                scored.retain(|(s, _)| *s != PREFIX_SCORE);
            }
        }
        sort_scored(&mut scored);
        // Once a near-identical key exists, looser matches are noise.
        if let Some(&(best, _)) = scored.first() {
            if best <= TYPO_WEIGHT {
                scored.retain(|(s, _)| *s <= best + TYPO_WEIGHT);
            }
        }
        scored.truncate(MAX_SUGGESTIONS);
        scored.into_iter().map(|(_, t)| t).collect()
    }
}

const TYPO_WEIGHT: u32 = 10;
/// Same words in another order: after a typo or two, before a key merely ending like the input.
const REORDERED_SCORE: u32 = 30;
const SUFFIX_SCORE: u32 = 35;
const PREFIX_SCORE: u32 = 40;
/// Base score of the last resort, less one per shared word (only ranks among themselves).
const SHARED_WORDS_SCORE: u32 = 50;

/// Lower is better; `None` when the candidate is not close. `input` and `key` are lower-case;
/// `allowed` is [`allowed_typos`] of `input`.
fn score(input: &str, key: &str, hidden: bool, allowed: usize) -> Option<u32> {
    if let Some(distance) = edit_distance_within(input, key, allowed) {
        return Some(distance as u32 * TYPO_WEIGHT);
    }
    if hidden {
        return None;
    }
    if input.len() == key.len()
        && byte_sum(input) == byte_sum(key)
        && reordered(input).is_some_and(|w| reordered(key) == Some(w))
    {
        return Some(REORDERED_SCORE);
    }
    if ends_with_segments(key, input) {
        return Some(SUFFIX_SCORE);
    }
    if starts_with_segments(key, input) {
        return Some(PREFIX_SCORE);
    }
    None
}

/// The sum of a text's bytes: equal for texts that hold the same words in another order, so
/// most keys of the input's length are ruled out before their words are sorted.
fn byte_sum(text: &str) -> u32 {
    text.bytes().map(u32::from).sum()
}

/// What comes before the input's last segment, with its dot (`a.b.` of `a.b.c`), and the last
/// segment; `None` without a dot or when either part is empty.
fn split_last(input: &str) -> Option<(&str, &str)> {
    let dot = input.rfind('.')?;
    let (prefix, last) = (&input[..=dot], &input[dot + 1..]);
    (dot > 0 && !last.is_empty()).then_some((prefix, last))
}

/// Score of the last resort (lower is better): `key` starts with everything before the input's
/// last dot, and its last segment holds, as a `-`-separated word, the last word of the input's
/// last segment (`multiplier` of `max-multiplier`). More shared words of that segment score
/// better. `input` and `key` are lower-case.
fn shared_words_score(input: &str, key: &str) -> Option<u32> {
    let (prefix, last) = split_last(input)?;
    let rest = key.strip_prefix(prefix)?;
    let key_last = rest.rsplit('.').next().unwrap_or(rest);
    let final_word = last.rsplit('-').next().filter(|w| w.len() >= 2)?;
    let mut key_words = key_last.split('-');
    if !key_words.any(|w| w == final_word) {
        return None;
    }
    let shared = last
        .split('-')
        .filter(|w| !w.is_empty() && key_last.split('-').any(|k| k == *w))
        .count() as u32;
    Some(SHARED_WORDS_SCORE.saturating_sub(shared.min(SHARED_WORDS_SCORE)))
}

/// A key's dot-separated words, sorted and joined: equal for keys that hold the same words in
/// any order (`a.c.b` and `a.b.c` give `a.b.c`). Only keys of at least two words have one.
pub(crate) fn reordered(key: &str) -> Option<String> {
    let mut words: Vec<&str> = key.split('.').collect();
    if words.len() < 2 || words.iter().any(|w| w.is_empty()) {
        return None;
    }
    words.sort_unstable();
    Some(words.join("."))
}

fn is_separator(c: char) -> bool {
    c == '.' || c == '-'
}

/// `key` continues `prefix` at a segment boundary: `a.b.c` starts with `a.b` and `a.b.`.
fn starts_with_segments(key: &str, prefix: &str) -> bool {
    key.len() > prefix.len()
        && key.starts_with(prefix)
        && (prefix.ends_with(is_separator) || key[prefix.len()..].starts_with(is_separator))
}

/// `key` ends with `suffix` (at least two segments) at a segment boundary: `x.a.b` ends with `a.b`.
fn ends_with_segments(key: &str, suffix: &str) -> bool {
    suffix.contains('.')
        && !suffix.starts_with('.')
        && key.len() > suffix.len()
        && key.ends_with(suffix)
        && key[..key.len() - suffix.len()].ends_with('.')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn candidates(keys: &[&'static str]) -> Vec<Candidate> {
        keys.iter()
            .map(|&key| Candidate {
                key,
                target: key,
                hidden: false,
            })
            .collect()
    }

    #[test]
    fn borrowed_keys_get_borrowed_suggestions() {
        let owned = [String::from("job.name"), String::from("job.id")];
        let candidates = owned.iter().map(|k| CandidateOf {
            key: k,
            target: k,
            hidden: false,
        });
        assert_eq!(suggest("job.nmae", candidates), ["job.name"]);
    }

    #[test]
    fn the_same_words_in_another_order_are_suggested() {
        let keys = candidates(&[
            "high-availability.zookeeper.path.root",
            "high-availability.zookeeper.path.jobgraphs",
            "high-availability.zookeeper.quorum",
        ]);
        assert_eq!(
            suggest("high-availability.zookeeper.root.path", keys.clone()),
            ["high-availability.zookeeper.path.root"]
        );
        assert_eq!(
            SuggestIndex::new(keys).suggest("high-availability.zookeeper.root.path"),
            ["high-availability.zookeeper.path.root"]
        );
    }

    #[test]
    fn two_single_words_of_one_length_are_no_reordering() {
        let keys = candidates(&["external-resources"]);
        assert!(suggest("x-files-to-compact", keys).is_empty());
    }

    #[test]
    fn short_unrelated_input_gets_nothing() {
        assert!(suggest("foo", candidates(&["a.b.c", "table.dml-sync"])).is_empty());
        assert!(suggest("", candidates(&["a.b.c"])).is_empty());
    }

    #[test]
    fn with_nothing_close_keys_sharing_the_prefix_and_last_word_are_suggested() {
        let keys = candidates(&[
            "restart-strategy.exponential-delay.backoff-multiplier",
            "restart-strategy.exponential-delay.attempts-before-reset-backoff",
            "restart-strategy.exponential-delay.max-backoff",
            "restart-strategy.fixed-delay.attempts",
            "other.family.multiplier",
        ]);
        assert_eq!(
            suggest(
                "restart-strategy.exponential-delay.multiplier",
                keys.clone()
            ),
            ["restart-strategy.exponential-delay.backoff-multiplier"]
        );
        assert_eq!(
            suggest(
                "restart-strategy.exponential-delay.max-attempts",
                keys.clone()
            ),
            ["restart-strategy.exponential-delay.attempts-before-reset-backoff"]
        );
        // No shared prefix, no suggestion from another family.
        assert!(suggest("unrelated.multiplier", keys).is_empty());
    }

    #[test]
    fn the_last_resort_gives_at_most_three_and_only_when_nothing_else_is_close() {
        let keys = candidates(&[
            "a.b.x-size",
            "a.b.y-size",
            "a.b.z-size",
            "a.b.w-size",
            "a.b.size",
        ]);
        // `a.b.size` is close (a typo away): the last resort stays out.
        assert_eq!(suggest("a.b.sise", keys.clone()), ["a.b.size"]);
        assert_eq!(suggest("a.b.total-size", keys.clone()).len(), 3);
        let mut hidden = candidates(&["a.b.x-size"]);
        hidden[0].hidden = true;
        assert!(suggest("a.b.total-size", hidden).is_empty());
    }

    #[test]
    fn a_single_word_lists_the_keys_under_it_only_when_they_are_few() {
        let few = candidates(&["table.a.b", "table.c"]);
        assert_eq!(suggest("table", few), ["table.c", "table.a.b"]);
        let many = candidates(&["t.a", "t.b", "t.c", "t.d", "t.e", "t.f"]);
        assert!(suggest("t", many).is_empty());
    }
}
