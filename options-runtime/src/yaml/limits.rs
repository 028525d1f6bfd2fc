//! Limits every configuration file loader applies before reading a file's settings, so a hostile
//! or broken file (a log written to the wrong path, a binary, a generated bomb) gives a clear error
//! with its position instead of a panic, a stack overflow or unbounded time and memory.

use super::error::{YamlError, YamlErrorKind};

/// The largest configuration file read: 16 MiB.
pub const MAX_FILE_BYTES: usize = 16 * 1024 * 1024;
/// The longest line: 1 MiB.
pub const MAX_LINE_BYTES: usize = 1024 * 1024;
/// The deepest nesting of mappings and sequences in a `config.yaml`.
pub const MAX_DEPTH: usize = 64;

fn limit(line: usize, column: usize, reason: String) -> YamlError {
    let clamp = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    YamlError::new(clamp(line), clamp(column), YamlErrorKind::Limit(reason))
}

/// Checks raw file bytes: size, UTF-8, NUL bytes and line length; the text when all hold.
pub fn check_bytes(bytes: &[u8]) -> Result<&str, YamlError> {
    check_size(bytes.len())?;
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let valid = e.valid_up_to();
            // The prefix is valid UTF-8 by definition.
            let before = std::str::from_utf8(&bytes[..valid]).unwrap_or_default();
            let (line, column) = position(before);
            return Err(limit(
                line,
                column,
                format!(
                    "the file is not valid UTF-8 (byte {:#04x} at byte offset {valid}); save it as UTF-8",
                    bytes[valid]
                ),
            ));
        }
    };
    check_text(text)?;
    Ok(text)
}

/// Checks a text already in memory: size, NUL bytes and line length.
pub fn check_text(text: &str) -> Result<(), YamlError> {
    check_size(text.len())?;
    if let Some(at) = memchr::memchr(0, text.as_bytes()) {
        let (line, column) = position(&text[..at]);
        return Err(limit(
            line,
            column,
            "the file contains a NUL byte; a configuration file is text".to_owned(),
        ));
    }
    for (number, line) in lines(text).enumerate() {
        if line.len() > MAX_LINE_BYTES {
            return Err(limit(
                number + 1,
                1,
                format!(
                    "line {} is {} bytes long; lines are limited to {MAX_LINE_BYTES} bytes (1 MiB)",
                    number + 1,
                    line.len(),
                ),
            ));
        }
    }
    Ok(())
}

/// Checks a file's size before it is read.
pub fn check_size(bytes: usize) -> Result<(), YamlError> {
    if bytes > MAX_FILE_BYTES {
        return Err(limit(
            1,
            1,
            format!(
                "the file is {bytes} bytes; configuration files are limited to {MAX_FILE_BYTES} bytes (16 MiB)"
            ),
        ));
    }
    Ok(())
}

/// The error for nesting deeper than [`MAX_DEPTH`], at a 1-based position.
pub(crate) fn too_deep(line: u32, column: u32) -> YamlError {
    limit(
        line as usize,
        column as usize,
        format!("mappings and lists are nested more than {MAX_DEPTH} levels deep; flatten them with dotted keys"),
    )
}

/// The lines of `text`, broken where both file formats break them: at `\r\n`, `\n` or a lone
/// `\r` (YAML's line breaks, and Java's `readLine` for the legacy file); a vectorised search for
/// the breaks. The YAML reader counts lines with it too.
pub(super) fn lines(text: &str) -> impl Iterator<Item = &str> {
    let bytes = text.as_bytes();
    let mut breaks = memchr::memchr2_iter(b'\n', b'\r', bytes);
    let mut start = Some(0);
    std::iter::from_fn(move || {
        let from = start?;
        match breaks.next() {
            Some(at) => {
                let crlf = bytes[at] == b'\r' && bytes.get(at + 1) == Some(&b'\n');
                if crlf {
                    breaks.next();
                }
                start = Some(at + if crlf { 2 } else { 1 });
                Some(&text[from..at])
            }
            None => {
                start = None;
                Some(&text[from..])
            }
        }
    })
}

/// 1-based line and column (in characters) just after `before`.
fn position(before: &str) -> (usize, usize) {
    let mut count = 0;
    let mut last = "";
    for line in lines(before) {
        count += 1;
        last = line;
    }
    (count.max(1), last.chars().count() + 1)
}
