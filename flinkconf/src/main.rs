//! The `flinkconf` command line: one file per subcommand, each over the libraries (`options-docs`
//! renders, `options-check` checks and migrates). Exit codes: 0 ok, 1 the check found a
//! difference or the input is invalid, 2 usage or internal error (`failure.rs`).
//!
//! `--out` defaults to `site` in the current directory, so `cargo run -p flinkconf -- generate`
//! run from the repository root (where `cargo run` keeps you) writes the committed `site/`.

mod catalogue;
mod diff;
mod effective;
mod explain;
mod failure;
mod generate;
mod lsp;
mod migrate;
mod out;
mod plan;
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

#[derive(Parser, Debug, Clone)]
#[command(
    name = options_core::tool::TOOL,
    version,
    about = "Check, explain, migrate and document Apache Flink configuration",
    long_about = "Check Apache Flink configuration where it lives (config.yaml, flink-conf.yaml, \
                  conf directories, Kubernetes manifests, the operator's Helm values, compose \
                  files, SQL scripts) against every option of Flink 1.19 to 2.3 and the Kubernetes \
                  operator 1.10 to 1.15; explain an option; migrate a file between releases; show \
                  what Flink will really run with and what a manifest change does to running \
                  jobs; serve an editor; and write the reference site, all from one declaration \
                  per option."
)]
struct Cli {
    /// Document this catalogue JSON (written by `generate`) instead of the built-in one.
    #[arg(long, global = true, value_name = "FILE")]
    catalogue: Option<PathBuf>,
    /// Load templates from DIR on top of the built-in ones (override single blocks).
    #[arg(long, global = true, value_name = "DIR")]
    templates: Option<PathBuf>,
    /// Answer for this release of the engine (`2.0`; a patch spelling such as `2.0.1` means its
    /// release): its options, types, defaults and files. The newest release when left out. A
    /// manifest's own spec.flinkVersion wins over it (see `validate --release-override`).
    #[arg(long, global = true, value_name = "V")]
    release: Option<String>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug, Clone)]
enum Command {
    /// Write every output to the output directory, atomically.
    Generate(generate::OutArgs),
    /// Compare the output directory with what `generate` would write; never writes.
    Check(generate::OutArgs),
    /// Print a Markdown changelog between two catalogue JSON files; without files, what changed
    /// in the release (`--release`, default the newest) since the one before it.
    Diff(diff::DiffArgs),
    /// Check Flink configuration against the catalogue: a config.yaml, a legacy flink-conf.yaml, a
    /// conf directory (the file Flink 1.19 would read), -Dkey=value lines, Kubernetes manifests
    /// (FlinkDeployment, FlinkSessionJob), the operator's Helm values, a compose file with
    /// FLINK_PROPERTIES or a SQL script (told apart by content).
    ///
    /// Any number of paths: files, directories (walked as ripgrep walks them: .gitignore and
    /// hidden folders respected; each file recognised by name and content, the rest skipped) and
    /// `-` for standard input. One file (or one conf directory) prints exactly its report; more
    /// print the files with findings and a total. Exit 1 when an error (or, with --fail-on
    /// warning, a warning) is found, 2 when the run itself fails. The flinkconf.toml nearest to
    /// each file (or --config) sets the release, strictness and rules; the working directory's
    /// sets the excludes.
    Validate(Box<validate::ValidateArgs>),
    /// Turn a legacy flink-conf.yaml into a standard config.yaml with the same effective settings;
    /// with --from and --to, rewrite a flink-conf.yaml or config.yaml of one release for another;
    /// in Kubernetes manifests, rewrite spec.flinkConfiguration in place (and spec.flinkVersion
    /// with --to).
    Migrate(migrate::MigrateArgs),
    /// Print a commented config.yaml listing every documented option with its default.
    Template(template::TemplateArgs),
    /// Write the generated files of the Python package (option constants, key types) into its
    /// directory, or with --check compare them and exit 1 when they are stale.
    Python(python::PythonArgs),
    /// Serve the language server protocol over standard input and output (for an editor):
    /// diagnostics, quick fixes, hover and completion in every file `validate` reads.
    Lsp,
    /// What a change of Kubernetes manifests does to the running jobs, by the Flink Kubernetes
    /// operator's own rules: for each FlinkDeployment and FlinkSessionJob, the diff type the
    /// operator computes (IGNORE, SCALE, UPGRADE, SAVEPOINT_REDEPLOY; added, removed), each change
    /// with its own type, whether the job keeps its state, whether a rescale happens in place,
    /// and the checker's findings on the new side. Exit 1 with --fail-on when a deployment
    /// reaches that level.
    Plan(plan::PlanArgs),
    /// What Flink will really run with: for Kubernetes manifests, every key the Flink Kubernetes
    /// Operator hands to each FlinkDeployment and FlinkSessionJob, with its value, the layer and
    /// place it came from, and the values it shadows (Flink's defaults with --all).
    ///
    /// Layers, lowest first: flink-default, operator-default (--operator-config),
    /// operator-namespace-default, operator-version-default, flink-configuration, spec-field,
    /// operator. Exit 1 when a finding is an error (a key the operator refuses).
    Effective(effective::EffectiveArgs),
    /// Print one option's documentation.
    Explain(explain::ExplainArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    run(&cli).unwrap_or_else(failure::Failure::report)
}

fn run(cli: &Cli) -> Result<ExitCode, failure::Failure> {
    match &cli.command {
        Command::Generate(args) => generate::generate(cli, args),
        Command::Check(args) => generate::check(cli, args),
        Command::Diff(args) => diff::run(cli, args),
        Command::Validate(args) => validate::run(cli, args),
        Command::Migrate(args) => migrate::run(cli, args),
        Command::Template(args) => template::run(cli, args),
        Command::Python(args) => python::run(cli, args),
        Command::Lsp => lsp::run(cli),
        Command::Explain(args) => explain::run(cli, args),
        Command::Plan(args) => plan::run(args),
        Command::Effective(args) => effective::run(cli, args),
    }
}

fn parse_format(s: &str) -> Result<Format, String> {
    s.parse()
}
