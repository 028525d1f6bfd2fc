//! Description Markdown: to HTML (raw HTML escaped, never passed through) and to a Markdown table
//! cell (one line, `|` escaped, paragraph breaks kept as `<br>`).

use pulldown_cmark::{html, Event, Options, Parser};

/// Renders Markdown to HTML. Raw HTML in the source shows as text: a description containing
/// `<script>` renders as `&lt;script&gt;`.
pub fn to_html(markdown: &str) -> String {
    let events =
        Parser::new_ext(markdown, Options::ENABLE_STRIKETHROUGH).map(|event| match event {
            Event::Html(raw) | Event::InlineHtml(raw) => Event::Text(raw),
            other => other,
        });
    let mut out = String::new();
    html::push_html(&mut out, events);
    out.trim_end().to_owned()
}

/// Escapes text for HTML element content and attribute values.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Turns Markdown into one table-cell line: paragraphs joined by `<br>`, list items started on a
/// new line, other newlines become spaces; `|` escaped; `<` and `>` outside code spans escaped so raw
/// HTML shows as text.
pub fn to_table_cell(markdown: &str) -> String {
    let paragraphs: Vec<String> = markdown
        .split("\n\n")
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(join_lines)
        .collect();
    escape_cell(&paragraphs.join("<br>"))
}

/// Escapes inline text for a cell (`|`, and `<`/`>` outside code spans).
pub fn escape_cell(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_code: Option<usize> = None;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '`' => {
                let run = text[i..].chars().take_while(|&c| c == '`').count();
                for _ in 1..run {
                    chars.next();
                }
                in_code = match in_code {
                    None => Some(run),
                    Some(open) if open == run => None,
                    open => open,
                };
                out.push_str(&"`".repeat(run));
            }
            '|' => out.push_str("\\|"),
            '<' if in_code.is_none() && !text[i..].starts_with("<br>") => out.push_str("&lt;"),
            '>' if in_code.is_none() && !text[..=i].ends_with("<br>") => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    out
}

fn join_lines(paragraph: &str) -> String {
    let mut out = String::new();
    for (n, line) in paragraph.lines().map(str::trim).enumerate() {
        if n > 0 {
            let item = line.starts_with("- ") || line.starts_with("* ") || starts_numbered(line);
            out.push_str(if item { "<br>" } else { " " });
        }
        out.push_str(line);
    }
    out
}

fn starts_numbered(line: &str) -> bool {
    let digits = line.chars().take_while(char::is_ascii_digit).count();
    digits > 0 && line[digits..].starts_with(". ")
}

/// Inline code for a cell: `` `value` `` (values containing a backtick use a double fence).
pub fn code(value: &str) -> String {
    if value.contains('`') {
        format!("`` {value} ``")
    } else {
        format!("`{value}`")
    }
}

/// The first paragraph as plain text (Markdown syntax dropped, code kept), for summaries.
pub fn summary_text(markdown: &str) -> String {
    let first = markdown.split("\n\n").next().unwrap_or("");
    let mut out = String::new();
    for event in Parser::new(first) {
        match event {
            Event::Text(t) | Event::Code(t) | Event::Html(t) | Event::InlineHtml(t) => {
                out.push_str(&t)
            }
            Event::SoftBreak | Event::HardBreak => out.push(' '),
            _ => {}
        }
    }
    out.trim().to_owned()
}
