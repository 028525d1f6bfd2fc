//! Reading the settings a user wrote: a `config.yaml`, or `-D`-style `key=value` lines.

use options_core::yaml::parse_config_yaml;

/// One `key = value` a user wrote, with the 1-based position of the key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setting {
    /// The full dotted key.
    pub key: String,
    /// The value as a config string.
    pub value: String,
    /// Line of the key.
    pub line: u32,
    /// Column of the key.
    pub column: u32,
}

/// A file that could not be read as settings, at a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// Line.
    pub line: u32,
    /// Column.
    pub column: u32,
    /// What is wrong.
    pub message: String,
}

/// Reads settings: `-D` lines when every non-comment line looks like `[-D]key=value`, YAML otherwise.
pub fn parse_settings(text: &str) -> Result<Vec<Setting>, SyntaxError> {
    if is_properties(text) {
        Ok(parse_properties(text))
    } else {
        parse_yaml(text)
    }
}

fn significant(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().filter(|(_, l)| {
        let t = l.trim();
        !t.is_empty() && !t.starts_with('#')
    })
}

fn is_properties(text: &str) -> bool {
    let mut lines = significant(text).peekable();
    lines.peek().is_some()
        && lines.all(|(_, line)| {
            let t = line.trim_start();
            let t = t.strip_prefix("-D").unwrap_or(t);
            match t.find('=') {
                Some(eq) => eq > 0 && !t[..eq].contains([':', ' ', '\t']),
                None => false,
            }
        })
}

fn parse_properties(text: &str) -> Vec<Setting> {
    significant(text)
        .map(|(n, line)| {
            let indent = line.len() - line.trim_start().len();
            let body = line.trim_start();
            let (body, skipped) = match body.strip_prefix("-D") {
                Some(rest) => (rest, indent + 2),
                None => (body, indent),
            };
            let (key, value) = body.split_once('=').unwrap_or((body, ""));
            Setting {
                key: key.trim().to_owned(),
                value: value.trim().to_owned(),
                line: n as u32 + 1,
                column: skipped as u32 + 1,
            }
        })
        .collect()
}

fn parse_yaml(text: &str) -> Result<Vec<Setting>, SyntaxError> {
    let settings = parse_config_yaml(text).map_err(|e| SyntaxError {
        line: e.line(),
        column: e.column(),
        message: e.kind().to_string(),
    })?;
    Ok(settings
        .into_iter()
        .map(|s| Setting {
            key: s.key,
            value: s.value,
            line: s.line,
            column: s.column,
        })
        .collect())
}
