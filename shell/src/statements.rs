//! Collects typed or piped text until statements end with `;`, remembering where in the whole
//! input each chunk starts so error positions name the right line and column.

use options_core::sql::statement_ends;

/// Complete statements cut from the input.
#[derive(Debug, PartialEq, Eq)]
pub struct Chunk {
    /// The statements, preceded by spaces standing for the text before them on their first line
    /// (so columns match the input).
    pub text: String,
    /// The line of the input the chunk starts on (1-based).
    pub first_line: usize,
}

/// Text that does not end a statement yet, and its position in the whole input.
#[derive(Debug)]
pub struct StatementBuffer {
    pending: String,
    line: usize,
    column: usize,
}

impl Default for StatementBuffer {
    fn default() -> Self {
        StatementBuffer {
            pending: String::new(),
            line: 1,
            column: 0,
        }
    }
}

impl StatementBuffer {
    /// An empty buffer at line 1.
    pub fn new() -> Self {
        Self::default()
    }

    /// The text of an unfinished statement.
    pub fn pending(&self) -> &str {
        &self.pending
    }

    /// Whether no statement is in progress.
    pub fn is_empty(&self) -> bool {
        self.pending.is_empty()
    }

    /// Drops the unfinished statement (Ctrl-C) and starts counting at line 1 again.
    pub fn reset(&mut self) {
        *self = Self::default();
    }

    /// Adds text; returns the statements it completes. Text after the last `;` stays pending
    /// unless it is only whitespace and comments.
    pub fn push(&mut self, text: &str) -> Option<Chunk> {
        self.pending.push_str(text);
        let (ends, unfinished) = statement_ends(&self.pending);
        let chunk = ends.last().map(|&end| {
            let ready: String = self.pending.drain(..end).collect();
            let chunk = Chunk {
                text: format!("{}{ready}", " ".repeat(self.column)),
                first_line: self.line,
            };
            self.advance(&ready);
            chunk
        });
        if !unfinished {
            let trivia = std::mem::take(&mut self.pending);
            self.advance(&trivia);
        }
        chunk
    }

    /// The unfinished statement at the end of the input, if it holds more than whitespace.
    pub fn finish(&mut self) -> Option<Chunk> {
        let rest = std::mem::take(&mut self.pending);
        let chunk = (!rest.trim().is_empty()).then(|| Chunk {
            text: format!("{}{rest}", " ".repeat(self.column)),
            first_line: self.line,
        });
        self.advance(&rest);
        chunk
    }

    fn advance(&mut self, consumed: &str) {
        match consumed.rfind('\n') {
            Some(i) => {
                self.line += consumed.matches('\n').count();
                self.column = consumed[i + 1..].chars().count();
            }
            None => self.column += consumed.chars().count(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Chunk, StatementBuffer};

    fn chunk(text: &str, first_line: usize) -> Option<Chunk> {
        Some(Chunk {
            text: text.to_owned(),
            first_line,
        })
    }

    #[test]
    fn a_statement_is_ready_at_its_semicolon() {
        let mut buffer = StatementBuffer::new();
        assert_eq!(buffer.push("SET;\n"), chunk("SET;", 1));
        assert!(buffer.is_empty());
    }

    #[test]
    fn a_statement_without_semicolon_waits_for_more_lines() {
        let mut buffer = StatementBuffer::new();
        assert_eq!(buffer.push("SET 'a'\n"), None);
        assert_eq!(buffer.pending(), "SET 'a'\n");
        assert_eq!(buffer.push("= 'b';\n"), chunk("SET 'a'\n= 'b';", 1));
    }

    #[test]
    fn a_semicolon_inside_quotes_does_not_end_it() {
        let mut buffer = StatementBuffer::new();
        assert_eq!(buffer.push("SET 'a' = 'x;\n"), None);
    }

    #[test]
    fn text_after_the_last_semicolon_keeps_its_column() {
        let mut buffer = StatementBuffer::new();
        assert_eq!(buffer.push("SET; RESET 'a'\n"), chunk("SET;", 1));
        assert_eq!(buffer.push(";\n"), chunk("     RESET 'a'\n;", 1));
        // Lines before a statement belong to its chunk, which starts where they do.
        assert_eq!(
            buffer.push("\n-- note\nSET;\n"),
            chunk("\n-- note\nSET;", 3)
        );
    }

    #[test]
    fn comments_alone_are_dropped_but_counted() {
        let mut buffer = StatementBuffer::new();
        assert_eq!(buffer.push("-- only a comment\n"), None);
        assert!(buffer.is_empty());
        assert_eq!(buffer.push("SET;"), chunk("SET;", 2));
    }

    #[test]
    fn the_end_of_input_runs_an_unfinished_statement() {
        let mut buffer = StatementBuffer::new();
        buffer.push("SET;\nRESET");
        assert_eq!(buffer.finish(), chunk("    \nRESET", 1));
        assert_eq!(buffer.finish(), None);
    }
}
