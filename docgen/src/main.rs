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
use options_flink::legacy::{read_conf_file_at, ConfFile, ConfFormat, ReadError};

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
        #[arg(long, default_value = docgen::python::DEFAULT_DIR)]
        out: PathBuf,
        /// Compare instead of writing.
        #[arg(long)]
        check: bool,
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
        Command::Validate {
            file,
            strict,
            format,
        } => {
            let release = cli.release.as_deref();
            let conf = read_conf(cli, file, release)?;
            let shown = conf.path.display().to_string();
            let strictness = if *strict {
                options_core::layers::Strictness::Strict
            } else {
                options_core::layers::Strictness::Lenient
            };
            let format = format
                .unwrap_or_else(|| input::detect(&conf.text, conf.format == ConfFormat::Legacy));
            if !matches!(format, Format::Config | Format::FlinkConf) {
                return validate_embedded(cli, &conf, format, release, strictness);
            }
            let (loaded, release_note) = catalogue_for(cli, release)?;
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
            from,
            to,
        } => {
            // The file as its own release finds it: --from, else --release, else as 1.x does (a
            // migration's input is most often a flink-conf.yaml that 2.x no longer reads).
            let reading = from
                .as_deref()
                .or(cli.release.as_deref())
                .and_then(|r| options_flink::builtin::FLINK_RELEASES.release(r).ok());
            let conf = read_conf_file_at(file, reading).map_err(read_failure)?;
            let format = format
                .unwrap_or_else(|| input::detect(&conf.text, conf.format == ConfFormat::Legacy));
            match format {
                Format::Kubernetes => {
                    let from = from.as_deref().or(cli.release.as_deref());
                    return migrate_manifest(cli, &conf, from, to.as_deref(), out);
                }
                Format::Helm | Format::Compose => {
                    return Err(Failure::Internal(format!(
                        "migrate rewrites flink-conf.yaml and config.yaml files and Kubernetes manifests; {} is {format} input: check it with `docgen validate {}`",
                        conf.path.display(),
                        conf.path.display()
                    )))
                }
                Format::Config | Format::FlinkConf => {}
            }
            let options = migrate::MigrateOptions { flat: *flat };
            let migration = match (from, to) {
                (Some(from), Some(to)) => {
                    if cli.catalogue.is_some() || cli.release.is_some() {
                        return Err(Failure::Internal(
                            "--from and --to choose the releases of the built-in catalogue; leave out --catalogue and --release".to_owned(),
                        ));
                    }
                    let release = |v: &str| {
                        Loaded::builtin_for_checking(Some(v))
                            .map_err(|e| Failure::Internal(e.to_string()))
                    };
                    let (old, new) = (release(from)?, release(to)?);
                    let input_format = match format {
                        Format::FlinkConf => migrate::upgrade::InputFormat::Legacy,
                        _ => migrate::upgrade::InputFormat::Standard,
                    };
                    migrate::upgrade::upgrade(&old, &new, &conf.text, input_format, options)
                        .map_err(Failure::Invalid)?
                }
                (None, None) => {
                    let (loaded, release_note) = catalogue_for(cli, cli.release.as_deref())?;
                    if let Some(note) = release_note {
                        eprintln!("note: {note}");
                    }
                    migrate::migrate(&loaded, &conf.text, options).map_err(Failure::Invalid)?
                }
                _ => {
                    return Err(Failure::Internal(
                        "an upgrade names both releases: --from V1 --to V2 (a manifest's spec.flinkVersion stands in for --from)".to_owned(),
                    ))
                }
            };
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
        Command::Python { out, check } => {
            let loaded = load(cli)?;
            let files = docgen::python::python_files(&loaded.doc).map_err(Failure::Invalid)?;
            if *check {
                let report = docgen::python::compare_python(&files, out);
                let shown = out.display().to_string();
                let mut fix = format!("{} --out {shown}", docgen::python::COMMAND);
                if let Some(c) = &cli.catalogue {
                    fix.push_str(&format!(" --catalogue {}", c.display()));
                }
                print!("{}", report.render(&shown, &fix));
                return Ok(if report.is_fresh() {
                    ExitCode::SUCCESS
                } else {
                    ExitCode::from(1)
                });
            }
            docgen::python::write_python(&files, out)
                .map_err(|e| Failure::Internal(format!("cannot write {}: {e}", out.display())))?;
            println!("Wrote {} files to {}", files.len(), out.display());
            Ok(ExitCode::SUCCESS)
        }
        Command::Explain { key } => {
            let loaded = load_for_checking(cli)?;
            match explain::lookup(&loaded.doc, key) {
                explain::Lookup::Option(s, o) => {
                    print!(
                        "{}",
                        explain::explain_at(&loaded.doc.engine, s, o, loaded.doc.release.as_ref())
                    )
                }
                explain::Lookup::Alias(s, o, deprecated) => {
                    let role = if deprecated {
                        "a deprecated"
                    } else {
                        "a fallback"
                    };
                    println!("{key} is {role} key of {}.\n", o.key);
                    print!(
                        "{}",
                        explain::explain_at(&loaded.doc.engine, s, o, loaded.doc.release.as_ref())
                    );
                }
                explain::Lookup::Instance(s, o) => {
                    println!("{key} is an instance of the pattern key {}.\n", o.key);
                    print!(
                        "{}",
                        explain::explain_at(&loaded.doc.engine, s, o, loaded.doc.release.as_ref())
                    );
                }
                explain::Lookup::EmptyPlaceholder(error) => {
                    return Err(Failure::Invalid(error.to_string()));
                }
                explain::Lookup::Unknown => {
                    if let Some(message) = loaded.absent(key) {
                        return Err(Failure::Invalid(message));
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

/// The catalogue to read a configuration of `release` with (the built-in catalogue at that
/// release; a catalogue file must document it), and a note when it cannot be that release's. The
/// one place that picks a catalogue by release: `--release`, or a manifest's spec.flinkVersion.
fn catalogue_for(cli: &Cli, release: Option<&str>) -> Result<(Loaded, Option<String>), Failure> {
    let Some(release) = release else {
        return Ok((load_for_checking(cli)?, None));
    };
    if let Some(path) = &cli.catalogue {
        let loaded = load_json(path)?;
        let note = loaded
            .check_release(release)
            .err()
            .map(|e| format!("release {release} not applied: {e}"));
        return Ok((loaded, note));
    }
    match Loaded::builtin_for_checking(Some(release)) {
        Ok(loaded) => Ok((loaded, None)),
        // A release chosen on the command line must exist; one a file names is checked against
        // the nearest release carried (the oldest for an older one, the newest for a newer one),
        // with a note: an error Flink 1.18 would never raise is no help to its user.
        Err(e) if cli.release.as_deref() == Some(release) => Err(Failure::Internal(e.to_string())),
        Err(e) => {
            let line = &options_flink::builtin::FLINK_RELEASES;
            let Some(near) = line.nearest(release) else {
                return Ok((
                    Loaded::for_checking(options_flink::builtin::catalogue()),
                    Some(format!("{e}; checked against the newest release")),
                ));
            };
            let carried = format!("{} to {}", line.oldest().version(), line.newest().version());
            let which = if near == line.oldest() {
                "the oldest release carried"
            } else if near.is_newest() {
                "the newest release carried"
            } else {
                "the newest release carried before it"
            };
            let loaded = Loaded::builtin_for_checking(Some(near.version()))
                .map_err(|e| Failure::Internal(e.to_string()))?;
            Ok((
                loaded,
                Some(format!(
                    "Flink {release} is not a release carried here ({carried}): checked against {near}, {which}"
                )),
            ))
        }
    }
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
    load_for_checking(cli)?;
    let loaded_for = |e: &input::Embedded| {
        let chosen = release.or(e.release.as_ref().map(|r| r.version.as_str()));
        match catalogue_for(cli, chosen) {
            Ok((loaded, note)) => {
                if let Some(note) = note {
                    eprintln!("note: {}: {note}", e.what);
                }
                loaded
            }
            Err(_) => Loaded::for_checking(options_flink::builtin::catalogue()),
        }
    };
    let target = match to {
        Some(to) => Some((
            to,
            Loaded::builtin_for_checking(Some(to)).map_err(|e| Failure::Internal(e.to_string()))?,
        )),
        None => None,
    };
    let migration = migrate::manifest::migrate_manifest(
        &conf.text,
        &extracted,
        &loaded_for,
        target.as_ref().map(|(to, loaded)| (*to, loaded)),
    );
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

/// A configuration file, or the one a conf directory holds, as `release` finds it (the newest
/// when none is named); a file beyond the loaders' limits or one the release does not read is
/// invalid input (exit 1), a missing one a usage error (exit 2).
fn read_conf(cli: &Cli, path: &Path, release: Option<&str>) -> Result<ConfFile, Failure> {
    let release = match &cli.catalogue {
        Some(_) => None,
        None => {
            let line = &options_flink::builtin::FLINK_RELEASES;
            match release {
                Some(r) => line.release(r).ok(),
                None => Some(line.newest()),
            }
        }
    };
    read_conf_file_at(path, release).map_err(read_failure)
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

/// [`load`] for the commands that check settings and render no docs: the built-in catalogue
/// without its release steps' changelogs ([`Loaded::for_checking`]).
fn load_for_checking(cli: &Cli) -> Result<Loaded, Failure> {
    match &cli.catalogue {
        Some(_) => load(cli),
        None => Loaded::builtin_for_checking(cli.release.as_deref())
            .map_err(|e| Failure::Internal(e.to_string())),
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
