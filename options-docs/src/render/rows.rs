//! The per-option parts of the pages, written in Rust: the `<tr>` rows of the options table, the
//! `<li>` entries of the index's option list and the Markdown table (whose rows
//! `options_core::table` writes, as it does for the derive's rustdoc).
//!
//! These are the loops that run once per option (tens of thousands of times for a large
//! catalogue). In Tera every field of every row cost a context lookup and a JSON copy, and
//! rendering took most of `flinkconf generate`; written here they cost a few string appends. The
//! templates still own every page's layout and the table around the rows; they insert these
//! strings (`section.rows_html`, `section.table_md`, the index's `s.options_html`). The HTML is
//! the one the templates wrote before, byte for byte; `options-docs/templates/README.md` says what
//! moved here.

use super::view::{RowView, SectionView};

/// Fills in the written parts of `section` from its rows.
pub fn write_section(section: &mut SectionView) {
    section.rows_html = table_rows(&section.rows);
    section.table_md = markdown_table(&section.rows);
    section.options_html = index_items(&section.page, &section.title, &section.rows);
}

/// Appends `text` HTML-escaped the way Tera's autoescape does (`& < > " ' /`), so rows written
/// here match the text the templates around them escape.
pub fn push_escaped(out: &mut String, text: &str) {
    let mut plain = 0;
    for (i, b) in text.bytes().enumerate() {
        let entity = match b {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            b'\'' => "&#x27;",
            b'/' => "&#x2F;",
            _ => continue,
        };
        out.push_str(&text[plain..i]);
        out.push_str(entity);
        plain = i + 1;
    }
    out.push_str(&text[plain..]);
}

/// The link icon after the last segment of a key.
const LINK_ICON: &str = r#"<svg class="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false"><path d="M6.6 9.4l2.8-2.8M7.1 4.6l1.3-1.3a2.9 2.9 0 0 1 4.1 4.1l-1.3 1.3M8.9 11.4l-1.3 1.3a2.9 2.9 0 0 1-4.1-4.1l1.3-1.3" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"/></svg>"#;

/// The `<tr>` of every row of a section's options table, each preceded by a newline.
pub fn table_rows(rows: &[RowView]) -> String {
    let mut out = String::with_capacity(rows.len() * 2048);
    for row in rows {
        table_row(&mut out, row);
    }
    out
}

