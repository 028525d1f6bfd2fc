//! `validate`: a configuration file, a conf directory, or a file that holds configurations
//! (manifests, Helm values, compose files), checked against the catalogue of its release.

use std::path::Path;
use std::process::ExitCode;

use options_check::input::{self, Format, Reader};
use options_check::{inspect, operator, validate};
use options_flink::legacy::{ConfFile, ConfFormat};
use options_flink_operator::OPERATOR_RELEASES;

use crate::catalogue::{catalogue_for, read_conf};
use crate::failure::{exit, Failure};
use crate::Cli;

/// `validate FILE`.
pub(crate) fn run(
    cli: &Cli,
    file: &Path,
    strict: &bool,
    format: &Option<Format>,
    operator_release: Option<&str>,
) -> Result<ExitCode, Failure> {
    let release = cli.release.as_deref();
    let conf = read_conf(cli, file, release)?;
    let shown = conf.path.display().to_string();
    let strictness = if *strict {
        options_core::layers::Strictness::Strict
    } else {
        options_core::layers::Strictness::Lenient
    };
    let format =
        format.unwrap_or_else(|| input::detect(&conf.text, conf.format == ConfFormat::Legacy));
    if !matches!(format, Format::Config | Format::FlinkConf) {
        return validate_embedded(cli, &conf, format, release, operator_release, strictness);
    }
    let (loaded, release_note) = catalogue_for(cli, release)?;
    if let Some(note) = release_note {
        eprintln!("note: {note}");
    }
    let problems = match format {
        Format::FlinkConf => validate::check_legacy_text_with(&loaded, &conf.text, strictness),
        _ => validate::check_text_with(&loaded, &conf.text, strictness),
    };
    print!("{}", validate::render_report(&shown, &problems));
    let failed = problems
        .iter()
        .any(|p| p.severity == validate::Severity::Error);
    Ok(exit(failed))
}

/// `validate` on a file that holds configurations (manifests, Helm values, compose files): each
/// one checked against the catalogue of its release (`--release` wins over the file's).
fn validate_embedded(
    cli: &Cli,
    conf: &ConfFile,
    format: Format,
    release: Option<&str>,
    operator_release: Option<&str>,
    strictness: options_core::layers::Strictness,
) -> Result<ExitCode, Failure> {
    let shown = conf.path.display().to_string();
    let extracted = input::extract(format, &conf.text);
    let operator =
        operator::catalogue(operator_release).map_err(|e| Failure::Internal(e.to_string()))?;
    let operator_named = match operator_release {
        Some(r) => format!("the Kubernetes operator {r} (--operator-release)"),
        None => format!(
            "the Kubernetes operator {} (the newest carried)",
            OPERATOR_RELEASES.newest().version()
        ),
    };
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
        let against = match e.reader {
            Reader::Flink => against,
            Reader::Resource | Reader::Operator => format!("{against} and {operator_named}"),
        };
        lines.push(inspect::note(
            first,
            format!("checking {} against {against}", e.what),
        ));
        if let Some(note) = note {
            lines.push(inspect::note(first, note));
        }
        lines.extend(inspect::check_embedded(
            &loaded,
            Some(&operator),
            e,
            strictness,
        ));
    }
    print!("{}", inspect::render(&shown, &mut lines));
    let failed = lines
        .iter()
        .any(|l| l.severity == Some(validate::Severity::Error));
    Ok(exit(failed))
}
