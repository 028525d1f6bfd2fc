//! Object names as written in statements and paths (seed `003`): plain identifiers (letters,
//! digits, `_`, `$`) or back-quoted ones (`` `my catalog` ``, a doubled `` `` `` for a back-quote
//! inside), joined by `.`. Back-quotes let a name hold spaces, dots or any other character.

/// Splits a path such as `` `my catalog`.`db.name`.t `` into its names (`my catalog`, `db.name`,
/// `t`). An error says what is wrong: an empty part, a back-quote never closed, a character that
/// needs quoting, or text right after a closing back-quote.
pub fn split_path(path: &str) -> Result<Vec<String>, String> {
    let mut parts = Vec::new();
    let mut chars = path.trim().chars().peekable();
    loop {
        while chars.next_if(|c| c.is_whitespace()).is_some() {}
        let mut name = String::new();
        if chars.next_if_eq(&'`').is_some() {
            loop {
                match chars.next() {
                    None => {
                        return Err("a back-quoted name is never closed: add the closing `".into())
                    }
                    Some('`') if chars.next_if_eq(&'`').is_some() => name.push('`'),
                    Some('`') => break,
                    Some(c) => name.push(c),
                }
            }
            if name.is_empty() {
                return Err("a back-quoted name is empty".into());
            }
        } else {
            while let Some(c) = chars.next_if(|&c| c != '.' && !c.is_whitespace()) {
                if !is_plain_char(c) {
                    return Err(format!(
                        "'{c}' is not allowed in a plain name: quote the name with back-quotes"
                    ));
                }
                name.push(c);
            }
            if name.is_empty() {
                return Err("every part must be a non-empty name".into());
            }
        }
        parts.push(name);
        while chars.next_if(|c| c.is_whitespace()).is_some() {}
        match chars.next() {
            None => return Ok(parts),
            Some('.') => {}
            Some(c) => {
                return Err(format!(
                    "unexpected '{c}' after the name \"{}\": parts are joined by '.'",
                    parts.last().map_or("", String::as_str)
                ))
            }
        }
    }
}

/// Whether `c` may appear in a name without back-quotes.
pub(crate) fn is_plain_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '$'
}

/// A name as it would be written: as is when plain, else back-quoted with `` ` `` doubled.
pub fn quote_if_needed(name: &str) -> String {
    if !name.is_empty() && name.chars().all(is_plain_char) {
        name.to_owned()
    } else {
        format!("`{}`", name.replace('`', "``"))
    }
}

#[cfg(test)]
mod tests {
    use super::{quote_if_needed, split_path};

    #[test]
    fn plain_and_quoted_parts_mix() {
        assert_eq!(
            split_path("`my catalog`.`db.name`.t").unwrap(),
            ["my catalog", "db.name", "t"]
        );
        assert_eq!(split_path("a.`b``c`").unwrap(), ["a", "b`c"]);
    }

    #[test]
    fn malformed_paths_say_why() {
        assert!(split_path("a..b").unwrap_err().contains("non-empty"));
        assert!(split_path("`a").unwrap_err().contains("never closed"));
        assert!(split_path("`a`b").unwrap_err().contains("joined by '.'"));
        assert!(split_path("my-db").unwrap_err().contains("back-quotes"));
    }

    #[test]
    fn quoting_round_trips() {
        for name in ["t", "my catalog", "db.name", "a`b"] {
            assert_eq!(split_path(&quote_if_needed(name)).unwrap(), [name]);
        }
    }
}
