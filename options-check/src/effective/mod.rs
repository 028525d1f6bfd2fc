//! What Flink will really run with: the configuration the Flink Kubernetes Operator (1.10 to
//! 1.15) builds for each `FlinkDeployment` and `FlinkSessionJob`, every value with where it came
//! from and what it shadows.
//!
//! The operator builds it from layers, lowest first ([`ConfigLayer`]):
//!
//! 1. Flink's default for the deployment's release;
//! 2. the operator's default configuration ([`OperatorConfig`]: its `config.yaml` or
//!    `flink-conf.yaml`, its ConfigMap, or the Helm values' `defaultConfiguration`), every key;
//! 3. `kubernetes.operator.default-configuration.namespace.<namespace>.<key>`;
//! 4. `kubernetes.operator.default-configuration.flink-version.<version>.<key>`, and from
//!    operator 1.11 every `<version>+` at or below the deployment's, older first, before the
//!    exact version: version defaults beat namespace defaults ([`defaults`]);
//! 5. `spec.flinkConfiguration`;
//! 6. the spec's fields, applied after it and replacing what it wrote (`builder.rs`, the
//!    operator's `FlinkConfigBuilder`);
//! 7. keys the operator always sets, and defaults it sets only when no layer did.
//!
//! A `FlinkSessionJob` gets its session deployment's configuration, then its own
//! `spec.flinkConfiguration` and job settings. Each write cites the line of the operator's source
//! that makes it, per release ([`mappings`]).
//!
//! ```
//! use options_check::effective::{self, operator_config, Request};
//! use options_check::resource;
//!
//! let operator = operator_config::read(
//!     "operator.yaml",
//!     "kubernetes.operator.default-configuration.namespace.team-a.parallelism.default: 2\n",
//! )
//! .unwrap();
//! let manifest = "apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nmetadata:\n  name: orders\n  namespace: team-a\nspec:\n  flinkVersion: v1_20\n";
//! let manifests = [effective::Manifest::new("orders.yaml", resource::read(manifest))];
//! let run = effective::effective(&manifests, Some(&operator), &Request::default());
//! let orders = &run.deployments[0];
//! let setting = orders.setting("parallelism.default").unwrap();
//! assert_eq!(setting.value, "2");
//! assert_eq!(setting.source.layer.name(), "operator-namespace-default");
//! ```

mod builder;
pub mod conf;
pub mod defaults;
pub mod docs;
pub mod findings;
mod layer;
pub mod mappings;
pub mod memory;
pub mod operator_config;
pub mod render;
pub mod versions;

use std::fmt;

use options_core::{Catalogue, Release};
use options_flink::builtin::catalogue_at;
use options_flink::FLINK_RELEASES;
use options_flink_operator::OPERATOR_RELEASES;

use crate::report::Finding;
use crate::resource::{Kind, Resource, Resources};
use crate::rules::{Level, Rule};

pub use layer::{ConfigLayer, Entry, Stack, ValueSource, Written};
pub use operator_config::OperatorConfig;

use builder::Context;
use defaults::Taken;
use versions::FlinkVersion;

/// One manifest file of a run: its name as shown, and its resources.
#[derive(Clone, Debug)]
pub struct Manifest {
    /// The file as the user named it.
    pub file: String,
    /// What it holds.
    pub resources: Resources,
}

impl Manifest {
    /// A manifest named `file`.
    pub fn new(file: impl Into<String>, resources: Resources) -> Self {
        Manifest {
            file: file.into(),
            resources,
        }
    }
}

/// How to build.
#[derive(Clone, Copy, Debug)]
pub struct Request {
    /// The operator release whose rules apply (`--operator-release`; the newest by default).
    pub operator_release: Release,
    /// Put Flink's defaults in: every option of the release with a default, and under each
    /// setting the default it shadows (`--all`).
    pub flink_defaults: bool,
}

impl Default for Request {
    fn default() -> Self {
        Request {
            operator_release: OPERATOR_RELEASES.newest(),
            flink_defaults: false,
        }
    }
}

/// What an effective configuration is of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A resource of a manifest.
    Resource(Kind),
    /// A conf directory (or configuration file) outside Kubernetes.
    Conf,
}

impl Target {
    /// `FlinkDeployment`, `FlinkSessionJob`, `conf`.
    pub fn name(self) -> &'static str {
        match self {
            Target::Resource(kind) => kind.name(),
            Target::Conf => "conf",
        }
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One resource's effective configuration (or a conf directory's).
#[derive(Clone, Debug)]
pub struct Deployment {
    /// A `FlinkDeployment`, a `FlinkSessionJob`, or a conf directory.
    pub kind: Target,
    /// Its namespace (`default` when the manifest names none).
    pub namespace: String,
    /// Its name.
    pub name: String,
    /// The manifest file.
    pub file: String,
    /// The line its document starts on.
    pub line: u32,
    /// The Flink release whose defaults and keys were used (`1.20`).
    pub flink_release: String,
    /// The settings, sorted by key.
    pub settings: Vec<Entry>,
    /// Findings only the merged view gives, and why a part could not be built.
    pub findings: Vec<Finding>,
    /// The operator's defaults it took.
    pub taken: Taken,
}

