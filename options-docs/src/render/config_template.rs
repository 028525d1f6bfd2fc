//! `flinkconf template`: a commented `config.yaml` that lists every documented option, section by
//! section. Each option is a comment block (description wrapped at 100 columns, type, default,
//! constraints, environment variable) followed by its line commented out with the default in its
//! YAML form (`# table.exec.mini-batch.size: -1`), so uncommenting that one line gives a file
//! `flinkconf validate` accepts.
//!
//! Options without a default, and options whose default depends on the machine (documented as
//! text such as `System.getProperty(...)`), get no option line: no value is right for every user,
//! and a placeholder would either fail validation when uncommented or silently set a wrong value.
//! Their comment block says how to set them instead.

use std::fmt::Write as _;

use crate::engine::EngineDoc;
use crate::model::{CatalogueDoc, DefaultModel, OptionDoc};
use crate::yaml::emit::{scalar, value as yaml_value};
use crate::yaml::value::{convert_typed, Style};

/// The widest comment line.
const WIDTH: usize = 100;

/// The template's first lines.
const HEADER: &str =
    "# Every documented option with its default, commented out: uncomment a line and change its
# value to set it. The first line lets editors that use yaml-language-server (VS Code, Neovim)
# check and complete the file with the JSON Schema it names.
";

/// The modeline that makes yaml-language-server (VS Code, Neovim) validate, complete and explain
/// the file with the JSON Schema at `schema` (a path relative to the file, or a URL).
pub fn modeline(schema: &str) -> String {
    format!("# yaml-language-server: $schema={schema}\n")
}

/// The copy in the generated site: the modeline naming the schema written beside it, then the
/// template under the generated-file note. `doc` is sorted (as [`super::render`] sorts it).
pub fn site_template(doc: &CatalogueDoc) -> String {
    let mut out = modeline(super::SCHEMA_FILE);
    out.push_str(&format!("# {}\n", super::generated_note(doc)));
    write_template(&mut out, doc);
    out
}

/// The template for `doc`: sections in catalogue order, options in key order, hidden ones left out;
/// its modeline names the schema `flinkconf generate` writes for the same catalogue
/// ([`SCHEMA_FILE`](super::SCHEMA_FILE), beside the template).
pub fn config_template(doc: &CatalogueDoc) -> String {
    config_template_with_schema(doc, super::SCHEMA_FILE)
}

/// [`config_template`] with the modeline naming `schema` (a path relative to the file, or a URL).
pub fn config_template_with_schema(doc: &CatalogueDoc, schema: &str) -> String {
    let mut doc = doc.clone();
    doc.sort();
    let mut out = modeline(schema);
    write_template(&mut out, &doc);
    out
}

/// Appends the template of the sorted `doc` to `out`.
fn write_template(out: &mut String, doc: &CatalogueDoc) {
    out.push_str(HEADER);
    for section in &doc.sections {
        let options: Vec<&OptionDoc> = section.documented().collect();
        if options.is_empty() {
            continue;
        }
        let rule = format!("# {}\n", "=".repeat(WIDTH - 2));
        out.push('\n');
        out.push_str(&rule);
        let _ = writeln!(out, "# {}", section.title);
        if !section.description.trim().is_empty() {
            out.push_str("#\n");
            wrap_markdown(out, &section.description);
        }
        out.push_str(&rule);
        for option in options {
            out.push('\n');
            option_block(out, option, &doc.engine);
        }
    }
}

