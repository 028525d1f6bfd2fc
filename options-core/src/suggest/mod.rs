//! "Did you mean ...?": known keys close to an unknown one.
//!
//! Three kinds of closeness, best first:
//! 1. a few typing mistakes (edit distance with transpositions: `enabeld` is one edit from
//!    `enabled`), allowing more mistakes in longer keys;
//! 2. a key ending with what was typed, at a segment boundary (`mini-batch.enabled` ->
//!    `table.exec.mini-batch.enabled`), for keys typed without their group prefix;
//! 3. keys under what was typed (`table.exec.mini-batch` -> `table.exec.mini-batch.size`, ...);
//!    for a single word (`parallelism`) only when few keys lie under it.
//!
//! Keys are compared ignoring ASCII case. A typo of a deprecated or fallback key suggests the
//! option's current key.

mod index;

pub use index::SuggestIndex;

use options_grammar::distance::within_typos;

/// Most suggestions returned.
pub const MAX_SUGGESTIONS: usize = 5;

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
    let mut scored = Scored::default();
    for candidate in candidates {
        let key = candidate.key.to_ascii_lowercase();
        scored.add(&input, &key, candidate);
    }
    scored.finish(&input)
}

/// Candidates scored so far for one input: the best score per target.
#[derive(Default)]
struct Scored<'a> {
    scored: Vec<(u32, &'a str)>,
}

impl<'a> Scored<'a> {
    /// Scores `candidate`, whose key in lower case is `key`, against the lower-case `input`.
    fn add(&mut self, input: &str, key: &str, candidate: CandidateOf<'a>) {
        let Some(score) = score(input, key, candidate.hidden) else {
            return;
        };
        match self.scored.iter_mut().find(|(_, t)| *t == candidate.target) {
            Some(existing) if existing.0 > score => existing.0 = score,
            Some(_) => {}
            None => self.scored.push((score, candidate.target)),
        }
    }

    /// The suggestions, best first.
    fn finish(self, input: &str) -> Vec<&'a str> {
        let mut scored = self.scored;
        // A lone word (`python`) lists the keys under it only when they are few: a list cut from
        // dozens of keys would be arbitrary.
        if !input.trim_end_matches(['.', '-']).contains('.') {
            let under = scored.iter().filter(|(s, _)| *s == PREFIX_SCORE).count();
            if under > MAX_SUGGESTIONS {
                scored.retain(|(s, _)| *s != PREFIX_SCORE);
            }
        }
        scored.sort_by(|a, b| {
            a.0.cmp(&b.0)
                .then(a.1.len().cmp(&b.1.len()))
                .then(a.1.cmp(b.1))
        });
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
const SUFFIX_SCORE: u32 = 35;
const PREFIX_SCORE: u32 = 40;

/// Lower is better; `None` when the candidate is not close. `input` and `key` are lower-case.
fn score(input: &str, key: &str, hidden: bool) -> Option<u32> {
    if let Some(distance) = within_typos(input, key) {
        return Some(distance as u32 * TYPO_WEIGHT);
    }
    if hidden {
        return None;
    }
    if ends_with_segments(key, input) {
        return Some(SUFFIX_SCORE);
    }
    if starts_with_segments(key, input) {
        return Some(PREFIX_SCORE);
    }
    None
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
    fn short_unrelated_input_gets_nothing() {
        assert!(suggest("foo", candidates(&["a.b.c", "table.dml-sync"])).is_empty());
        assert!(suggest("", candidates(&["a.b.c"])).is_empty());
    }

    #[test]
    fn a_single_word_lists_the_keys_under_it_only_when_they_are_few() {
        let few = candidates(&["table.a.b", "table.c"]);
        assert_eq!(suggest("table", few), ["table.c", "table.a.b"]);
        let many = candidates(&["t.a", "t.b", "t.c", "t.d", "t.e", "t.f"]);
        assert!(suggest("t", many).is_empty());
    }
}
