//! The same outside Kubernetes: what a Flink process started from a conf directory receives,
//! through the runtime's layers with provenance (`options_core::layers`, Flink's files read by
//! `options_flink::legacy::FlinkSources`): Flink's defaults, the conf directory's file
//! (`config.yaml`; for Flink 1.19 and 1.20 its `flink-conf.yaml` when it has one),
//! `FLINK_PROPERTIES` (the official Docker image's entrypoint adds its lines to the file at
//! start; Flink's own scripts do not read it), and the `-D key=value` dynamic properties of the
//! command line (`bin/jobmanager.sh start-foreground -D ...`).
//!
//! Environment variables named by this library's `FLINK_<KEY>` rule are not read: Flink's
//! scripts do not turn them into configuration.

use std::path::Path;
use std::sync::Arc;

use options_core::key_index::KeyRole;
use options_core::layers::{LayeredConfig, Strictness};
use options_core::Source as RuntimeSource;
use options_core::{Catalogue, Release};
use options_flink::builtin::catalogue_at;
use options_flink::legacy::FlinkSources;

use super::defaults::Taken;
use super::layer::{ConfigLayer, Stack, ValueSource, Written};
use super::{Deployment, Target};

/// The name `FLINK_PROPERTIES` is read under (its lines are a file of their own).
pub const FLINK_PROPERTIES: &str = "FLINK_PROPERTIES";

/// What to read.
#[derive(Clone, Copy, Debug)]
pub struct ConfRequest<'a> {
    /// The conf directory (or a `config.yaml` / `flink-conf.yaml`).
    pub path: &'a Path,
    /// `-D key=value` arguments, each as `key=value` (a leading `-D` is accepted).
    pub dynamic: &'a [String],
    /// The value of `FLINK_PROPERTIES`, when set.
    pub flink_properties: Option<&'a str>,
    /// The Flink release that reads them.
    pub release: Release,
    /// Put Flink's defaults in (`--all`).
    pub flink_defaults: bool,
}

impl ConfRequest<'_> {
    fn arguments(&self) -> Vec<String> {
        self.dynamic
            .iter()
            .map(|d| match d.strip_prefix("-D") {
                Some(_) => d.clone(),
                None => format!("-D{d}"),
            })
            .collect()
    }
}

/// The effective configuration of a conf directory with its dynamic properties; `Err` with every
/// load error (a file that does not parse, a value that is not its option's type, a
/// `flink-conf.yaml` Flink 2 no longer reads).
pub fn effective_conf(request: &ConfRequest<'_>) -> Result<Deployment, String> {
    let flink: Arc<Catalogue> = catalogue_at(request.release);
    let mut builder = LayeredConfig::builder()
        .catalogue(flink.clone())
        .release(request.release)
        .strictness(Strictness::Lenient)
        .config_file(request.path);
    if let Some(text) = request.flink_properties {
        builder = builder.config_yaml(text.to_owned(), FLINK_PROPERTIES);
    }
    let layered = builder
        .args(request.arguments())
        .build()
        .map_err(|e| e.to_string())?;
    let mut stack = Stack::default();
    for layer in layered.layers() {
        for entry in layer.configuration().iter() {
            stack.write(
                entry.key(),
                entry.value().to_owned(),
                source(entry.source()),
            );
        }
    }
    fold_spellings(&mut stack, &layered, &flink);
    if request.flink_defaults {
        stack.put_flink_defaults(&flink);
    }
    Ok(Deployment {
        kind: Target::Conf,
        namespace: String::new(),
        name: request.path.display().to_string(),
        file: request.path.display().to_string(),
        line: 1,
        flink_release: request.release.version().to_owned(),
        settings: stack.settings(),
        findings: Vec::new(),
        taken: Taken::default(),
    })
}

/// The runtime's source of a value as a layer of this view.
fn source(runtime: &RuntimeSource) -> ValueSource {
    match runtime {
        RuntimeSource::File { path, line, column } if path.as_os_str() == FLINK_PROPERTIES => {
            ValueSource::of(ConfigLayer::FlinkProperties)
                .path(format!("{FLINK_PROPERTIES} line {line}:{column}"))
        }
        RuntimeSource::File { path, line, column } => {
            ValueSource::of(ConfigLayer::ConfigFile).at(&path.display().to_string(), *line, *column)
        }
        RuntimeSource::Argument => ValueSource::of(ConfigLayer::DynamicProperty).path("-D"),
        other => ValueSource::of(ConfigLayer::DynamicProperty).path(format!("{other:?}")),
    }
}

/// A key the merged configuration does not hold, because a higher layer set another spelling
/// of its option (the runtime hides the lower spellings, as Flink reads the higher one), goes
/// under the spelling that won, as what it shadows.
fn fold_spellings(stack: &mut Stack, layered: &LayeredConfig, flink: &Catalogue) {
    let merged = layered.resolved();
    let hidden: Vec<String> = stack
        .iter()
        .map(|(k, _)| k.to_owned())
        .filter(|k| merged.entry(k).is_none())
        .collect();
    for key in hidden {
        let Some(meta) = flink
            .resolve(&key)
            .filter(|r| r.role != KeyRole::Pattern)
            .map(|r| r.meta)
        else {
            continue;
        };
        let Some(winner) = meta
            .all_keys()
            .map(|k| k.name())
            .find(|k| merged.entry(k).is_some())
        else {
            continue;
        };
        let moved: Vec<Written> = stack.take(&key);
        stack.put_under(winner, moved);
    }
}
