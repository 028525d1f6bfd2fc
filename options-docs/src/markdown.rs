//! Description Markdown: to HTML (raw HTML escaped, never passed through) and to a Markdown table
//! cell (one line, `|` escaped, paragraph breaks kept as `<br>`).
//!
//! Descriptions may come from a third party's catalogue JSON, and the pages make no network
//! requests, so in both outputs a link whose destination is not `http`, `https`, `mailto` or a
//! relative or fragment URL (`javascript:`, `data:`, ...) shows as its text, and an image with an
//! absolute source (`http://...`, `//host/...`, `data:...`) shows as its alt text (or its source as
//! code when it has none) instead of being loaded; see [`neutralize`].

use std::borrow::Cow;

use pulldown_cmark::{html, Event, Options, Parser, Tag, TagEnd};

/// The cell rules of the Markdown table, shared with the derive's rustdoc.
pub use options_core::table::{code, escape_cell, one_line};

const OPTIONS: Options = Options::ENABLE_STRIKETHROUGH;

/// Renders Markdown to HTML. Raw HTML in the source shows as text: a description containing
/// `<script>` renders as `&lt;script&gt;`. Unsafe links and remote images are neutralized.
pub fn to_html(markdown: &str) -> String {
    let markdown = neutralize(markdown);
    // Defence in depth: the events themselves never carry an unsafe link or a remote image.
    let mut dropped: Vec<bool> = Vec::new();
    let events = Parser::new_ext(&markdown, OPTIONS).filter_map(|event| match event {
        Event::Html(raw) | Event::InlineHtml(raw) => Some(Event::Text(raw)),
        Event::Start(Tag::Link { ref dest_url, .. }) => {
            let drop = !is_allowed_link(dest_url);
            dropped.push(drop);
            (!drop).then_some(event)
        }
        Event::Start(Tag::Image { ref dest_url, .. }) => {
            let drop = !is_local_image(dest_url);
            dropped.push(drop);
            (!drop).then_some(event)
        }
        Event::End(TagEnd::Link | TagEnd::Image) => {
            (!dropped.pop().unwrap_or(false)).then_some(event)
        }
        other => Some(other),
    });
    let mut out = String::new();
    html::push_html(&mut out, events);
    out.trim_end().to_owned()
}

/// The Markdown source with every disallowed link replaced by its text, and every image with an
/// absolute source replaced by its alt text (its source as code when the alt text is empty). Safe
/// Markdown comes back unchanged.
pub fn neutralize(markdown: &str) -> Cow<'_, str> {
    // Most descriptions hold no link or image at all: no parse for them.
    if !may_hold_link(markdown) {
        return Cow::Borrowed(markdown);
    }
    let mut text = Cow::Borrowed(markdown);
    // Replacing a link can expose an outer one (`[[a](javascript:b)](javascript:c)`): repeat.
    for _ in 0..16 {
        match neutralize_once(&text) {
            Some(next) => text = Cow::Owned(next),
            None => return text,
        }
    }
    // Pathological nesting: no bracket may start a link or an image any more.
    Cow::Owned(text.replace('[', "\\["))
}

/// Whether `markdown` may hold a link or an image: an inline one has `](`; a reference one needs
/// a definition (`]:`) and a collapsed one `][`; an autolink is `<` then a scheme's `:` or an
/// address's `@` before `>`, with no blank. `<name>` placeholders and lone brackets are none of
/// these.
fn may_hold_link(markdown: &str) -> bool {
    if markdown.contains("](") || markdown.contains("]:") || markdown.contains("][") {
        return true;
    }
    markdown.match_indices('<').any(|(at, _)| {
        let rest = &markdown[at + 1..];
        let end = rest
            .find(|c: char| c == '>' || c == '<' || c.is_whitespace())
            .unwrap_or(rest.len());
        rest[end..].starts_with('>') && rest[..end].contains([':', '@'])
    })
}

