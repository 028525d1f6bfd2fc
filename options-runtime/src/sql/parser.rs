//! Parses configuration statements: `SET`, `RESET`, `USE CATALOG`, `USE`, `SHOW OPTIONS`.
//!
//! Grammar (keywords in any case, `;` ends a statement, the last `;` may be left out):
//!
//! ```text
//! SET;                      SET 'key';              SET 'key' = 'value';
//! RESET;                    RESET 'key';
//! USE CATALOG name;         USE name;               USE catalog.name;
//! SHOW OPTIONS;             SHOW OPTIONS LIKE 'pattern';
//! ```
//!
//! Keys, values and patterns are single-quoted strings (`''` is a quote inside); names are
//! identifiers (letters, digits, `_`, `$`) or back-quoted (`` `my catalog` ``, ` `` ` for a
//! back-quote inside), joined by `.` without spaces (`` `my catalog`.`db.name` ``).

use super::identifiers::is_plain_char;
use super::lexer::SqlSyntaxError;
use super::lexer::{lex, Token, TokenKind};
use super::secrets;
use super::span::Span;
use crate::engine::SqlSet;

/// A value with the span it was written at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Where it was written (quotes included).
    pub span: Span,
}

/// One configuration statement.
#[derive(Clone, PartialEq, Eq)]
pub enum Statement {
    /// `SET;`: list what the session set.
    ListSettings,
    /// `SET 'key';`: show one value and where it comes from.
    ShowSetting {
        /// The key.
        key: Spanned<String>,
    },
    /// `SET 'key' = 'value';`.
    Set {
        /// The key.
        key: Spanned<String>,
        /// The value.
        value: Spanned<String>,
    },
    /// `RESET 'key';`.
    Reset {
        /// The key.
        key: Spanned<String>,
    },
    /// `RESET;`: drop everything the session set.
    ResetAll,
    /// `USE CATALOG name;`.
    UseCatalog {
        /// The catalog.
        name: Spanned<String>,
    },
    /// `SHOW OPTIONS;` or `SHOW OPTIONS LIKE 'pattern';`: every option that is not hidden.
    ShowOptions {
        /// The SQL `LIKE` pattern keys must match (`%`, `_`, any case).
        pattern: Option<Spanned<String>>,
    },
    /// `USE name;` or `USE catalog.name;`.
    UseDatabase {
        /// The catalog, when qualified.
        catalog: Option<Spanned<String>>,
        /// The database.
        name: Spanned<String>,
    },
}

// `Debug` by hand: the value of `SET` is masked when its key holds a secret (see
// `crate::sensitivity`).
impl std::fmt::Debug for Statement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Statement::ListSettings => f.write_str("ListSettings"),
            Statement::ShowSetting { key } => {
                f.debug_struct("ShowSetting").field("key", key).finish()
            }
            Statement::Set { key, value } => {
                let shown = Spanned {
                    value: crate::sensitive::shown(&key.value, &value.value),
                    span: value.span,
                };
                f.debug_struct("Set")
                    .field("key", key)
                    .field("value", &shown)
                    .finish()
            }
            Statement::Reset { key } => f.debug_struct("Reset").field("key", key).finish(),
            Statement::ResetAll => f.write_str("ResetAll"),
            Statement::UseCatalog { name } => {
                f.debug_struct("UseCatalog").field("name", name).finish()
            }
            Statement::ShowOptions { pattern } => f
                .debug_struct("ShowOptions")
                .field("pattern", pattern)
                .finish(),
            Statement::UseDatabase { catalog, name } => f
                .debug_struct("UseDatabase")
                .field("catalog", catalog)
                .field("name", name)
                .finish(),
        }
    }
}

/// A statement and the span of its text (without the `;`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedStatement {
    /// The statement.
    pub statement: Statement,
    /// Where it is in the input.
    pub span: Span,
}

