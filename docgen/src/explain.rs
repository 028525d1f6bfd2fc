//! `docgen explain KEY`: one option's documentation, as plain text for a terminal.

use std::fmt::Write as _;

use options_core::KeyRole;

use crate::format::{default_text, flags, history, how_to_set, notes, rules};
use crate::keys::KeyIndex;
use crate::model::{CatalogueDoc, OptionDoc, SectionDoc};

/// What a key names.
#[derive(Debug)]
pub enum Lookup<'a> {
    /// The option's own key.
    Option(&'a SectionDoc, &'a OptionDoc),
    /// A deprecated key (`true`) or fallback key (`false`) of this option.
    Alias(&'a SectionDoc, &'a OptionDoc, bool),
    /// Nothing.
    Unknown,
}

/// Finds the option `key` names, with the runtime's precedence (see [`KeyIndex`]).
pub fn lookup<'a>(doc: &'a CatalogueDoc, key: &str) -> Lookup<'a> {
    match KeyIndex::new(doc).resolve(key) {
        Some((s, o, KeyRole::Key)) => Lookup::Option(s, o),
        Some((s, o, role)) => Lookup::Alias(s, o, role == KeyRole::Deprecated),
        None => Lookup::Unknown,
    }
}

/// The text `explain` prints for an option (its history as `release` documents it, if given).
pub fn explain_at(
    section: &SectionDoc,
    option: &OptionDoc,
    release: Option<&crate::model::ReleaseDoc>,
) -> String {
    let mut text = explain(section, option);
    let lines = history(option, release);
    if !lines.is_empty() {
        let at = text.find("How to set:").unwrap_or(text.len());
        let block: String = lines
            .iter()
            .map(|l| format!("{}\n", l.replace('`', "")))
            .collect();
        text.insert_str(at, &block);
    }
    text
}

/// The text `explain` prints for an option.
pub fn explain(section: &SectionDoc, option: &OptionDoc) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "{}", option.key);
    let _ = writeln!(text, "{}", "=".repeat(option.key.chars().count()));
    let mut field = |label: &str, value: &str| {
        let _ = writeln!(text, "{:<9}{value}", format!("{label}:"));
    };
    field("Section", &section.title);
    field("Type", &option.value_type.name);
    field("Default", &default_text(option));
    field("Scope", option.scope.as_str());
    let flags = flags(option);
    if !flags.is_empty() {
        field("Flags", &flags.join(", "));
    }
    if option.hidden {
        field("Hidden", "yes (not on the reference pages)");
    }
    for (label, values) in notes(option) {
        let _ = writeln!(text, "{label}: {}", values.join(", "));
    }
    for rule in rules(option) {
        let _ = writeln!(text, "{}", rule.replace('`', ""));
    }
    let _ = writeln!(text, "How to set:");
    for (label, line) in how_to_set(option) {
        let _ = writeln!(text, "  {:<13}{line}", format!("{label}:"));
    }
    if !option.description.is_empty() {
        let _ = writeln!(text);
        for paragraph in option.description.split("\n\n") {
            let _ = writeln!(text, "{}\n", paragraph.trim());
        }
        text.pop();
    }
    text
}
