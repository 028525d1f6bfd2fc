//! `migrate`: a legacy flink-conf.yaml to config.yaml, a file of one release to another, or the
//! keys of Kubernetes manifests renamed in place.

use std::path::PathBuf;
use std::process::ExitCode;

use options_check::input::{self, Format};
use options_check::migrate;
use options_core::tool::TOOL;
use options_docs::output::write_file_atomically;
use options_docs::source::Loaded;
use options_flink::legacy::{read_conf_file, ConfFile, ConfFormat};

use crate::catalogue::{catalogue_for, load_for_checking, read_failure};
use crate::failure::{exit, Failure};
use crate::Cli;

/// The flags of `migrate`.
#[derive(clap::Args, Debug, Clone)]
pub(crate) struct MigrateArgs {
    /// The legacy file (or a conf directory holding one), a config.yaml, or a manifest.
    file: PathBuf,
    /// Write the result here (atomically) instead of to standard output.
    #[arg(short, long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// One dotted key per line instead of nested mappings.
    #[arg(long)]
    flat: bool,
    /// Read the file as this format instead of telling it by content.
    #[arg(long, value_name = "FORMAT", value_parser = crate::parse_format)]
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
}

/// `migrate FILE`.
pub(crate) fn run(cli: &Cli, args: &MigrateArgs) -> Result<ExitCode, Failure> {
    let (file, out, flat, format) = (&args.file, &args.out, args.flat, args.format);
    let (from, to) = (args.from.as_deref(), args.to.as_deref());
    let operator_release = args.operator_release.as_deref();
    // The file as its own release finds it: --from, else --release, else as 1.x does (a
    // migration's input is most often a flink-conf.yaml that 2.x no longer reads).
    let reading = from
        .or(cli.release.as_deref())
        .and_then(|r| options_flink::FLINK_RELEASES.release(r).ok());
    let conf = read_conf_file(file, reading).map_err(read_failure)?;
    // A file not named flink-conf.yaml may still be one (`flink-conf-prod.yaml`): its name and
    // content tell, and the choice is said.
    let choice = input::legacy::choose(&conf.path, &conf.text);
    if let (None, Some(choice)) = (format, &choice) {
        eprintln!("note: {}", choice.note());
    }
    let legacy = conf.format == ConfFormat::Legacy || choice.is_some_and(|c| c.legacy);
    let format = format.unwrap_or_else(|| input::detect(&conf.text, legacy));
    match format {
        Format::Kubernetes => {
            let from = from.or(cli.release.as_deref());
            return migrate_manifest(cli, &conf, from, to, operator_release, out);
        }
        Format::Helm | Format::Compose => {
            return Err(Failure::Internal(format!(
                "migrate rewrites flink-conf.yaml and config.yaml files and Kubernetes manifests; {} is {format} input: check it with `{TOOL} validate {}`",
                conf.path.display(),
                conf.path.display()
            )))
        }
        Format::Config | Format::FlinkConf => {}
    }
    let options = migrate::MigrateOptions { flat };
    let migration = match (from, to) {
        (Some(from), Some(to)) => {
            if cli.catalogue.is_some() || cli.release.is_some() {
                return Err(Failure::Internal(
                    "--from and --to choose the releases of the built-in catalogue; leave out --catalogue and --release".to_owned(),
                ));
            }
            let release = |v: &str| {
                options_check::builtin::for_checking(Some(v))
                    .map_err(|e| Failure::Internal(e.to_string()))
            };
            let (old, new) = (release(from)?, release(to)?);
            let input_format = match format {
                Format::FlinkConf => migrate::upgrade::InputFormat::Legacy,
                _ => migrate::upgrade::InputFormat::Standard,
            };
            migrate::upgrade::upgrade(&old, &new, &conf.text, input_format, options)
                .map_err(|e| Failure::Invalid(at_file(&conf.path, e)))?
        }
        (None, None) => {
            let (loaded, release_note) = catalogue_for(cli, cli.release.as_deref())?;
            if let Some(note) = release_note {
                eprintln!("note: {note}");
            }
            migrate::migrate(&loaded, &conf.text, options)
                .map_err(|e| Failure::Invalid(at_file(&conf.path, e)))?
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
            write_file_atomically(path, &migration.yaml)
                .map_err(|e| Failure::Internal(format!("cannot write {}: {e}", path.display())))?;
            crate::out::print(&report)?;
        }
        None => {
            crate::out::print(&migration.yaml)?;
            eprint!("{report}");
        }
    }
    Ok(exit(migration.needs_attention()))
}

/// An error of reading `path` that gives a position (`311:1: duplicate key ...`) names the file
/// it is in, as the user gave it.
fn at_file(path: &std::path::Path, error: String) -> String {
    match error.starts_with(|c: char| c.is_ascii_digit()) {
        true => format!("{}:{error}", path.display()),
        false => error,
    }
}

/// `migrate` on Kubernetes manifests.
fn migrate_manifest(
    cli: &Cli,
    conf: &ConfFile,
    release: Option<&str>,
    to: Option<&str>,
    operator_release: Option<&str>,
    out: &Option<PathBuf>,
) -> Result<ExitCode, Failure> {
    let operator = options_check::operator::catalogue(operator_release)
        .map_err(|e| Failure::Internal(e.to_string()))?;
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
            options_check::builtin::for_checking(Some(to))
                .map_err(|e| Failure::Internal(e.to_string()))?,
        )),
        None => None,
    };
    let migration = migrate::manifest::migrate_manifest(
        &conf.text,
        &extracted,
        &loaded_for,
        target.as_ref().map(|(to, loaded)| (*to, loaded)),
        Some(operator),
    );
    let input_name = conf.path.display().to_string();
    let output = out.as_ref().map(|o| o.display().to_string());
    let report = migrate::manifest::render_report(&migration, &input_name, output.as_deref());
    match out {
        Some(path) => {
            write_file_atomically(path, &migration.text)
                .map_err(|e| Failure::Internal(format!("cannot write {}: {e}", path.display())))?;
            crate::out::print(&report)?;
        }
        None => {
            crate::out::print(&migration.text)?;
            eprint!("{report}");
        }
    }
    Ok(exit(migration.needs_attention()))
}
