//! Tab completion for the line editor, from the environment's completion hints.

use std::cell::RefCell;
use std::rc::Rc;

use options_flink::session::TableEnvironment;

use crate::statements::StatementBuffer;
use rustyline::completion::{Completer, Pair};
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::{Context, Helper};

/// Completes keys, keywords and names. Sees the lines of an unfinished statement typed before the
/// current one, so `SET` on one line and `'tab<Tab>` on the next still completes keys.
pub struct ShellHelper {
    env: Rc<RefCell<TableEnvironment>>,
    pending: Rc<RefCell<StatementBuffer>>,
}

impl ShellHelper {
    /// A helper over the shell's environment and its unfinished statement text.
    pub fn new(env: Rc<RefCell<TableEnvironment>>, pending: Rc<RefCell<StatementBuffer>>) -> Self {
        ShellHelper { env, pending }
    }
}

impl Completer for ShellHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let buffer = self.pending.borrow();
        let pending = buffer.pending();
        let text = format!("{pending}{line}");
        let completion = self.env.borrow().complete(&text, pending.len() + pos);
        // Candidates can only replace text on the current line.
        let start = completion.start.max(pending.len()) - pending.len();
        let close = completion.in_quotes && !line[pos..].starts_with('\'');
        let candidates = completion
            .candidates
            .into_iter()
            .map(|c| Pair {
                replacement: if close { format!("{c}'") } else { c.clone() },
                display: c,
            })
            .collect();
        Ok((start, candidates))
    }
}

impl Hinter for ShellHelper {
    type Hint = String;
}

impl Highlighter for ShellHelper {}

impl Validator for ShellHelper {}

impl Helper for ShellHelper {}

#[cfg(test)]
mod tests {
    use super::*;
    use options_flink::session::EnvironmentSettings;
    use rustyline::history::DefaultHistory;

    fn complete(pending: &str, line: &str) -> (usize, Vec<(String, String)>) {
        let env = TableEnvironment::create(EnvironmentSettings::new());
        let helper = ShellHelper::new(
            Rc::new(RefCell::new(env)),
            Rc::new(RefCell::new({
                let mut buffer = StatementBuffer::new();
                buffer.push(pending);
                buffer
            })),
        );
        let history = DefaultHistory::new();
        let (start, pairs) = helper
            .complete(line, line.len(), &Context::new(&history))
            .unwrap();
        let pairs = pairs
            .into_iter()
            .map(|p| (p.display, p.replacement))
            .collect();
        (start, pairs)
    }

    #[test]
    fn keys_complete_with_the_closing_quote() {
        assert_eq!(
            complete("", "SET 'table.local-ti"),
            (
                5,
                vec![(
                    "table.local-time-zone".to_owned(),
                    "table.local-time-zone'".to_owned()
                )]
            )
        );
    }

    #[test]
    fn earlier_lines_of_the_statement_give_the_context() {
        let (start, pairs) = complete("SET\n", "'table.local-ti");
        assert_eq!(start, 1);
        assert_eq!(pairs[0].0, "table.local-time-zone");
    }
}
