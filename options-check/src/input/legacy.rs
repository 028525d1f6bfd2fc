//! Which reader a configuration file needs when its name does not say as Flink's does. Flink
//! picks the reader by name: `conf/config.yaml` is standard YAML, `conf/flink-conf.yaml` (1.x) is
//! read line by line (`options_flink::legacy`). A file kept under another name
//! (`flink-conf-prod.yaml`, `flink-conf.yaml.j2`, `docker/flink.yaml`) is copied to one of those
//! before Flink reads it, so its name and content tell which: a name holding `flink-conf` is a
//! legacy file unless its keys nest (which only YAML understands); another name is a legacy file
//! when its lines are flat `key: value` lines that YAML refuses (an unquoted value such as
//! `%slots%` or `a: b: c`, a key set twice). Either way the choice is said, with its reason.

use std::path::Path;

use super::nodes::{self, Node};

/// The reader chosen for a file whose name is neither `config.yaml` nor `flink-conf.yaml`, and
/// why; `None` when the name decides as it does for Flink, or nothing tells against YAML.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// Read as a legacy `flink-conf.yaml` (else as a standard `config.yaml`).
    pub legacy: bool,
    /// Why, for the note naming the reader.
    pub reason: String,
}

impl Choice {
    /// The note that names the reader and says why.
    pub fn note(&self) -> String {
        let reader = match self.legacy {
            true => "read as a legacy flink-conf.yaml (line by line, as Flink 1.x reads it)",
            false => "read as a standard config.yaml (YAML)",
        };
        format!("{reader}: {}", self.reason)
    }
}

/// The reader `text`, found at `path`, needs (see the module's documentation).
pub fn choose(path: &Path, text: &str) -> Option<Choice> {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    if matches!(name, "config.yaml" | "flink-conf.yaml" | "") {
        return None;
    }
    if name.starts_with("flink-conf") {
        if let Ok(docs) = &nodes::documents(text) {
            if let Some(line) = docs.iter().find_map(|d| nested_line(d.root.as_ref()?)) {
                return Some(Choice {
                    legacy: false,
                    reason: format!(
                        "its name, {name}, holds flink-conf, but its keys nest (line {line}), which only YAML reads"
                    ),
                });
            }
        }
        return Some(Choice {
            legacy: true,
            reason: format!("its name, {name}, holds flink-conf"),
        });
    }
    // Only a flat file can be a legacy one: anything else is left to YAML without parsing it
    // here (a manifest's nesting shows on its second line).
    if !flat(text) {
        return None;
    }
    // Lines YAML surely reads one plain `key: value` each (nearly every flat file): its only
    // objection can then be a key set twice, found without parsing the file.
    let why = match plain_lines(text) {
        true => set_twice(plain_keys(text))?,
        false => yaml_verdict(text)?,
    };
    Some(Choice {
        legacy: true,
        reason: why,
    })
}

/// What YAML says against a flat file, parsing it: the line it refuses, or a key set twice.
fn yaml_verdict(text: &str) -> Option<String> {
    match &nodes::documents(text) {
        Err((pos, message)) => Some(format!(
            "its lines are flat key: value lines, and line {} is no YAML ({message})",
            pos.line
        )),
        Ok(docs) => docs
            .iter()
            .find_map(|d| set_twice(top_level_keys(d.root.as_ref()))),
    }
}

/// The reason naming the first key set twice among `keys` (each with its line), if any.
fn set_twice<'a>(keys: impl IntoIterator<Item = (&'a str, u32)>) -> Option<String> {
    let mut seen = std::collections::HashMap::new();
    let (key, first, again) = keys
        .into_iter()
        .find_map(|(key, line)| seen.insert(key, line).map(|first| (key, first, line)))?;
    Some(format!(
        "its lines are flat key: value lines, and \"{key}\" is set on lines {first} and {again}, which only the legacy reader accepts (the last wins)"
    ))
}

/// Whether every line of `text` is blank, a comment, or a `key: value` that YAML reads as one
/// plain key and one plain value, so parsing it would find nothing to refuse: a key of letters,
/// digits and `._-/`, then `: `, then nothing or a value that starts with no YAML indicator and
/// holds no `: `, no brackets and no `:` at its end. No character YAML refuses anywhere (control
/// characters, a byte-order mark). Anything else is left to the parser, so this may say `false`
/// of a file YAML reads, never `true` of one it refuses.
fn plain_lines(text: &str) -> bool {
    let printable = |c: char| {
        !(c < ' ' && c != '\n' && c != '\t'
            || matches!(
                c,
                '\u{7f}'..='\u{9f}' | '\u{feff}' | '\u{fffe}' | '\u{ffff}'
            ))
    };
    text.chars().all(printable) && setting_lines(text).all(|(line, _)| plain_setting(line))
}

/// One `key: value` line as [`plain_lines`] describes it.
fn plain_setting(line: &str) -> bool {
    let Some((key, value)) = line.split_once(": ") else {
        return false;
    };
    let value = value.trim_start_matches(' ');
    key.starts_with(|c: char| c.is_ascii_alphanumeric())
        && key.chars().all(super::is_key_char)
        && !value.contains('\t')
        && !value.starts_with([
            '-', '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', '\'', '"', '%',
            '@', '`',
        ])
        && !value.contains(": ")
        && !value.contains(['[', ']', '{', '}'])
        && !value.trim_end().ends_with(':')
}

