//! The open documents: each one's text as the editor last sent it, its version, and the
//! conversions between the protocol's positions (lines, UTF-16 code units) and the checker's
//! (lines from 1, columns in characters from 1).

use std::collections::HashMap;
use std::fmt;

use lsp_types::{Position, Range, TextDocumentContentChangeEvent, Uri};

/// One open document.
#[derive(Clone)]
pub struct Document {
    /// Its address.
    pub uri: Uri,
    /// The version of the last change applied.
    pub version: i32,
    /// The language the editor names (`yaml`, `sql`), which settles a file without a telling name.
    pub language: String,
    text: String,
    /// The byte offset where each line starts.
    starts: Vec<usize>,
}

// `Debug` by hand: the text holds the configuration's secrets.
impl fmt::Debug for Document {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Document")
            .field("uri", &self.uri.as_str())
            .field("version", &self.version)
            .field("language", &self.language)
            .field("text_bytes", &self.text.len())
            .finish()
    }
}

impl Document {
    /// A document of `text` at `version`.
    pub fn new(uri: Uri, version: i32, language: String, text: String) -> Self {
        let mut doc = Document {
            uri,
            version,
            language,
            text,
            starts: Vec::new(),
        };
        doc.index_lines();
        doc
    }

    /// The whole text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The path of a `file:` address, percent escapes decoded; `None` for other schemes.
    pub fn path(&self) -> Option<std::path::PathBuf> {
        path_of(&self.uri)
    }

    /// Line `index` (from 0) without its line break.
    pub fn line(&self, index: usize) -> Option<&str> {
        let start = *self.starts.get(index)?;
        let end = self
            .starts
            .get(index + 1)
            .copied()
            .unwrap_or(self.text.len());
        Some(self.text[start..end].trim_end_matches(['\n', '\r']))
    }

    /// How many lines the text has.
    pub fn line_count(&self) -> usize {
        self.starts.len()
    }

    /// Applies the editor's changes in order (a change without a range replaces the text).
    pub fn apply(&mut self, version: i32, changes: Vec<TextDocumentContentChangeEvent>) {
        for change in changes {
            match change.range {
                None => self.text = change.text,
                Some(range) => {
                    let from = self.offset(range.start);
                    let to = self.offset(range.end).max(from);
                    self.text.replace_range(from..to, &change.text);
                }
            }
            self.index_lines();
        }
        self.version = version;
    }

    /// Empties line `line` (from 1), keeping its line break.
    pub fn blank_line(&mut self, line: u32) {
        let index = line.saturating_sub(1) as usize;
        let Some(len) = self.line(index).map(str::len) else {
            return;
        };
        let start = self.starts[index];
        self.text.replace_range(start..start + len, "");
        self.index_lines();
    }

    fn index_lines(&mut self) {
        self.starts.clear();
        self.starts.push(0);
        self.starts.extend(
            self.text
                .bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
    }

    /// The byte offset of a protocol position, clamped to the text (a position past a line's
    /// end is its end, past the last line the text's end).
    pub fn offset(&self, position: Position) -> usize {
        let Some(line) = self.line(position.line as usize) else {
            return self.text.len();
        };
        let start = self.starts[position.line as usize];
        let mut units = 0;
        for (i, c) in line.char_indices() {
            if units >= position.character as usize {
                return start + i;
            }
            units += c.len_utf16();
        }
        start + line.len()
    }

    /// The protocol position of a checker's `line` and character `column` (both from 1).
    pub fn position(&self, line: u32, column: u32) -> Position {
        let index = line.saturating_sub(1);
        let text = self.line(index as usize).unwrap_or_default();
        let units: usize = text
            .chars()
            .take(column.saturating_sub(1) as usize)
            .map(char::len_utf16)
            .sum();
        Position::new(index, units as u32)
    }

    /// The checker's line and character column (both from 1) of a protocol position.
    pub fn checker_position(&self, position: Position) -> (u32, u32) {
        let text = self.line(position.line as usize).unwrap_or_default();
        let mut units = 0;
        let mut chars = 0;
        for c in text.chars() {
            if units >= position.character as usize {
                break;
            }
            units += c.len_utf16();
            chars += 1;
        }
        (position.line + 1, chars + 1)
    }

    /// The range of characters `from..to` (from 0) of `line` (from 1).
    pub fn char_range(&self, line: u32, from: u32, to: u32) -> Range {
        Range::new(self.position(line, from + 1), self.position(line, to + 1))
    }
}

/// The path of a `file:` address.
pub fn path_of(uri: &Uri) -> Option<std::path::PathBuf> {
    let text = uri.as_str().strip_prefix("file://")?;
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (bytes[i], bytes.get(i + 1), bytes.get(i + 2)) {
            (b'%', Some(&h), Some(&l)) if hex(h).is_some() && hex(l).is_some() => {
                out.push((hex(h).unwrap_or(0) * 16 + hex(l).unwrap_or(0)) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok().map(std::path::PathBuf::from)
}

/// The open documents by address.
#[derive(Debug, Default)]
pub struct Documents {
    open: HashMap<String, Document>,
}

impl Documents {
    /// Opens (or reopens) a document.
    pub fn open(&mut self, doc: Document) {
        self.open.insert(doc.uri.as_str().to_owned(), doc);
    }

    /// Closes a document.
    pub fn close(&mut self, uri: &Uri) {
        self.open.remove(uri.as_str());
    }

    /// The document at `uri`, if open.
    pub fn get(&self, uri: &Uri) -> Option<&Document> {
        self.open.get(uri.as_str())
    }

    /// The document at `uri` to change, if open.
    pub fn get_mut(&mut self, uri: &Uri) -> Option<&mut Document> {
        self.open.get_mut(uri.as_str())
    }
}
