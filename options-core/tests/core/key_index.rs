//! The key index resolves every key as the specification does, written here the slow way: an
//! exact spelling first (the earliest role, then the first inserted), else the pattern with the
//! most literal segments that the key is an instance of (`pattern::match_key`, then the first
//! inserted), a trailing placeholder spanning one or more segments; else, for a key that would
//! be an instance but for an empty placeholder, that pattern and placeholder.
//!
//! The sets of spellings and the keys are drawn from a handful of segments, so that exact keys,
//! fallback and deprecated spellings of one string, patterns sharing prefixes, inner and
//! trailing placeholders, empty segments and ties in specificity all meet often.

use options_core::key_index::{EmptyPlaceholder, KeyIndex, KeyRole};
use options_core::pattern::{is_pattern, match_key, PatternMatch};
use proptest::prelude::*;

/// The number of random catalogues; each is asked every key of [`keys`] and every string it
/// holds.
const CASES: u32 = 1000;

fn literal() -> impl Strategy<Value = &'static str> {
    prop_oneof![Just("a"), Just("b"), Just("port"), Just("x")]
}

fn placeholder() -> impl Strategy<Value = &'static str> {
    prop_oneof![Just("<name>"), Just("<key>")]
}

/// A declared key: literal segments, sometimes with placeholders (a pattern key).
fn declared_key() -> impl Strategy<Value = String> {
    let segment = prop_oneof![3 => literal(), 1 => placeholder()];
    proptest::collection::vec(segment, 1..5).prop_map(|s| s.join("."))
}

fn role() -> impl Strategy<Value = KeyRole> {
    prop_oneof![
        3 => Just(KeyRole::Key),
        1 => Just(KeyRole::Fallback),
        1 => Just(KeyRole::Deprecated),
    ]
}

/// A key as a user writes it: the same segments, other names, and empty segments.
fn user_key() -> impl Strategy<Value = String> {
    let segment = prop_oneof![
        4 => literal(),
        2 => Just("prom"),
        1 => Just(""),
        1 => Just("<name>"),
    ];
    proptest::collection::vec(segment, 1..7).prop_map(|s| s.join("."))
}

/// What the specification answers: (payload, role) of the hit.
fn specified(spellings: &[(String, KeyRole)], key: &str) -> Option<(usize, KeyRole)> {
    let exact = spellings
        .iter()
        .enumerate()
        .filter(|(_, (k, _))| k == key)
        .min_by_key(|(i, (_, role))| (*role, *i));
    if let Some((i, (_, role))) = exact {
        return Some((i, *role));
    }
    let mut best: Option<(usize, usize)> = None;
    for (i, (pattern, role)) in spellings.iter().enumerate() {
        if *role != KeyRole::Key || !is_pattern(pattern) {
            continue;
        }
        if let PatternMatch::Instance { literals } = match_key(pattern, key) {
            if best.is_none_or(|(b, _)| literals > b) {
                best = Some((literals, i));
            }
        }
    }
    best.map(|(_, i)| (i, KeyRole::Pattern))
}

/// The specification's empty placeholder for a key no pattern takes: (pattern, placeholder).
fn specified_empty(spellings: &[(String, KeyRole)], key: &str) -> Option<(String, String)> {
    let mut best: Option<(usize, usize, String)> = None;
    for (i, (pattern, role)) in spellings.iter().enumerate() {
        if *role != KeyRole::Key || !is_pattern(pattern) {
            continue;
        }
        if let PatternMatch::EmptyPlaceholder {
            placeholder,
            literals,
        } = match_key(pattern, key)
        {
            if best.as_ref().is_none_or(|(b, _, _)| literals > *b) {
                best = Some((literals, i, placeholder));
            }
        }
    }
    best.map(|(_, i, placeholder)| (spellings[i].0.clone(), placeholder))
}

