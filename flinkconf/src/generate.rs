//! `generate` and `check`: write every output of the catalogue atomically, or compare the output
//! directory with what `generate` would write.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use options_docs::output::{compare, write_atomically};
use options_docs::render;
use options_docs::templates::Templates;
use options_grammar::tool::TOOL;

use crate::catalogue::load;
use crate::failure::{exit, Failure};
use crate::Cli;

/// `generate`: writes the site.
pub(crate) fn generate(cli: &Cli, out: &PathBuf) -> Result<ExitCode, Failure> {
    let files = render_files(cli)?;
    write_atomically(&files, out)
        .map_err(|e| Failure::Internal(format!("cannot write {}: {e}", out.display())))?;
    let index = std::fs::canonicalize(out)
        .unwrap_or_else(|_| out.clone())
        .join("index.html");
    println!("Wrote {} files to {}", files.len(), out.display());
    println!("Reference site: {}", index.display());
    Ok(ExitCode::SUCCESS)
}

/// `check`: compares the site with what `generate` would write; exit 1 when stale.
pub(crate) fn check(cli: &Cli, out: &Path) -> Result<ExitCode, Failure> {
    let files = render_files(cli)?;
    let report = compare(&files, out);
    let shown = out.display().to_string();
    print!("{}", report.render(&shown, &fix_command(cli, out)));
    Ok(exit(!report.is_fresh()))
}

fn render_files(cli: &Cli) -> Result<options_docs::Files, Failure> {
    let mut loaded = load(cli)?;
    loaded.doc.regenerate = Some(format!("cargo run -p {TOOL} -- generate"));
    let templates = match &cli.templates {
        Some(dir) => Templates::with_overrides(dir),
        None => Templates::builtin(),
    }
    .map_err(|e| Failure::Internal(e.to_string()))?;
    render(&loaded.doc, &templates).map_err(|e| Failure::Internal(e.to_string()))
}

/// The exact command that makes `check` pass: through cargo when cargo ran this one (it sets
/// `CARGO` for `cargo run` and `cargo test`), else the installed command itself (a wheel,
/// `cargo install`, a pre-commit hook).
fn fix_command(cli: &Cli, out: &Path) -> String {
    let program = match std::env::var_os("CARGO") {
        Some(_) => format!("cargo run -p {TOOL} --"),
        None => TOOL.to_owned(),
    };
    let mut command = format!("{program} generate --out {}", out.display());
    if let Some(c) = &cli.catalogue {
        command.push_str(&format!(" --catalogue {}", c.display()));
    }
    if let Some(r) = &cli.release {
        command.push_str(&format!(" --release {r}"));
    }
    if let Some(t) = &cli.templates {
        command.push_str(&format!(" --templates {}", t.display()));
    }
    command
}
