//! What only the merged view shows: a `spec.flinkConfiguration` value a spec field replaces
//! ([`Rule::ReplacedBySpec`]), a key the operator sets itself written where the operator refuses
//! it ([`Rule::OperatorOwnedKey`]), and operator defaults for a namespace or Flink version that
//! no deployment of the run takes ([`Rule::UnusedOperatorDefault`]).

use std::collections::BTreeMap;

use options_core::key_index::KeyRole;
use options_core::{Catalogue, Release};

use super::defaults::Taken;
use super::layer::{ConfigLayer, Stack, ValueSource};
use super::mappings::{self, Mapping};
use super::operator_config::OperatorConfig;
use super::versions::{knows, FlinkVersion};
use crate::operator::{NAMESPACE_DEFAULT, VERSION_DEFAULT};
use crate::report::Finding;
use crate::resource::Kind;
use crate::rules::{Level, Rule};

/// The keys the operator sets itself and refuses in a FlinkDeployment's configuration
/// (`DefaultValidator.FORBIDDEN_CONF_KEYS`, checked over the operator's defaults and
/// `spec.flinkConfiguration` merged).
pub const OPERATOR_OWNED: [(&str, &str); 3] = [
    ("kubernetes.namespace", "metadata.namespace"),
    ("kubernetes.cluster-id", "metadata.name"),
    ("high-availability.cluster-id", "metadata.name"),
];

/// A value as a message may show it: masked when its key holds a secret.
fn shown<'v>(key: &str, value: &'v str) -> &'v str {
    options_core::sensitive::shown(key, value)
}

fn at(source: &ValueSource) -> (u32, Option<u32>) {
    (source.line.unwrap_or(1), source.column)
}

/// Where a source is, for a message: `line 12`, or `operator.yaml:12`.
fn named_place(source: &ValueSource, file: &str) -> String {
    match (&source.file, source.line) {
        (Some(f), Some(l)) if f == file => format!("line {l}"),
        (Some(f), Some(l)) => format!("{f}:{l}"),
        _ => source.path.clone().unwrap_or_default(),
    }
}

/// The findings of one resource's finished stack: values of its own `spec.flinkConfiguration`
/// that a later write replaced or that Flink does not read because another spelling of the
/// option is set by a spec field; and, for a FlinkDeployment, the keys the operator refuses.
pub fn of_resource(
    kind: Kind,
    file: &str,
    document_line: u32,
    stack: &Stack,
    flink: &Catalogue,
    release: Release,
) -> Vec<Finding> {
    // A resource's own flinkConfiguration writes are those citing its own mapping (a session
    // job's stack also holds its session deployment's).
    let own: &Mapping = match kind {
        Kind::FlinkDeployment => &mappings::FLINK_CONFIGURATION,
        Kind::FlinkSessionJob => &mappings::SESSION_JOB_CONFIGURATION,
    };
    let own_cite = own.cite(release);
    let is_own = |s: &ValueSource| {
        s.layer == ConfigLayer::FlinkConfiguration
            && s.operator_source == own_cite
            && s.file.as_deref() == Some(file)
    };
    let mut out = Vec::new();
    for (key, history) in stack.iter() {
        let Some(last) = history.last() else { continue };
        // Replaced by a later write of the same key (the keys the operator refuses are errors
        // of their own).
        let owned = OPERATOR_OWNED.iter().any(|(k, _)| *k == key);
        if matches!(
            last.source.layer,
            ConfigLayer::SpecField | ConfigLayer::Operator
        ) && !last.source.only_if_absent
            && !owned
        {
            for w in history.iter().filter(|w| is_own(&w.source)) {
                let (line, column) = at(&w.source);
                let why = match last.source.layer {
                    ConfigLayer::SpecField => format!(
                        "is replaced by {} ({}): \"{}\"; the operator applies the spec's fields after spec.flinkConfiguration, so change {} instead",
                        writer(&last.source),
                        named_place(&last.source, file),
                        shown(key, &last.value),
                        writer(&last.source),
                    ),
                    _ => format!(
                        "is replaced by the operator, which always sets \"{}\" here ({}); remove it",
                        shown(key, &last.value),
                        last.source.operator_source.as_deref().unwrap_or("FlinkConfigBuilder"),
                    ),
                };
                out.push(Finding {
                    rule: Rule::ReplacedBySpec,
                    level: Level::Warning,
                    line,
                    column,
                    message: format!("{key}: \"{}\" {why}", shown(key, &w.value)),
                    suggestions: Vec::new(),
                    fixes: Vec::new(),
                });
            }
        }
        // Not read: a spec field sets a spelling Flink reads first.
        if is_own(&last.source) {
            if let Some((other, w)) = read_first(stack, flink, key) {
                let (line, column) = at(&last.source);
                out.push(Finding {
                    rule: Rule::ReplacedBySpec,
                    level: Level::Warning,
                    line,
                    column,
                    message: format!(
                        "{key}: \"{}\" is not read: {} writes {other} (\"{}\", {}), which Flink reads before {key}",
                        shown(key, &last.value),
                        writer(&w.source),
                        shown(other, &w.value),
                        named_place(&w.source, file),
                    ),
                    suggestions: Vec::new(),
                    fixes: Vec::new(),
                });
            }
        }
    }
    if kind == Kind::FlinkDeployment {
        out.extend(owned_keys(file, document_line, stack, release));
    }
    out
}

