//! SQL `LIKE` matching for `SHOW OPTIONS LIKE 'pattern'`: `%` matches any run of characters
//! (none too), `_` exactly one, everything else itself, ignoring case.

/// Whether `text` matches the SQL `LIKE` `pattern`, ignoring case.
pub fn like(pattern: &str, text: &str) -> bool {
    let pattern: Vec<char> = pattern.chars().flat_map(char::to_lowercase).collect();
    let text: Vec<char> = text.chars().flat_map(char::to_lowercase).collect();
    // Greedy matching with one backtrack point (the last `%`): linear for typical patterns.
    let (mut p, mut t) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while t < text.len() {
        match pattern.get(p) {
            Some('%') => {
                star = Some((p, t));
                p += 1;
            }
            Some(&c) if c == '_' || c == text[t] => {
                p += 1;
                t += 1;
            }
            _ => match star {
                Some((sp, st)) => {
                    p = sp + 1;
                    t = st + 1;
                    star = Some((sp, st + 1));
                }
                None => return false,
            },
        }
    }
    pattern[p..].iter().all(|&c| c == '%')
}

#[cfg(test)]
mod tests {
    use super::like;

    #[test]
    fn percent_and_underscore_match_like_sql() {
        assert!(like("%mini-batch%", "table.exec.mini-batch.enabled"));
        assert!(like("table.%", "table.local-time-zone"));
        assert!(!like("table.%", "sql.local-time-zone"));
        assert!(like("sql._tate-ttl", "sql.state-ttl"));
        assert!(!like("sql._tate-ttl", "sql.sstate-ttl"));
        assert!(like("%", ""));
        assert!(like("%a%b%", "xaxxbx"));
        assert!(!like("%a%b", "xaxxbx"));
    }

    #[test]
    fn case_is_ignored_and_plain_text_must_match_whole() {
        assert!(like("%MINI-BATCH%", "table.exec.mini-batch.size"));
        assert!(like("SQL.DRY-RUN", "sql.dry-run"));
        assert!(!like("sql.dry", "sql.dry-run"));
    }
}
