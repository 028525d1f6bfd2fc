//! The line rules of the legacy `flink-conf.yaml`, as Flink 1.19.3 applies them: every line on its
//! own, no YAML. Kept apart from loading so `flinkconf migrate` can see every line (comments, skipped
//! lines, duplicates), not only the settings that count.

use std::collections::HashMap;
use std::fmt;

use options_core::Setting;

/// One line of a legacy file and what Flink makes of it.
#[derive(Clone, PartialEq, Eq)]
pub enum LegacyLine {
    /// Nothing but whitespace.
    Blank,
    /// A line that is only a comment: the text after the first `#` (not trimmed).
    Comment(String),
    /// A `key: value` setting.
    Setting(LegacySetting),
    /// A line Flink skips (it logs a warning): see [`SkipReason`].
    Skipped {
        /// Why Flink skips it.
        reason: SkipReason,
        /// The text before the first `#`, trimmed (may hold a secret: print with care).
        text: String,
        /// The comment after the first `#`, if any.
        comment: Option<String>,
    },
}

/// Why a non-comment line sets nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SkipReason {
    /// No `": "` (a colon followed by a space) in the trimmed line: `key:value`, or `key:` with
    /// nothing after it (such as the parent line of indented keys). An empty value always ends up
    /// here: the line is trimmed before it is split, so it cannot end with `": "`.
    NoSeparator,
    /// Nothing before the `": "`.
    EmptyKey,
}

impl fmt::Display for SkipReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SkipReason::NoSeparator => {
                "no \": \" (colon and space) separates a key from a non-empty value, so Flink ignores the line (indentation does not nest keys in flink-conf.yaml)"
            }
            SkipReason::EmptyKey => "the key is empty, so Flink ignores the line",
        })
    }
}

/// A `key: value` line of a legacy file: the setting (its key and value trimmed, the value kept
/// exactly: quotes, `null`, `~`, `[a, b]` are literal text) and the line's comment.
///
/// Its `Debug` masks a secret value (through [`Setting`]'s own) and leaves the comment out: a
/// comment may repeat a secret, and only the whole file knows which values are secret.
#[derive(Clone, PartialEq, Eq)]
pub struct LegacySetting {
    /// The setting the line makes.
    pub setting: Setting,
    /// The comment after the first `#` on the line, if any (not trimmed).
    pub comment: Option<String>,
}

impl fmt::Debug for LegacySetting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LegacySetting")
            .field("setting", &self.setting)
            .field("has_comment", &self.comment.is_some())
            .finish()
    }
}

impl fmt::Debug for LegacyLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LegacyLine::Blank => f.write_str("Blank"),
            // A commented-out `s3.secret-key: ...` is still a secret.
            LegacyLine::Comment(c) => f
                .debug_tuple("Comment")
                .field(&options_core::sensitive::masked_comment(c))
                .finish(),
            LegacyLine::Setting(s) => fmt::Debug::fmt(s, f),
            // The text of a skipped line may be `password:secret`: never shown.
            LegacyLine::Skipped { reason, .. } => {
                f.debug_struct("Skipped").field("reason", reason).finish()
            }
        }
    }
}

/// A whole legacy file, line by line.
///
/// Its `Debug` masks the values of secret settings, commented-out secret settings, and any text
/// of a comment that repeats the value of one of the file's secret settings.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct LegacyFile {
    /// Every line, in order (`lines[0]` is line 1).
    pub lines: Vec<LegacyLine>,
}

impl fmt::Debug for LegacyFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secrets: Vec<&str> = self
            .all_settings()
            .filter(|s| options_core::sensitive::is_secret(&s.key))
            .map(|s| s.value.as_str())
            .collect();
        let lines: Vec<ScrubbedLine<'_>> = self
            .lines
            .iter()
            .map(|line| ScrubbedLine {
                line,
                secrets: &secrets,
            })
            .collect();
        f.debug_struct("LegacyFile").field("lines", &lines).finish()
    }
}

/// A line of a file for `Debug`, its comment cleared of the file's secret values.
struct ScrubbedLine<'a> {
    line: &'a LegacyLine,
    secrets: &'a [&'a str],
}

impl fmt::Debug for ScrubbedLine<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let LegacyLine::Comment(c) = self.line else {
            return fmt::Debug::fmt(self.line, f);
        };
        let mut text = options_core::sensitive::masked_comment(c).into_owned();
        for secret in self.secrets.iter().filter(|s| !s.is_empty()) {
            text = text.replace(secret, options_core::sensitive::MASK);
        }
        f.debug_tuple("Comment").field(&text).finish()
    }
}

impl LegacyFile {
    /// The setting of every `key: value` line, in file order, duplicates included.
    pub fn all_settings(&self) -> impl Iterator<Item = &Setting> {
        self.lines.iter().filter_map(|l| match l {
            LegacyLine::Setting(s) => Some(&s.setting),
            _ => None,
        })
    }

