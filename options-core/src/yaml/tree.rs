//! Reads YAML events into a small tree that remembers where each node starts.

use yaml_rust2::parser::{Event, Parser};
use yaml_rust2::scanner::{Marker, TScalarStyle};

use super::error::{YamlError, YamlErrorKind};

/// A 1-based position in the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pos {
    pub line: u32,
    pub column: u32,
}

impl Pos {
    /// The position of `mark` in `text`, inside the text (see [`inside`]).
    fn at(text: &str, mark: Marker) -> Self {
        let pos = Pos {
            line: clamp(mark.line()),
            // The scanner counts columns from 0.
            column: clamp(mark.col() + 1),
        };
        inside(text, pos)
    }
}

/// `pos`, or the end of the last line when `pos` lies past it: at the end of a text without a
/// final line break, the scanner moves its mark (of an error, or of an empty node at the end) to
/// a line the text does not have.
fn inside(text: &str, pos: Pos) -> Pos {
    // Lines as YAML breaks them: at `\r\n`, `\n` or `\r`.
    let mut lines = 1;
    let mut last_start = 0;
    let bytes = text.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        let breaks = b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n'));
        if breaks {
            lines += 1;
            last_start = i + 1;
        }
    }
    if pos.line as usize <= lines {
        return pos;
    }
    Pos {
        line: clamp(lines),
        column: clamp(text[last_start..].chars().count() + 1),
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
        /// Written `{k: v}` rather than as indented lines.
        flow: bool,
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

/// Parses one document; `None` for an empty file.
pub(crate) fn parse_document(text: &str) -> Result<Option<Node>, YamlError> {
    super::limits::check_text(text)?;
    let mut reader = Reader {
        parser: Parser::new_from_str(text),
        text,
        cursor: (0, 0, 0),
        depth: 0,
    };
    let mut root = None;
    loop {
        let (event, mark) = reader.next()?;
        match event {
            Event::StreamStart | Event::DocumentEnd | Event::Nothing => {}
            Event::StreamEnd => return Ok(root),
            Event::DocumentStart if root.is_some() => {
                return Err(unsupported(
                    text,
                    mark,
                    "a config.yaml holds one YAML document; remove the second `---`",
                ))
            }
            Event::DocumentStart => root = Some(reader.node()?),
            other => {
                return Err(unsupported(
                    text,
                    mark,
                    &format!("unexpected YAML event {other:?}"),
                ))
            }
        }
    }
}

struct Reader<'a> {
    parser: Parser<core::str::Chars<'a>>,
    text: &'a str,
    /// (line, column, byte offset) of the last mark looked up: marks come in text order, so
    /// finding the next one's byte walks forward from here (linear over the whole file).
    cursor: (usize, usize, usize),
    /// Mappings and sequences open around the node being read.
    depth: usize,
}

impl Reader<'_> {
    fn next(&mut self) -> Result<(Event, Marker), YamlError> {
        self.parser.next_token().map_err(|e| {
            let pos = Pos::at(self.text, *e.marker());
            YamlError::new(
                pos.line,
                pos.column,
                YamlErrorKind::Syntax(e.info().to_owned()),
            )
        })
    }

    /// Reads the node whose first event comes next.
    fn node(&mut self) -> Result<Node, YamlError> {
        let (event, mark) = self.next()?;
        self.node_from(event, mark)
    }

    fn node_from(&mut self, event: Event, mark: Marker) -> Result<Node, YamlError> {
        let pos = Pos::at(self.text, mark);
        match event {
            Event::Scalar(value, style, _, _) => Ok(Node::Scalar {
                value,
                plain: style == TScalarStyle::Plain,
                pos,
            }),
            Event::SequenceStart(..) => {
                self.enter(pos)?;
                let mut items = Vec::new();
                loop {
                    let (event, mark) = self.next()?;
                    if event == Event::SequenceEnd {
                        self.depth -= 1;
                        return Ok(Node::Sequence { items, pos });
                    }
                    items.push(self.node_from(event, mark)?);
                }
            }
            Event::MappingStart(..) => {
                self.enter(pos)?;
                let flow = self.char_at(mark) == Some('{');
                let mut entries = Vec::new();
                loop {
                    let (event, mark) = self.next()?;
                    if event == Event::MappingEnd {
                        self.depth -= 1;
                        return Ok(Node::Mapping { entries, flow, pos });
                    }
                    let key = self.node_from(event, mark)?;
                    let value = self.node()?;
                    entries.push((key, value));
                }
            }
            Event::Alias(_) => Err(unsupported(
                self.text,
                mark,
                "YAML aliases (`*name`) are not supported; write the value out",
            )),
            other => Err(unsupported(
                self.text,
                mark,
                &format!("unexpected YAML event {other:?}"),
            )),
        }
    }

    /// Opens one level of nesting; an error beyond [`MAX_DEPTH`](super::limits::MAX_DEPTH) (the
    /// tree is read recursively, so the limit also bounds the stack).
    fn enter(&mut self, pos: Pos) -> Result<(), YamlError> {
        if self.depth >= super::limits::MAX_DEPTH {
            return Err(super::limits::too_deep(pos.line, pos.column));
        }
        self.depth += 1;
        Ok(())
    }

    fn char_at(&mut self, mark: Marker) -> Option<char> {
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
        self.text[byte..].chars().next()
    }
}

fn unsupported(text: &str, mark: Marker, reason: &str) -> YamlError {
    let pos = Pos::at(text, mark);
    YamlError::new(
        pos.line,
        pos.column,
        YamlErrorKind::Unsupported {
            key: String::new(),
            reason: reason.to_owned(),
        },
    )
}