/// Parses every statement of `input`, in order. A statement that does not parse gives an error
/// and parsing goes on with the next one; an unterminated quote or comment ends the input.
///
/// `is_sensitive` tells which keys hold secrets, so errors never echo their values: every error
/// carries, in [`SqlSyntaxError::redact`], the [`secret_spans`](super::secret_spans) of the whole
/// input (a line shown for one statement may hold another's secret).
pub fn parse_statements(
    input: &str,
    is_sensitive: &dyn Fn(&str) -> bool,
) -> Vec<Result<ParsedStatement, SqlSyntaxError>> {
    parse_with_secrets(input, is_sensitive, SqlSet::Quoted).0
}

/// The key (and value) of a `SET` or `RESET` statement written as words, read as the quoted
/// strings they stand for when the engine's SQL takes them bare.
fn unquote_bare_words(statement: &mut [Token], sql: SqlSet) {
    if sql != SqlSet::Bare {
        return;
    }
    let Some(first) = statement.first() else {
        return;
    };
    let positions: &[usize] = if first.is_keyword("SET") {
        match statement.get(2) {
            Some(eq) if eq.kind == TokenKind::Equals => &[1, 3],
            _ => &[1],
        }
    } else if first.is_keyword("RESET") {
        &[1]
    } else {
        &[]
    };
    for &i in positions {
        if let Some(token) = statement.get_mut(i) {
            if let TokenKind::Word(word) = &token.kind {
                token.kind = TokenKind::Quoted(word.to_lowercase());
            }
        }
    }
}

/// [`parse_statements`], and the secret spans of the input. With [`SqlSet::Bare`] (an engine
/// whose SQL writes `SET key = value`, as DataFusion's does), a key or value of `SET` and `RESET`
/// may also be written without quotes; such a word is read lower-cased, as DataFusion reads it.
pub fn parse_with_secrets(
    input: &str,
    is_sensitive: &dyn Fn(&str) -> bool,
    sql: SqlSet,
) -> (Vec<Result<ParsedStatement, SqlSyntaxError>>, Vec<Span>) {
    let lexed = lex(input);
    let secrets = secrets::spans_of(&lexed, input, is_sensitive);
    let mut out = Vec::new();
    let mut group: Vec<Token> = Vec::new();
    for token in lexed.tokens {
        if token.kind == TokenKind::Semicolon {
            if !group.is_empty() {
                unquote_bare_words(&mut group, sql);
                out.push(parse_one(&group, is_sensitive));
            }
            group.clear();
        } else {
            group.push(token);
        }
    }
    match lexed.error {
        Some(e) => out.push(Err(e)),
        None if !group.is_empty() => {
            unquote_bare_words(&mut group, sql);
            out.push(parse_one(&group, is_sensitive))
        }
        None => {}
    }
    for error in out.iter_mut().filter_map(|r| r.as_mut().err()) {
        error.redact.clone_from(&secrets);
    }
    (out, secrets)
}

fn parse_one(
    tokens: &[Token],
    is_sensitive: &dyn Fn(&str) -> bool,
) -> Result<ParsedStatement, SqlSyntaxError> {
    let span = tokens[0].span.to(tokens[tokens.len() - 1].span);
    let (first, rest) = (&tokens[0], &tokens[1..]);
    let statement = if first.is_keyword("SET") {
        parse_set(rest, is_sensitive)?
    } else if first.is_keyword("RESET") {
        parse_reset(rest)?
    } else if first.is_keyword("USE") {
        parse_use(first, rest)?
    } else if first.is_keyword("SHOW") {
        parse_show(first, rest)?
    } else {
        return Err(SqlSyntaxError::new(
            first.span,
            format!(
                "unsupported statement {}: supported are SET, RESET, USE CATALOG, USE and SHOW OPTIONS",
                describe(first)
            ),
        ));
    };
    Ok(ParsedStatement { statement, span })
}