fn option_block(out: &mut String, option: &OptionDoc, engine: &EngineDoc) {
    wrap_markdown(out, &option.description);
    out.push_str("#\n");
    let _ = writeln!(out, "# Type: {}", option.value_type.name);
    if !option.value_type.enum_values.is_empty() {
        wrap(
            out,
            &format!("Values: {}", option.value_type.enum_values.join(", ")),
        );
    }
    let line = option_line(option);
    match (&option.default, &line) {
        (DefaultModel::Value(v), Some(_)) if v.is_empty() => {
            let _ = writeln!(out, "# Default: \"\" (empty)");
        }
        (DefaultModel::Value(v), Some(_)) => {
            let _ = writeln!(out, "# Default: {v}");
        }
        (DefaultModel::Value(_), None) => {
            let _ = writeln!(out, "# Default: see the reference; no line is given here");
        }
        (DefaultModel::Override(text), _) => {
            wrap(
                out,
                &format!(
                    "Default: {text} (depends on the machine, so no line is given: add `{}: <value>` to set it)",
                    option.key
                ),
            );
        }
        (DefaultModel::None, _) => {
            let text = format!(
                "Default: none (unset; add `{}: <value>` to set it)",
                option.key
            );
            if text.len() + 2 <= 100 {
                let _ = writeln!(out, "# {text}");
            } else {
                // Keep the line to copy whole: the longest keys do not fit in one sentence.
                let _ = writeln!(out, "# Default: none (unset; to set it, add:)");
                let _ = writeln!(out, "# `{}: <value>`", option.key);
            }
        }
    }
    if let Some(constraints) = constraints_line(option) {
        wrap(out, &format!("Constraints: {constraints}"));
    }
    if !option.deprecated_keys.is_empty() {
        wrap(
            out,
            &format!("Deprecated keys: {}", option.deprecated_keys.join(", ")),
        );
    }
    if option.deprecated && option.deprecation.is_none() {
        let _ = writeln!(
            out,
            "# Deprecated: see `{} explain {}`",
            options_core::tool::TOOL,
            option.key
        );
    }
    if let Some(var) = engine.env_var_for_key(&option.key) {
        let _ = writeln!(out, "# Environment variable: {var}");
    }
    if let Some(line) = line {
        let _ = writeln!(out, "# {line}");
    }
}

/// The rules beyond the type (bounds, allowed values, the condition under which the option has
/// an effect, a deprecation note), in the words the reference pages use.
fn constraints_line(option: &OptionDoc) -> Option<String> {
    let rules = crate::format::rules(option);
    (!rules.is_empty()).then(|| rules.join(" "))
}

/// `key: default` in YAML form, or `None` when the option has no default to write.
fn option_line(option: &OptionDoc) -> Option<String> {
    let DefaultModel::Value(default) = &option.default else {
        return None;
    };
    let value = convert_typed(option, default).ok()?;
    let text = yaml_value(&value);
    Some(format!(
        "{}: {text}",
        scalar(&option.key, Style::Text, false)
    ))
}

/// Markdown text as `# ` comment lines at most [`WIDTH`] columns wide: paragraphs joined and
/// wrapped, list items and code blocks kept on their own lines, a `#` line between paragraphs.
fn wrap_markdown(out: &mut String, text: &str) {
    // Links to scripts and remote images become their text, as on every page.
    let text = crate::markdown::neutralize(text);
    let mut first = true;
    for paragraph in text.trim().split("\n\n") {
        let paragraph = paragraph.trim_matches('\n');
        if paragraph.trim().is_empty() {
            continue;
        }
        if !first {
            out.push_str("#\n");
        }
        first = false;
        if paragraph.trim_start().starts_with("```") {
            for line in paragraph.lines() {
                push_comment(out, line.trim_end());
            }
            continue;
        }
        let mut item = String::new();
        for line in paragraph.lines() {
            let t = line.trim();
            if is_list_item(t) && !item.is_empty() {
                wrap(out, &item);
                item.clear();
            }
            if !item.is_empty() {
                item.push(' ');
            }
            item.push_str(t);
        }
        if !item.is_empty() {
            wrap(out, &item);
        }
    }
}

fn is_list_item(line: &str) -> bool {
    line.starts_with("- ")
        || line.starts_with("* ")
        || line
            .split_once(". ")
            .is_some_and(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

fn push_comment(out: &mut String, text: &str) {
    if text.is_empty() {
        out.push_str("#\n");
    } else {
        out.push_str("# ");
        out.push_str(text);
        out.push('\n');
    }
}

/// Greedy word wrap: `# ` plus words up to [`WIDTH`] columns; a longer word gets its own line.
fn wrap(out: &mut String, text: &str) {
    let mut line = String::new();
    // Columns of `line` so far (characters, not bytes).
    let mut width = 0;
    for word in text.split_whitespace() {
        let word_width = word.chars().count();
        if !line.is_empty() && 2 + width + 1 + word_width > WIDTH {
            push_comment(out, &line);
            line.clear();
            width = 0;
        }
        if !line.is_empty() {
            line.push(' ');
            width += 1;
        }
        line.push_str(word);
        width += word_width;
    }
    if !line.is_empty() {
        push_comment(out, &line);
    }
}
