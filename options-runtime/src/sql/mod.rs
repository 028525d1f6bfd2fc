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
//! use options_core::sql::{parse_statements, parse_with_secrets, Statement};
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
//! The pieces, in the order text flows through them: [`span`] (where in the text), [`lexer`]
//! (tokens with spans), [`parser`] ([`Statement`]s); beside them, [`identifiers`] (back-quoted
//! names and paths) and [`secrets`] (what never to echo).

pub mod identifiers;
pub mod lexer;
pub mod parser;
pub mod secrets;
pub mod span;

pub use lexer::{statement_ends, SyntaxError};
pub use parser::{parse_statements, parse_with_secrets, ParsedStatement, Spanned, Statement};
pub use secrets::secret_spans;
pub use span::{Position, Span};
