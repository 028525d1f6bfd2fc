//! The interactive loop: read lines until a statement ends with `;`, run it, print the result.

use std::cell::RefCell;
use std::process::ExitCode;
use std::rc::Rc;

use options_core::session::{parse_statements, statement_ends, Statement, TableEnvironment};
use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::{CompletionType, Config, Editor};

use crate::helper::ShellHelper;
use crate::history;

const PROMPT: &str = "options> ";
const CONTINUATION: &str = "      -> ";

/// Runs the shell until Ctrl-D. History is loaded and saved when possible; failing to is only a
/// warning.
pub fn run(env: TableEnvironment) -> ExitCode {
    let env = Rc::new(RefCell::new(env));
    let pending = Rc::new(RefCell::new(String::new()));
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
    editor.set_helper(Some(ShellHelper::new(env.clone(), pending.clone())));
    let history = history::path();
    if let Some(path) = &history {
        let _ = editor.load_history(path);
    }
    println!(
        "options-shell: SET, RESET, USE CATALOG and USE statements end with ';'. \
         Tab completes, Ctrl-D exits."
    );
    loop {
        let prompt = if pending.borrow().is_empty() {
            PROMPT
        } else {
            CONTINUATION
        };
        match editor.readline(prompt) {
            Ok(line) => {
                pending.borrow_mut().push_str(&line);
                pending.borrow_mut().push('\n');
                let ready = take_complete(&mut pending.borrow_mut());
                if let Some(statements) = ready {
                    remember(&mut editor, &env.borrow(), &statements);
                    run_statements(&mut env.borrow_mut(), &statements);
                }
            }
            Err(ReadlineError::Interrupted) => pending.borrow_mut().clear(),
            Err(ReadlineError::Eof) => {
                let rest = std::mem::take(&mut *pending.borrow_mut());
                if !rest.trim().is_empty() {
                    run_statements(&mut env.borrow_mut(), &rest);
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

/// Removes and returns the text up to the last `;` that ends a statement; what follows stays
/// pending (cleared when it holds only whitespace and comments).
fn take_complete(pending: &mut String) -> Option<String> {
    let (ends, unfinished) = statement_ends(pending);
    let last = ends.last().copied();
    let ready = last.map(|end| pending.drain(..end).collect::<String>());
    if !unfinished {
        pending.clear();
    }
    ready
}

fn run_statements(env: &mut TableEnvironment, statements: &str) {
    let (output, _) = env.execute_to_string(statements);
    print!("{output}");
}

/// Adds statements to the history, unless they set a secret.
fn remember(
    editor: &mut Editor<ShellHelper, DefaultHistory>,
    env: &TableEnvironment,
    statements: &str,
) {
    let is_sensitive = |key: &str| env.is_sensitive_key(key);
    let sets_secret =
        parse_statements(statements, &is_sensitive)
            .iter()
            .any(|parsed| match parsed {
                Ok(p) => {
                    matches!(&p.statement, Statement::Set { key, .. } if is_sensitive(&key.value))
                }
                // An error may hide a secret that did not parse; keep it out too.
                Err(e) => e.redact.is_some(),
            });
    let entry = statements.split_whitespace().collect::<Vec<_>>().join(" ");
    if !sets_secret && !entry.is_empty() {
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

#[cfg(test)]
mod tests {
    use super::take_complete;

    fn take(text: &str) -> (Option<String>, String) {
        let mut pending = text.to_owned();
        let ready = take_complete(&mut pending);
        (ready, pending)
    }

    #[test]
    fn a_statement_is_ready_at_its_semicolon() {
        assert_eq!(take("SET;\n"), (Some("SET;".to_owned()), String::new()));
    }

    #[test]
    fn a_statement_without_semicolon_waits_for_more_lines() {
        assert_eq!(take("SET 'a'\n"), (None, "SET 'a'\n".to_owned()));
    }

    #[test]
    fn a_semicolon_inside_quotes_does_not_end_it() {
        assert_eq!(
            take("SET 'a' = 'x;\n"),
            (None, "SET 'a' = 'x;\n".to_owned())
        );
    }

    #[test]
    fn text_after_the_last_semicolon_stays_pending() {
        assert_eq!(
            take("SET; RESET 'a'\n"),
            (Some("SET;".to_owned()), " RESET 'a'\n".to_owned())
        );
    }

    #[test]
    fn a_trailing_comment_is_dropped() {
        assert_eq!(
            take("SET; -- list\n"),
            (Some("SET;".to_owned()), String::new())
        );
        assert_eq!(take("-- only a comment\n"), (None, String::new()));
    }
}
