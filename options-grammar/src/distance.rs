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
    match typed.chars().count() {
        0..=3 => 0,
        4..=7 => 1,
        8..=15 => 2,
        _ => 3,
    }
}

/// `candidate` is close enough to `typed` to be suggested for it: at most
/// [`allowed_typos`]`(typed)` edits apart. Returns the distance when it is.
pub fn within_typos(typed: &str, candidate: &str) -> Option<usize> {
    let distance = edit_distance(typed, candidate);
    (distance <= allowed_typos(typed)).then_some(distance)
}

#[cfg(test)]
mod tests {
    use super::*;

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
