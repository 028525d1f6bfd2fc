//! Splits statement text into tokens, each with its byte span in the input; a [`SqlSyntaxError`]
//! is what the lexer and the parser report for text that does not form a statement.
//!
//! Comments (`-- ...` to the end of the line, `/* ... */`) and whitespace are skipped. Single-quoted
//! strings use a doubled quote (`''`) for a quote inside; back-quoted identifiers likewise (` `` `).

use super::span::Span;

/// A statement that does not parse: a missing quote, a value without a key, an unknown keyword.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SqlSyntaxError {
    /// Where.
    pub span: Span,
    /// What is wrong and how to fix it.
    pub message: String,
    /// Parts of the input never to echo (values of sensitive keys, see
    /// [`secret_spans`](super::secret_spans)), in input order.
    pub redact: Vec<Span>,
}

impl SqlSyntaxError {
    /// An error at `span`.
    pub fn new(span: Span, message: impl Into<String>) -> Self {
        SqlSyntaxError {
            span,
            message: message.into(),
            redact: Vec::new(),
        }
    }
}

/// What a token is.
#[derive(Clone, PartialEq, Eq)]
pub enum TokenKind {
    /// A run of characters that are not whitespace, quotes, `=` or `;` (keywords, identifiers,
    /// unquoted keys and values).
    Word(String),
    /// A single-quoted string, unescaped.
    Quoted(String),
    /// A double-quoted string (never valid here; kept to explain that single quotes are needed).
    DoubleQuoted(String),
    /// A back-quoted identifier, unescaped.
    Backquoted(String),
    /// `=`.
    Equals,
    /// `;`.
    Semicolon,
}

// `Debug` by hand: a token alone does not know whether it is the value of a sensitive key, so
// its text is never shown, only its kind and length (the span locates it in the input).
impl std::fmt::Debug for TokenKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (kind, text) = match self {
            TokenKind::Word(s) => ("Word", s),
            TokenKind::Quoted(s) => ("Quoted", s),
            TokenKind::DoubleQuoted(s) => ("DoubleQuoted", s),
            TokenKind::Backquoted(s) => ("Backquoted", s),
            TokenKind::Equals => return f.write_str("Equals"),
            TokenKind::Semicolon => return f.write_str("Semicolon"),
        };
        write!(f, "{kind}({} bytes)", text.len())
    }
}

/// A token and where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// What it is.
    pub kind: TokenKind,
    /// Byte span in the input, quotes included.
    pub span: Span,
}

impl Token {
    /// The word, if this is a [`TokenKind::Word`].
    pub fn word(&self) -> Option<&str> {
        match &self.kind {
            TokenKind::Word(w) => Some(w),
            _ => None,
        }
    }

    /// Whether this is the keyword `kw` (any case).
    pub fn is_keyword(&self, kw: &str) -> bool {
        self.word().is_some_and(|w| w.eq_ignore_ascii_case(kw))
    }
}

/// The tokens of an input, and the error that stopped lexing early (an unterminated quote or
/// comment), if any. Tokens before the error are kept so earlier statements still run.
#[derive(Clone, Debug, Default)]
pub struct Lexed {
    /// Tokens in input order.
    pub tokens: Vec<Token>,
    /// The error at the end, if lexing stopped early.
    pub error: Option<SqlSyntaxError>,
}

/// Tokenizes `input`.
pub fn lex(input: &str) -> Lexed {
    let mut lexer = Lexer { input, pos: 0 };
    let mut out = Lexed::default();
    loop {
        match lexer.next_token() {
            Ok(Some(token)) => out.tokens.push(token),
            Ok(None) => return out,
            Err(e) => {
                out.error = Some(e);
                return out;
            }
        }
    }
}

struct Lexer<'a> {
    input: &'a str,
    pos: usize,
}

impl<'a> Lexer<'a> {
    fn rest(&self) -> &'a str {
        &self.input[self.pos..]
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    /// Skips whitespace and comments; an error for a block comment that never ends.
    fn skip_trivia(&mut self) -> Result<(), SqlSyntaxError> {
        loop {
            let rest = self.rest();
            let trimmed = rest.trim_start();
            self.pos += rest.len() - trimmed.len();
            if trimmed.starts_with("--") {
                self.pos += trimmed.find('\n').unwrap_or(trimmed.len());
            } else if let Some(body) = trimmed.strip_prefix("/*") {
                match body.find("*/") {
                    Some(end) => self.pos += end + 4,
                    None => {
                        return Err(SqlSyntaxError::new(
                            Span::new(self.pos, self.pos + 2),
                            "this comment is never closed: add */ to end it",
                        ))
                    }
                }
            } else {
                return Ok(());
            }
        }
    }

    fn next_token(&mut self) -> Result<Option<Token>, SqlSyntaxError> {
        self.skip_trivia()?;
        let start = self.pos;
        let Some(c) = self.peek() else {
            return Ok(None);
        };
        let kind = match c {
            '=' => {
                self.pos += 1;
                TokenKind::Equals
            }
            ';' => {
                self.pos += 1;
                TokenKind::Semicolon
            }
            '\'' => TokenKind::Quoted(self.quoted('\'', "single-quoted string")?),
            '"' => TokenKind::DoubleQuoted(self.quoted('"', "double-quoted string")?),
            '`' => TokenKind::Backquoted(self.quoted('`', "back-quoted identifier")?),
            _ => {
                let len = self
                    .rest()
                    .find(|c: char| c.is_whitespace() || "'\"`=;".contains(c))
                    .unwrap_or(self.rest().len());
                let mut word = &self.rest()[..len];
                // A comment may start right after a word (`SET--comment`).
                for marker in ["--", "/*"] {
                    if let Some(i) = word.find(marker) {
                        word = &word[..i];
                    }
                }
                self.pos += word.len();
                TokenKind::Word(word.to_owned())
            }
        };
        Ok(Some(Token {
            kind,
            span: Span::new(start, self.pos),
        }))
    }

    /// Reads a string delimited by `quote`, where a doubled quote stands for one.
    fn quoted(&mut self, quote: char, what: &str) -> Result<String, SqlSyntaxError> {
        let start = self.pos;
        self.pos += 1;
        let mut text = String::new();
        loop {
            let rest = self.rest();
            match rest.find(quote) {
                None => {
                    return Err(SqlSyntaxError::new(
                        Span::new(start, start + 1),
                        format!("this {what} is never closed: add the closing {quote}"),
                    ))
                }
                Some(i) => {
                    text.push_str(&rest[..i]);
                    self.pos += i + 1;
                    if self.peek() == Some(quote) {
                        text.push(quote);
                        self.pos += 1;
                    } else {
                        return Ok(text);
                    }
                }
            }
        }
    }
}

/// Where a statement ends: the byte offset just past each `;` that is outside quotes and comments,
/// and whether the text after the last one holds anything but whitespace and comments.
///
/// Used by the shell to know when a statement typed over several lines is complete. An unclosed
/// quote or comment makes the remainder incomplete.
pub fn statement_ends(input: &str) -> (Vec<usize>, bool) {
    let lexed = lex(input);
    let ends: Vec<usize> = lexed
        .tokens
        .iter()
        .filter(|t| t.kind == TokenKind::Semicolon)
        .map(|t| t.span.end)
        .collect();
    let last = ends.last().copied().unwrap_or(0);
    let pending = lexed.error.is_some() || lexed.tokens.iter().any(|t| t.span.start >= last);
    (ends, pending)
}
