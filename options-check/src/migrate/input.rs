//! The lines a migration reads: a legacy file's own lines, or, for a file `flinkconf migrate` wrote
//! (it starts with [`MARKER`]), its settings read back as standard YAML with their comments, so a
//! second migration of a migrated file changes nothing. (Read as legacy, a nested or quoted
//! `config.yaml` means something else; Flink would misread it the same way.)

use options_core::yaml::{YamlRead, YamlReader};
use options_flink::legacy::{parse_flink_conf, LegacyLine, LegacySetting};

/// How the first line of every file `migrate` writes starts (files an earlier version wrote
/// under another tool name start the same way).
pub const MARKER_PREFIX: &str = "# Standard YAML (config.yaml)";

/// The first line of every migrated file.
pub const MARKER: &str = concat!(
    "# Standard YAML (config.yaml), migrated from a legacy flink-conf.yaml by `",
    options_core::tool_name!(),
    " migrate`."
);

/// The lines of `text`, and whether it is a migrated file (read as YAML). `Err` for a migrated file
/// whose YAML no longer reads (edited since): the message says where.
pub fn read(
    text: &str,
    is_map_option: &dyn Fn(&str) -> bool,
) -> Result<(Vec<LegacyLine>, bool), String> {
    if !text
        .lines()
        .next()
        .is_some_and(|l| l.starts_with(MARKER_PREFIX))
    {
        return Ok((parse_flink_conf(text).lines, false));
    }
    read_yaml(text, is_map_option).map(|lines| (lines, true))
}

/// The lines of a standard `config.yaml`: its settings (flattened) with their trailing comments,
/// its comment and blank lines; a first line written by `flinkconf migrate` is left out (a migration
/// writes its own). `Err` says where the YAML does not read, as `LINE:COLUMN: what`.
pub fn read_yaml(
    text: &str,
    is_map_option: &dyn Fn(&str) -> bool,
) -> Result<Vec<LegacyLine>, String> {
    let YamlRead { settings, errors } = YamlReader::new(text).map_options(is_map_option).settings();
    if let Some(e) = errors.first() {
        // `LINE:COLUMN: what`: the caller names the file (`migrate` names the one it was given).
        return Err(format!("{}:{}: {}", e.line(), e.column(), e.kind()));
    }
    let source: Vec<&str> = text.lines().collect();
    // Comment and blank lines as written; other lines are parent keys (`state:`), which leave no
    // trace, or settings, filled in below. The marker is written again by the migration.
    let mut lines: Vec<Option<LegacyLine>> = source
        .iter()
        .map(|l| {
            let t = l.trim_start();
            if t.is_empty() {
                Some(LegacyLine::Blank)
            } else {
                t.strip_prefix('#')
                    .map(|c| LegacyLine::Comment(c.to_owned()))
            }
        })
        .collect();
    if source.first().is_some_and(|l| l.starts_with(MARKER_PREFIX)) {
        lines[0] = None;
    }
    for s in settings {
        let index = s.line as usize - 1;
        let comment = trailing_comment(source[index]);
        lines[index] = Some(LegacyLine::Setting(LegacySetting {
            setting: s,
            comment,
        }));
    }
    Ok(lines.into_iter().flatten().collect())
}

/// The comment after a YAML line's value: from the first `#` that follows a space outside quotes.
fn trailing_comment(line: &str) -> Option<String> {
    let mut quote: Option<char> = None;
    let mut previous = ' ';
    let mut chars = line.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match (quote, c) {
            (Some('"'), '\\') => {
                chars.next();
            }
            (Some(q), c) if c == q => {
                // A doubled single quote escapes itself.
                if q == '\'' && chars.peek().map(|&(_, n)| n) == Some('\'') {
                    chars.next();
                } else {
                    quote = None;
                }
            }
            (None, '"' | '\'') if previous.is_whitespace() || "[{,:".contains(previous) => {
                quote = Some(c)
            }
            (None, '#') if previous.is_whitespace() => return Some(line[i + 1..].to_owned()),
            _ => {}
        }
        previous = c;
    }
    None
}
