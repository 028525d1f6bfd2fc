//! Completion of keys and values. Keys: the options of the document's release (and, in a
//! manifest or the operator's configuration, the Kubernetes operator's) that start with what the
//! outer lines of a nested mapping and the line already say, written from the cursor's depth on;
//! hidden options and deprecated ones are not offered. Values: an enum's names, a closed set's
//! values, `true`/`false`. Each item carries its documentation.

use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionList, CompletionTextEdit, Documentation,
    MarkupContent, MarkupKind, TextEdit,
};
use options_check::input::Reader;
use options_docs::format;
use options_docs::model::{CatalogueDoc, OptionDoc, SectionDoc};

use crate::cursor::{spot, Spot};
use crate::documents::Document;
use crate::parts::Parts;

/// How many items one answer lists (the list says it is incomplete past them, so the editor asks
/// again as the user types).
pub const MOST: usize = 200;

/// The completion at `line` (from 1) and character `column` (from 0).
pub fn complete(doc: &Document, parts: &Parts, line: u32, column: u32) -> Option<CompletionList> {
    let (part, spot) = spot(doc, parts, line, column)?;
    let docs_url = parts.resolution.settings.docs_url.as_deref();
    let mut catalogues_used = vec![part.flink.checked];
    if matches!(part.embedded.reader, Reader::Resource | Reader::Operator) {
        catalogues_used.extend(part.operator.as_ref().map(|o| o.checked));
    }
    let docs: Vec<&CatalogueDoc> = catalogues_used.iter().map(|c| &c.loaded.doc).collect();
    let mut items = Vec::new();
    let mut incomplete = false;
    match spot {
        Spot::Key {
            outer,
            typed,
            start,
            ..
        } => {
            let range = doc.char_range(line, start, column);
            let wanted = format!("{outer}{typed}");
            'docs: for d in &docs {
                for (section, option) in d.options() {
                    if option.hidden || option.deprecated || !option.key.starts_with(&wanted) {
                        continue;
                    }
                    if items.len() == MOST {
                        incomplete = true;
                        break 'docs;
                    }
                    let written = &option.key[outer.len()..];
                    items.push(CompletionItem {
                        label: written.to_owned(),
                        kind: Some(CompletionItemKind::PROPERTY),
                        detail: Some(format!(
                            "{} = {}",
                            format::type_text(option),
                            format::default_text(option, &d.engine)
                        )),
                        documentation: Some(documentation(docs_url, section, option)),
                        filter_text: Some(written.to_owned()),
                        text_edit: Some(CompletionTextEdit::Edit(TextEdit {
                            range,
                            new_text: written.to_owned(),
                        })),
                        ..CompletionItem::default()
                    });
                }
            }
        }
        Spot::Value { key, typed, start } => {
            let found = catalogues_used
                .iter()
                .find_map(|c| c.index.resolve(&key).map(|(_, o, _)| o))?;
            let range = doc.char_range(line, start, column);
            for value in closed_values(found) {
                if !value
                    .to_ascii_lowercase()
                    .starts_with(&typed.to_ascii_lowercase())
                {
                    continue;
                }
                items.push(CompletionItem {
                    label: value.clone(),
                    kind: Some(CompletionItemKind::ENUM_MEMBER),
                    detail: Some(format!("a value of {}", found.key)),
                    documentation: Some(Documentation::MarkupContent(MarkupContent {
                        kind: MarkupKind::Markdown,
                        value: format!(
                            "`{value}` for `{}` ({})",
                            found.key,
                            format::type_text(found)
                        ),
                    })),
                    text_edit: Some(CompletionTextEdit::Edit(TextEdit {
                        range,
                        new_text: value,
                    })),
                    ..CompletionItem::default()
                });
            }
        }
    }
    Some(CompletionList {
        is_incomplete: incomplete,
        items,
    })
}

/// The values a value of `option` is one of: an enum's names, a closed set, booleans.
fn closed_values(option: &OptionDoc) -> Vec<String> {
    if option.value_type.kind == "Boolean" && !option.value_type.list {
        return vec!["true".to_owned(), "false".to_owned()];
    }
    if !option.constraint.one_of.is_empty() {
        return option.constraint.one_of.clone();
    }
    option.value_type.enum_values.clone()
}

/// A key's documentation: type, default, description and link.
fn documentation(
    docs_url: Option<&str>,
    section: &SectionDoc,
    option: &OptionDoc,
) -> Documentation {
    Documentation::MarkupContent(MarkupContent {
        kind: MarkupKind::Markdown,
        value: format!(
            "`{}` ({})\n\n{}{}",
            option.key,
            option.scope,
            option.description.trim(),
            crate::hover::option_link(docs_url, section, option)
        ),
    })
}