fn index_of(spellings: &[(String, KeyRole)]) -> KeyIndex<'_, usize> {
    let mut index = KeyIndex::new();
    for (i, (key, role)) in spellings.iter().enumerate() {
        index.insert(key, i, *role);
    }
    index
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    #[test]
    fn the_index_resolves_every_key_as_the_specification_does(
        spellings in proptest::collection::vec((declared_key(), role()), 1..14),
        keys in proptest::collection::vec(user_key(), 32),
    ) {
        let index = index_of(&spellings);
        let asked = keys.iter().map(String::as_str).chain(spellings.iter().map(|(k, _)| k.as_str()));
        for key in asked {
            let hit = index.resolve(key);
            let expected = specified(&spellings, key);
            prop_assert_eq!(hit.map(|h| (h.payload, h.role)), expected, "key {:?}", key);
            if let Some(hit) = hit {
                let spelled = &spellings[hit.payload].0;
                prop_assert_eq!(hit.spelled, spelled.as_str());
            }
            let empty = index
                .empty_placeholder(key)
                .map(|EmptyPlaceholder { pattern, placeholder }| (pattern.to_owned(), placeholder.to_owned()));
            let no_instance = index.resolve_pattern(key).is_none();
            let expected_empty = if no_instance { specified_empty(&spellings, key) } else { None };
            prop_assert_eq!(empty, expected_empty, "key {:?}", key);
        }
    }
}

/// The examples the module documents, by name: an exact key wins over any pattern; the pattern
/// with more literal segments wins; a trailing placeholder takes several segments; ties go to
/// the pattern inserted first; the role order decides between spellings of one string.
#[test]
fn precedence_by_example() {
    let spellings = [
        ("metrics.reporter.<name>.<parameter>", KeyRole::Key),
        ("metrics.reporter.<name>.interval", KeyRole::Key),
        ("metrics.reporter.jmx.interval", KeyRole::Key),
        ("flink.hadoop.<key>", KeyRole::Key),
        ("flink.<key>", KeyRole::Key),
        ("a.<x>.c", KeyRole::Key),
        ("a.b.<y>", KeyRole::Key),
        ("old.key", KeyRole::Deprecated),
        ("old.key", KeyRole::Fallback),
    ];
    let mut index = KeyIndex::new();
    for (i, (key, role)) in spellings.iter().enumerate() {
        index.insert(key, i, *role);
    }
    let hit = |key: &str| index.resolve(key).map(|h| (h.payload, h.role));
    assert_eq!(
        hit("metrics.reporter.jmx.interval"),
        Some((2, KeyRole::Key))
    );
    assert_eq!(
        hit("metrics.reporter.prom.interval"),
        Some((1, KeyRole::Pattern))
    );
    assert_eq!(
        hit("metrics.reporter.prom.port"),
        Some((0, KeyRole::Pattern))
    );
    assert_eq!(
        hit("metrics.reporter.prom.port.range"),
        Some((0, KeyRole::Pattern))
    );
    assert_eq!(
        hit("flink.hadoop.fs.s3a.endpoint"),
        Some((3, KeyRole::Pattern))
    );
    assert_eq!(hit("flink.yarn.x"), Some((4, KeyRole::Pattern)));
    // One literal each: the first inserted wins.
    assert_eq!(hit("a.b.c"), Some((5, KeyRole::Pattern)));
    assert_eq!(hit("old.key"), Some((8, KeyRole::Fallback)));
    assert_eq!(hit("flink.hadoop"), Some((4, KeyRole::Pattern)));
    assert_eq!(hit("metrics.reporter.prom"), None);
    assert_eq!(hit("metrics.reporter..interval"), None);
    let empty = index
        .empty_placeholder("metrics.reporter..interval")
        .unwrap();
    assert_eq!(
        (empty.pattern, empty.placeholder),
        ("metrics.reporter.<name>.interval", "name")
    );
    let empty = index.empty_placeholder("flink.hadoop.a..b").unwrap();
    assert_eq!(
        (empty.pattern, empty.placeholder),
        ("flink.hadoop.<key>", "key")
    );
}

/// A key of many segments walks no further than the longest pattern: it still resolves (here
/// through a trailing placeholder) and a lookup does not recurse once per segment.
#[test]
fn a_key_of_thousands_of_segments_resolves() {
    let mut index = KeyIndex::new();
    index.insert("flink.hadoop.<key>", 0, KeyRole::Key);
    index.insert("a.<x>.<y>.b", 1, KeyRole::Key);
    let long = format!("flink.hadoop{}", ".s".repeat(100_000));
    assert_eq!(index.resolve(&long).map(|h| h.payload), Some(0));
    let long = format!("a{}", ".s".repeat(100_000));
    assert_eq!(index.resolve(&long), None);
}
