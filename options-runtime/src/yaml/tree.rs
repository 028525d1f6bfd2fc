//! Reads YAML events, and from them small trees that remember where each node starts.

use yaml_rust2::parser::{Event, Parser};
use yaml_rust2::scanner::{Marker, TScalarStyle};

use super::error::{YamlError, YamlErrorKind};
use super::limits::lines;

/// A 1-based position in the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pos {
    pub line: u32,
    pub column: u32,
}

impl Pos {
    fn of(mark: Marker) -> Self {
        Pos {
            line: clamp(mark.line()),
            // The scanner counts columns from 0.
            column: clamp(mark.col() + 1),
        }
    }
}

/// The length in characters of each line of `text` (lines as [`lines`] breaks them), when
/// `text` holds a lone `\r`; `None` (nothing computed) otherwise.
fn lone_cr_lines(text: &str) -> Option<Vec<u32>> {
    let bytes = text.as_bytes();
    let lone = memchr::memchr_iter(b'\r', bytes).any(|at| bytes.get(at + 1) != Some(&b'\n'));
    lone.then(|| {
        lines(text)
            .map(|line| clamp(line.chars().count()))
            .collect()
    })
}

/// Where the text ends: its last line (lines as [`lines`] breaks them) and the column just after
/// that line's last character.
fn end_of(text: &str) -> Pos {
    let (count, last) = lines(text).fold((0, ""), |(count, _), line| (count + 1, line));
    Pos {
        line: clamp(count),
        column: clamp(last.chars().count() + 1),
    }
}

fn clamp(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// One YAML node.
#[derive(Debug)]
pub(crate) enum Node {
    Scalar {
        value: String,
        plain: bool,
        pos: Pos,
    },
    Sequence {
        items: Vec<Node>,
        pos: Pos,
    },
    Mapping {
        entries: Vec<(Node, Node)>,
        pos: Pos,
    },
}

impl Node {
    pub fn pos(&self) -> Pos {
        match self {
            Node::Scalar { pos, .. } | Node::Sequence { pos, .. } | Node::Mapping { pos, .. } => {
                *pos
            }
        }
    }

    /// A plain `~`, `null` (any of YAML's spellings) or nothing at all.
    pub fn is_null(&self) -> bool {
        matches!(self, Node::Scalar { value, plain: true, .. }
            if matches!(value.as_str(), "" | "~" | "null" | "Null" | "NULL"))
    }
}

/// Reads a file's YAML events, in text order, and the nodes they make.
///
/// The flattener ([`super::flatten`]) takes block mappings event by event, so no tree of the
/// whole file is built; every other node (a key, a scalar, a list, a flow mapping, a map value)
/// is read here as a small tree.
pub(super) struct Reader<'a> {
    parser: Parser<core::str::Chars<'a>>,
    text: &'a str,
    /// (line, column, byte offset) of the last mark looked up: marks come in text order, so
    /// finding the next one's byte walks forward from here (linear over the whole file).
    cursor: (usize, usize, usize),
    /// Mappings and sequences open around the node being read.
    depth: usize,
    /// Where the text ends: at the end of a text without a final line break, the scanner moves
    /// its mark (of an error, or of an empty node at the end) to a line the text does not have.
    end: Pos,
    /// For a text with a lone `\r` (a line break to YAML, and to [`end_of`]), the length in
    /// characters of each line broken there too; `None` for every other text.
    cr_lines: Option<Vec<u32>>,
}

impl<'a> Reader<'a> {
    /// A reader of `text`, already checked against the loaders' [limits](super::limits).
    pub(super) fn new(text: &'a str) -> Self {
        Reader {
            parser: Parser::new_from_str(text),
            text,
            cursor: (0, 0, 0),
            depth: 0,
            end: end_of(text),
            cr_lines: lone_cr_lines(text),
        }
    }

    /// The position of `mark`, inside the text (see [`inside`](Self::inside)).
    pub(super) fn pos(&self, mark: Marker) -> Pos {
        self.inside(Pos::of(mark))
    }

