//! Where the input holds secrets, and the input with them masked.
//!
//! A secret is anything written after `SET '<sensitive key>'` in the same statement: the value
//! (with or without `=`, quoted or not) and any token after it. An unclosed quote there hides the
//! rest of the input. Every error that shows a line of the input masks all of these first, so an
//! error in one statement never echoes the secret of another.

use crate::sensitive::MASK;

use super::lexer::{lex, Lexed, Token, TokenKind};
use super::span::Span;

/// The spans of `input` never to echo: every token after `SET '<key>'` (except `=`) up to the end
/// of the statement, for each key that `is_sensitive` says holds a secret. When an unclosed quote
/// ends lexing inside such a statement, the span runs from that quote to the end of the input.
/// In input order, not overlapping.
///
/// ```
/// use options_core::sql::secret_spans;
///
/// let input = "SET 'db.password' 'hunter2'; SET 'a' = 'b';";
/// let spans = secret_spans(input, &|key: &str| key.contains("password"));
/// assert_eq!(spans.len(), 1);
/// assert_eq!(&input[spans[0].start..spans[0].end], "'hunter2'");
/// ```
pub fn secret_spans(input: &str, is_sensitive: &dyn Fn(&str) -> bool) -> Vec<Span> {
    spans_of(&lex(input), input, is_sensitive)
}

/// [`secret_spans`] of `input`, already lexed.
pub(crate) fn spans_of(
    lexed: &Lexed,
    input: &str,
    is_sensitive: &dyn Fn(&str) -> bool,
) -> Vec<Span> {
    let tokens = &lexed.tokens;
    let mut spans = Vec::new();
    // Whether the tokens being read follow `SET '<sensitive key>'` in the current statement.
    let mut in_secret = false;
    let mut i = 0;
    while i < tokens.len() {
        let token = &tokens[i];
        match token.kind {
            TokenKind::Semicolon => in_secret = false,
            TokenKind::Equals => {}
            _ if in_secret => spans.push(token.span),
            _ if token.is_keyword("SET") => {
                let key = tokens.get(i + 1).and_then(key_text);
                if key.is_some_and(is_sensitive) {
                    in_secret = true;
                    // The key itself is not secret.
                    i += 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    if let Some(error) = &lexed.error {
        // An unclosed quote (not an unclosed comment) in a secret statement: hide the rest.
        let quote = error.span.start;
        let opens_quote = input
            .get(quote..)
            .is_some_and(|rest| rest.starts_with(['\'', '"', '`']));
        // `SET 'db.password = 'hunter2`: the unclosed key may swallow the secret.
        let unclosed_key = tokens.last().is_some_and(|t| t.is_keyword("SET"))
            && input.get(quote + 1..).is_some_and(|rest| {
                // The key is what comes before the first space or `=`; the whole rest is checked
                // too, for key words anywhere in it.
                let key = rest.split(|c: char| c.is_whitespace() || c == '=').next();
                is_sensitive(rest) || key.is_some_and(is_sensitive)
            });
        if opens_quote && (in_secret || unclosed_key) {
            spans.push(Span::new(quote, input.len()));
        }
    }
    spans
}

/// The text of a key token, however it was quoted (or not).
pub(crate) fn key_text(token: &Token) -> Option<&str> {
    match &token.kind {
        TokenKind::Word(s)
        | TokenKind::Quoted(s)
        | TokenKind::DoubleQuoted(s)
        | TokenKind::Backquoted(s) => Some(s),
        TokenKind::Equals | TokenKind::Semicolon => None,
    }
}

/// How a secret is shown.
pub(crate) fn masked() -> String {
    format!("'{MASK}'")
}

/// `input` with every span of `hide` replaced by `'******'` (keeping the line breaks inside it, so
/// line numbers stay right), and `span` moved to match. `hide` is in input order, not overlapping.
pub fn mask(input: &str, hide: &[Span], mut span: Span) -> (String, Span) {
    let mut text = input.to_owned();
    let mask = masked();
    for h in hide.iter().rev() {
        let (start, end) = (h.start.min(text.len()), h.end.min(text.len()));
        if start >= end || !text.is_char_boundary(start) || !text.is_char_boundary(end) {
            continue;
        }
        let breaks = text[start..end].matches('\n').count();
        let replacement = format!("{mask}{}", "\n".repeat(breaks));
        let shift = |i: usize| {
            if i >= end {
                i - (end - start) + replacement.len()
            } else if i > start {
                start + (i - start).min(mask.len())
            } else {
                i
            }
        };
        span = Span::new(shift(span.start), shift(span.end));
        text.replace_range(start..end, &replacement);
    }
    (text, span)
}