fn parse_set(
    rest: &[Token],
    is_sensitive: &dyn Fn(&str) -> bool,
) -> Result<Statement, SqlSyntaxError> {
    // After a sensitive key, messages name other tokens only masked.
    let secret = rest
        .first()
        .and_then(secrets::key_text)
        .is_some_and(is_sensitive);
    let show = |token: &Token| {
        if secret {
            describe_masked(token)
        } else {
            describe(token)
        }
    };
    match rest {
        [] => Ok(Statement::ListSettings),
        [eq, ..] if eq.kind == TokenKind::Equals => Err(SqlSyntaxError::new(
            eq.span,
            "a value without a key: write SET 'key' = 'value';",
        )),
        [key] => Ok(Statement::ShowSetting {
            key: quoted(key, "key")?,
        }),
        [key, eq] if eq.kind == TokenKind::Equals => {
            quoted(key, "key")?;
            Err(SqlSyntaxError::new(
                eq.span,
                "missing value after '=': write SET 'key' = 'value';",
            ))
        }
        [key, eq, value, extra @ ..] if eq.kind == TokenKind::Equals => {
            let key = quoted(key, "key")?;
            let sensitive = is_sensitive(&key.value);
            let hide = |mut e: SqlSyntaxError| {
                if sensitive {
                    e.redact = vec![value.span];
                }
                e
            };
            let value = if sensitive {
                quoted_secret(value).map_err(hide)?
            } else {
                quoted(value, "value")?
            };
            if let Some(next) = extra.first() {
                return Err(hide(unexpected_as(next, show(next), "after the value")));
            }
            Ok(Statement::Set { key, value })
        }
        [key, next, ..] => {
            quoted(key, "key")?;
            let mut error = SqlSyntaxError::new(
                next.span,
                format!(
                    "expected '=' after the key, found {}: write SET 'key' = 'value';",
                    show(next)
                ),
            );
            if secret {
                error.redact = vec![next.span];
            }
            Err(error)
        }
    }
}

fn parse_reset(rest: &[Token]) -> Result<Statement, SqlSyntaxError> {
    match rest {
        [] => Ok(Statement::ResetAll),
        [key] => Ok(Statement::Reset {
            key: quoted(key, "key")?,
        }),
        [key, next, ..] => {
            quoted(key, "key")?;
            Err(unexpected(next, "after the key: RESET takes one key"))
        }
    }
}

fn parse_use(use_kw: &Token, rest: &[Token]) -> Result<Statement, SqlSyntaxError> {
    match rest {
        [] => Err(SqlSyntaxError::new(
            use_kw.span,
            "missing name: write USE CATALOG name; or USE database;",
        )),
        [catalog_kw] if catalog_kw.is_keyword("CATALOG") => Err(SqlSyntaxError::new(
            catalog_kw.span,
            "missing catalog name: write USE CATALOG name;",
        )),
        [catalog_kw, names @ ..] if catalog_kw.is_keyword("CATALOG") => {
            let (parts, extra) = name_path(names)?;
            if let Some(next) = extra.first() {
                return Err(unexpected(next, "after the catalog name"));
            }
            match <[_; 1]>::try_from(parts) {
                Ok([one]) => Ok(Statement::UseCatalog { name: one }),
                Err(_) => Err(SqlSyntaxError::new(
                    span_of(names),
                    "a catalog name has no '.': quote it with backquotes if it contains one",
                )),
            }
        }
        names => {
            let (mut parts, extra) = name_path(names)?;
            if let Some(next) = extra.first() {
                return Err(unexpected(next, "after the database name"));
            }
            match parts.len() {
                1 => Ok(Statement::UseDatabase {
                    catalog: None,
                    name: parts.remove(0),
                }),
                2 => {
                    let name = parts.remove(1);
                    Ok(Statement::UseDatabase {
                        catalog: Some(parts.remove(0)),
                        name,
                    })
                }
                _ => Err(SqlSyntaxError::new(
                    span_of(names),
                    "expected database or catalog.database",
                )),
            }
        }
    }
}

