//! Script mode: statements from standard input, each run as soon as its `;` arrives, results in
//! order on standard output.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use options_flink::session::{render_outcomes_from, TableEnvironment};

use crate::statements::{Chunk, StatementBuffer};

/// Runs standard input statement by statement; exit code 1 when a statement failed (a summary goes
/// to standard error), 2 when input could not be read.
pub fn run(env: &mut TableEnvironment) -> ExitCode {
    let mut buffer = StatementBuffer::new();
    let mut counts = Counts::default();
    let mut stdin = std::io::stdin().lock();
    let mut line = String::new();
    loop {
        line.clear();
        match stdin.read_line(&mut line) {
            Ok(0) => break,
            Ok(_) => {
                if let Some(chunk) = buffer.push(&line) {
                    counts.run(env, &chunk);
                }
            }
            Err(e) => {
                eprintln!("options-shell: cannot read standard input: {e}");
                return ExitCode::from(2);
            }
        }
    }
    if let Some(chunk) = buffer.finish() {
        counts.run(env, &chunk);
    }
    if counts.failed == 0 {
        ExitCode::SUCCESS
    } else {
        eprintln!(
            "options-shell: {} of {} statements failed",
            counts.failed, counts.total
        );
        ExitCode::from(1)
    }
}

/// Statements run and failed so far.
#[derive(Default)]
struct Counts {
    total: usize,
    failed: usize,
}

impl Counts {
    fn run(&mut self, env: &mut TableEnvironment, chunk: &Chunk) {
        let outcomes = env.execute(&chunk.text);
        if outcomes.is_empty() {
            return;
        }
        let mut stdout = std::io::stdout().lock();
        // A blank line between the outputs of consecutive statements.
        if self.total > 0 {
            let _ = stdout.write_all(b"\n");
        }
        let output = render_outcomes_from(&chunk.text, &outcomes, chunk.first_line);
        let _ = stdout.write_all(output.as_bytes());
        let _ = stdout.flush();
        self.total += outcomes.len();
        self.failed += outcomes.iter().filter(|o| o.is_err()).count();
    }
}
