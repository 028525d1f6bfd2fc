//! How close two names are: the edit distance behind every "did you mean ...?" of the workspace
//! (derive attributes, option keys, catalog and database names), and how many edits a suggestion
//! tolerates for a name of a given length.

/// Edit distance between two strings, counted in characters: insertions, deletions,
/// substitutions and transpositions of adjacent characters each cost one (the "optimal string
/// alignment" variant of Damerau-Levenshtein).
///
/// ```
/// use options_grammar::distance::edit_distance;
///
/// assert_eq!(edit_distance("defualt", "default"), 1);
/// assert_eq!(edit_distance("paralelism", "parallelism"), 1);
/// assert_eq!(edit_distance("", "abc"), 3);
/// ```
pub fn edit_distance(a: &str, b: &str) -> usize {
    // No distance exceeds the longer length, so with that bound the band is the whole table.
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let longest = a.len().max(b.len());
    osa_within(&a, &b, longest).unwrap_or(longest)
}

/// [`edit_distance`] when it is at most `max`, else `None`; stops as soon as the distance must
/// exceed `max`, and compares bytes when both strings are ASCII (option keys always are).
pub fn edit_distance_within(a: &str, b: &str, max: usize) -> Option<usize> {
    if a.is_ascii() && b.is_ascii() {
        osa_bytes_within(a.as_bytes(), b.as_bytes(), max)
    } else {
        let a: Vec<char> = a.chars().collect();
        let b: Vec<char> = b.chars().collect();
        osa_within(&a, &b, max)
    }
}

/// [`osa_within`] for bytes: once the common ends are trimmed, a shorter side of at most 64 bytes
/// (every option key's) goes through [`osa_bits`], a word of bits per column of the table rather
/// than a number per cell.
fn osa_bytes_within(a: &[u8], b: &[u8], max: usize) -> Option<usize> {
    if a.len().abs_diff(b.len()) > max {
        return None;
    }
    let (a, b) = trim_common(a, b);
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    match short.len() {
        0 => Some(long.len()).filter(|d| *d <= max),
        1..=64 => osa_bits(short, long, max),
        _ => osa_within(a, b, max),
    }
}

/// The optimal-string-alignment distance of `pattern` (1 to 64 bytes) and `text` when it is at
/// most `max`, by Hyyrö's bit-vector algorithm (Myers' for Levenshtein, with a term for swapped
/// neighbours): each column of the table is two words of bits (where a cell is one more or one
/// less than the cell above it), and the distance is tracked in the last row. About fifteen
/// operations a byte of `text`, where the banded table took as many a cell.
fn osa_bits(pattern: &[u8], text: &[u8], max: usize) -> Option<usize> {
    debug_assert!((1..=64).contains(&pattern.len()));
    // Bit i of `positions[c]`: pattern[i] is c.
    let mut positions = [0u64; 256];
    for (i, &c) in pattern.iter().enumerate() {
        positions[usize::from(c)] |= 1 << i;
    }
    let last = 1u64 << (pattern.len() - 1);
    // Vertical differences of the current column: +1 where `up` is set, -1 where `down` is.
    let (mut up, mut down) = (u64::MAX, 0u64);
    let (mut diagonal_before, mut matches_before) = (0u64, 0u64);
    let mut distance = pattern.len();
    for (j, &c) in text.iter().enumerate() {
        let matches = positions[usize::from(c)];
        // A swap: this byte matches one position further along than the previous byte did.
        let swapped = ((!diagonal_before & matches) << 1) & matches_before;
        let diagonal = (((matches & up).wrapping_add(up)) ^ up) | matches | down | swapped;
        let horizontal_up = down | !(diagonal | up);
        let horizontal_down = diagonal & up;
        if horizontal_up & last != 0 {
            distance += 1;
        } else if horizontal_down & last != 0 {
            distance -= 1;
        }
        let horizontal_up = (horizontal_up << 1) | 1;
        let horizontal_down = horizontal_down << 1;
        up = horizontal_down | !(diagonal | horizontal_up);
        down = horizontal_up & diagonal;
        diagonal_before = diagonal;
        matches_before = matches;
        // The last row falls by at most one a column: past this, it cannot come back to `max`.
        if distance > max + (text.len() - j - 1) {
            return None;
        }
    }
    (distance <= max).then_some(distance)
}

/// Rows of the table up to this long live on the stack (keys are short); longer ones on the heap.
const STACK_ROW: usize = 96;

