//! The docstring of an option's Python constant: its description first (the first line is what
//! an editor shows on hover), then the facts `flinkconf explain` prints, with the Python type beside
//! the option's own. The generated `options.py` writes it under each constant, and the package
//! returns the same text as the constant's `__doc__` at run time, so `help()` shows it too.

use std::fmt::Write as _;

use options_core::wording;

use crate::engine::EngineDoc;
use crate::format::{default_text, flags, notes, rules};
use crate::model::{OptionDoc, SectionDoc};

use super::types::python_type;

/// The docstring of `option` (of `section`, in a catalogue of `engine`), without quotes.
pub fn docstring(engine: &EngineDoc, section: &SectionDoc, option: &OptionDoc) -> String {
    let mut text = String::new();
    for paragraph in option.description.split("\n\n") {
        let paragraph = paragraph.trim();
        if !paragraph.is_empty() {
            let _ = writeln!(text, "{paragraph}\n");
        }
    }
    let mut field = |label: &str, value: &str| {
        let _ = writeln!(text, "{:<13}{value}", format!("{label}:"));
    };
    field("Key", &option.key);
    field(
        "Type",
        &format!(
            "{} (Python: {})",
            option.value_type.name,
            python_type(option)
        ),
    );
    field("Default", &default_text(option, engine));
    field("Scope", option.scope.as_str());
    field("Section", &section.title);
    let flags = flags(option);
    if !flags.is_empty() {
        field("Flags", &flags.join(", "));
    }
    if let Some(var) = engine.env_var_for_key(&option.key) {
        field("Environment", &var);
    }
    for (label, values) in notes(option) {
        field(label, &values.join(", "));
    }
    if option.key.contains('<') {
        let _ = writeln!(
            text,
            "A pattern key: .instance(\"name\") gives the option of one instance."
        );
    }
    for rule in rules(option) {
        let _ = writeln!(text, "{}", wording::plain(&rule));
    }
    text.truncate(text.trim_end().len());
    text
}

/// `text` as a Python triple-quoted string literal (backslashes and quotes that would end it
/// escaped), indented by nothing: the literal's lines are the text's lines.
pub fn triple_quoted(text: &str) -> String {
    // The closing quotes follow a newline, so a quote at the end of the text cannot join them.
    let escaped = text.replace('\\', "\\\\").replace("\"\"\"", "\\\"\\\"\\\"");
    format!("\"\"\"{escaped}\n\"\"\"")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_literal_survives_quotes_and_backslashes() {
        assert_eq!(triple_quoted("plain"), "\"\"\"plain\n\"\"\"");
        assert_eq!(triple_quoted("a\\b"), "\"\"\"a\\\\b\n\"\"\"");
        assert_eq!(
            triple_quoted("say \"\"\"hi\"\"\""),
            "\"\"\"say \\\"\\\"\\\"hi\\\"\\\"\\\"\n\"\"\""
        );
        assert_eq!(triple_quoted("ends \""), "\"\"\"ends \"\n\"\"\"");
    }
}
