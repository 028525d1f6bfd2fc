//! What the fuzz targets that read configurations share: the secret token they look for in their
//! outputs, and the bounds every reported position must respect.
#![allow(dead_code)] // Each target uses part of it.

/// A secret value: the dictionaries and the `secrets` seeds put it after secret keys, and the
/// targets check that no output shows it whenever the input holds it only in secret places.
pub const CANARY: &str = "S3CR3T-CANARY";

/// Panics, naming the output, when any of `outputs` shows the canary.
#[track_caller]
pub fn assert_hidden(input: &str, outputs: &[(&str, String)]) {
    for (what, shown) in outputs {
        assert!(
            !shown.contains(CANARY),
            "the secret of {input:?} shows in {what}:\n{shown}"
        );
    }
}

/// The largest line and column a position in `text` can have (1-based): one line more than
/// there are line breaks (`\n` and `\r` each counted, an upper bound for every reader), and one
/// column more than the longest line has bytes (an upper bound whether columns count characters
/// or bytes).
pub fn bounds(text: &str) -> (u64, u64) {
    let breaks = text.bytes().filter(|b| matches!(b, b'\n' | b'\r')).count();
    let longest = text.split(['\n', '\r']).map(str::len).max().unwrap_or(0);
    (breaks as u64 + 1, longest as u64 + 1)
}

/// Panics unless (`line`, `column`) can be a position in `text`.
#[track_caller]
pub fn assert_inside(text: &str, line: u64, column: u64, what: &str) {
    let (lines, columns) = bounds(text);
    assert!(
        (1..=lines).contains(&line) && (1..=columns).contains(&column),
        "{what} at {line}:{column} lies outside the input ({lines} lines, {columns} columns): {text:?}"
    );
}

/// How often `needle` occurs in `haystack` (overlapping occurrences counted).
pub fn occurrences(haystack: &str, needle: &str) -> usize {
    (0..haystack.len())
        .filter(|&i| haystack.is_char_boundary(i) && haystack[i..].starts_with(needle))
        .count()
}
