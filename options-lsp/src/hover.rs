//! Hover on a key (or on a nested segment, which is its whole key): the option's type, default
//! under the document's release, scope, change class (how a change reaches a running system),
//! description, history and its page on the reference site;
//! a pattern instance shows its pattern's option; a key the release does not read says why and,
//! when the newest release reads it, shows that option. The release and why it was chosen close
//! the text. In a manifest whose project settings file names the operator's configuration, the
//! value the operator hands to Flink follows, with where it comes from (`effective.rs`; a secret
//! masked); no other value is shown.

use std::fmt::Write as _;

use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind};
use options_core::key_index::KeyRole;
use options_core::wording;
use options_docs::format;
use options_docs::model::{CatalogueDoc, OptionDoc, SectionDoc};

use crate::cursor::{spot, Spot};
use crate::documents::Document;
use crate::parts::Parts;
use options_check::registry::BuiltIn;

/// The hover at `line` (from 1) and character `column` (from 0).
pub fn hover(doc: &Document, parts: &Parts, line: u32, column: u32) -> Option<Hover> {
    let (part, spot) = spot(doc, parts, line, column)?;
    let docs_url = parts.resolution.settings.docs_url.as_deref();
    let Spot::Key { outer, written, .. } = spot else {
        return None;
    };
    if written.is_empty() {
        return None;
    }
    let key = format!("{outer}{written}");
    let mut text = String::new();
    let loaded = part.flink.checked.loaded;
    let operator = match &part.operator {
        Some(choice) => choice.checked,
        None => BuiltIn::Operator.checked(operator_release(parts)),
    };
    if let Some((section, option, role)) = part.flink.checked.index.resolve(&key) {
        describe(
            docs_url,
            &mut text,
            &loaded.doc,
            section,
            option,
            role,
            &key,
        );
    } else if let Some(absent) = loaded.absent(&key) {
        let _ = writeln!(text, "**`{key}`**\n\n{absent}.");
        let newest = Some(BuiltIn::Flink.checked(BuiltIn::Flink.releases().newest()));
        if let Some((n, (section, option, _))) =
            newest.and_then(|n| n.index.resolve(&key).map(|found| (n, found)))
        {
            let _ = writeln!(text, "\n---\nIn the newest release:\n");
            describe(
                docs_url,
                &mut text,
                &n.loaded.doc,
                section,
                option,
                KeyRole::Key,
                &option.key,
            );
        }
    } else if let Some((section, option, role)) = operator.index.resolve(&key) {
        describe(
            docs_url,
            &mut text,
            &operator.loaded.doc,
            section,
            option,
            role,
            &key,
        );
    } else {
        let under = loaded
            .doc
            .options()
            .filter(|(_, o)| !o.hidden && o.key.starts_with(&format!("{key}.")))
            .count();
        if under == 0 {
            return None;
        }
        let _ = writeln!(text, "**`{key}`**: {under} options are nested under it.");
    }
    if let Some(note) = crate::effective::note(doc, parts, &key, line) {
        let _ = write!(text, "\n---\n{note}");
    }
    let _ = write!(text, "\n---\nChecked against {}.", part.flink);
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: text,
        }),
        range: None,
    })
}

/// The operator release of a document's configurations the operator does not read: the one
/// its settings name, else the newest.
fn operator_release(parts: &Parts) -> options_core::Release {
    let named = parts.resolution.settings.operator_release.as_ref();
    named
        .and_then(|s| BuiltIn::Operator.release(&s.value).ok())
        .unwrap_or_else(|| BuiltIn::Operator.releases().newest())
}

/// The option's page on the reference site published at `docs_url` (the `docs-url` setting:
/// its `<section>.html#<anchor>`), as a Markdown line; nothing when no site is named.
pub fn option_link(docs_url: Option<&str>, section: &SectionDoc, option: &OptionDoc) -> String {
    match docs_url {
        Some(docs) => {
            let slash = if docs.ends_with('/') { "" } else { "/" };
            format!(
                "\n\n[Reference]({docs}{slash}{}.html#{})",
                section.id,
                option.anchor()
            )
        }
        None => String::new(),
    }
}

/// The Markdown of one option: heading, facts, description, history, link.
fn describe(
    docs_url: Option<&str>,
    text: &mut String,
    doc: &CatalogueDoc,
    section: &SectionDoc,
    option: &OptionDoc,
    role: KeyRole,
    key: &str,
) {
    let _ = writeln!(text, "**`{}`**", option.key);
    match role {
        KeyRole::Pattern => {
            let _ = writeln!(
                text,
                "\n`{key}` is an instance of the pattern `{}`.",
                option.key
            );
        }
        KeyRole::Deprecated => {
            let _ = writeln!(text, "\n`{key}` is a deprecated spelling of this option.");
        }
        KeyRole::Fallback => {
            let _ = writeln!(text, "\n`{key}` is a fallback key of this option.");
        }
        _ => {}
    }
    let release = doc
        .release
        .as_ref()
        .map(|r| format!(" in {} {}", r.engine, r.version))
        .unwrap_or_default();
    let _ = writeln!(
        text,
        "\n- Type: `{}`\n- Default{release}: `{}`\n- Scope: {}",
        format::type_text(option),
        wording::plain(&format::default_text(option, &doc.engine)),
        option.scope
    );
    if let Some(class) = doc.class_of(option) {
        let _ = writeln!(
            text,
            "- {}: **{}**. {}",
            wording::CHANGE_CLASS_LABEL,
            class.label,
            class.summary
        );
    }
    if !option.description.is_empty() {
        let _ = writeln!(text, "\n{}", option.description.trim());
    }
    let mut history = Vec::new();
    if let Some(since) = &option.since {
        history.push(format!("Since {since}."));
    }
    history.extend(format::history(option, doc.release.as_ref()));
    if let Some(d) = &option.deprecation {
        history.push(wording::sentence(&wording::deprecated_since(
            &d.since,
            d.note.trim(),
        )));
    } else if option.deprecated {
        history.push("Deprecated.".to_owned());
    }
    for removed in doc
        .removed
        .iter()
        .filter(|r| r.read_by.contains(&option.key))
    {
        history.push(format!(
            "`{}` {}",
            removed.key,
            wording::removed_in(&removed.release, removed.note.trim())
        ));
    }
    if !history.is_empty() {
        let _ = writeln!(text, "\nHistory:");
        for h in history {
            let _ = writeln!(text, "- {h}");
        }
    }
    let _ = writeln!(text, "{}", option_link(docs_url, section, option));
}