/// What wrote a value, for a message: `spec.taskManager.resource.memory`, `the operator`.
fn writer(source: &ValueSource) -> String {
    match (source.layer, &source.path) {
        (ConfigLayer::SpecField, Some(path)) => path.clone(),
        _ => "the operator".to_owned(),
    }
}

/// Another spelling of `key`'s option that a spec field or the operator writes and that Flink
/// reads before `key` (its main key before its fallback and deprecated keys).
fn read_first<'s>(
    stack: &'s Stack,
    flink: &Catalogue,
    key: &str,
) -> Option<(&'static str, &'s super::layer::Written)> {
    let resolved = flink.resolve(key).filter(|r| r.role != KeyRole::Pattern)?;
    let meta = resolved.meta;
    for spelling in std::iter::once(&meta.key)
        .chain(meta.fallback_keys)
        .chain(meta.deprecated_keys)
    {
        let name = spelling.name();
        if name == key {
            return None;
        }
        if let Some(w) = stack.get(name) {
            if matches!(
                w.source.layer,
                ConfigLayer::SpecField | ConfigLayer::Operator
            ) && !w.source.only_if_absent
            {
                return Some((name, w));
            }
        }
    }
    None
}

/// The keys the operator refuses, where a FlinkDeployment's defaults or configuration hold them.
fn owned_keys(file: &str, document_line: u32, stack: &Stack, release: Release) -> Vec<Finding> {
    let cite = mappings::FORBIDDEN.cite(release).unwrap_or_default();
    let mut out = Vec::new();
    for (key, from) in OPERATOR_OWNED {
        for w in stack.history(key) {
            let layer = w.source.layer;
            if !matches!(
                layer,
                ConfigLayer::OperatorDefault
                    | ConfigLayer::OperatorNamespaceDefault
                    | ConfigLayer::OperatorVersionDefault
                    | ConfigLayer::FlinkConfiguration
            ) {
                continue;
            }
            let (line, column, place) = match w.source.file.as_deref() {
                Some(f) if f == file => {
                    (w.source.line.unwrap_or(1), w.source.column, String::new())
                }
                _ => (
                    document_line,
                    None,
                    format!(" (from the operator's configuration, {})", w.source.place()),
                ),
            };
            out.push(Finding {
                rule: Rule::OperatorOwnedKey,
                level: Level::Error,
                line,
                column,
                message: format!(
                    "{key} is set by the operator from {from}{place}: the operator refuses this FlinkDeployment (\"Forbidden Flink config key: {key}\", {cite}); remove it"
                ),
                suggestions: Vec::new(),
                fixes: Vec::new(),
            });
        }
    }
    out
}

/// The operator's namespace and version defaults that no deployment of the run takes, one
/// finding per namespace or version, at the first of its lines.
pub fn unused_defaults(
    config: &OperatorConfig,
    taken: &[&Taken],
    release: Release,
) -> Vec<Finding> {
    let mut groups: BTreeMap<String, (String, Vec<u32>, Option<u32>)> = BTreeMap::new();
    for s in &config.settings {
        let (prefix, what) = if let Some(rest) = s.key.strip_prefix(NAMESPACE_DEFAULT) {
            let Some((ns, _)) = rest.split_once('.') else {
                continue;
            };
            let prefix = format!("{NAMESPACE_DEFAULT}{ns}.");
            if taken.iter().any(|t| t.namespace_prefix == prefix) {
                continue;
            }
            (
                prefix,
                format!("namespace {ns}: no deployment of this run is in that namespace"),
            )
        } else if let Some(rest) = s.key.strip_prefix(VERSION_DEFAULT) {
            let Some((name, _)) = rest.split_once('.') else {
                continue;
            };
            let prefix = format!("{VERSION_DEFAULT}{name}.");
            if taken.iter().any(|t| t.version_prefixes.contains(&prefix)) {
                continue;
            }
            let base = name.strip_suffix('+');
            let why = match (FlinkVersion::parse(base.unwrap_or(name)), base) {
                (None, _) => {
                    format!("{name} is not a Flink version the operator spells (v1_20, v1_20+)")
                }
                (Some(_), Some(_)) if release.index() == 0 => {
                    format!("operator {release} reads exact versions only (`{name}` defaults from operator 1.11)")
                }
                (Some(v), _) if !knows(release, v) => {
                    format!("operator {release} does not know Flink {v}, so it never applies them")
                }
                (Some(_), Some(_)) => format!("no deployment of this run runs Flink {name}"),
                (Some(_), None) => format!("no deployment of this run runs Flink {name}"),
            };
            (prefix, format!("Flink version {name}: {why}"))
        } else {
            continue;
        };
        let entry = groups
            .entry(prefix)
            .or_insert_with(|| (what, Vec::new(), Some(s.column)));
        entry.1.push(s.line);
    }
    let mut out: Vec<Finding> = groups
        .into_values()
        .map(|(what, lines, column)| {
            let count = lines.len();
            let listed: Vec<String> = lines.iter().map(u32::to_string).collect();
            Finding {
                rule: Rule::UnusedOperatorDefault,
                level: Level::Note,
                line: lines[0],
                column,
                message: format!(
                    "{} for {what} (line{} {})",
                    options_docs::format::plural(count, "default"),
                    if count == 1 { "" } else { "s" },
                    listed.join(", ")
                ),
                suggestions: Vec::new(),
                fixes: Vec::new(),
            }
        })
        .collect();
    out.sort_by_key(|f| f.line);
    out
}