impl Deployment {
    /// The setting of `key`.
    pub fn setting(&self, key: &str) -> Option<&Entry> {
        self.settings
            .binary_search_by(|s| s.key.as_str().cmp(key))
            .ok()
            .map(|i| &self.settings[i])
    }
}

/// A run: every resource's effective configuration, and the findings about the operator's
/// configuration.
#[derive(Clone, Debug, Default)]
pub struct Effective {
    /// One per resource, in the order of the manifests and of their documents.
    pub deployments: Vec<Deployment>,
    /// Findings about the operator's configuration (at its file's lines).
    pub operator_findings: Vec<Finding>,
}

/// Builds the effective configuration of every resource of `manifests` with the operator's
/// default configuration `operator` (none: only what the resources and the operator's rules
/// give).
pub fn effective(
    manifests: &[Manifest],
    operator: Option<&OperatorConfig>,
    request: &Request,
) -> Effective {
    let mut out = Effective::default();
    // A session job builds on its session's stack: keep the stacks only when a job needs them.
    let jobs_present = manifests
        .iter()
        .flat_map(|m| &m.resources.resources)
        .any(|r| r.kind == Kind::FlinkSessionJob);
    let mut stacks: Vec<(usize, Stack)> = Vec::new();
    // Deployments first: a session job builds on its session deployment's stack.
    for manifest in manifests {
        for resource in &manifest.resources.resources {
            if resource.kind == Kind::FlinkDeployment {
                let (deployment, stack) =
                    deployment(manifest, resource, operator, request, jobs_present);
                if let Some(stack) = stack {
                    stacks.push((out.deployments.len(), stack));
                }
                out.deployments.push(deployment);
            }
        }
    }
    let mut jobs = Vec::new();
    for manifest in manifests {
        for resource in &manifest.resources.resources {
            if resource.kind == Kind::FlinkSessionJob {
                jobs.push(session_job(
                    manifest, resource, operator, request, &out, &stacks,
                ));
            }
        }
    }
    out.deployments.extend(jobs);
    // In file order again.
    let order = |d: &Deployment| {
        let file = manifests.iter().position(|m| m.file == d.file);
        (file, d.line)
    };
    out.deployments.sort_by_key(order);
    if let Some(config) = operator {
        let taken: Vec<&Taken> = out
            .deployments
            .iter()
            .filter(|d| d.kind == Target::Resource(Kind::FlinkDeployment))
            .map(|d| &d.taken)
            .collect();
        out.operator_findings = findings::unused_defaults(config, &taken, request.operator_release);
    }
    out
}

/// What `flinkconf validate --operator-config` adds to the report of a manifest: each
/// resource's [`Rule::ReplacedBySpec`] and [`Rule::OperatorOwnedKey`] findings, with the
/// operator's configuration `operator` under it, as operator `release` builds it.
pub fn manifest_findings(
    file: &str,
    text: &str,
    operator: Option<&OperatorConfig>,
    release: Release,
) -> Vec<Finding> {
    let manifests = [Manifest::new(file, crate::resource::read(text))];
    let request = Request {
        operator_release: release,
        flink_defaults: false,
    };
    effective(&manifests, operator, &request)
        .deployments
        .into_iter()
        .flat_map(|d| d.findings)
        .filter(|f| matches!(f.rule, Rule::ReplacedBySpec | Rule::OperatorOwnedKey))
        .collect()
}

/// The Flink catalogue of a resource's release, with a finding when the release has none of its
/// own (the oldest or newest one used instead).
fn flink_catalogue(
    resource: &Resource,
    version: Option<FlinkVersion>,
    findings: &mut Vec<Finding>,
) -> (std::sync::Arc<Catalogue>, String) {
    let release = version.and_then(|v| FLINK_RELEASES.release(&v.release()).ok());
    let chosen = match (release, version) {
        (Some(r), _) => r,
        (None, Some(v)) => {
            let chosen = FLINK_RELEASES
                .nearest(&v.release())
                .unwrap_or(FLINK_RELEASES.newest());
            let at = resource
                .flink_version
                .as_ref()
                .map_or(resource.line, |r| r.at.line);
            findings.push(Finding {
                rule: Rule::Note,
                level: Level::Note,
                line: at,
                column: None,
                message: format!(
                    "Flink {} has no catalogue here (releases {} to {}): its defaults and keys are taken from {chosen}",
                    v.release(),
                    FLINK_RELEASES.oldest(),
                    FLINK_RELEASES.newest()
                ),
                suggestions: Vec::new(),
                fixes: Vec::new(),
            });
            chosen
        }
        (None, None) => FLINK_RELEASES.newest(),
    };
    (catalogue_at(chosen), chosen.version().to_owned())
}

