//! `effective`: what Flink will really run with. For Kubernetes manifests, the configuration the
//! Flink Kubernetes Operator builds for each FlinkDeployment and FlinkSessionJob, layer by layer
//! (`options_check::effective`); for a conf directory, its file, `FLINK_PROPERTIES` and `-D`
//! dynamic properties (`options_check::effective::conf`). Every value with its source and what
//! it shadows.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use options_check::effective::conf::{effective_conf, ConfRequest, FLINK_PROPERTIES};
use options_check::effective::render::{self, View};
use options_check::effective::{
    self, operator_config, Effective, Manifest, OperatorConfig, Request,
};
use options_check::input::{detect, Format};
use options_check::resource;
use options_check::rules::Level;
use options_flink::FLINK_RELEASES;
use options_flink_operator::OPERATOR_RELEASES;

use crate::failure::{exit, Failure};
use crate::Cli;

/// `flinkconf effective`'s arguments.
#[derive(Args, Debug, Clone)]
pub(crate) struct EffectiveArgs {
    /// Kubernetes manifests (FlinkDeployment, FlinkSessionJob; any number of documents each;
    /// `-` reads standard input), or one conf directory (or config.yaml / flink-conf.yaml) read
    /// as Flink reads it at --release, with FLINK_PROPERTIES from the environment and -D.
    #[arg(required = true, value_name = "MANIFEST|CONF")]
    pub(crate) paths: Vec<PathBuf>,
    /// A dynamic property of the command line (`-D key=value` or `-Dkey=value`), over a conf
    /// directory's file; repeatable.
    #[arg(short = 'D', value_name = "KEY=VALUE", allow_hyphen_values = true)]
    pub(crate) dynamic: Vec<String>,
    /// The operator's default configuration: its config.yaml or flink-conf.yaml, its ConfigMap
    /// manifest, or the Helm values file with defaultConfiguration.
    #[arg(long, value_name = "FILE")]
    pub(crate) operator_config: Option<PathBuf>,
    /// Apply the rules of this operator release (`1.13`); the newest (1.15) when left out.
    #[arg(long, value_name = "V")]
    pub(crate) operator_release: Option<String>,
    /// Show this key only (with Flink's default when no layer sets it).
    #[arg(long, value_name = "KEY")]
    pub(crate) key: Option<String>,
    /// Include Flink's defaults: every option of the release, and the default under each value.
    #[arg(long)]
    pub(crate) all: bool,
    /// text (a table per deployment) or json.
    #[arg(long, value_name = "FORMAT", default_value = "text")]
    pub(crate) output_format: EffectiveFormat,
}

/// The output formats of `effective`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EffectiveFormat {
    /// A table per deployment.
    Text,
    /// The JSON document of options-check/schema/effective.schema.json.
    Json,
}

/// `effective MANIFEST...` or `effective CONF [-D key=value...]`.
pub(crate) fn run(cli: &Cli, args: &EffectiveArgs) -> Result<ExitCode, Failure> {
    if let [path] = args.paths.as_slice() {
        if is_conf(path) {
            return run_conf(cli, args, path);
        }
    }
    if !args.dynamic.is_empty() {
        return Err(Failure::Internal(
            "-D applies to a conf directory; a manifest's configuration is spec.flinkConfiguration"
                .to_owned(),
        ));
    }
    let operator_release = match &args.operator_release {
        Some(v) => OPERATOR_RELEASES
            .release(v)
            .map_err(|e| Failure::Internal(e.to_string()))?,
        None => OPERATOR_RELEASES.newest(),
    };
    let operator = args
        .operator_config
        .as_ref()
        .map(read_operator_config)
        .transpose()?;
    let mut manifests = Vec::new();
    for path in &args.paths {
        let (name, text) = read(path)?;
        let resources = resource::read(&text);
        if let Some((pos, message)) = resources.errors.first() {
            if resources.resources.is_empty() {
                return Err(Failure::Invalid(format!(
                    "{name}:{}:{}: {message}",
                    pos.line, pos.column
                )));
            }
        }
        if resources.resources.is_empty() {
            return Err(Failure::Invalid(format!(
                "{name} holds no FlinkDeployment or FlinkSessionJob"
            )));
        }
        manifests.push(Manifest::new(name, resources));
    }
    let request = Request {
        operator_release,
        flink_defaults: args.all || args.key.is_some(),
    };
    let run = effective::effective(&manifests, operator.as_ref(), &request);
    let view = View {
        key: args.key.as_deref(),
        operator_release: Some(operator_release.version()),
        operator_file: operator.as_ref().map(|o| o.file.as_str()),
    };
    let text = match args.output_format {
        EffectiveFormat::Text => render::text(&run, &view),
        EffectiveFormat::Json => render::json(&run, &view),
    };
    crate::out::print(text)?;
    let errors = run
        .deployments
        .iter()
        .flat_map(|d| &d.findings)
        .chain(&run.operator_findings)
        .any(|f| f.level == Level::Error);
    Ok(exit(errors))
}

/// Whether `path` is a conf directory or a configuration file (not a manifest).
fn is_conf(path: &Path) -> bool {
    if path.is_dir() {
        return true;
    }
    let legacy = path.file_name().is_some_and(|n| n == "flink-conf.yaml");
    std::fs::read_to_string(path)
        .is_ok_and(|text| matches!(detect(&text, legacy), Format::Config | Format::FlinkConf))
}

/// `effective CONF [-D key=value...]`.
fn run_conf(cli: &Cli, args: &EffectiveArgs, path: &Path) -> Result<ExitCode, Failure> {
    if args.operator_config.is_some() {
        return Err(Failure::Internal(
            "--operator-config applies to Kubernetes manifests, not a conf directory".to_owned(),
        ));
    }
    let release = match cli.release.as_deref() {
        Some(r) => FLINK_RELEASES
            .release(r)
            .map_err(|e| Failure::Internal(e.to_string()))?,
        None => FLINK_RELEASES.newest(),
    };
    let flink_properties = std::env::var(FLINK_PROPERTIES).ok();
    let request = ConfRequest {
        path,
        dynamic: &args.dynamic,
        flink_properties: flink_properties.as_deref(),
        release,
        flink_defaults: args.all || args.key.is_some(),
    };
    let built = effective_conf(&request).map_err(Failure::Invalid)?;
    let run = Effective {
        deployments: vec![built],
        operator_findings: Vec::new(),
    };
    let view = View {
        key: args.key.as_deref(),
        operator_release: None,
        operator_file: None,
    };
    let text = match args.output_format {
        EffectiveFormat::Text => render::text(&run, &view),
        EffectiveFormat::Json => render::json(&run, &view),
    };
    crate::out::print(text)?;
    Ok(ExitCode::SUCCESS)
}

/// A file's name as shown, and its text (`-`: standard input).
fn read(path: &PathBuf) -> Result<(String, String), Failure> {
    if path.as_os_str() == "-" {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut text)
            .map_err(|e| Failure::Internal(format!("cannot read standard input: {e}")))?;
        return Ok(("-".to_owned(), text));
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::Invalid(format!("cannot read {}: {e}", path.display())))?;
    Ok((path.display().to_string(), text))
}

fn read_operator_config(path: &PathBuf) -> Result<OperatorConfig, Failure> {
    let (name, text) = read(path)?;
    let config = operator_config::read(&name, &text).map_err(Failure::Invalid)?;
    if let Some((pos, message)) = config.errors.first() {
        return Err(Failure::Invalid(format!(
            "{name}:{}:{}: {message}",
            pos.line, pos.column
        )));
    }
    Ok(config)
}