/// Rows up to this long take a smaller stack table: the three rows are zeroed on every call, and
/// once the common ends are trimmed, what a typo leaves to compare is usually this short.
const SHORT_ROW: usize = 16;

fn osa_within<T: PartialEq>(a: &[T], b: &[T], max: usize) -> Option<usize> {
    if a.len().abs_diff(b.len()) > max {
        return None;
    }
    // A typo leaves most of a key alone: the table only needs what lies between the common
    // prefix and the common suffix. Matching an equal first (or last) pair is always optimal,
    // transpositions included (a swap that moved an equal first character would swap it with
    // an equal one), so trimming never changes the distance.
    let (a, b) = trim_common(a, b);
    if a.is_empty() || b.is_empty() {
        return Some(a.len().max(b.len())).filter(|d| *d <= max);
    }
    let width = b.len() + 1;
    if width <= SHORT_ROW {
        osa_on_stack::<T, SHORT_ROW>(a, b, max)
    } else if width <= STACK_ROW {
        osa_on_stack::<T, STACK_ROW>(a, b, max)
    } else {
        let (mut before, mut previous, mut current) =
            (vec![0; width], vec![0; width], vec![0; width]);
        osa_rows(a, b, max, &mut before, &mut previous, &mut current)
    }
}

/// [`osa_rows`] with its rows in an array of `N` cells each (`b.len() < N`).
#[inline]
fn osa_on_stack<T: PartialEq, const N: usize>(a: &[T], b: &[T], max: usize) -> Option<usize> {
    let width = b.len() + 1;
    let mut rows = [[0usize; N]; 3];
    let [before, previous, current] = &mut rows;
    osa_rows(
        a,
        b,
        max,
        &mut before[..width],
        &mut previous[..width],
        &mut current[..width],
    )
}

/// `a` and `b` without their common prefix and then their common suffix.
#[inline]
fn trim_common<'s, T: PartialEq>(a: &'s [T], b: &'s [T]) -> (&'s [T], &'s [T]) {
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let (a, b) = (&a[prefix..], &b[prefix..]);
    let suffix = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    (&a[..a.len() - suffix], &b[..b.len() - suffix])
}

