//! Tab completion for the line editor, from the environment's completion hints.

use std::cell::RefCell;
use std::rc::Rc;

use options_core::session::TableEnvironment;
use rustyline::completion::Completer;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::{Context, Helper};

/// Completes keys, keywords and names. Sees the lines of an unfinished statement typed before the
/// current one, so `SET` on one line and `'tab<Tab>` on the next still completes keys.
pub struct ShellHelper {
    env: Rc<RefCell<TableEnvironment>>,
    pending: Rc<RefCell<String>>,
}

impl ShellHelper {
    /// A helper over the shell's environment and its unfinished statement text.
    pub fn new(env: Rc<RefCell<TableEnvironment>>, pending: Rc<RefCell<String>>) -> Self {
        ShellHelper { env, pending }
    }
}

impl Completer for ShellHelper {
    type Candidate = String;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<String>)> {
        let pending = self.pending.borrow();
        let text = format!("{pending}{line}");
        let completion = self.env.borrow().complete(&text, pending.len() + pos);
        // Candidates can only replace text on the current line.
        let start = completion.start.max(pending.len()) - pending.len();
        Ok((start, completion.candidates))
    }
}

impl Hinter for ShellHelper {
    type Hint = String;
}

impl Highlighter for ShellHelper {}

impl Validator for ShellHelper {}

impl Helper for ShellHelper {}
