//! `flinkconf explain KEY`: one option's documentation, as plain text for a terminal.

use std::fmt::Write as _;

use options_core::key_index::KeyRole;
use options_core::wording;
use options_core::ConfigError;

use crate::engine::EngineDoc;
use crate::format::{default_text, flags, history, how_to_set, notes, rules};
use crate::keys::ModelKeyIndex;
use crate::model::{CatalogueDoc, ChangeClassDoc, OptionDoc, SectionDoc};

/// What a key names.
#[derive(Debug)]
pub enum Lookup<'a> {
    /// The option's own key.
    Option(&'a SectionDoc, &'a OptionDoc),
    /// A deprecated key (`true`) or fallback key (`false`) of this option.
    Alias(&'a SectionDoc, &'a OptionDoc, bool),
    /// An instance of this pattern option (`metrics.reporter.prom.interval`).
    Instance(&'a SectionDoc, &'a OptionDoc),
    /// A key that would be an instance of a pattern key but leaves a placeholder empty.
    EmptyPlaceholder(ConfigError),
    /// Nothing.
    Unknown,
}

/// Finds the option `key` names, with the runtime's precedence (see [`ModelKeyIndex`]).
pub fn lookup<'a>(doc: &'a CatalogueDoc, key: &str) -> Lookup<'a> {
    let index = ModelKeyIndex::new(doc);
    match index.resolve(key) {
        Some((s, o, KeyRole::Key)) => Lookup::Option(s, o),
        Some((s, o, KeyRole::Pattern)) => Lookup::Instance(s, o),
        Some((s, o, role)) => Lookup::Alias(s, o, role == KeyRole::Deprecated),
        None => match index.empty_placeholder_error(key) {
            Some(error) => Lookup::EmptyPlaceholder(error),
            None => Lookup::Unknown,
        },
    }
}

/// The text `explain` prints for an option of a catalogue of `engine` (its history as `release`
/// documents it, if given; its change class, `doc.class_of(option)`, if declared).
pub fn explain_at(
    engine: &EngineDoc,
    (section, option): (&SectionDoc, &OptionDoc),
    release: Option<&crate::model::ReleaseDoc>,
    class: Option<&ChangeClassDoc>,
) -> String {
    let mut text = explain(engine, section, option);
    if let Some(class) = class {
        let at = text.find("How to set:").unwrap_or(text.len());
        let line = format!(
            "{}: {}. {}\n",
            wording::CHANGE_CLASS_LABEL,
            class.label,
            class.summary
        );
        text.insert_str(at, &line);
    }
    let lines = history(option, release);
    if let Some(since) = option.since.as_deref() {
        // "Added in ..." says it: drop the bare "Since:" line.
        if lines.iter().any(|l| l.starts_with("Added in ")) {
            text = text.replacen(&format!("Since: {since}\n"), "", 1);
        }
    }
    if !lines.is_empty() {
        let at = text.find("How to set:").unwrap_or(text.len());
        let block: String = lines
            .iter()
            .map(|l| format!("{}\n", wording::plain(l)))
            .collect();
        text.insert_str(at, &block);
    }
    text
}

/// The text `explain` prints for an option of a catalogue of `engine`.
pub fn explain(engine: &EngineDoc, section: &SectionDoc, option: &OptionDoc) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "{}", option.key);
    let _ = writeln!(text, "{}", "=".repeat(option.key.chars().count()));
    let mut field = |label: &str, value: &str| {
        let _ = writeln!(text, "{:<9}{value}", format!("{label}:"));
    };
    field("Section", &section.title);
    field("Type", &option.value_type.name);
    field("Default", &default_text(option, engine));
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
        let _ = writeln!(text, "{}", wording::plain(&rule));
    }
    let _ = writeln!(text, "How to set:");
    for (label, line) in how_to_set(option, engine) {
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
