//! Doc comments to descriptions, and the rustdoc text of generated handles.

use options_grammar::scope::Scope;
use options_grammar::table::{self, code, Column, OptionCells};
use syn::{Attribute, Expr, ExprLit, Lit, Meta};

/// The Markdown of `///` comments: the one leading space rustdoc adds is stripped, lines of a
/// paragraph are joined with `\n`, paragraphs are separated by one blank line. `None` when there
/// is no doc comment (or only blank ones).
pub fn doc_comment(attrs: &[Attribute]) -> Option<String> {
    let mut lines = Vec::new();
    for attr in attrs {
        if !attr.path().is_ident("doc") {
            continue;
        }
        let Meta::NameValue(nv) = &attr.meta else {
            continue;
        };
        if let Expr::Lit(ExprLit {
            lit: Lit::Str(s), ..
        }) = &nv.value
        {
            // A `/** */` block arrives as one attribute with embedded newlines.
            for line in s.value().split('\n') {
                lines.push(line.strip_prefix(' ').unwrap_or(line).trim_end().to_owned());
            }
        }
    }
    normalize(&lines)
}

/// Joins lines, collapsing runs of blank lines into one paragraph break and trimming blank lines at
/// both ends.
pub fn normalize(lines: &[String]) -> Option<String> {
    let mut out = String::new();
    let mut blank_pending = false;
    for line in lines {
        if line.trim().is_empty() {
            blank_pending = !out.is_empty();
            continue;
        }
        if !out.is_empty() {
            out.push_str(if blank_pending { "\n\n" } else { "\n" });
        }
        blank_pending = false;
        out.push_str(line);
    }
    (!out.is_empty()).then_some(out)
}

/// What the rustdoc of a handle shows besides the description.
pub struct HandleDoc<'a> {
    pub key: &'a str,
    pub default: &'a str,
    pub type_name: &'a str,
    /// The Rust type of an enum option, shown next to `Enum`.
    pub rust_type: Option<String>,
    /// Printed as every output prints a scope (`-` when none is declared).
    pub scope: Scope,
    pub since: Option<&'a str>,
    pub deprecated_keys: &'a [String],
    pub fallback_keys: &'a [String],
    pub flags: &'a [&'a str],
    /// Further rows of the table: constraint, relation, deprecation (label, Markdown text).
    pub rows: &'a [(&'static str, String)],
    /// The group's `engine = path`, as written: its ways to set an option are the engine's, not
    /// Flink's.
    pub engine: Option<&'a str>,
}

/// The columns of the table under each handle's description (the table itself is written by
/// `options_grammar::table`, as the docs' are).
const COLUMNS: &[Column] = &[Column::Key, Column::Default, Column::Type, Column::Scope];

/// The rustdoc of a handle: the description, then a Key / Default / Type / Scope table, then
/// any other declared facts.
pub fn handle_doc(description: &str, doc: &HandleDoc<'_>) -> String {
    let mut out = format!("{description}\n\n");
    table::header(&mut out, COLUMNS);
    table::row(
        &mut out,
        COLUMNS,
        &OptionCells {
            key: doc.key,
            default: doc.default,
            type_name: doc.type_name,
            rust_type: doc.rust_type.as_deref(),
            scope: doc.scope,
            ..OptionCells::default()
        },
    );
    let mut facts = Vec::new();
    if let Some(since) = doc.since {
        facts.push(format!("Since {since}."));
    }
    if !doc.fallback_keys.is_empty() {
        facts.push(format!("Fallback keys: {}.", code_list(doc.fallback_keys)));
    }
    if !doc.deprecated_keys.is_empty() {
        facts.push(format!(
            "Deprecated keys: {}.",
            code_list(doc.deprecated_keys)
        ));
    }
    for flag in doc.flags {
        facts.push(format!("{flag}."));
    }
    for (label, text) in doc.rows {
        facts.push(format!("{label}: {text}."));
    }
    if !facts.is_empty() {
        out.push('\n');
        out.push_str(&facts.join(" "));
        out.push('\n');
    }
    // The engine's rules are a value the macro cannot read: name the key, link the engine. A
    // group without an engine has no ways of its own to set an option beyond its key.
    if let Some(engine) = doc.engine {
        out.push_str(&format!(
            "\nHow to set it: under the key {} in the ways [`{engine}`] lists (its SQL statement, environment variable and configuration file).\n",
            code(doc.key)
        ));
    }
    out
}

fn code_list(keys: &[String]) -> String {
    keys.iter().map(|k| code(k)).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(lines: &[&str]) -> Option<String> {
        let attrs: Vec<Attribute> = lines
            .iter()
            .map(|l| syn::parse_quote!(#[doc = #l]))
            .collect();
        doc_comment(&attrs)
    }

    #[test]
    fn paragraphs_keep_their_breaks_and_lines() {
        let text = doc(&[" First line", " continues.", "", "", " Second.", ""]);
        assert_eq!(text.as_deref(), Some("First line\ncontinues.\n\nSecond."));
    }

    #[test]
    fn only_blank_docs_are_no_description() {
        assert_eq!(doc(&["", " "]), None);
    }

    #[test]
    fn table_shows_key_default_type_scope() {
        let d = HandleDoc {
            key: "a.b",
            default: "3 min",
            type_name: "Duration",
            rust_type: None,
            scope: Scope::Both,
            since: Some("1.19"),
            deprecated_keys: &["a.old".to_owned()],
            fallback_keys: &[],
            flags: &[],
            rows: &[],
            engine: None,
        };
        assert_eq!(
            handle_doc("Text.", &d),
            "Text.\n\n| Key | Default | Type | Scope |\n| --- | --- | --- | --- |\n\
             | `a.b` | `3 min` | `Duration` | batch, streaming |\n\nSince 1.19. Deprecated keys: `a.old`.\n"
        );
    }
}
