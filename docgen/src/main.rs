//! The `docgen` command line. Exit codes: 0 ok, 1 the check found a difference or the input is
//! invalid, 2 usage or internal error.
//!
//! `--out` defaults to `site` in the current directory, so `cargo run -p docgen -- generate` run
//! from the repository root (where `cargo run` keeps you) writes the committed `site/`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use docgen::output::{compare, write_atomically, write_file_atomically};
use docgen::source::Loaded;
use docgen::templates::Templates;
use docgen::{changelog, explain, migrate, render, validate};
use options_core::legacy::{read_conf_file_at, ConfFile, ConfFormat, ReadError};

// Rendering makes millions of small allocations; glibc's malloc made large catalogues render
// superlinearly (see BENCHMARKS.md), mimalloc keeps it linear.
#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser, Debug)]
#[command(
    name = "docgen",
    version,
    about = "Reference docs from option declarations"
)]
struct Cli {
    /// Document this catalogue JSON (written by `docgen generate`) instead of the built-in one.
    #[arg(long, global = true, value_name = "FILE")]
    catalogue: Option<PathBuf>,
    /// Load templates from DIR on top of the built-in ones (override single blocks).
    #[arg(long, global = true, value_name = "DIR")]
    templates: Option<PathBuf>,
    /// Answer for this release of the engine (`2.0`; a patch spelling such as `2.0.1` means its
    /// release): its options, types, defaults and files. The newest release when left out.
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
    /// Check a config.yaml, a legacy flink-conf.yaml, a conf directory (the file Flink 1.19 would
    /// read) or -Dkey=value lines against the catalogue.
    Validate {
        /// The file or conf directory to check.
        file: PathBuf,
        /// Unknown keys are errors (by default warnings: Flink passes them through to plugins).
        #[arg(long)]
        strict: bool,
    },
    /// Turn a legacy flink-conf.yaml into a standard config.yaml with the same effective settings.
    Migrate {
        /// The legacy file (or a conf directory holding one).
        file: PathBuf,
        /// Write the result here (atomically) instead of to standard output.
        #[arg(short, long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// One dotted key per line instead of nested mappings.
        #[arg(long)]
        flat: bool,
    },
    /// Print a commented config.yaml listing every documented option with its default.
    Template {
        /// Write it here (atomically) instead of to standard output.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// Print one option's documentation.
    Explain {
        /// The option key.
        key: String,
    },
}

/// Why a command failed, and so its exit code.
enum Failure {
    /// Invalid input, or a check found a difference: exit 1.
    Invalid(String),
    /// Usage or internal error: exit 2.
    Internal(String),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(&cli) {
        Ok(code) => code,
        Err(Failure::Invalid(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(1)
        }
        Err(Failure::Internal(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: &Cli) -> Result<ExitCode, Failure> {
    match &cli.command {
        Command::Generate { out } => {
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
        Command::Check { out } => {
            let files = render_files(cli)?;
            let report = compare(&files, out);
            let shown = out.display().to_string();
            print!("{}", report.render(&shown, &fix_command(cli, out)));
            Ok(if report.is_fresh() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
        Command::Diff {
            old: Some(old),
            new: Some(new),
        } => {
            let old = load_json(old)?;
            let new = load_json(new)?;
            print!("{}", changelog::changelog(&old.doc, &new.doc));
            Ok(ExitCode::SUCCESS)
        }
        Command::Diff { .. } => {
            let loaded = load(cli)?;
            let Some(release) = &loaded.doc.release else {
                return Err(Failure::Internal(
                    "this catalogue names no releases: give two catalogue files to compare"
                        .to_owned(),
                ));
            };
            match loaded.doc.steps.last().filter(|s| s.to == release.version) {
                Some(step) => print!("{}", step.changelog),
                None => println!(
                    "{} {} is the first release this catalogue knows: there is nothing earlier to compare it with.",
                    release.engine, release.version
                ),
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Validate { file, strict } => {
            let loaded = load(cli)?;
            let conf = read_conf(file, &loaded)?;
            let shown = conf.path.display().to_string();
            let strictness = if *strict {
                options_core::layers::Strictness::Strict
            } else {
                options_core::layers::Strictness::Lenient
            };
            let problems = match conf.format {
                ConfFormat::Standard => validate::check_text_with(&loaded, &conf.text, strictness),
                ConfFormat::Legacy => {
                    validate::check_legacy_text_with(&loaded, &conf.text, strictness)
                }
            };
            print!("{}", validate::render_report(&shown, &problems));
            let failed = problems
                .iter()
                .any(|p| p.severity == validate::Severity::Error);
            Ok(if failed {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            })
        }
        Command::Migrate { file, out, flat } => {
            let loaded = load(cli)?;
            let conf = read_conf_file_at(file, None).map_err(read_failure)?;
            let options = migrate::MigrateOptions { flat: *flat };
            let migration =
                migrate::migrate(&loaded, &conf.text, options).map_err(Failure::Invalid)?;
            let input = conf.path.display().to_string();
            let output = out.as_ref().map(|o| o.display().to_string());
            let report = migrate::render_report(&migration, &input, output.as_deref());
            match out {
                Some(path) => {
                    write_file_atomically(path, &migration.yaml).map_err(|e| {
                        Failure::Internal(format!("cannot write {}: {e}", path.display()))
                    })?;
                    print!("{report}");
                }
                None => {
                    print!("{}", migration.yaml);
                    eprint!("{report}");
                }
            }
            Ok(if migration.needs_attention() {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            })
        }
        Command::Template { out } => {
            let loaded = load(cli)?;
            let text = render::config_template::config_template(&loaded.doc);
            match out {
                Some(path) => {
                    write_file_atomically(path, &text).map_err(|e| {
                        Failure::Internal(format!("cannot write {}: {e}", path.display()))
                    })?;
                    println!("Wrote {}", path.display());
                }
                None => print!("{text}"),
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Explain { key } => {
            let loaded = load(cli)?;
            match explain::lookup(&loaded.doc, key) {
                explain::Lookup::Option(s, o) => print!("{}", explain::explain(s, o)),
                explain::Lookup::Alias(s, o, deprecated) => {
                    let role = if deprecated {
                        "a deprecated"
                    } else {
                        "a fallback"
                    };
                    println!("{key} is {role} key of {}.\n", o.key);
                    print!("{}", explain::explain(s, o));
                }
                explain::Lookup::Unknown => {
                    if let Some(message) = loaded.absent(key) {
                        return Err(Failure::Invalid(message));
                    }
                    if let Some(found) = loaded.doc.pattern_for(key) {
                        let (s, o) = found.map_err(|e| Failure::Invalid(e.to_string()))?;
                        println!("{key} is an instance of the pattern key {}.\n", o.key);
                        print!("{}", explain::explain(s, o));
                        return Ok(ExitCode::SUCCESS);
                    }
                    let error = options_core::ConfigError::from(
                        options_core::ConfigErrorKind::UnknownKey {
                            key: key.clone(),
                            suggestions: docgen::suggest::Suggester::new(&loaded.doc).suggest(key),
                        },
                    );
                    return Err(Failure::Invalid(error.to_string()));
                }
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// A configuration file, or the one a conf directory holds, as the catalogue's release finds it;
/// a file beyond the loaders' limits or one the release does not read is invalid input (exit 1),
/// a missing one a usage error (exit 2).
fn read_conf(path: &Path, loaded: &Loaded) -> Result<ConfFile, Failure> {
    read_conf_file_at(path, loaded.release()).map_err(read_failure)
}

fn read_failure(e: ReadError) -> Failure {
    match e {
        ReadError::Limit(_) | ReadError::LegacyNotRead { .. } => Failure::Invalid(e.to_string()),
        ReadError::Io { .. } => Failure::Internal(e.to_string()),
    }
}

/// The catalogue to answer with: the built-in one at `--release`, or the `--catalogue` file
/// (which documents one release: `--release` must name it). An unknown release is a usage error.
fn load(cli: &Cli) -> Result<Loaded, Failure> {
    match &cli.catalogue {
        Some(path) => {
            let loaded = load_json(path)?;
            if let Some(release) = &cli.release {
                loaded.check_release(release).map_err(Failure::Internal)?;
            }
            Ok(loaded)
        }
        None => {
            Loaded::builtin_at(cli.release.as_deref()).map_err(|e| Failure::Internal(e.to_string()))
        }
    }
}

fn load_json(path: &Path) -> Result<Loaded, Failure> {
    Loaded::from_json_file(path).map_err(|e| match e {
        docgen::source::LoadError::Read { .. } => Failure::Internal(e.to_string()),
        docgen::source::LoadError::Invalid { .. } => Failure::Invalid(e.to_string()),
    })
}

fn render_files(cli: &Cli) -> Result<docgen::Files, Failure> {
    let loaded = load(cli)?;
    let templates = match &cli.templates {
        Some(dir) => Templates::with_overrides(dir),
        None => Templates::builtin(),
    }
    .map_err(|e| Failure::Internal(e.to_string()))?;
    render(&loaded.doc, &templates).map_err(|e| Failure::Internal(e.to_string()))
}

/// The exact command that makes `check` pass.
fn fix_command(cli: &Cli, out: &Path) -> String {
    let mut command = format!("cargo run -p docgen -- generate --out {}", out.display());
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