/// The operator's configuration for a deployment, and the builder's writes over it; the stack
/// too when `keep` (a session job of the run builds on it).
fn deployment(
    manifest: &Manifest,
    resource: &Resource,
    operator: Option<&OperatorConfig>,
    request: &Request,
    keep: bool,
) -> (Deployment, Option<Stack>) {
    let mut findings = Vec::new();
    let version = resource
        .spec_text(&["flinkVersion"])
        .and_then(FlinkVersion::parse);
    let (flink, flink_release) = flink_catalogue(resource, version, &mut findings);
    let mut stack = Stack::default();
    let taken = match operator {
        Some(config) => defaults::apply(
            &mut stack,
            config,
            resource.namespace(),
            version,
            request.operator_release,
        ),
        None => Taken::default(),
    };
    let cx = Context {
        resource,
        file: &manifest.file,
        release: request.operator_release,
        version,
        flink: &flink,
    };
    builder::build(&cx, &mut stack, &mut findings);
    let kept = keep.then(|| stack.clone());
    let deployment = finish(
        manifest,
        resource,
        stack,
        &flink,
        flink_release,
        findings,
        taken,
        request,
    );
    (deployment, kept)
}

/// A session job: its session deployment's stack (or the operator's defaults alone, with a
/// finding, when the run does not hold it), then its own configuration and job settings.
fn session_job(
    manifest: &Manifest,
    resource: &Resource,
    operator: Option<&OperatorConfig>,
    request: &Request,
    built: &Effective,
    stacks: &[(usize, Stack)],
) -> Deployment {
    let mut findings = Vec::new();
    let session = resource.spec_text(&["deploymentName"]).unwrap_or_default();
    let found = stacks.iter().find(|(i, _)| {
        let d = &built.deployments[*i];
        d.name == session && d.namespace == resource.namespace()
    });
    let (mut stack, flink_release, taken) = match found {
        Some((i, stack)) => {
            let d = &built.deployments[*i];
            (stack.clone(), d.flink_release.clone(), d.taken.clone())
        }
        None => {
            findings.push(Finding {
                rule: Rule::Note,
                level: Level::Note,
                line: resource
                    .spec_field(&["deploymentName"])
                    .map_or(resource.line, |f| f.pos.line),
                column: resource.spec_field(&["deploymentName"]).map(|f| f.pos.column),
                message: format!(
                    "the session FlinkDeployment \"{session}\" (namespace {}) is not among the manifests: only the operator's defaults are under this job's own settings",
                    resource.namespace()
                ),
                suggestions: Vec::new(),
                fixes: Vec::new(),
            });
            let mut stack = Stack::default();
            let taken = match operator {
                Some(config) => defaults::apply(
                    &mut stack,
                    config,
                    resource.namespace(),
                    None,
                    request.operator_release,
                ),
                None => Taken::default(),
            };
            (stack, FLINK_RELEASES.newest().version().to_owned(), taken)
        }
    };
    let flink = catalogue_at(
        FLINK_RELEASES
            .release(&flink_release)
            .unwrap_or(FLINK_RELEASES.newest()),
    );
    let cx = Context {
        resource,
        file: &manifest.file,
        release: request.operator_release,
        version: None,
        flink: &flink,
    };
    // FlinkConfigManager.getSessionJobConfig: the session job's flinkConfiguration over the
    // session's configuration, then `applyJobConfig(name, ...)`.
    if let Some(conf) = &resource.flink_configuration {
        for s in &conf.settings {
            let source = ValueSource {
                operator_source: mappings::SESSION_JOB_CONFIGURATION.cite(request.operator_release),
                ..ValueSource::of(ConfigLayer::FlinkConfiguration).at(
                    &manifest.file,
                    s.line,
                    s.column,
                )
            };
            stack.write(&s.key, s.value.clone(), source);
        }
    }
    builder::apply_job_config(&cx, &mut stack, resource.name());
    finish(
        manifest,
        resource,
        stack,
        &flink,
        flink_release,
        findings,
        taken,
        request,
    )
}

/// The deployment of a finished stack: its settings in key order, Flink's defaults put in when
/// asked for.
#[allow(clippy::too_many_arguments)]
fn finish(
    manifest: &Manifest,
    resource: &Resource,
    mut stack: Stack,
    flink: &Catalogue,
    flink_release: String,
    mut findings: Vec<Finding>,
    taken: Taken,
    request: &Request,
) -> Deployment {
    findings.extend(findings::of_resource(
        resource.kind,
        &manifest.file,
        resource.line,
        &stack,
        flink,
        request.operator_release,
    ));
    findings.sort_by_key(|f| (f.line, f.column));
    if request.flink_defaults {
        stack.put_flink_defaults(flink);
    }
    let settings = stack.settings();
    Deployment {
        kind: Target::Resource(resource.kind),
        namespace: resource.namespace().to_owned(),
        name: resource.name().to_owned(),
        file: manifest.file.clone(),
        line: resource.line,
        flink_release,
        settings,
        findings,
        taken,
    }
}
