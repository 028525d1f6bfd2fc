//! Every document of a YAML file as a small tree that remembers where each node starts (line, and
//! column counted in characters), for finding the Flink configuration inside Kubernetes
//! manifests, Helm values and compose files.

use yaml_rust2::parser::{Event, Parser};
use yaml_rust2::scanner::{Marker, TScalarStyle};

/// A 1-based position: line, and column counted in characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Pos {
    /// Line, from 1.
    pub line: u32,
    /// Column in characters, from 1.
    pub column: u32,
}

impl Pos {
    fn of(mark: Marker) -> Self {
        let clamp = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        Pos {
            line: clamp(mark.line()),
            column: clamp(mark.col() + 1),
        }
    }
}

/// One YAML node.
#[derive(Debug)]
pub enum Node {
    /// A scalar: its value, its style, where it starts.
    Scalar {
        /// The value, as YAML reads it.
        value: String,
        /// Plain, quoted, literal (`|`) or folded (`>`).
        style: TScalarStyle,
        /// Where it starts (the indicator of a block scalar).
        pos: Pos,
    },
    /// A sequence.
    Sequence {
        /// Its items.
        items: Vec<Node>,
        /// Where it starts.
        pos: Pos,
    },
    /// A mapping.
    Mapping {
        /// Its entries, in file order.
        entries: Vec<(Node, Node)>,
        /// Written `{k: v}`.
        flow: bool,
        /// Where it starts.
        pos: Pos,
        /// Where its end event was read (the closing `}` of a flow mapping).
        end: Pos,
    },
    /// Anything else (an alias).
    Other {
        /// Where it starts.
        pos: Pos,
    },
}

impl Node {
    /// Where the node starts.
    pub fn pos(&self) -> Pos {
        match self {
            Node::Scalar { pos, .. }
            | Node::Sequence { pos, .. }
            | Node::Mapping { pos, .. }
            | Node::Other { pos } => *pos,
        }
    }

    /// The scalar's value.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Node::Scalar { value, .. } => Some(value),
            _ => None,
        }
    }

    /// The value under `key` in a mapping, with its key node.
    pub fn entry(&self, key: &str) -> Option<(&Node, &Node)> {
        match self {
            Node::Mapping { entries, .. } => entries
                .iter()
                .find(|(k, _)| k.as_str() == Some(key))
                .map(|(k, v)| (k, v)),
            _ => None,
        }
    }

    /// The value under `key` in a mapping.
    pub fn get(&self, key: &str) -> Option<&Node> {
        self.entry(key).map(|(_, v)| v)
    }

    /// The value at a path of keys.
    pub fn at(&self, path: &[&str]) -> Option<&Node> {
        path.iter().try_fold(self, |node, key| node.get(key))
    }
}

/// One document of a file: where it starts, and its root (`None` when empty).
#[derive(Debug)]
pub struct YamlDocument {
    /// The line its first event is on.
    pub line: u32,
    /// Its root node.
    pub root: Option<Node>,
}

/// Every document of `text`; `Err` with the position and the parser's message when the text is not
/// YAML.
pub fn documents(text: &str) -> Result<Vec<YamlDocument>, (Pos, String)> {
    options_core::yaml::limits::check_text(text)
        .map_err(|e| (Pos::default_at(e.line(), e.column()), e.kind().to_string()))?;
    let mut reader = Reader {
        parser: Parser::new_from_str(text),
        depth: 0,
    };
    let mut docs = Vec::new();
    loop {
        let (event, _) = reader.next()?;
        match event {
            Event::StreamEnd => return Ok(docs),
            Event::DocumentStart => {
                let (event, mark) = reader.next()?;
                let root = match event {
                    Event::DocumentEnd => None,
                    event => Some(reader.node_from(event, mark)?),
                };
                docs.push(YamlDocument {
                    line: Pos::of(mark).line,
                    root,
                });
            }
            _ => {}
        }
    }
}

impl Pos {
    fn default_at(line: u32, column: u32) -> Self {
        Pos { line, column }
    }
}

struct Reader<'a> {
    parser: Parser<core::str::Chars<'a>>,
    depth: usize,
}

impl Reader<'_> {
    fn next(&mut self) -> Result<(Event, Marker), (Pos, String)> {
        self.parser
            .next_token()
            .map_err(|e| (Pos::of(*e.marker()), e.info().to_owned()))
    }

    fn node_from(&mut self, event: Event, mark: Marker) -> Result<Node, (Pos, String)> {
        let pos = Pos::of(mark);
        if matches!(event, Event::SequenceStart(..) | Event::MappingStart(..)) {
            if self.depth >= options_core::yaml::limits::MAX_DEPTH {
                return Err((pos, "nested too deeply".to_owned()));
            }
            self.depth += 1;
        }
        let node = match event {
            Event::Scalar(value, style, _, _) => Node::Scalar { value, style, pos },
            Event::SequenceStart(..) => {
                let mut items = Vec::new();
                loop {
                    let (event, mark) = self.next()?;
                    if event == Event::SequenceEnd {
                        break;
                    }
                    items.push(self.node_from(event, mark)?);
                }
                self.depth -= 1;
                Node::Sequence { items, pos }
            }
            Event::MappingStart(..) => {
                let mut entries = Vec::new();
                let end = loop {
                    let (event, mark) = self.next()?;
                    if event == Event::MappingEnd {
                        break Pos::of(mark);
                    }
                    let key = self.node_from(event, mark)?;
                    let (event, mark) = self.next()?;
                    let value = self.node_from(event, mark)?;
                    entries.push((key, value));
                };
                self.depth -= 1;
                Node::Mapping {
                    entries,
                    flow: false,
                    pos,
                    end,
                }
            }
            _ => Node::Other { pos },
        };
        Ok(node)
    }
}

/// Marks flow mappings (`{...}`) by the character at their start, which the parser's events do
/// not say, and places each block mapping at its first key (the parser marks a block mapping
/// where it found the first key's `:`).
pub fn mark_flow(node: &mut Node, lines: &[&str]) {
    match node {
        Node::Mapping {
            entries, flow, pos, ..
        } => {
            *flow = char_at(lines, *pos) == Some('{');
            if let (false, Some((key, _))) = (*flow, entries.first()) {
                *pos = key.pos();
            }
            for (k, v) in entries {
                mark_flow(k, lines);
                mark_flow(v, lines);
            }
        }
        Node::Sequence { items, .. } => items.iter_mut().for_each(|i| mark_flow(i, lines)),
        _ => {}
    }
}

/// The character at a position.
pub fn char_at(lines: &[&str], pos: Pos) -> Option<char> {
    let line = lines.get((pos.line as usize).checked_sub(1)?)?;
    line.chars().nth((pos.column as usize).checked_sub(1)?)
}
