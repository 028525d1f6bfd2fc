//! The Markdown table of an option, written in one place for its two readers: the derive puts it
//! in the rustdoc of every handle (Key / Default / Type / Scope, under the description), and
//! options-docs in each section's Markdown file (Key / Default / Type / Description, a row per option).
//! Each picks its [`Column`]s; a cell reads the same in both: the key, the default and the type
//! in code font, a `(none)`-style placeholder in plain text, a line break as `<br>`, `|` escaped,
//! and the scope as every output spells it ([`Scope::as_str`]).

use std::borrow::Cow;

use crate::scope::Scope;

/// A column of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    /// The key (with an anchor and badges when the cells have them).
    Key,
    /// The default.
    Default,
    /// The type (with the Rust type of an enum option when known).
    Type,
    /// Where the option applies.
    Scope,
    /// The description, given as one escaped line.
    Description,
}

impl Column {
    /// The column's heading.
    pub const fn title(self) -> &'static str {
        match self {
            Column::Key => "Key",
            Column::Default => "Default",
            Column::Type => "Type",
            Column::Scope => "Scope",
            Column::Description => "Description",
        }
    }
}

/// What one row shows, as plain text (the cells are escaped here), except the description.
#[derive(Clone, Copy, Debug, Default)]
pub struct OptionCells<'a> {
    /// The key.
    pub key: &'a str,
    /// An HTML anchor id written before the key (the docs' tables link to rows).
    pub anchor: Option<&'a str>,
    /// Labels shown in italics under the key (`Batch`, `Deprecated`).
    pub badges: &'a [&'a str],
    /// The default as it is shown (`3 min`, `"text"`, `(none)`).
    pub default: &'a str,
    /// The type name (`Duration`, `List<String>`).
    pub type_name: &'a str,
    /// The Rust type of an enum option, shown after the type name.
    pub rust_type: Option<&'a str>,
    /// Where the option applies.
    pub scope: Scope,
    /// The description cell: Markdown on one line, already escaped with [`escape_cell`].
    pub description: &'a str,
}

/// Appends the heading and the separator line of a table of `columns`.
pub fn header(out: &mut String, columns: &[Column]) {
    for column in columns {
        out.push_str("| ");
        out.push_str(column.title());
        out.push(' ');
    }
    out.push_str("|\n");
    for _ in columns {
        out.push_str("| --- ");
    }
    out.push_str("|\n");
}

/// Appends the row of `cells` for `columns`.
pub fn row(out: &mut String, columns: &[Column], cells: &OptionCells<'_>) {
    for column in columns {
        out.push_str("| ");
        match column {
            Column::Key => {
                if let Some(anchor) = cells.anchor {
                    out.push_str("<a id=\"");
                    out.push_str(anchor);
                    out.push_str("\"></a>");
                }
                out.push_str(&escape_cell(&code(cells.key)));
                for (i, badge) in cells.badges.iter().enumerate() {
                    out.push_str(if i == 0 { "<br>*" } else { " *" });
                    out.push_str(badge);
                    out.push('*');
                }
            }
            Column::Default => out.push_str(&value_cell(cells.default)),
            Column::Type => {
                out.push_str(&value_cell(cells.type_name));
                if let Some(rust_type) = cells.rust_type {
                    out.push_str(" (");
                    out.push_str(&value_cell(rust_type));
                    out.push(')');
                }
            }
            Column::Scope => out.push_str(&escape_cell(cells.scope.as_str())),
            Column::Description => out.push_str(cells.description),
        }
        out.push(' ');
    }
    out.push_str("|\n");
}

/// A value for a cell: in code font, one code span per line joined by `<br>`; empty text and a
/// placeholder in parentheses (`(none)`) stay plain.
pub fn value_cell(text: &str) -> String {
    let placeholder = text.starts_with('(') && text.ends_with(')');
    if text.is_empty() || placeholder {
        return escape_cell(&one_line(text));
    }
    let lines: Vec<String> = text
        .split("\r\n")
        .flat_map(|l| l.split(['\r', '\n']))
        .map(code)
        .collect();
    escape_cell(&lines.join("<br>"))
}

/// Inline code: `` `value` `` (a value containing a backtick gets a double fence).
pub fn code(value: &str) -> String {
    if value.contains('`') {
        format!("`` {value} ``")
    } else {
        format!("`{value}`")
    }
}

/// Replaces each line break of a value with `<br>`, so that it stays on one table row.
pub fn one_line(text: &str) -> Cow<'_, str> {
    if text.contains(['\n', '\r']) {
        Cow::Owned(text.replace("\r\n", "<br>").replace(['\r', '\n'], "<br>"))
    } else {
        Cow::Borrowed(text)
    }
}

/// Escapes inline text for a cell: `|` everywhere, and `<`/`>` outside code spans (so raw HTML
/// shows as text), keeping `<br>`.
pub fn escape_cell(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len() + 16);
    let mut in_code: Option<usize> = None;
    // Runs of text that need no escape are copied whole; every special character is ASCII.
    let mut plain = 0;
    let mut i = 0;
    while i < bytes.len() {
        let escaped = match bytes[i] {
            b'`' => {
                let run = bytes[i..].iter().take_while(|&&b| b == b'`').count();
                in_code = match in_code {
                    None => Some(run),
                    Some(open) if open == run => None,
                    open => open,
                };
                i += run;
                continue;
            }
            b'|' => "\\|",
            b'<' if in_code.is_none() && !text[i..].starts_with("<br>") => "&lt;",
            b'>' if in_code.is_none() && !text[..=i].ends_with("<br>") => "&gt;",
            _ => {
                i += 1;
                continue;
            }
        };
        out.push_str(&text[plain..i]);
        out.push_str(escaped);
        i += 1;
        plain = i;
    }
    out.push_str(&text[plain..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const RUSTDOC: &[Column] = &[Column::Key, Column::Default, Column::Type, Column::Scope];

    #[test]
    fn a_rustdoc_table_shows_key_default_type_scope() {
        let mut out = String::new();
        header(&mut out, RUSTDOC);
        row(
            &mut out,
            RUSTDOC,
            &OptionCells {
                key: "a.b",
                default: "(none)",
                type_name: "Enum",
                rust_type: Some("Mode"),
                ..OptionCells::default()
            },
        );
        assert_eq!(
            out,
            "| Key | Default | Type | Scope |\n| --- | --- | --- | --- |\n\
             | `a.b` | (none) | `Enum` (`Mode`) | - |\n"
        );
    }

    #[test]
    fn cells_escape_pipes_and_keep_line_breaks() {
        assert_eq!(value_cell("a|b"), "`a\\|b`");
        assert_eq!(value_cell("one\ntwo"), "`one`<br>`two`");
        assert_eq!(value_cell("x`y"), "`` x`y ``");
        assert_eq!(value_cell("List<String>"), "`List<String>`");
        assert_eq!(escape_cell("<b>|`<i>`<br>"), "&lt;b&gt;\\|`<i>`<br>");
    }

    #[test]
    fn a_docs_row_has_an_anchor_badges_and_a_description() {
        let mut out = String::new();
        let columns = [Column::Key, Column::Default, Column::Description];
        let cells = OptionCells {
            key: "a.b",
            anchor: Some("a-b"),
            badges: &["Batch", "Deprecated"],
            default: "3 min",
            description: "Text.",
            ..OptionCells::default()
        };
        row(&mut out, &columns, &cells);
        assert_eq!(
            out,
            "| <a id=\"a-b\"></a>`a.b`<br>*Batch* *Deprecated* | `3 min` | Text. |\n"
        );
    }
}
