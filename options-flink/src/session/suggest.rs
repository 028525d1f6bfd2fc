//! Ranking names against what a user typed: "did you mean" suggestions and completion order.

use options_core::distance::{allowed_typos, edit_distance};

/// How a candidate matches typed text; lower is better.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum MatchKind {
    /// The candidate starts with the text (ignoring case).
    Prefix,
    /// The candidate contains the text (ignoring case).
    Substring,
    /// The text's characters appear in the candidate in order (ignoring case).
    Subsequence,
}

/// How `candidate` matches `typed`, if at all. Empty text matches everything as a prefix.
pub fn match_kind(typed: &str, candidate: &str) -> Option<MatchKind> {
    if typed.is_ascii() && candidate.is_ascii() {
        // Completion asks this of every key on every keystroke: compare bytes, no allocation.
        return match_kind_ascii(typed, candidate);
    }
    let typed = typed.to_lowercase();
    let candidate = candidate.to_lowercase();
    if candidate.starts_with(&typed) {
        Some(MatchKind::Prefix)
    } else if candidate.contains(&typed) {
        Some(MatchKind::Substring)
    } else {
        let mut chars = candidate.chars();
        typed
            .chars()
            .all(|t| chars.any(|c| c == t))
            .then_some(MatchKind::Subsequence)
    }
}

fn match_kind_ascii(typed: &str, candidate: &str) -> Option<MatchKind> {
    contained(typed, candidate).or_else(|| {
        let mut rest = candidate.bytes();
        typed
            .bytes()
            .all(|t| rest.any(|c| c.eq_ignore_ascii_case(&t)))
            .then_some(MatchKind::Subsequence)
    })
}

/// [`MatchKind::Prefix`] or [`MatchKind::Substring`] for ASCII text, ignoring case.
fn contained(typed: &str, candidate: &str) -> Option<MatchKind> {
    // Exact-case checks first, with the standard library's (vectorised) search: what people type
    // and nearly every key are lower case, so these answer almost every question.
    if candidate.starts_with(typed) {
        return Some(MatchKind::Prefix);
    }
    let (typed_bytes, candidate_bytes) = (typed.as_bytes(), candidate.as_bytes());
    if candidate.contains(typed) {
        // `S` is inside `hadoopFileSystems` and, ignoring case, at the start of `security...`.
        let prefix_ignoring_case = candidate_bytes
            .get(..typed_bytes.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(typed_bytes));
        return Some(if prefix_ignoring_case {
            MatchKind::Prefix
        } else {
            MatchKind::Substring
        });
    }
    let (typed, candidate) = (typed_bytes, candidate_bytes);
    let has_upper = |s: &[u8]| s.iter().any(u8::is_ascii_uppercase);
    if typed.len() > candidate.len() || !(has_upper(typed) || has_upper(candidate)) {
        return None;
    }
    let at = |i: usize| {
        candidate[i..]
            .iter()
            .zip(typed)
            .all(|(c, t)| c.eq_ignore_ascii_case(t))
    };
    if at(0) {
        Some(MatchKind::Prefix)
    } else if (1..=candidate.len() - typed.len()).any(at) {
        Some(MatchKind::Substring)
    } else {
        None
    }
}

/// The candidates matching `typed`: prefix matches first, then substring matches, alphabetical
/// within each kind. Only when neither kind matches, the in-order-letter (fuzzy) matches.
pub fn ranked<'a>(typed: &str, candidates: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    // Two passes, because in-order-letter matches only count when nothing contains the text:
    // the first asks the cheap questions of every candidate (completion runs this on every
    // keystroke over every key), the second runs only when the first found nothing.
    let candidates: Vec<&str> = candidates.into_iter().collect();
    let typed_ascii = typed.is_ascii();
    let mut found: Vec<(MatchKind, &str)> = candidates
        .iter()
        .filter_map(|&c| {
            let kind = if typed_ascii && c.is_ascii() {
                contained(typed, c)
            } else {
                match_kind(typed, c).filter(|k| *k != MatchKind::Subsequence)
            };
            kind.map(|k| (k, c))
        })
        .collect();
    if found.is_empty() {
        found = candidates
            .iter()
            .filter(|c| match_kind(typed, c).is_some())
            .map(|&c| (MatchKind::Subsequence, c))
            .collect();
    }
    found.sort_unstable();
    found.dedup();
    found.into_iter().map(|(_, c)| c.to_owned()).collect()
}

/// Up to three candidates close to `typed` (within the workspace's typo allowance,
/// [`allowed_typos`], the rule key suggestions use), closest first; names containing `typed`
/// count as close.
pub fn closest<'a>(typed: &str, candidates: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let lower = typed.to_lowercase();
    let limit = allowed_typos(&lower);
    let mut scored: Vec<(usize, &str)> = candidates
        .into_iter()
        .filter_map(|c| {
            let distance = edit_distance(&lower, &c.to_lowercase());
            let contains = lower.len() >= 3 && c.to_lowercase().contains(&lower);
            (distance <= limit || contains).then_some((distance, c))
        })
        .collect();
    scored.sort_unstable();
    scored.dedup();
    scored
        .into_iter()
        .take(3)
        .map(|(_, c)| c.to_owned())
        .collect()
}