fn table_row(out: &mut String, row: &RowView) {
    let e = push_escaped;
    out.push_str("\n<tr id=\"");
    e(out, &row.anchor);
    out.push_str("\" data-key=\"");
    e(out, &row.key);
    out.push_str("\" data-scope=\"");
    e(out, &row.scope);
    out.push_str("\" data-deprecated=\"");
    out.push_str(if row.deprecated { "true" } else { "false" });
    push_change_attribute(out, row);
    out.push_str(
        "\">\n<th scope=\"row\" class=\"key\"><span class=\"key-line\"><code class=\"key-name\">",
    );
    // Every segment but the last is followed by a break opportunity; the last carries the link.
    let (head, tail) = match row.key.rsplit_once('.') {
        Some((head, tail)) => (Some(head), tail),
        None => (None, row.key.as_str()),
    };
    for part in head.into_iter().flat_map(|h| h.split('.')) {
        e(out, part);
        out.push_str(".<wbr>");
    }
    out.push_str("<span class=\"key-tail\">");
    e(out, tail);
    out.push_str("<a class=\"anchor\" href=\"#");
    e(out, &row.anchor);
    out.push_str("\" aria-label=\"Link to ");
    e(out, &row.key);
    out.push_str("\" title=\"Link to this option\">");
    out.push_str(LINK_ICON);
    out.push_str("</a></span>");
    out.push_str("</code></span>\n");
    for note in row.notes.iter().filter(|n| n.label == "Deprecated keys") {
        for old in &note.values {
            out.push_str("<span class=\"old-anchor\" id=\"");
            e(out, &old.replace('.', "-"));
            out.push_str("\"></span>");
        }
    }
    out.push_str("<span class=\"badges\">");
    for badge in &row.badges {
        out.push_str("<span class=\"badge badge-");
        e(out, &badge.class);
        out.push_str("\">");
        e(out, &badge.label);
        out.push_str("</span>\n");
    }
    out.push_str("</span></th>\n<td class=\"default\" data-label=\"Default\">");
    if row.no_default {
        out.push_str("<span class=\"none\">");
        e(out, &row.default);
        out.push_str("</span>");
    } else {
        out.push_str("<code>");
        e(out, &row.default);
        out.push_str("</code>");
    }
    out.push_str("</td>\n<td class=\"type\" data-label=\"Type\">");
    e(out, &row.type_name);
    out.push_str("</td>\n<td class=\"description\">");
    out.push_str(&row.description_html);
    out.push('\n');
    for note in &row.notes {
        out.push_str("<p class=\"note\"><span class=\"note-label\">");
        e(out, note.label);
        out.push_str(":</span> ");
        for (i, value) in note.values.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str("<code>");
            e(out, value);
            out.push_str("</code>");
        }
        out.push_str("</p>\n");
    }
    for rule in &row.rules_html {
        out.push_str("<p class=\"note rule\">");
        out.push_str(rule);
        out.push_str("</p>\n");
    }
    if let Some(change) = &row.change {
        out.push_str("<p class=\"note change reach-");
        e(out, &change.reach);
        out.push_str("\"><span class=\"note-label\">");
        e(out, options_core::wording::CHANGE_CLASS_LABEL);
        out.push_str(":</span> <strong class=\"change-class\">");
        e(out, &change.label);
        out.push_str("</strong>. ");
        e(out, &change.summary);
        out.push_str("</p>\n");
    }
    out.push_str("<details class=\"how-to-set\"><summary>How to set</summary>\n<dl>");
    for how in &row.how_to_set {
        out.push_str("<dt>");
        e(out, &how.label);
        out.push_str("</dt><dd><code>");
        e(out, &how.text);
        out.push_str("</code></dd>");
    }
    out.push_str("</dl>\n</details></td>\n</tr>\n");
}

/// ` data-change="<id>` of a row with a change class (the filter reads it), after another
/// attribute's value: the caller closes the quote.
fn push_change_attribute(out: &mut String, row: &RowView) {
    if let Some(change) = &row.change {
        out.push_str("\" data-change=\"");
        push_escaped(out, &change.id);
    }
}

/// The index's `<li>` of every row of one section (its page `page`, titled `title`).
pub fn index_items(page: &str, title: &str, rows: &[RowView]) -> String {
    let e = push_escaped;
    let mut out = String::with_capacity(rows.len() * 512);
    for row in rows {
        out.push_str("<li data-key=\"");
        e(&mut out, &row.key);
        out.push_str("\" data-scope=\"");
        e(&mut out, &row.scope);
        out.push_str("\" data-deprecated=\"");
        out.push_str(if row.deprecated { "true" } else { "false" });
        push_change_attribute(&mut out, row);
        out.push_str("\"><span class=\"option-head\"><a href=\"");
        e(&mut out, page);
        out.push('#');
        e(&mut out, &row.anchor);
        out.push_str("\"><code>");
        e(&mut out, &row.key);
        out.push_str("</code></a> ");
        for badge in &row.badges {
            out.push_str("<span class=\"badge badge-");
            e(&mut out, &badge.class);
            out.push_str("\">");
            e(&mut out, &badge.label);
            out.push_str("</span> ");
        }
        out.push_str("<span class=\"section-name\">");
        e(&mut out, title);
        out.push_str("</span></span> <span class=\"summary\">");
        e(&mut out, &row.summary);
        out.push_str("</span></li>\n");
    }
    out
}

/// The Markdown table of a section: the heading, then each row's line.
pub fn markdown_table(rows: &[RowView]) -> String {
    let mut out = String::with_capacity(128 + rows.iter().map(|r| r.md.len()).sum::<usize>());
    options_core::table::header(&mut out, super::view::MARKDOWN_COLUMNS);
    for row in rows {
        out.push_str(&row.md);
    }
    out
}