    /// `pos`, inside the text: a position past the last line is put at its end. In a text with a
    /// lone `\r` the scanner does not always count that `\r` as a line break, so its columns can
    /// run past the line they fall on (found by the `config_yaml` fuzz target): such a column is
    /// put at the end of that line. Positions in such texts (classic Mac line ends) are therefore
    /// approximate; in every other text they are the scanner's.
    fn inside(&self, pos: Pos) -> Pos {
        if pos.line > self.end.line {
            return self.end;
        }
        let Some(lines) = &self.cr_lines else {
            return pos;
        };
        let length = lines.get(pos.line as usize - 1).copied().unwrap_or(0);
        Pos {
            line: pos.line.max(1),
            column: pos.column.min(length.saturating_add(1)),
        }
    }

    /// The next event and where it starts.
    pub(super) fn next(&mut self) -> Result<(Event, Marker), YamlError> {
        self.parser.next_token().map_err(|e| {
            let pos = self.pos(*e.marker());
            YamlError::new(
                pos.line,
                pos.column,
                YamlErrorKind::Syntax(e.info().to_owned()),
            )
        })
    }

    /// Reads the node whose first event comes next.
    pub(super) fn node(&mut self) -> Result<Node, YamlError> {
        let (event, mark) = self.next()?;
        self.node_from(event, mark)
    }

    /// Reads the node whose first event is `event`, at `mark`.
    pub(super) fn node_from(&mut self, event: Event, mark: Marker) -> Result<Node, YamlError> {
        let pos = self.pos(mark);
        match event {
            Event::Scalar(value, style, _, _) => {
                let plain = style == TScalarStyle::Plain;
                // An empty value (`-` or `key:` with nothing after it) gets the position of the
                // next token from the scanner, often on a later line: point at its `-` or `:`.
                let pos = if plain && value.is_empty() {
                    self.indicator_before(mark).unwrap_or(pos)
                } else {
                    pos
                };
                Ok(Node::Scalar { value, plain, pos })
            }
            Event::SequenceStart(..) => {
                self.enter(pos)?;
                let mut items = Vec::new();
                loop {
                    let (event, mark) = self.next()?;
                    if event == Event::SequenceEnd {
                        self.leave();
                        return Ok(Node::Sequence { items, pos });
                    }
                    items.push(self.node_from(event, mark)?);
                }
            }
            Event::MappingStart(..) => {
                if self.is_flow(mark) {
                    self.enter(pos)?;
                    return self.mapping_rest(pos, None);
                }
                let (first, pos) = self.block_start()?;
                self.enter(pos)?;
                self.mapping_rest(pos, Some(first))
            }
            Event::Alias(_) => Err(unsupported(
                pos,
                "YAML aliases (`*name`) are not supported; write the value out",
            )),
            other => Err(unsupported(
                pos,
                &format!("unexpected YAML event {other:?}"),
            )),
        }
    }

    /// The entries of a mapping whose start (at `pos`) has been read and entered, up to and
    /// including its end; `first` is its first event when already read.
    pub(super) fn mapping_rest(
        &mut self,
        pos: Pos,
        first: Option<(Event, Marker)>,
    ) -> Result<Node, YamlError> {
        let mut entries = Vec::new();
        let mut next = first;
        loop {
            let (event, mark) = match next.take() {
                Some(first) => first,
                None => self.next()?,
            };
            if event == Event::MappingEnd {
                self.leave();
                return Ok(Node::Mapping { entries, pos });
            }
            let key = self.node_from(event, mark)?;
            let value = self.node()?;
            entries.push((key, value));
        }
    }

    /// For a block mapping whose start has just been read: its first event, and where the
    /// mapping starts, which is where its first key does (the scanner marks the `:` after that
    /// key instead).
    pub(super) fn block_start(&mut self) -> Result<((Event, Marker), Pos), YamlError> {
        let first = self.next()?;
        let pos = self.pos(first.1);
        Ok((first, pos))
    }

