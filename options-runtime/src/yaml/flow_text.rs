//! A list or map value as YAML text, the way Flink hands it to an option of text: Flink 1.19+
//! reads `pipeline.name: [a, b]` into a list and, asked for a string, writes the list back as
//! YAML in flow style (`[a, b]`; a map as `{k: v}`). Items that YAML would read otherwise
//! unquoted are single-quoted, as YAML's own writer does.

/// A scalar as read: its text, and whether it was written without quotes.
pub(crate) type Written = (String, bool);

/// `[a, b]`: the items, each `(text, plain)` (`plain` when written without quotes).
pub(crate) fn list(items: &[Written]) -> String {
    let items: Vec<String> = items.iter().map(|(v, plain)| scalar(v, *plain)).collect();
    format!("[{}]", items.join(", "))
}

/// `{k: v, k2: v2}`: the entries, each side `(text, plain)`.
pub(crate) fn map(entries: &[(Written, Written)]) -> String {
    let entries: Vec<String> = entries
        .iter()
        .map(|((k, kp), (v, vp))| format!("{}: {}", scalar(k, *kp), scalar(v, *vp)))
        .collect();
    format!("{{{}}}", entries.join(", "))
}

/// One scalar as flow YAML: as is when it was plain (YAML reads it back alike), else quoted when
/// plain text would read as something else (a number, `true`, a flow indicator, ...).
fn scalar(value: &str, plain: bool) -> String {
    if plain || (!needs_quotes(value) && !reads_as_another_type(value)) {
        return value.to_owned();
    }
    format!("'{}'", value.replace('\'', "''"))
}

/// Whether plain flow YAML could not hold `value` as written.
fn needs_quotes(value: &str) -> bool {
    value.is_empty()
        || value.starts_with(|c: char| c.is_whitespace() || "-?:,[]{}#&*!|>'\"%@`".contains(c))
        || value.ends_with(char::is_whitespace)
        || value.contains([',', '[', ']', '{', '}', '\n'])
        || value.contains(": ")
        || value.contains(" #")
        || value.ends_with(':')
}

/// Whether plain `value` would read as a number, boolean or null rather than text.
fn reads_as_another_type(value: &str) -> bool {
    matches!(
        value.to_ascii_lowercase().as_str(),
        "true" | "false" | "yes" | "no" | "on" | "off" | "null" | "~"
    ) || value.parse::<f64>().is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(v: &str) -> (String, bool) {
        (v.to_owned(), true)
    }

    #[test]
    fn a_list_is_written_in_flow_style() {
        assert_eq!(list(&[plain("a"), plain("b")]), "[a, b]");
        assert_eq!(list(&[]), "[]");
        assert_eq!(
            list(&[("a, b".to_owned(), false), ("1".to_owned(), false)]),
            "['a, b', '1']"
        );
    }

    #[test]
    fn a_map_is_written_in_flow_style() {
        assert_eq!(map(&[(plain("k"), plain("v"))]), "{k: v}");
        assert_eq!(
            map(&[(plain("k"), ("it's".to_owned(), false))]),
            "{k: it's}"
        );
        assert_eq!(
            map(&[(plain("k"), ("a: b".to_owned(), false))]),
            "{k: 'a: b'}"
        );
    }
}