    /// The settings that count: for a key given more than once, only its last line (Flink's
    /// rule), in the order of those last lines.
    pub fn settings(&self) -> Vec<&Setting> {
        let mut last: HashMap<&str, u32> = HashMap::new();
        for s in self.all_settings() {
            last.insert(&s.key, s.line);
        }
        self.all_settings()
            .filter(|s| last.get(s.key.as_str()) == Some(&s.line))
            .collect()
    }

    /// Settings overridden by a later line of the same key: (overridden setting, winning line).
    pub fn overridden(&self) -> Vec<(&Setting, u32)> {
        let mut last: HashMap<&str, u32> = HashMap::new();
        for s in self.all_settings() {
            last.insert(&s.key, s.line);
        }
        self.all_settings()
            .filter_map(|s| {
                let winner = last[s.key.as_str()];
                (winner != s.line).then_some((s, winner))
            })
            .collect()
    }

    /// The comment of the `key: value` line at `line` (1-based), if it has one.
    pub fn comment(&self, line: u32) -> Option<&str> {
        match self
            .lines
            .get(usize::try_from(line).ok()?.checked_sub(1)?)?
        {
            LegacyLine::Setting(s) => s.comment.as_deref(),
            _ => None,
        }
    }

    /// Lines Flink ignores: (1-based line, reason).
    pub fn skipped(&self) -> impl Iterator<Item = (u32, SkipReason)> + '_ {
        self.lines.iter().enumerate().filter_map(|(i, l)| match l {
            LegacyLine::Skipped { reason, .. } => Some((line_number(i), *reason)),
            _ => None,
        })
    }
}

fn line_number(index: usize) -> u32 {
    u32::try_from(index + 1).unwrap_or(u32::MAX)
}

/// Java's `String.trim`: strips every character up to and including the space (control characters
/// too), which is what Flink applies to lines, keys and values.
fn java_trim(s: &str) -> &str {
    s.trim_matches(|c: char| c <= ' ')
}

/// Splits text into lines as Java's `BufferedReader.readLine` does: at `\n`, `\r\n` or a lone `\r`.
pub(crate) fn java_lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        match rest.find(['\n', '\r']) {
            Some(i) => {
                let line = &rest[..i];
                let skip = if rest[i..].starts_with("\r\n") { 2 } else { 1 };
                rest = &rest[i + skip..];
                Some(line)
            }
            None => {
                let line = rest;
                rest = "";
                Some(line)
            }
        }
    })
}

/// Reads a legacy `flink-conf.yaml` text with Flink 1.19.3's rules:
///
/// * everything from the first `#` on is a comment (a value cannot contain `#`);
/// * the rest is trimmed and split at the first `": "`; a line without one is skipped;
/// * key and value are trimmed; an empty key or value skips the line;
/// * indentation means nothing, values are never unquoted or typed;
/// * the same key twice: the last line wins (see [`LegacyFile::settings`]).
///
/// ```
/// let file = options_flink::legacy::parse_flink_conf("a: 'x' # note\nb:c\n");
/// let settings = file.settings();
/// assert_eq!((settings[0].key.as_str(), settings[0].value.as_str()), ("a", "'x'"));
/// assert_eq!(settings.len(), 1);
/// ```
pub fn parse_flink_conf(text: &str) -> LegacyFile {
    let lines = java_lines(text)
        .enumerate()
        .map(|(i, line)| parse_line(line, line_number(i)))
        .collect();
    LegacyFile { lines }
}

fn parse_line(line: &str, number: u32) -> LegacyLine {
    let (body, comment) = match line.split_once('#') {
        Some((body, comment)) => (body, Some(comment.to_owned())),
        None => (line, None),
    };
    let conf = java_trim(body);
    if conf.is_empty() {
        return match comment {
            Some(c) => LegacyLine::Comment(c),
            None => LegacyLine::Blank,
        };
    }
    let skipped = |reason| LegacyLine::Skipped {
        reason,
        text: conf.to_owned(),
        comment: comment.clone(),
    };
    let Some((key, value)) = conf.split_once(": ") else {
        return skipped(SkipReason::NoSeparator);
    };
    let (key, value) = (java_trim(key), java_trim(value));
    if key.is_empty() {
        return skipped(SkipReason::EmptyKey);
    }
    let indent = body.len() - body.trim_start_matches(|c: char| c <= ' ').len();
    let column = body[..indent].chars().count() + 1;
    LegacyLine::Setting(LegacySetting {
        setting: Setting::new(
            key,
            value,
            number,
            u32::try_from(column).unwrap_or(u32::MAX),
        ),
        comment,
    })
}