    /// Opens one level of nesting; an error beyond [`MAX_DEPTH`](super::limits::MAX_DEPTH) (the
    /// tree is read recursively, so the limit also bounds the stack).
    pub(super) fn enter(&mut self, pos: Pos) -> Result<(), YamlError> {
        if self.depth >= super::limits::MAX_DEPTH {
            return Err(super::limits::too_deep(pos.line, pos.column));
        }
        self.depth += 1;
        Ok(())
    }

    /// Closes one level of nesting (a mapping or sequence ended).
    pub(super) fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Whether the collection starting at `mark` is written in flow style (`{k: v}`), not as
    /// indented lines.
    pub(super) fn is_flow(&mut self, mark: Marker) -> bool {
        self.char_at(mark) == Some('{')
    }

    /// The `-`, `:`, `?` or `,` just before `mark`, skipping blanks, line breaks and comments:
    /// what introduced an empty value. Looks back only over blank and comment lines.
    fn indicator_before(&mut self, mark: Marker) -> Option<Pos> {
        let end = self.byte_at(mark)?;
        let mut line = mark.line();
        let mut line_end = end;
        loop {
            let line_start = self.text[..line_end].rfind('\n').map_or(0, |i| i + 1);
            let text = &self.text[line_start..line_end];
            if let Some(at) = indicator_at_end(text) {
                return Some(self.inside(Pos {
                    line: clamp(line),
                    column: clamp(text[..at].chars().count() + 1),
                }));
            }
            if !is_blank_or_comment(text) || line_start == 0 {
                return None;
            }
            line_end = line_start - 1;
            line -= 1;
        }
    }

    fn char_at(&mut self, mark: Marker) -> Option<char> {
        let byte = self.byte_at(mark)?;
        self.text[byte..].chars().next()
    }

    /// The byte offset of a mark.
    fn byte_at(&mut self, mark: Marker) -> Option<usize> {
        // Line and column, not the mark's index: the scanner counts some indexes in bytes.
        let (line, col) = (mark.line(), mark.col());
        let (mut at_line, mut at_col, mut byte) = self.cursor;
        if (line, col) < (at_line, at_col) || at_line == 0 {
            (at_line, at_col, byte) = (1, 0, 0);
        }
        while at_line < line {
            byte += self.text[byte..].find('\n')? + 1;
            at_line += 1;
            at_col = 0;
        }
        let mut chars = self.text[byte..].chars();
        while at_col < col {
            let c = chars.next()?;
            if c == '\n' {
                return None;
            }
            byte += c.len_utf8();
            at_col += 1;
        }
        self.cursor = (at_line, at_col, byte);
        Some(byte)
    }
}

/// The byte offset of an indicator (`-`, `:`, `?`, `,`) that ends `line`, before an optional
/// comment (a `#` after a blank; the last cut that leaves an indicator wins, so a `#` inside a
/// quoted key does not hide it).
fn indicator_at_end(line: &str) -> Option<usize> {
    let ends = |text: &str| {
        let text = text.trim_end();
        text.ends_with(['-', ':', '?', ',']).then(|| text.len() - 1)
    };
    if let Some(at) = ends(line) {
        return Some(at);
    }
    line.char_indices()
        .filter(|&(i, c)| c == '#' && (i == 0 || line[..i].ends_with([' ', '\t'])))
        .map(|(i, _)| i)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .find_map(|i| ends(&line[..i]))
}

/// A line with nothing but blanks and, perhaps, a comment.
fn is_blank_or_comment(line: &str) -> bool {
    let t = line.trim_start();
    t.is_empty() || t.starts_with('#')
}

pub(super) fn unsupported(pos: Pos, reason: &str) -> YamlError {
    YamlError::new(
        pos.line,
        pos.column,
        YamlErrorKind::Unsupported {
            key: String::new(),
            reason: reason.to_owned(),
        },
    )
}
