//! `template`: a commented config.yaml listing every documented option with its default.

use std::path::PathBuf;
use std::process::ExitCode;

use options_docs::output::write_file_atomically;
use options_docs::render;

use crate::catalogue::load;
use crate::failure::Failure;
use crate::Cli;

/// The flags of `template`.
#[derive(clap::Args, Debug, Clone)]
pub(crate) struct TemplateArgs {
    /// Write it here (atomically) instead of to standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// The JSON Schema its yaml-language-server modeline names (a path relative to the file,
    /// or a URL); by default config.schema.json, the file `generate` writes beside the
    /// template for the same catalogue.
    #[arg(long, value_name = "PATH_OR_URL")]
    schema: Option<String>,
}

/// `template [--out FILE] [--schema PATH_OR_URL]`.
pub(crate) fn run(cli: &Cli, args: &TemplateArgs) -> Result<ExitCode, Failure> {
    let loaded = load(cli)?;
    let out = &args.out;
    let schema = args.schema.as_deref().unwrap_or(render::SCHEMA_FILE);
    let text = render::config_template::config_template_with_schema(&loaded.doc, schema);
    match out {
        Some(path) => {
            write_file_atomically(path, &text)
                .map_err(|e| Failure::Internal(format!("cannot write {}: {e}", path.display())))?;
            crate::out::println(format_args!("Wrote {}", path.display()))?;
        }
        None => crate::out::print(text)?,
    }
    Ok(ExitCode::SUCCESS)
}
