//! The edits that mend one setting where it is written, for an editor's quick fixes: a
//! deprecated spelling renamed to the key of every option that reads it (as `flinkconf migrate`
//! renames), a key the release does not read commented out with the reason, a mistyped key
//! replaced by a key it may be a typo of. Each edit touches the key's own characters (or adds a
//! line after it), so comments, indentation, quoting and nesting stay as written.

use std::collections::HashSet;

use options_core::Catalogue;

use crate::migrate::upgrade::{plan_key, Fate};
use options_core::Setting;

/// One replacement in the user's file: on `line` (from 1), characters `from..to` (counted in
/// characters from 0) become `with`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    /// Line, from 1.
    pub line: u32,
    /// First character replaced, from 0.
    pub from: u32,
    /// One past the last character replaced.
    pub to: u32,
    /// The new text (may hold a line break, to add a line).
    pub with: String,
}

/// What a fix does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FixKind {
    /// Writes a deprecated spelling as the current key (or keys).
    Rename,
    /// Comments out a key the release does not read.
    CommentOut,
    /// Replaces an unknown key by a key it may be a typo of.
    Typo,
}

/// A fix of one setting: a title for the editor's menu and its edits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    /// Line of the key the fix is for (from 1).
    pub line: u32,
    /// Column of that key (from 1, in characters).
    pub column: u32,
    /// What it does, as a menu entry says it.
    pub title: String,
    /// Its kind.
    pub kind: FixKind,
    /// Whether applying it keeps what the release reads (a rename to every reader, commenting
    /// out a key the release ignores): what "fix all" applies. A guess at a typo is never safe.
    pub safe: bool,
    /// Its edits, not overlapping.
    pub edits: Vec<Edit>,
}

/// The key as written at character `column` (from 0) of `line`: a quoted key's text inside its
/// quotes (a SQL `SET 'key'`), else up to the `:` (YAML) or `=` (`-D` lines) that ends it.
/// Returns the token and the character range it spans.
pub fn key_token(line: &str, column: usize) -> Option<(String, usize, usize)> {
    let rest: Vec<char> = line.chars().skip(column).collect();
    let (start, end) = match rest.first() {
        Some(&q @ ('\'' | '"')) => {
            let close = rest[1..].iter().position(|&c| c == q)? + 1;
            (1, close)
        }
        Some(_) => {
            let mut end = rest.len();
            for (i, &c) in rest.iter().enumerate() {
                let next = rest.get(i + 1).copied();
                let ends = match c {
                    ':' => next.is_none_or(char::is_whitespace),
                    '=' => true,
                    c => c.is_whitespace(),
                };
                if ends {
                    end = i;
                    break;
                }
            }
            (0, end)
        }
        None => return None,
    };
    (end > start).then(|| {
        (
            rest[start..end].iter().collect(),
            column + start,
            column + end,
        )
    })
}

