//! Links between options: every documented key written as code in a description or a rule
//! (`` `table.exec.mini-batch.enabled` ``) becomes a link to its anchor, on whichever page it
//! is, so a reader can follow a relation or a "see also" with one click.

use std::collections::HashMap;

use crate::model::CatalogueDoc;

/// Where each documented key is: its section id and anchor.
#[derive(Clone, Debug, Default)]
pub struct KeyLinks {
    targets: HashMap<String, (String, String)>,
}

/// The kind of output a link is written for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkStyle {
    /// Site pages and HTML fragments: `execution.html#anchor`.
    Html,
    /// Markdown files: `execution.md#anchor`.
    Markdown,
}

impl KeyLinks {
    /// The documented (not hidden) keys of `doc`.
    pub fn new(doc: &CatalogueDoc) -> Self {
        let targets = doc
            .options()
            .filter(|(_, o)| !o.hidden)
            .map(|(s, o)| (o.key.clone(), (s.id.clone(), o.anchor())))
            .collect();
        KeyLinks { targets }
    }

    /// The link to `key`, when it is documented.
    pub fn href(&self, key: &str, style: LinkStyle) -> Option<String> {
        let (section, anchor) = self.targets.get(key)?;
        let ext = match style {
            LinkStyle::Html => "html",
            LinkStyle::Markdown => "md",
        };
        Some(format!("{section}.{ext}#{anchor}"))
    }

    /// `markdown` with every code span that is exactly a documented key turned into a link to
    /// it. Fenced code blocks, code spans already inside a link, and other code spans are kept.
    pub fn link_keys(&self, markdown: &str, style: LinkStyle) -> String {
        let mut out = String::with_capacity(markdown.len());
        let mut fenced = false;
        for (i, line) in markdown.split('\n').enumerate() {
            if i > 0 {
                out.push('\n');
            }
            if line.trim_start().starts_with("```") {
                fenced = !fenced;
            }
            if fenced || !line.contains('`') {
                out.push_str(line);
            } else {
                out.push_str(&self.link_line(line, style));
            }
        }
        out
    }

    fn link_line(&self, line: &str, style: LinkStyle) -> String {
        let mut out = String::new();
        let mut rest = line;
        while let Some(start) = rest.find('`') {
            let after = &rest[start + 1..];
            let Some(len) = after.find('`') else { break };
            let inner = &after[..len];
            let in_link = rest[..start].ends_with('[');
            out.push_str(&rest[..start]);
            match self.href(inner, style).filter(|_| !in_link) {
                Some(href) => out.push_str(&format!("[`{inner}`]({href})")),
                None => out.push_str(&rest[start..start + len + 2]),
            }
            rest = &after[len + 1..];
        }
        out.push_str(rest);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn links() -> KeyLinks {
        let mut targets = HashMap::new();
        targets.insert("a.b".to_owned(), ("execution".to_owned(), "a-b".to_owned()));
        KeyLinks { targets }
    }

    #[test]
    fn a_documented_key_in_code_becomes_a_link_to_its_page() {
        assert_eq!(
            links().link_keys("Set `a.b` and `c.d`.", LinkStyle::Html),
            "Set [`a.b`](execution.html#a-b) and `c.d`."
        );
        assert_eq!(
            links().link_keys("`a.b`", LinkStyle::Markdown),
            "[`a.b`](execution.md#a-b)"
        );
    }

    #[test]
    fn fenced_code_and_existing_links_are_kept() {
        let text = "```\n`a.b`\n```\nsee [`a.b`](x.html)";
        assert_eq!(links().link_keys(text, LinkStyle::Html), text);
    }
}
