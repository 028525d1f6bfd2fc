//! The `flinkconf` command line: one file per subcommand, each over the libraries (`options-docs`
//! renders, `options-check` checks and migrates). Exit codes: 0 ok, 1 the check found a
//! difference or the input is invalid, 2 usage or internal error (`failure.rs`).
//!
//! `--out` defaults to `site` in the current directory, so `cargo run -p flinkconf -- generate`
//! run from the repository root (where `cargo run` keeps you) writes the committed `site/`.

mod catalogue;
mod diff;
mod explain;
mod failure;
mod generate;
mod migrate;
mod python;
mod template;
mod validate;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use options_check::input::Format;

// Rendering makes millions of small allocations; glibc's malloc made large catalogues render
// superlinearly (see BENCHMARKS.md), mimalloc keeps it linear.
#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser, Debug)]
#[command(
    name = options_grammar::tool::TOOL,
    version,
    about = "Reference docs from option declarations"
)]
struct Cli {
    /// Document this catalogue JSON (written by `generate`) instead of the built-in one.
    #[arg(long, global = true, value_name = "FILE")]
    catalogue: Option<PathBuf>,
    /// Load templates from DIR on top of the built-in ones (override single blocks).
    #[arg(long, global = true, value_name = "DIR")]
    templates: Option<PathBuf>,
    /// Answer for this release of the engine (`2.0`; a patch spelling such as `2.0.1` means its
    /// release): its options, types, defaults and files. The newest release when left out; a
    /// manifest's spec.flinkVersion when it has one.
    #[arg(long, global = true, value_name = "V")]
    release: Option<String>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Write every output to the output directory, atomically.
    Generate {
        /// The output directory (relative to the current directory).
        #[arg(long, default_value = "site")]
        out: PathBuf,
    },
    /// Compare the output directory with what `generate` would write; never writes.
    Check {
        /// The output directory (relative to the current directory).
        #[arg(long, default_value = "site")]
        out: PathBuf,
    },
    /// Print a Markdown changelog between two catalogue JSON files; without files, what changed
    /// in the release (`--release`, default the newest) since the one before it.
    Diff {
        /// The older catalogue.json.
        #[arg(requires = "new")]
        old: Option<PathBuf>,
        /// The newer catalogue.json.
        new: Option<PathBuf>,
    },
    /// Check Flink configuration against the catalogue: a config.yaml, a legacy flink-conf.yaml, a
    /// conf directory (the file Flink 1.19 would read), -Dkey=value lines, Kubernetes manifests
    /// (FlinkDeployment, FlinkSessionJob), the operator's Helm values or a compose file with
    /// FLINK_PROPERTIES (told apart by content).
    Validate {
        /// The file or conf directory to check.
        file: PathBuf,
        /// Unknown keys are errors (by default warnings: Flink passes them through to plugins).
        #[arg(long)]
        strict: bool,
        /// Read the file as this format instead of telling it by content.
        #[arg(long, value_name = "FORMAT", value_parser = parse_format)]
        format: Option<Format>,
        /// Check the Kubernetes operator's settings (in manifests, Helm values and the operator's
        /// ConfigMap) against this operator release (`1.13`); the newest when left out.
        #[arg(long, value_name = "V")]
        operator_release: Option<String>,
    },
    /// Turn a legacy flink-conf.yaml into a standard config.yaml with the same effective settings;
    /// with --from and --to, rewrite a flink-conf.yaml or config.yaml of one release for another;
    /// in Kubernetes manifests, rewrite spec.flinkConfiguration in place (and spec.flinkVersion
    /// with --to).
    Migrate {
        /// The legacy file (or a conf directory holding one), a config.yaml, or a manifest.
        file: PathBuf,
        /// Write the result here (atomically) instead of to standard output.
        #[arg(short, long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// One dotted key per line instead of nested mappings.
        #[arg(long)]
        flat: bool,
        /// Read the file as this format instead of telling it by content.
        #[arg(long, value_name = "FORMAT", value_parser = parse_format)]
        format: Option<Format>,
        /// The release the file was written for (`1.19`; a manifest's spec.flinkVersion when left
        /// out).
        #[arg(long, value_name = "V1")]
        from: Option<String>,
        /// The release to rewrite it for (`2.3`).
        #[arg(long, value_name = "V2")]
        to: Option<String>,
        /// In manifests, rename the Kubernetes operator's deprecated keys as this operator release
        /// (`1.13`) reads them; the newest when left out.
        #[arg(long, value_name = "V")]
        operator_release: Option<String>,
    },
    /// Print a commented config.yaml listing every documented option with its default.
    Template {
        /// Write it here (atomically) instead of to standard output.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// The JSON Schema its yaml-language-server modeline names (a path relative to the file,
        /// or a URL); by default config.schema.json, the file `generate` writes beside the
        /// template for the same catalogue.
        #[arg(long, value_name = "PATH_OR_URL")]
        schema: Option<String>,
    },
    /// Write the generated files of the Python package (option constants, key types) into its
    /// directory, or with --check compare them and exit 1 when they are stale.
    Python {
        /// The package directory (relative to the current directory).
        #[arg(long, default_value = options_docs::python::DEFAULT_DIR)]
        out: PathBuf,
        /// Compare instead of writing.
        #[arg(long)]
        check: bool,
    },
    /// Print one option's documentation.
    Explain {
        /// The option key.
        key: String,
        /// Answer a Kubernetes operator key as this operator release (`1.13`) reads it; the
        /// newest when left out.
        #[arg(long, value_name = "V")]
        operator_release: Option<String>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    run(&cli).unwrap_or_else(failure::Failure::report)
}

fn run(cli: &Cli) -> Result<ExitCode, failure::Failure> {
    match &cli.command {
        Command::Generate { out } => generate::generate(cli, out),
        Command::Check { out } => generate::check(cli, out),
        Command::Diff { old, new } => diff::run(cli, old.as_ref(), new.as_ref()),
        Command::Validate {
            file,
            strict,
            format,
            operator_release,
        } => validate::run(cli, file, strict, format, operator_release.as_deref()),
        Command::Migrate {
            file,
            out,
            flat,
            format,
            from,
            to,
            operator_release,
        } => migrate::run(
            cli,
            migrate::Request {
                file,
                out,
                flat: *flat,
                format: *format,
                from: from.as_deref(),
                to: to.as_deref(),
                operator_release: operator_release.as_deref(),
            },
        ),
        Command::Template { out, schema } => template::run(cli, out, schema),
        Command::Python { out, check } => python::run(cli, out, check),
        Command::Explain {
            key,
            operator_release,
        } => explain::run(cli, key, operator_release.as_deref()),
    }
}

fn parse_format(s: &str) -> Result<Format, String> {
    s.parse()
}