/// The fixes the catalogue `catalogue` (the document's release) offers for the settings of
/// `settings` that `wanted` names (those with a finding: planning every key of a large file
/// costs as much as checking it), each at its position in the user's file `lines` (the
/// settings' lines and columns are the file's). `comment` starts a comment in the file (`# `,
/// or `-- ` in SQL).
pub fn key_fixes(
    catalogue: &Catalogue,
    lines: &[&str],
    settings: &[Setting],
    comment: &str,
    wanted: &dyn Fn(&Setting) -> bool,
) -> Vec<Fix> {
    let set: HashSet<&str> = settings.iter().map(|s| s.key.as_str()).collect();
    let mut fixes = Vec::new();
    for s in settings.iter().filter(|s| wanted(s)) {
        let Some(text) = lines.get((s.line as usize).wrapping_sub(1)).copied() else {
            continue;
        };
        let Some((token, from, to)) = key_token(text, (s.column as usize).saturating_sub(1)) else {
            continue;
        };
        // The part of the key written on an outer line of a nested mapping.
        let Some(prefix) = s.key.strip_suffix(token.as_str()) else {
            continue;
        };
        let fix = match plan_key(catalogue, &s.key, &set) {
            Fate::Keep(_) | Fate::Unknown => continue,
            Fate::Rename { readers, .. } if readers.is_empty() => comment_out(
                s,
                text,
                comment,
                "another spelling of its option is set too, and wins",
            ),
            Fate::Rename { readers, .. } => {
                let keys: Vec<&str> = readers.iter().map(|m| m.key_str()).collect();
                let Some(new) = keys
                    .iter()
                    .map(|k| k.strip_prefix(prefix).filter(|n| !n.is_empty()))
                    .collect::<Option<Vec<&str>>>()
                else {
                    continue;
                };
                let mut edits = vec![Edit {
                    line: s.line,
                    from: from as u32,
                    to: to as u32,
                    with: new[0].to_owned(),
                }];
                // Every other reader gets a line of its own with the same value, as the old
                // spelling set them all; only where the value is on the key's line.
                if new.len() > 1 {
                    if s.value.contains('\n') || !value_on_line(text, to) {
                        continue;
                    }
                    let before: String = text.chars().take(from).collect();
                    let after: String = text.chars().skip(to).collect();
                    let end = text.chars().count() as u32;
                    for other in &new[1..] {
                        edits.push(Edit {
                            line: s.line,
                            from: end,
                            to: end,
                            with: format!("\n{before}{other}{after}"),
                        });
                    }
                }
                let named: Vec<String> = keys.iter().map(|k| format!("\"{k}\"")).collect();
                Some(Fix {
                    line: s.line,
                    column: s.column,
                    title: format!("Rename deprecated \"{}\" to {}", s.key, named.join(" and ")),
                    kind: FixKind::Rename,
                    safe: true,
                    edits,
                })
            }
            Fate::NotRead(reason) => comment_out(s, text, comment, &reason),
        };
        fixes.extend(fix);
    }
    fixes
}

/// The fix replacing the unknown key of `setting` by `suggestion`, when the key is written in
/// one piece on its line (or its last segments are, and the suggestion shares the rest).
pub fn typo_fix(lines: &[&str], setting: &Setting, suggestion: &str) -> Option<Fix> {
    let text = lines.get((setting.line as usize).checked_sub(1)?)?;
    let (token, from, to) = key_token(text, (setting.column as usize).saturating_sub(1))?;
    let prefix = setting.key.strip_suffix(token.as_str())?;
    let new = suggestion.strip_prefix(prefix).filter(|n| !n.is_empty())?;
    Some(Fix {
        line: setting.line,
        column: setting.column,
        title: format!("Did you mean \"{suggestion}\"?"),
        kind: FixKind::Typo,
        safe: false,
        edits: vec![Edit {
            line: setting.line,
            from: from as u32,
            to: to as u32,
            with: new.to_owned(),
        }],
    })
}

/// Whether something other than a comment follows the key's `:` or `=` on its line.
fn value_on_line(text: &str, key_end: usize) -> bool {
    let after: String = text.chars().skip(key_end).collect();
    let after = after.trim_start_matches(['\'', '"']).trim_start();
    let value = after
        .strip_prefix(':')
        .or_else(|| after.strip_prefix('='))
        .unwrap_or(after)
        .trim();
    !value.is_empty() && !value.starts_with('#') && !matches!(value, "|" | ">" | "|-" | ">-")
}

/// Comments out the line of `setting` where the statement starts (its first non-blank
/// character), saying why: only a line that holds the whole setting.
fn comment_out(setting: &Setting, text: &str, comment: &str, reason: &str) -> Option<Fix> {
    let (token_from, token_to) = key_token(text, (setting.column as usize).saturating_sub(1))
        .map(|(_, from, to)| (from, to))?;
    let first = text.chars().take_while(|c| c.is_whitespace()).count();
    // A YAML key must open its line (a nested key's value on the line, not a mapping below it);
    // a SQL statement opens with SET.
    let sql = comment.starts_with("--");
    let whole = match sql {
        true => text.trim_start().to_ascii_uppercase().starts_with("SET"),
        false => token_from == first && value_on_line(text, token_to),
    };
    if !whole || setting.value.contains('\n') {
        return None;
    }
    let end = text.chars().count() as u32;
    Some(Fix {
        line: setting.line,
        column: setting.column,
        title: format!("Comment out \"{}\" ({reason})", setting.key),
        kind: FixKind::CommentOut,
        safe: true,
        edits: vec![
            Edit {
                line: setting.line,
                from: first as u32,
                to: first as u32,
                with: comment.to_owned(),
            },
            Edit {
                line: setting.line,
                from: end,
                to: end,
                with: format!("  {} {}", comment.trim_end(), one_line(reason)),
            },
        ],
    })
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
