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
mod in_order;
mod lsp;
mod migrate;
mod plan;
mod project;
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

#[derive(Subcommand, Debug, Clone)]
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
    ///
    /// Any number of paths: files, directories (walked as ripgrep walks them: .gitignore and
    /// hidden folders respected; each file recognised by name and content, the rest skipped) and
    /// `-` for standard input. One file (or one conf directory) prints exactly its report; more
    /// print the files with findings and a total. Exit 1 when an error (or, with --fail-on
    /// warning, a warning) is found, 2 when the run itself fails. A flinkconf.toml found from the
    /// working directory up (or --config) sets the release, excludes and rules.
    Validate {
        /// The files, directories or conf directories to check; `-` reads standard input.
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<PathBuf>,
        /// Unknown keys are errors (by default warnings: Flink passes them through to plugins).
        #[arg(long)]
        strict: bool,
        /// Read the files as this format instead of telling them by content.
        #[arg(long, value_name = "FORMAT", value_parser = parse_format)]
        format: Option<Format>,
        /// Check the Kubernetes operator's settings (in manifests, Helm values and the operator's
        /// ConfigMap) against this operator release (`1.13`); the newest when left out.
        #[arg(long, value_name = "V")]
        operator_release: Option<String>,
        /// The operator's default configuration (config.yaml, flink-conf.yaml, its ConfigMap or
        /// the Helm values): manifests are then also checked as the operator merges them (a
        /// spec.flinkConfiguration value a spec field replaces, a key the operator refuses).
        #[arg(long, value_name = "FILE")]
        operator_config: Option<PathBuf>,
        /// Leave out files and folders matching GLOB (a glob without `/` matches a name at any
        /// depth); repeatable.
        #[arg(long, value_name = "GLOB")]
        exclude: Vec<String>,
        /// The name standard input (`-`) is shown and recognised by.
        #[arg(long, value_name = "NAME")]
        stdin_filename: Option<PathBuf>,
        /// Check files on N threads (every core by default).
        #[arg(short = 'j', long, value_name = "N")]
        jobs: Option<usize>,
        /// Check only the K-th of N parts of the files (from 1; the files sorted by path, every
        /// N-th taken), for splitting one run over N CI jobs.
        #[arg(long, value_name = "K/N", value_parser = validate::parse_shard)]
        shard: Option<(usize, usize)>,
        /// List clean files, notes and skipped files too.
        #[arg(short, long)]
        verbose: bool,
        /// text (default), json, sarif, junit or github; `FORMAT=FILE` writes that format to FILE.
        /// Repeatable: `--output-format text --output-format sarif=report.sarif`.
        #[arg(long, value_name = "FORMAT[=FILE]", value_parser = validate::parse_output)]
        output_format: Vec<validate::OutputSpec>,
        /// Write the formats without a file of their own here instead of to standard output.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
        /// Report only these rules (ids such as unknown-key; comma-separated or repeated).
        #[arg(long, value_name = "RULE", value_delimiter = ',')]
        select: Vec<options_check::rules::Rule>,
        /// Never report these rules.
        #[arg(long, value_name = "RULE", value_delimiter = ',')]
        ignore: Vec<options_check::rules::Rule>,
        /// What makes the exit code 1: error (the default) or warning (errors and warnings).
        #[arg(long, value_name = "LEVEL", value_parser = validate::parse_fail_on)]
        fail_on: Option<options_check::rules::Level>,
        /// The project settings file (by default the first flinkconf.toml from the working
        /// directory up).
        #[arg(long, value_name = "FILE")]
        config: Option<PathBuf>,
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
            paths,
            strict,
            format,
            operator_release,
            exclude,
            stdin_filename,
            jobs,
            shard,
            verbose,
            output_format,
            output,
            select,
            ignore,
            fail_on,
            config,
            operator_config,
        } => validate::run(
            cli,
            &validate::Request {
                paths,
                strict: *strict,
                format: *format,
                exclude,
                stdin_filename: stdin_filename.as_deref(),
                jobs: *jobs,
                shard: *shard,
                verbose: *verbose,
                outputs: output_format,
                output: output.as_deref(),
                select,
                ignore,
                fail_on: *fail_on,
                config: config.as_deref(),
                operator_release: operator_release.as_deref(),
                operator_config: operator_config.as_deref(),
            },
        ),
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
        Command::Lsp => lsp::run(cli),
        Command::Plan(args) => plan::run(args),
        Command::Effective(args) => effective::run(cli, args),
        Command::Explain {
            key,
            operator_release,
        } => explain::run(cli, key, operator_release.as_deref()),
    }
}

fn parse_format(s: &str) -> Result<Format, String> {
    s.parse()
}
