//! Script mode: every statement of standard input, results in order on standard output.

use std::io::{Read, Write};
use std::process::ExitCode;

use options_core::session::TableEnvironment;

/// Reads all of standard input, runs it, prints the results; exit code 1 when a statement failed
/// (a summary goes to standard error), 2 when input could not be read.
pub fn run(mut env: TableEnvironment) -> ExitCode {
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("options-shell: cannot read standard input: {e}");
        return ExitCode::from(2);
    }
    let outcomes = env.execute(&input);
    let output = options_core::session::render_outcomes(&input, &outcomes);
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(output.as_bytes());
    let _ = stdout.flush();
    let failed = outcomes.iter().filter(|o| o.is_err()).count();
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        eprintln!(
            "options-shell: {failed} of {} statements failed",
            outcomes.len()
        );
        ExitCode::from(1)
    }
}