/// `SHOW OPTIONS;` or `SHOW OPTIONS LIKE 'pattern';`.
fn parse_show(show_kw: &Token, rest: &[Token]) -> Result<Statement, SqlSyntaxError> {
    const USAGE: &str = "write SHOW OPTIONS; or SHOW OPTIONS LIKE 'pattern';";
    match rest {
        [] => Err(SqlSyntaxError::new(
            show_kw.span,
            format!("SHOW needs OPTIONS: {USAGE}"),
        )),
        [what, ..] if !what.is_keyword("OPTIONS") => Err(SqlSyntaxError::new(
            what.span,
            format!("unsupported SHOW {}: {USAGE}", describe(what)),
        )),
        [_] => Ok(Statement::ShowOptions { pattern: None }),
        [_, like] if like.is_keyword("LIKE") => Err(SqlSyntaxError::new(
            like.span,
            format!("missing pattern after LIKE: {USAGE}"),
        )),
        [_, like, pattern, extra @ ..] if like.is_keyword("LIKE") => {
            let pattern = quoted(pattern, "pattern")?;
            if let Some(next) = extra.first() {
                return Err(unexpected(next, "after the pattern"));
            }
            Ok(Statement::ShowOptions {
                pattern: Some(pattern),
            })
        }
        [_, next, ..] => Err(unexpected(
            next,
            "after SHOW OPTIONS (LIKE 'pattern' may follow)",
        )),
    }
}

/// The span from the first to the last of `tokens` (which is not empty).
fn span_of(tokens: &[Token]) -> Span {
    tokens[0].span.to(tokens[tokens.len() - 1].span)
}

/// A name path at the start of `tokens`: plain names and back-quoted ones joined by `.`
/// (`` cat1.`my db` ``), written without spaces; returns its parts and the tokens after it.
fn name_path(tokens: &[Token]) -> Result<(Vec<Spanned<String>>, &[Token]), SqlSyntaxError> {
    let mut len = 0;
    while let Some(token) = tokens.get(len) {
        let joined = len == 0 || tokens[len - 1].span.end == token.span.start;
        if !joined || !matches!(token.kind, TokenKind::Word(_) | TokenKind::Backquoted(_)) {
            break;
        }
        len += 1;
    }
    let Some(first) = tokens.first() else {
        return Err(SqlSyntaxError::new(Span::new(0, 0), "expected a name"));
    };
    if len == 0 {
        return match &first.kind {
            TokenKind::Quoted(s) | TokenKind::DoubleQuoted(s) => Err(SqlSyntaxError::new(
                first.span,
                format!("a name is not a string: write {s} or `{s}`"),
            )),
            _ => Err(SqlSyntaxError::new(
                first.span,
                format!("expected a name, found {}", describe(first)),
            )),
        };
    }
    let (path, rest) = tokens.split_at(len);
    let mut parts: Vec<Spanned<String>> = Vec::new();
    let mut expect_name = true;
    for token in path {
        match &token.kind {
            TokenKind::Backquoted(s) => {
                if !expect_name {
                    return Err(SqlSyntaxError::new(
                        token.span,
                        "expected '.' between two names",
                    ));
                }
                if s.is_empty() {
                    return Err(SqlSyntaxError::new(
                        token.span,
                        "a back-quoted name is empty",
                    ));
                }
                parts.push(Spanned {
                    value: s.clone(),
                    span: token.span,
                });
                expect_name = false;
            }
            TokenKind::Word(w) => {
                let mut offset = token.span.start;
                for (i, part) in w.split('.').enumerate() {
                    if i > 0 {
                        if expect_name {
                            return Err(empty_name(token.span, w));
                        }
                        expect_name = true;
                        offset += 1;
                    }
                    let span = Span::new(offset, offset + part.len());
                    offset += part.len();
                    if part.is_empty() {
                        continue;
                    }
                    if !expect_name {
                        return Err(SqlSyntaxError::new(span, "expected '.' between two names"));
                    }
                    if !part.chars().all(is_plain_char) {
                        return Err(SqlSyntaxError::new(
                            token.span,
                            format!(
                                "invalid name \"{w}\": names are letters, digits and _, or quoted with backquotes (`{w}`)"
                            ),
                        ));
                    }
                    parts.push(Spanned {
                        value: part.to_owned(),
                        span,
                    });
                    expect_name = false;
                }
            }
            _ => unreachable!("only names are collected"),
        }
    }
    if expect_name {
        return Err(SqlSyntaxError::new(
            span_of(path),
            "a name is missing after the last '.'",
        ));
    }
    if let Some(next) = rest
        .first()
        .filter(|t| t.word().is_some_and(|w| w.starts_with('.')))
    {
        return Err(SqlSyntaxError::new(
            next.span,
            "write the parts of a name without spaces around '.': `my catalog`.`db.name`",
        ));
    }
    Ok((parts, rest))
}

