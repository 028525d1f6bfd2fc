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
    fn of(mark: Marker) -> Self {
        Pos {
            line: clamp(mark.line()),
            // The scanner counts columns from 0.
            column: clamp(mark.col() + 1),
        }
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
    let mut reader = Reader {
        parser: Parser::new_from_str(text),
        lines: text.lines().collect(),
    };
    let mut root = None;
    loop {
        let (event, mark) = reader.next()?;
        match event {
            Event::StreamStart | Event::DocumentEnd | Event::Nothing => {}
            Event::StreamEnd => return Ok(root),
            Event::DocumentStart if root.is_some() => {
                return Err(unsupported(
                    mark,
                    "a config.yaml holds one YAML document; remove the second `---`",
                ))
            }
            Event::DocumentStart => root = Some(reader.node()?),
            other => {
                return Err(unsupported(
                    mark,
                    &format!("unexpected YAML event {other:?}"),
                ))
            }
        }
    }
}

struct Reader<'a> {
    parser: Parser<core::str::Chars<'a>>,
    lines: Vec<&'a str>,
}

impl Reader<'_> {
    fn next(&mut self) -> Result<(Event, Marker), YamlError> {
        self.parser.next_token().map_err(|e| {
            let pos = Pos::of(*e.marker());
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
        let pos = Pos::of(mark);
        match event {
            Event::Scalar(value, style, _, _) => Ok(Node::Scalar {
                value,
                plain: style == TScalarStyle::Plain,
                pos,
            }),
            Event::SequenceStart(..) => {
                let mut items = Vec::new();
                loop {
                    let (event, mark) = self.next()?;
                    if event == Event::SequenceEnd {
                        return Ok(Node::Sequence { items, pos });
                    }
                    items.push(self.node_from(event, mark)?);
                }
            }
            Event::MappingStart(..) => {
                let flow = self.char_at(mark) == Some('{');
                let mut entries = Vec::new();
                loop {
                    let (event, mark) = self.next()?;
                    if event == Event::MappingEnd {
                        return Ok(Node::Mapping { entries, flow, pos });
                    }
                    let key = self.node_from(event, mark)?;
                    let value = self.node()?;
                    entries.push((key, value));
                }
            }
            Event::Alias(_) => Err(unsupported(
                mark,
                "YAML aliases (`*name`) are not supported; write the value out",
            )),
            other => Err(unsupported(
                mark,
                &format!("unexpected YAML event {other:?}"),
            )),
        }
    }

    fn char_at(&self, mark: Marker) -> Option<char> {
        let line = self.lines.get(mark.line().checked_sub(1)?)?;
        line.chars().nth(mark.col())
    }
}

fn unsupported(mark: Marker, reason: &str) -> YamlError {
    let pos = Pos::of(mark);
    YamlError::new(
        pos.line,
        pos.column,
        YamlErrorKind::Unsupported {
            key: String::new(),
            reason: reason.to_owned(),
        },
    )
}