/// One pass of [`neutralize`]: `None` when nothing had to change.
fn neutralize_once(markdown: &str) -> Option<String> {
    let mut out = String::new();
    let mut copied = 0;
    let mut events = Parser::new_ext(markdown, OPTIONS).into_offset_iter();
    while let Some((event, range)) = events.next() {
        let (image, dest) = match event {
            Event::Start(Tag::Link { dest_url, .. }) if !is_allowed_link(&dest_url) => {
                (false, dest_url)
            }
            Event::Start(Tag::Image { dest_url, .. }) if !is_local_image(&dest_url) => {
                (true, dest_url)
            }
            _ => continue,
        };
        // The source of the link's text (or the image's alt text): from its first inner event to
        // its last, skipping to the matching end.
        let mut depth = 1;
        let mut inner: Option<(usize, usize)> = None;
        for (event, r) in events.by_ref() {
            match event {
                Event::Start(_) => depth += 1,
                Event::End(_) => depth -= 1,
                _ => {}
            }
            if depth == 0 {
                break;
            }
            inner = Some(inner.map_or((r.start, r.end), |(s, e)| (s.min(r.start), e.max(r.end))));
        }
        let text = inner.map_or("", |(s, e)| &markdown[s..e]);
        out.push_str(&markdown[copied..range.start]);
        if image && text.trim().is_empty() {
            out.push_str(&code(&dest));
        } else {
            out.push_str(text);
        }
        copied = range.end;
    }
    if copied == 0 {
        return None;
    }
    out.push_str(&markdown[copied..]);
    Some(out)
}

/// A link destination as a browser reads it: ASCII tabs and newlines removed, leading and trailing
/// controls and spaces trimmed.
fn cleaned_url(dest: &str) -> String {
    let cleaned: String = dest
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    cleaned.trim_matches(|c: char| c <= ' ').to_owned()
}

/// The lower-cased scheme of a URL (`javascript`), or `None` for a relative or fragment URL.
fn scheme(url: &str) -> Option<String> {
    let end = url.find([':', '/', '?', '#'])?;
    url[end..]
        .starts_with(':')
        .then(|| url[..end].to_ascii_lowercase())
}

/// Links may go to `http`, `https`, `mailto`, or a relative or fragment URL.
fn is_allowed_link(dest: &str) -> bool {
    scheme(&cleaned_url(dest)).is_none_or(|s| matches!(s.as_str(), "http" | "https" | "mailto"))
}

/// Images must come from next to the page: no scheme, no `//host`.
fn is_local_image(dest: &str) -> bool {
    let url = cleaned_url(dest);
    let network_path = url.len() >= 2 && url.bytes().take(2).all(|b| b == b'/' || b == b'\\');
    scheme(&url).is_none() && !network_path
}

/// Turns Markdown into one table-cell line: paragraphs joined by `<br>`, list items started on a
/// new line, other newlines become spaces; `|` escaped; `<` and `>` outside code spans escaped so raw
/// HTML shows as text.
pub fn to_table_cell(markdown: &str) -> String {
    let markdown = neutralize(markdown);
    let paragraphs: Vec<String> = markdown
        .split("\n\n")
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(join_lines)
        .collect();
    escape_cell(&paragraphs.join("<br>"))
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

/// The Markdown with each paragraph on one line (a hard-wrapped paragraph's lines joined by
/// spaces), paragraphs separated by one blank line; list items and code blocks keep their lines.
/// For clients that show line breaks as written (editor hovers).
pub fn reflow(markdown: &str) -> String {
    let mut out = Vec::new();
    let mut in_fence = false;
    for paragraph in markdown.split("\n\n") {
        let paragraph = paragraph.trim_end();
        if paragraph.trim().is_empty() {
            continue;
        }
        let fence = |l: &str| l.trim_start().starts_with("```");
        let keeps_lines = in_fence
            || paragraph.lines().any(|l| fence(l) || l.starts_with("    "))
            || paragraph
                .lines()
                .next()
                .is_some_and(|l| l.trim_start().starts_with('|'));
        in_fence ^= paragraph.lines().filter(|l| fence(l)).count() % 2 == 1;
        if keeps_lines {
            out.push(paragraph.to_owned());
            continue;
        }
        let mut joined = String::new();
        for (n, line) in paragraph.lines().map(str::trim).enumerate() {
            if n > 0 {
                let item =
                    line.starts_with("- ") || line.starts_with("* ") || starts_numbered(line);
                joined.push(if item { '\n' } else { ' ' });
            }
            joined.push_str(line);
        }
        out.push(joined);
    }
    out.join("\n\n")
}
