//! The interactive loop: read lines until a statement ends with `;`, run it, print the result.

use std::cell::RefCell;
use std::process::ExitCode;
use std::rc::Rc;

use options_flink::session::{render_outcomes_from, TableEnvironment};
use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::{CompletionType, Config, Editor};

use crate::helper::ShellHelper;
use crate::history;
use crate::statements::{Chunk, StatementBuffer};

const PROMPT: &str = "options> ";
const CONTINUATION: &str = "      -> ";

/// Runs the shell until Ctrl-D. History is loaded and saved when possible; failing to is only a
/// warning.
pub fn run(env: TableEnvironment) -> ExitCode {
    let env = Rc::new(RefCell::new(env));
    let buffer = Rc::new(RefCell::new(StatementBuffer::new()));
    // Tab completes the common prefix; a second Tab lists every candidate.
    let config = Config::builder()
        .completion_type(CompletionType::List)
        .max_history_size(1000)
        .map(|b| b.build());
    let editor = config.and_then(Editor::with_config);
    let mut editor: Editor<ShellHelper, DefaultHistory> = match editor {
        Ok(editor) => editor,
        Err(e) => {
            eprintln!("options-shell: cannot start the line editor: {e}");
            return ExitCode::from(2);
        }
    };
    editor.set_helper(Some(ShellHelper::new(env.clone(), buffer.clone())));
    let history = history::path();
    if let Some(path) = &history {
        let _ = editor.load_history(path);
    }
    println!(
        "options-shell: SET, RESET, USE CATALOG, USE and SHOW OPTIONS statements end with ';'. \
         Tab completes, Ctrl-D exits."
    );
    loop {
        let prompt = if buffer.borrow().is_empty() {
            PROMPT
        } else {
            CONTINUATION
        };
        match editor.readline(prompt) {
            Ok(line) => {
                let ready = buffer.borrow_mut().push(&format!("{line}\n"));
                if let Some(chunk) = ready {
                    remember(&mut editor, &env.borrow(), &chunk.text);
                    run_statements(&mut env.borrow_mut(), &chunk);
                }
                // Each new statement counts its lines from 1.
                if buffer.borrow().is_empty() {
                    buffer.borrow_mut().reset();
                }
            }
            Err(ReadlineError::Interrupted) => buffer.borrow_mut().reset(),
            Err(ReadlineError::Eof) => {
                let rest = buffer.borrow_mut().finish();
                if let Some(chunk) = rest {
                    run_statements(&mut env.borrow_mut(), &chunk);
                }
                break;
            }
            Err(e) => {
                eprintln!("options-shell: {e}");
                break;
            }
        }
    }
    if let Some(path) = &history {
        save_history(&mut editor, path);
    }
    ExitCode::SUCCESS
}

fn run_statements(env: &mut TableEnvironment, chunk: &Chunk) {
    let outcomes = env.execute(&chunk.text);
    crate::pager::print(&render_outcomes_from(
        &chunk.text,
        &outcomes,
        chunk.first_line,
    ));
}

/// Adds statements to the history, unless they hold a secret.
fn remember(
    editor: &mut Editor<ShellHelper, DefaultHistory>,
    env: &TableEnvironment,
    statements: &str,
) {
    if let Some(entry) = history::entry(env, statements) {
        let _ = editor.add_history_entry(entry);
    }
}

fn save_history(editor: &mut Editor<ShellHelper, DefaultHistory>, path: &std::path::Path) {
    if let Some(dir) = path.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    if let Err(e) = editor.save_history(path) {
        eprintln!(
            "options-shell: warning: cannot save history to {}: {e}",
            path.display()
        );
    }
}
