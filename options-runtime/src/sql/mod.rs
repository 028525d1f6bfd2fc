//! Configuration statements in SQL (feature `sql`): `SET 'key' = 'value';`, `RESET 'key';`,
//! `USE CATALOG name;`, `USE name;`, `SHOW OPTIONS [LIKE 'pattern'];`, read into [`Statement`]s
//! with the byte span of every part, and the spans of secrets never to echo.
//!
//! The text is read the same for every engine; an engine whose SQL writes keys bare
//! ([`SqlSet::Bare`](crate::engine::SqlSet::Bare)) is read with that form too. Running the
//! statements is the engine's: `options_flink::session` runs them on a table environment.
//!
//! ```
//! use options_core::engine::SqlSet;
//! use options_core::sql::{Statement, parse_statements, parse_with_secrets};
//!
//! let parsed = parse_statements("SET 'a.b' = '3 min'; RESET;", &|_| false);
//! assert_eq!(parsed.len(), 2);
//! assert!(matches!(&parsed[1].as_ref().unwrap().statement, Statement::ResetAll));
//!
//! // A key or value of a bare engine's SQL may be written without quotes.
//! let (parsed, _secrets) = parse_with_secrets("SET a.b = 3", &|_| false, SqlSet::Bare);
//! assert!(matches!(&parsed[0].as_ref().unwrap().statement, Statement::Set { .. }));
//! ```
//!
//! The pieces, in the order text flows through them, each a private file whose items are
//! here: `span` ([`Span`], [`Position`]: where in the text), `lexer` ([`lex`]: tokens with
//! spans), `parser` ([`parse_statements`]: [`Statement`]s); beside them, `identifiers`
//! ([`split_path`]: back-quoted names and paths) and `secrets` ([`secret_spans`], [`mask`]: what
//! never to echo).

mod identifiers;
mod lexer;
mod parser;
mod secrets;
mod span;

pub use identifiers::{quote_if_needed, split_path};
pub use lexer::{lex, statement_ends, Lexed, SqlSyntaxError, Token, TokenKind};
pub use parser::{parse_statements, parse_with_secrets, ParsedStatement, Spanned, Statement};
pub use secrets::{mask, secret_spans};
pub use span::{floor_char_boundary, Position, Span};
