//! Python's `repr()` of a string, for the `__repr__` of the package's classes (so they read as
//! Python, `OptionInfo(key='a.b', ...)`, not as Rust's `Debug`).

/// `text` as Python's `repr()` writes a `str`: single quotes unless it holds a single quote and
/// no double one; backslashes, the quote and control characters escaped.
pub(crate) fn py_repr(text: &str) -> String {
    let quote = if text.contains('\'') && !text.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(text.len() + 2);
    out.push(quote);
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push_str(&format!("\\x{:02x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

/// A map of strings as Python's `repr()` writes a `dict` of them.
pub(crate) fn dict_repr(map: &std::collections::BTreeMap<String, String>) -> String {
    let items: Vec<String> = map
        .iter()
        .map(|(k, v)| format!("{}: {}", py_repr(k), py_repr(v)))
        .collect();
    format!("{{{}}}", items.join(", "))
}