fn empty_name(span: Span, written: &str) -> SqlSyntaxError {
    SqlSyntaxError::new(
        span,
        format!("invalid name \"{written}\": every part between dots must be a name"),
    )
}

/// A key or value: must be a single-quoted string.
fn quoted(token: &Token, what: &str) -> Result<Spanned<String>, SqlSyntaxError> {
    match &token.kind {
        TokenKind::Quoted(s) => {
            if what == "key" && s.trim().is_empty() {
                return Err(SqlSyntaxError::new(token.span, "the key is empty"));
            }
            Ok(Spanned {
                value: s.clone(),
                span: token.span,
            })
        }
        TokenKind::Word(w) => Err(SqlSyntaxError::new(
            token.span,
            format!(
                "missing quotes around the {what}: write '{}'",
                w.replace('\'', "''")
            ),
        )),
        TokenKind::DoubleQuoted(s) | TokenKind::Backquoted(s) => Err(SqlSyntaxError::new(
            token.span,
            format!(
                "the {what} must be in single quotes: write '{}'",
                s.replace('\'', "''")
            ),
        )),
        TokenKind::Equals | TokenKind::Semicolon => Err(SqlSyntaxError::new(
            token.span,
            format!("expected a quoted {what}, found {}", describe(token)),
        )),
    }
}

/// A value of a sensitive key: like [`quoted`], but errors never echo it.
fn quoted_secret(token: &Token) -> Result<Spanned<String>, SqlSyntaxError> {
    match &token.kind {
        TokenKind::Quoted(s) => Ok(Spanned {
            value: s.clone(),
            span: token.span,
        }),
        _ => Err(SqlSyntaxError::new(
            token.span,
            "the value must be in single quotes: write '...'",
        )),
    }
}

fn unexpected(token: &Token, context: &str) -> SqlSyntaxError {
    unexpected_as(token, describe(token), context)
}

/// [`unexpected`], naming the token as `shown`.
fn unexpected_as(token: &Token, shown: String, context: &str) -> SqlSyntaxError {
    SqlSyntaxError::new(
        token.span,
        format!("unexpected {shown} {context}; end the statement with ;"),
    )
}

/// How a token that may be a secret is named: `'******'`, unless it is `=` or `;`.
fn describe_masked(token: &Token) -> String {
    match token.kind {
        TokenKind::Equals | TokenKind::Semicolon => describe(token),
        _ => secrets::masked(),
    }
}

/// How a token is named in messages.
fn describe(token: &Token) -> String {
    match &token.kind {
        TokenKind::Word(w) => w.clone(),
        TokenKind::Quoted(s) => format!("'{}'", s.replace('\'', "''")),
        TokenKind::DoubleQuoted(s) => format!("\"{s}\""),
        TokenKind::Backquoted(s) => format!("`{s}`"),
        TokenKind::Equals => "'='".to_owned(),
        TokenKind::Semicolon => "';'".to_owned(),
    }
}