/// The optimal-string-alignment table, three rows at a time (i-2, i-1, i), computing only the
/// band of cells within `max` of the diagonal: a cell further out is more than `max` edits
/// away, so it is written as `max + 1` and never read as anything smaller.
fn osa_rows<'r, T: PartialEq>(
    a: &[T],
    b: &[T],
    max: usize,
    mut before: &'r mut [usize],
    mut previous: &'r mut [usize],
    mut current: &'r mut [usize],
) -> Option<usize> {
    let far = max + 1;
    for row in [&mut *before, &mut *previous, &mut *current] {
        row.fill(far);
    }
    for (j, cell) in previous.iter_mut().enumerate().take(max + 1) {
        *cell = j;
    }
    let mut previous_min = 0;
    for i in 1..=a.len() {
        let low = i.saturating_sub(max).max(1);
        let high = (i + max).min(b.len());
        current[0] = if i <= max { i } else { far };
        if low > 1 {
            current[low - 1] = far;
        }
        let mut row_min = current[0];
        for j in low..=high {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (previous[j] + 1)
                .min(current[j - 1] + 1)
                .min(previous[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(before[j - 2] + 1);
            }
            current[j] = best.min(far);
            row_min = row_min.min(current[j]);
        }
        if high < b.len() {
            current[high + 1] = far;
        }
        // Every later cell builds on this row or (by a swap) on the one before it.
        if row_min > max && previous_min > max {
            return None;
        }
        previous_min = row_min;
        core::mem::swap(&mut before, &mut previous);
        core::mem::swap(&mut previous, &mut current);
    }
    let distance = previous[b.len()];
    (distance <= max).then_some(distance)
}

/// Whether `a` and `b` are at most one edit apart ([`edit_distance`]`(a, b) <= 1`: equal, or one
/// insertion, deletion, substitution or swap of neighbours away), in one pass and without a
/// table. The secret-word check asks this of every word of every key a file loads.
///
/// ```
/// use options_grammar::distance::within_one_edit;
///
/// assert!(within_one_edit(b"pasword", b"password"));
/// assert!(within_one_edit(b"secert", b"secret"));
/// assert!(!within_one_edit(b"port", b"token"));
/// ```
pub fn within_one_edit<T: PartialEq>(a: &[T], b: &[T]) -> bool {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    if long.len() - short.len() > 1 {
        return false;
    }
    let Some(i) = short.iter().zip(long).position(|(x, y)| x != y) else {
        // One is the other, or the other with one more at the end.
        return true;
    };
    if short.len() < long.len() {
        return short[i..] == long[i + 1..];
    }
    let substituted = short[i + 1..] == long[i + 1..];
    let swapped = i + 1 < short.len()
        && short[i] == long[i + 1]
        && short[i + 1] == long[i]
        && short[i + 2..] == long[i + 2..];
    substituted || swapped
}

/// How many characters `text` holds, what typing mistakes are counted in. Counting them walks
/// the text byte by byte; ASCII (every key in practice) is checked in wide words, and then its
/// characters are its bytes.
///
/// ```
/// use options_grammar::distance::characters;
///
/// assert_eq!(characters("state.ttl"), 9);
/// assert_eq!(characters("zeitüberschreitung"), 18);
/// ```
pub fn characters(text: &str) -> usize {
    if text.is_ascii() {
        text.len()
    } else {
        text.chars().count()
    }
}

/// Typing mistakes a suggestion tolerates for what the user typed: none for up to three
/// characters (too many short names are one edit apart), one up to seven, two up to fifteen,
/// three beyond.
///
/// ```
/// use options_grammar::distance::allowed_typos;
///
/// assert_eq!(allowed_typos("key"), 0);
/// assert_eq!(allowed_typos("defualt"), 1);
/// assert_eq!(allowed_typos("parallelism"), 2);
/// ```
pub fn allowed_typos(typed: &str) -> usize {
    match characters(typed) {
        0..=3 => 0,
        4..=7 => 1,
        8..=15 => 2,
        _ => 3,
    }
}

/// `candidate` is close enough to `typed` to be suggested for it: at most
/// [`allowed_typos`]`(typed)` edits apart. Returns the distance when it is.
pub fn within_typos(typed: &str, candidate: &str) -> Option<usize> {
    edit_distance_within(typed, candidate, allowed_typos(typed))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The whole optimal-string-alignment table, no band: what the banded rows must agree with.
    fn reference(a: &str, b: &str) -> usize {
        let a: Vec<char> = a.chars().collect();
        let b: Vec<char> = b.chars().collect();
        if a.is_empty() || b.is_empty() {
            return a.len().max(b.len());
        }
        // Three rows of the dynamic-programming table: i-2, i-1 and i.
        let width = b.len() + 1;
        let mut before: Vec<usize> = vec![0; width];
        let mut previous: Vec<usize> = (0..width).collect();
        let mut current: Vec<usize> = vec![0; width];
        for i in 1..=a.len() {
            current[0] = i;
            for j in 1..=b.len() {
                let cost = usize::from(a[i - 1] != b[j - 1]);
                let mut best = (previous[j] + 1)
                    .min(current[j - 1] + 1)
                    .min(previous[j - 1] + cost);
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    best = best.min(before[j - 2] + 1);
                }
                current[j] = best;
            }
            std::mem::swap(&mut before, &mut previous);
            std::mem::swap(&mut previous, &mut current);
        }
        previous[b.len()]
    }

    /// Every string over `letters` up to `longest` long, the empty one included.
    fn every_string(letters: &[&str], longest: usize) -> Vec<String> {
        let mut all = vec![String::new()];
        let mut last = vec![String::new()];
        for _ in 0..longest {
            last = last
                .iter()
                .flat_map(|s| letters.iter().map(move |c| format!("{s}{c}")))
                .collect();
            all.extend(last.iter().cloned());
        }
        all
    }

    /// The distance of every pair of `words`, whole and bounded by each `max` below `bounds`,
    /// agrees with the reference table.
    fn agrees_with_the_reference<S: AsRef<str>>(words: &[S], bounds: usize) {
        for a in words.iter().map(AsRef::as_ref) {
            for b in words.iter().map(AsRef::as_ref) {
                let full = reference(a, b);
                assert_eq!(edit_distance(a, b), full, "{a:?} {b:?}");
                for max in 0..bounds {
                    let expected = (full <= max).then_some(full);
                    assert_eq!(
                        edit_distance_within(a, b, max),
                        expected,
                        "{a:?} {b:?} {max}"
                    );
                }
            }
        }
    }

    #[test]
    fn bounded_edit_distance_agrees_with_the_full_one_up_to_its_bound() {
        let words = [
            "enabeld", "enabled", "", "abc", "kitten", "sitting", "ca", "µs", "us", "a.b-c",
        ];
        agrees_with_the_reference(&words, 6);
    }

    /// Every pair of strings over three letters up to five long: 132,496 pairs.
    #[test]
    fn within_one_edit_is_a_distance_of_at_most_one() {
        let all = every_string(&["a", "b", "c"], 5);
        for a in &all {
            for b in &all {
                assert_eq!(
                    within_one_edit(a.as_bytes(), b.as_bytes()),
                    reference(a, b) <= 1,
                    "{a:?} {b:?}"
                );
            }
        }
    }

    /// Every pair of strings over two letters up to six long (16,129 pairs), where common prefixes
    /// and suffixes abound: trimming them never changes the distance.
    #[test]
    fn trimming_common_ends_keeps_the_distance() {
        agrees_with_the_reference(&every_string(&["a", "b"], 6), 3);
    }

    /// Every pair of strings over three letters up to five long (132,496 pairs): the bit-vector
    /// form agrees with the table for every bound up to five.
    #[test]
    fn the_bit_vector_form_agrees_with_the_table() {
        let all = every_string(&["a", "b", "c"], 5);
        for a in &all {
            for b in &all {
                bit_vector_agrees(a, b, 6);
            }
        }
    }

    /// [`osa_bytes_within`] of `a` and `b` agrees with the reference table at every bound below
    /// `bounds`.
    fn bit_vector_agrees(a: &str, b: &str, bounds: usize) {
        let full = reference(a, b);
        for max in 0..bounds {
            assert_eq!(
                osa_bytes_within(a.as_bytes(), b.as_bytes(), max),
                (full <= max).then_some(full),
                "{a:?} {b:?} {max}"
            );
        }
    }

    /// Long strings: a pattern of exactly 64 bytes uses the top bit; one of 65 takes the table.
    #[test]
    fn long_strings_agree_with_the_table() {
        let base: String = (0..70)
            .map(|i| char::from(b'a' + (i * 7 % 26) as u8))
            .collect();
        for len in [63, 64, 65, 70] {
            let a = &base[..len];
            let mut variants = vec![a.to_owned()];
            variants.push(format!("x{a}y"));
            variants.push(a.replacen('h', "", 2));
            variants.push(a.chars().rev().collect());
            variants.push(format!("{}{}", &a[len / 2..], &a[..len / 2]));
            for b in &variants {
                let full = reference(a, b);
                for max in [0, 1, 2, 3, 10, 200] {
                    assert_eq!(
                        edit_distance_within(a, b, max),
                        (full <= max).then_some(full),
                        "{len} {b:?} {max}"
                    );
                }
            }
        }
    }

    /// Random pairs up to 70 bytes over a small alphabet, the second often a few edits from the
    /// first (where the band and the early exit matter): the bit-vector form agrees with the
    /// table at every bound up to six. A fixed xorshift generator, so a failure repeats.
    #[test]
    fn random_pairs_agree_with_the_table() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |below: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % below as u64) as usize
        };
        const ALPHABET: &[u8] = b"abc.-e";
        for _ in 0..20_000 {
            let a: Vec<u8> = (0..next(71))
                .map(|_| ALPHABET[next(ALPHABET.len())])
                .collect();
            let mut b = a.clone();
            for _ in 0..next(5) {
                let at = next(b.len() + 1);
                match next(4) {
                    0 if at < b.len() => b[at] = ALPHABET[next(ALPHABET.len())],
                    1 if at < b.len() => {
                        b.remove(at);
                    }
                    2 if at + 1 < b.len() => b.swap(at, at + 1),
                    _ => b.insert(at, ALPHABET[next(ALPHABET.len())]),
                }
            }
            let (a, b) = (String::from_utf8(a).unwrap(), String::from_utf8(b).unwrap());
            bit_vector_agrees(&a, &b, 7);
        }
    }

    #[test]
    fn transpositions_count_once() {
        assert_eq!(edit_distance("ab", "ba"), 1);
        assert_eq!(edit_distance("abc", "acb"), 1);
        assert_eq!(edit_distance("enabeld", "enabled"), 1);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("ca", "abc"), 3);
    }

    #[test]
    fn characters_not_bytes() {
        assert_eq!(edit_distance("zürich", "zurich"), 1);
        assert_eq!(edit_distance("µs", "us"), 1);
    }

    #[test]
    fn short_names_need_an_exact_match() {
        assert_eq!(within_typos("kye", "key"), None);
        assert_eq!(within_typos("defualt", "default"), Some(1));
    }
}
