//! Long output on a terminal goes through a pager (`$PAGER`, else `less -FRX`), so `SHOW
//! OPTIONS;` can be scrolled instead of rushing past; short output, output that is not to a
//! terminal (script mode, pipes) and a pager that cannot start all print directly.

use std::io::{IsTerminal, Write};
use std::process::{Command, Stdio};

/// The pager when `$PAGER` is unset or empty: `-F` quits when the text fits one screen, `-R`
/// keeps colours, `-X` leaves the text on the screen afterwards.
const DEFAULT_PAGER: &str = "less -FRX";

/// Prints `text` on standard output, through the pager when it is longer than the terminal.
pub fn print(text: &str) {
    let rows = terminal_rows(std::env::var("LINES").ok().as_deref());
    if should_page(text, std::io::stdout().is_terminal(), rows) {
        let pager = pager_command(std::env::var("PAGER").ok().as_deref());
        if page(&pager, text).is_ok() {
            return;
        }
    }
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(text.as_bytes());
    let _ = stdout.flush();
}

/// Whether to page: on a terminal, when the text has more lines than fit on it.
fn should_page(text: &str, to_terminal: bool, rows: usize) -> bool {
    to_terminal && text.lines().count() >= rows
}

/// The terminal's height from `$LINES` (shells set it), else 24.
fn terminal_rows(lines: Option<&str>) -> usize {
    lines
        .and_then(|l| l.trim().parse().ok())
        .filter(|&n: &usize| n > 0)
        .unwrap_or(24)
}

/// The pager program and its arguments: `$PAGER` split at spaces, else [`DEFAULT_PAGER`].
fn pager_command(pager: Option<&str>) -> Vec<String> {
    let pager = pager
        .filter(|p| !p.trim().is_empty())
        .unwrap_or(DEFAULT_PAGER);
    pager.split_whitespace().map(str::to_owned).collect()
}

/// Runs the pager with `text` on its input and waits for it; an error when it cannot start or
/// fails (the caller then prints the text itself).
fn page(command: &[String], text: &str) -> std::io::Result<()> {
    let (program, args) = command
        .split_first()
        .ok_or_else(|| std::io::Error::other("no pager"))?;
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .spawn()?;
    if let Some(mut input) = child.stdin.take() {
        // The user may quit the pager before reading everything: a broken pipe is fine.
        let _ = input.write_all(text.as_bytes());
    }
    let status = child.wait()?;
    if status.success() {
        Ok(())
    } else {
        Err(std::io::Error::other(format!("pager exited with {status}")))
    }
}

#[cfg(test)]
mod tests {
    use super::{page, pager_command, should_page, terminal_rows};

    #[test]
    fn only_long_output_on_a_terminal_is_paged() {
        let long = "row\n".repeat(30);
        assert!(should_page(&long, true, 24));
        assert!(
            !should_page(&long, false, 24),
            "script mode prints it whole"
        );
        assert!(!should_page("one line\n", true, 24));
        assert!(!should_page(&long, true, 40));
    }

    #[test]
    fn the_pager_is_pager_else_less() {
        assert_eq!(pager_command(None), ["less", "-FRX"]);
        assert_eq!(pager_command(Some("  ")), ["less", "-FRX"]);
        assert_eq!(pager_command(Some("more -d")), ["more", "-d"]);
        assert_eq!(terminal_rows(Some("50")), 50);
        assert_eq!(terminal_rows(Some("x")), 24);
        assert_eq!(terminal_rows(None), 24);
    }

    #[test]
    fn a_pager_that_cannot_start_is_an_error_so_the_text_is_printed() {
        let missing = vec!["/nonexistent/pager".to_owned()];
        assert!(page(&missing, "text").is_err());
        assert!(page(&[], "text").is_err());
        assert!(page(&["false".to_owned()], "text").is_err());
    }
}
