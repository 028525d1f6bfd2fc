//! `template`: a commented config.yaml listing every documented option with its default.

use std::path::PathBuf;
use std::process::ExitCode;

use options_docs::output::write_file_atomically;
use options_docs::render;

use crate::catalogue::load;
use crate::failure::Failure;
use crate::Cli;

/// `template [--out FILE] [--schema PATH_OR_URL]`.
pub(crate) fn run(
    cli: &Cli,
    out: &Option<PathBuf>,
    schema: &Option<String>,
) -> Result<ExitCode, Failure> {
    let loaded = load(cli)?;
    let schema = schema.as_deref().unwrap_or(render::SCHEMA_FILE);
    let text = render::config_template::config_template_with_schema(&loaded.doc, schema);
    match out {
        Some(path) => {
            write_file_atomically(path, &text)
                .map_err(|e| Failure::Internal(format!("cannot write {}: {e}", path.display())))?;
            println!("Wrote {}", path.display());
        }
        None => print!("{text}"),
    }
    Ok(ExitCode::SUCCESS)
}
