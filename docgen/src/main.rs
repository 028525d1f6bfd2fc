//! The `docgen` command line. Exit codes: 0 ok, 1 the check found a difference or the input is
//! invalid, 2 usage or internal error.
//!
//! `--out` defaults to `site` in the current directory, so `cargo run -p docgen -- generate` run
//! from the repository root (where `cargo run` keeps you) writes the committed `site/`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use docgen::input::{self, Format};
use docgen::output::{compare, write_atomically, write_file_atomically};
use docgen::source::Loaded;
use docgen::templates::Templates;
use docgen::{changelog, explain, inspect, migrate, render, validate};
use options_core::legacy::{read_conf_file, ConfFile, ConfFormat, ReadError};

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
    /// Print a Markdown changelog between two catalogue JSON files.
    Diff {
        /// The older catalogue.json.
        old: PathBuf,
        /// The newer catalogue.json.
        new: PathBuf,
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
        /// Check against this Flink release (wins over a manifest's spec.flinkVersion).
        #[arg(long, value_name = "VERSION")]
        release: Option<String>,
    },
    /// Turn a legacy flink-conf.yaml into a standard config.yaml with the same effective settings;
    /// in Kubernetes manifests, rename deprecated keys of spec.flinkConfiguration in place.
    Migrate {
        /// The legacy file (or a conf directory holding one), or a manifest.
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
        /// Read the configuration as this Flink release (wins over a manifest's spec.flinkVersion).
        #[arg(long, value_name = "VERSION")]
        release: Option<String>,
        /// The release to migrate to: a manifest's spec.flinkVersion is set to it.
        #[arg(long, value_name = "VERSION")]
        to: Option<String>,
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
        Command::Diff { old, new } => {
            let old = load_json(old)?;
            let new = load_json(new)?;
            print!("{}", changelog::changelog(&old.doc, &new.doc));
            Ok(ExitCode::SUCCESS)
        }
        Command::Validate {
            file,
            strict,
            format,
            release,
        } => {
            let conf = read_conf(file)?;
            let shown = conf.path.display().to_string();
            let strictness = if *strict {
                options_core::layers::Strictness::Strict
            } else {
                options_core::layers::Strictness::Lenient
            };
            let format = format
                .unwrap_or_else(|| input::detect(&conf.text, conf.format == ConfFormat::Legacy));
            if !matches!(format, Format::Config | Format::FlinkConf) {
                return validate_embedded(cli, &conf, format, release.as_deref(), strictness);
            }
            let (loaded, release_note) = catalogue_for(cli, release.as_deref())?;
            if let Some(note) = release_note {
                eprintln!("note: {note}");
            }
            let problems = match format {
                Format::FlinkConf => {
                    validate::check_legacy_text_with(&loaded, &conf.text, strictness)
                }
                _ => validate::check_text_with(&loaded, &conf.text, strictness),
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
        Command::Migrate {
            file,
            out,
            flat,
            format,
            release,
            to,
        } => {
            let conf = read_conf(file)?;
            let format = format
                .unwrap_or_else(|| input::detect(&conf.text, conf.format == ConfFormat::Legacy));
            match format {
                Format::Kubernetes => {
                    return migrate_manifest(cli, &conf, release.as_deref(), to.as_deref(), out)
                }
                Format::Helm | Format::Compose => {
                    return Err(Failure::Internal(format!(
                        "migrate rewrites legacy flink-conf.yaml files and Kubernetes manifests; {} is {format} input: check it with `docgen validate {}`",
                        conf.path.display(),
                        conf.path.display()
                    )))
                }
                Format::Config | Format::FlinkConf => {}
            }
            if let Some(to) = to {
                eprintln!("note: --to {to} sets a manifest's spec.flinkVersion; this file has none, and release upgrades of configuration files come with the releases work");
            }
            let (loaded, release_note) = catalogue_for(cli, release.as_deref())?;
            if let Some(note) = release_note {
                eprintln!("note: {note}");
            }
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
        Command::Template { out, schema } => {
            let loaded = load(cli)?;
            let schema = schema.as_deref().unwrap_or(render::SCHEMA_FILE);
            let text = render::config_template::config_template_with_schema(&loaded.doc, schema);
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

fn parse_format(s: &str) -> Result<Format, String> {
    s.parse()
}

/// The release the built-in catalogue describes.
const BUILTIN_RELEASE: &str = "1.19";

/// The catalogue to read a configuration of `release` with, and a note when it cannot be that
/// release's. The one place that picks a catalogue by release: the releases work wires the
/// per-release views here (today the built-in catalogue is Flink 1.19's alone).
fn catalogue_for(cli: &Cli, release: Option<&str>) -> Result<(Loaded, Option<String>), Failure> {
    let loaded = load(cli)?;
    let note = match (release, &cli.catalogue) {
        (None, _) => None,
        (Some(r), Some(c)) => Some(format!(
            "release {r} not applied: --catalogue {} documents one catalogue",
            c.display()
        )),
        (Some(r), None) if r == BUILTIN_RELEASE => None,
        (Some(r), None) => Some(format!(
            "Flink {r} is not in this catalogue yet (it describes Flink {BUILTIN_RELEASE}): checked against {BUILTIN_RELEASE}"
        )),
    };
    Ok((loaded, note))
}

/// `validate` on a file that holds configurations (manifests, Helm values, compose files): each
/// one checked against the catalogue of its release (`--release` wins over the file's).
fn validate_embedded(
    cli: &Cli,
    conf: &ConfFile,
    format: Format,
    release: Option<&str>,
    strictness: options_core::layers::Strictness,
) -> Result<ExitCode, Failure> {
    let shown = conf.path.display().to_string();
    let extracted = input::extract(format, &conf.text);
    let mut lines = inspect::structure_lines(&extracted);
    for e in &extracted.embedded {
        let from_file = e.release.as_ref().map(|r| r.version.as_str());
        let chosen = release.or(from_file);
        let (loaded, note) = catalogue_for(cli, chosen)?;
        let (first, _) = e.map.to_file(1, 1);
        let against = match (release, &e.release) {
            (Some(r), _) => format!("Flink {r} (--release)"),
            (None, Some(r)) => format!("Flink {} (spec.flinkVersion {})", r.version, r.written),
            (None, None) => "the catalogue".to_owned(),
        };
        lines.push(inspect::note(
            first,
            format!("checking {} against {against}", e.what),
        ));
        if let Some(note) = note {
            lines.push(inspect::note(first, note));
        }
        lines.extend(inspect::check_embedded(&loaded, e, strictness));
    }
    print!("{}", inspect::render(&shown, &mut lines));
    let failed = lines
        .iter()
        .any(|l| l.severity == Some(validate::Severity::Error));
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// `migrate` on Kubernetes manifests.
fn migrate_manifest(
    cli: &Cli,
    conf: &ConfFile,
    release: Option<&str>,
    to: Option<&str>,
    out: &Option<PathBuf>,
) -> Result<ExitCode, Failure> {
    if let Some(to) =
        to.filter(|t| input::release_of(&format!("v{}", t.replace('.', "_"))).is_none())
    {
        return Err(Failure::Internal(format!(
            "--to {to} is not a release such as 1.19 or 2.3"
        )));
    }
    let extracted = input::extract(Format::Kubernetes, &conf.text);
    if let Some((pos, message)) = extracted.errors.first() {
        return Err(Failure::Invalid(format!(
            "{}:{}:{}: {message}",
            conf.path.display(),
            pos.line,
            pos.column
        )));
    }
    // A catalogue file that does not load fails here, before any work.
    load(cli)?;
    let loaded_for = |e: &input::Embedded| {
        let chosen = release.or(e.release.as_ref().map(|r| r.version.as_str()));
        match catalogue_for(cli, chosen) {
            Ok((loaded, note)) => {
                if let Some(note) = note {
                    eprintln!("note: {}: {note}", e.what);
                }
                loaded
            }
            Err(_) => Loaded::builtin(),
        }
    };
    let migration = migrate::manifest::migrate_manifest(&conf.text, &extracted, &loaded_for, to);
    let input_name = conf.path.display().to_string();
    let output = out.as_ref().map(|o| o.display().to_string());
    let report = migrate::manifest::render_report(&migration, &input_name, output.as_deref());
    match out {
        Some(path) => {
            write_file_atomically(path, &migration.text)
                .map_err(|e| Failure::Internal(format!("cannot write {}: {e}", path.display())))?;
            print!("{report}");
        }
        None => {
            print!("{}", migration.text);
            eprint!("{report}");
        }
    }
    Ok(if migration.needs_attention() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// A configuration file, or the one a conf directory holds; a file beyond the loaders' limits is
/// invalid input (exit 1), a missing one a usage error (exit 2).
fn read_conf(path: &Path) -> Result<ConfFile, Failure> {
    read_conf_file(path).map_err(|e| match e {
        ReadError::Limit(_) => Failure::Invalid(e.to_string()),
        _ => Failure::Internal(e.to_string()),
    })
}

fn load(cli: &Cli) -> Result<Loaded, Failure> {
    match &cli.catalogue {
        Some(path) => load_json(path),
        None => Ok(Loaded::builtin()),
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
    if let Some(t) = &cli.templates {
        command.push_str(&format!(" --templates {}", t.display()));
    }
    command
}