/// The keys of [`plain_lines`] text, each with its 1-based line.
fn plain_keys(text: &str) -> impl Iterator<Item = (&str, u32)> {
    setting_lines(text)
        .filter_map(|(line, number)| line.split_once(": ").map(|(key, _)| (key, number)))
}

/// The lines of `text` that hold more than blanks or a comment, each with its 1-based number.
fn setting_lines(text: &str) -> impl Iterator<Item = (&str, u32)> {
    text.lines().zip(1..).filter(|(line, _)| {
        let trimmed = line.trim_start();
        !trimmed.is_empty() && !trimmed.starts_with('#')
    })
}

/// Whether every line holding more than a comment starts at its first column, as a legacy
/// file's settings do (and at least one line holds a setting).
fn flat(text: &str) -> bool {
    let mut settings = setting_lines(text).peekable();
    settings.peek().is_some()
        && settings.all(|(l, _)| !l.starts_with([' ', '\t']) && l.contains(": "))
}

/// The line of the first key whose value is a block mapping: a nested key.
fn nested_line(root: &Node) -> Option<u32> {
    let Node::Mapping { entries, .. } = root else {
        return None;
    };
    entries.iter().find_map(|(key, value)| match value {
        Node::Mapping { flow: false, .. } => Some(key.pos().line),
        _ => None,
    })
}

/// The top-level keys of a document that are text, each with its line.
fn top_level_keys(root: Option<&Node>) -> impl Iterator<Item = (&str, u32)> {
    let entries = match root {
        Some(Node::Mapping { entries, .. }) => entries.as_slice(),
        _ => &[],
    };
    entries
        .iter()
        .filter_map(|(key, _)| Some((key.as_str()?, key.pos().line)))
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEYS: [&str; 9] = ["a.b", "x-y", "k/1", "9z", "a b", "-k", "a:b", "_k", "é"];
    const SEPARATORS: [&str; 4] = [": ", ":  ", ":\t", ": \t"];
    const VALUES: [&str; 31] = [
        "1", "", "v", "%slots%", "a: b", "x:", "[1]", "{a: 1}", "'q'", "\"q\"", "a#b", "a #c",
        "- x", "-1", "&a", "*a", "!t", "|", ">", "@x", "`x", "a[0]", "é", "\u{1}", "a\tb", "?x",
        ",x", "x,y", "1 # c: d", "v ", "a\r",
    ];
    const OTHER_LINES: [&str; 9] = [
        "# c",
        "  # indented",
        "",
        "#\u{1}",
        "a.b: 2",
        "\t",
        "  \t ",
        "# tab\there",
        "\t# c",
    ];

    /// Whenever the shortcut takes a text, it finds what parsing finds: the same duplicate, or
    /// nothing against YAML.
    fn agrees(text: &str) -> bool {
        if !flat(text) || !plain_lines(text) {
            return false;
        }
        assert_eq!(set_twice(plain_keys(text)), yaml_verdict(text), "{text:?}");
        true
    }

    #[test]
    fn plain_lines_are_read_as_yaml_reads_them() {
        let lines: Vec<String> = KEYS
            .iter()
            .flat_map(|k| SEPARATORS.iter().map(move |s| (k, s)))
            .flat_map(|(k, s)| VALUES.iter().map(move |v| format!("{k}{s}{v}")))
            .collect();
        let mut taken = lines.iter().filter(|line| agrees(line)).count();
        // Files of two to four lines (a fixed sequence): mostly lines the shortcut takes, so
        // keys repeat, with any other line or comment mixed in.
        let plain: Vec<&str> = lines
            .iter()
            .map(String::as_str)
            .filter(|line| plain_lines(line))
            .collect();
        let other: Vec<&str> = lines
            .iter()
            .map(String::as_str)
            .chain(OTHER_LINES)
            .collect();
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        for _ in 0..4_000 {
            let count = 2 + next(3);
            let text: Vec<&str> = (0..count)
                .map(|_| match next(6) {
                    0 => other[next(other.len())],
                    1 => OTHER_LINES[next(OTHER_LINES.len())],
                    _ => plain[next(plain.len())],
                })
                .collect();
            taken += usize::from(agrees(&(text.join("\n") + "\n")));
        }
        assert!(taken > 1_500, "{taken}");
    }

    #[test]
    fn an_ordinary_flat_file_needs_no_parse_and_its_duplicate_is_named() {
        let text = "# a copy of flink-conf.yaml\njobmanager.rpc.address: localhost\n\ntaskmanager.numberOfTaskSlots: 4\njobmanager.rpc.address: jm\n";
        assert!(plain_lines(text));
        let choice = choose(Path::new("docker/flink.yaml"), text).unwrap();
        assert!(choice.legacy);
        assert!(
            choice
                .reason
                .contains("\"jobmanager.rpc.address\" is set on lines 2 and 5"),
            "{}",
            choice.reason
        );
        assert_eq!(
            choose(Path::new("docker/flink.yaml"), "a.b: 1\nc.d: x y\n"),
            None
        );
        // A value YAML refuses is left to the parser, which names its line.
        let refused = choose(Path::new("docker/flink.yaml"), "a.b: 1\nslots: %slots%\n").unwrap();
        assert!(
            refused.reason.contains("line 2 is no YAML"),
            "{}",
            refused.reason
        );
    }
}
