//! Configuration two programs read: Flink and the Flink Kubernetes Operator
//! ([`options_flink_operator`]). A resource's `spec.flinkConfiguration` holds Flink's options and
//! the operator's per-resource ones (the autoscaler's, the "dynamic" operator options); the
//! operator's own configuration (Helm values' `defaultConfiguration`, the operator's ConfigMap)
//! holds the operator's options and Flink's defaults for every resource.
//!
//! Each key is routed to the catalogue that reads it: Flink's (at the resource's release) when it
//! knows the key, else the operator's (at the operator release chosen), else it is unknown and
//! its suggestions come from both catalogues. An operator key is checked like any option (type,
//! closed set, deprecated spellings); where it may be set ([`Placement`]) adds a warning when the
//! configuration is not read for it. `kubernetes.operator.default-configuration.flink-version.
//! <version>.<key>` and `...namespace.<namespace>.<key>` have their `<key>` checked against
//! that Flink release's catalogue (and the operator's).

use std::cell::OnceCell;

use options_core::key_index::KeyRole;
use options_core::layers::Strictness;
use options_core::suggest::{CandidateOf, SuggestIndex};
use options_core::{ReleaseError, ValueKind};
use options_flink_operator::placement::Placement;

use crate::finding::Finding;
use crate::input::{release_of, Reader};
use crate::registry::BuiltIn;
use crate::rules::{Level, Rule};
use crate::settings::read_settings_sharing;
use crate::validate::{check_legacy_text_with, check_text_with, validate_with, CheckOptions};
use options_core::Setting;
use options_docs::keys::ModelKeyIndex;
use options_docs::model::CatalogueDoc;
use options_docs::source::Loaded;

/// The operator's catalogue at `release` (`1.13`; a patch spelling such as `1.13.1` means its
/// release), the newest when `None`, loaded for checking once per process
/// ([`crate::registry`]).
pub fn catalogue(release: Option<&str>) -> Result<&'static Loaded, ReleaseError> {
    BuiltIn::Operator
        .checked_at(release)
        .map(|checked| checked.loaded)
}

/// The keys that set a default for the resources of one Flink version, and of one namespace.
pub const VERSION_DEFAULT: &str = "kubernetes.operator.default-configuration.flink-version.";
/// See [`VERSION_DEFAULT`].
pub const NAMESPACE_DEFAULT: &str = "kubernetes.operator.default-configuration.namespace.";

/// What a default key (`...flink-version.v1_20.parallelism.default`) is a default for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum DefaultFor<'k> {
    /// The resources of this `flinkVersion` (`v1_20`, `v1_18+`).
    Version(&'k str),
    /// The resources of this namespace.
    Namespace(&'k str),
}

/// The scope and the inner key of a default key.
fn default_of(key: &str) -> Option<(DefaultFor<'_>, &str)> {
    let (version, rest) = match (
        key.strip_prefix(VERSION_DEFAULT),
        key.strip_prefix(NAMESPACE_DEFAULT),
    ) {
        (Some(rest), _) => (true, rest),
        (_, Some(rest)) => (false, rest),
        _ => return None,
    };
    let (name, inner) = rest.split_once('.')?;
    let scope = match version {
        true => DefaultFor::Version(name),
        false => DefaultFor::Namespace(name),
    };
    (!name.is_empty() && !inner.is_empty()).then_some((scope, inner))
}

/// Which catalogue answers a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Route {
    /// Flink's: it knows the key (or another Flink release does), or neither does.
    Flink,
    /// The operator's.
    Operator,
    /// A default of another key for some resources.
    Default,
}

/// Both catalogues with their key indexes, and suggestions drawn from both.
struct Both<'a> {
    flink: &'a Loaded,
    flink_index: ModelKeyIndex<'a>,
    operator: &'a Loaded,
    operator_index: ModelKeyIndex<'a>,
    /// Built on the first unknown key.
    suggestions: OnceCell<SuggestIndex<'a>>,
}

impl<'a> Both<'a> {
    fn new(flink: &'a Loaded, operator: &'a Loaded) -> Self {
        Both {
            flink,
            flink_index: ModelKeyIndex::new(&flink.doc),
            operator,
            operator_index: ModelKeyIndex::new(&operator.doc),
            suggestions: OnceCell::new(),
        }
    }

    fn route(&self, key: &str) -> Route {
        if self.flink_index.resolve(key).is_some() {
            Route::Flink
        } else if default_of(key).is_some() {
            Route::Default
        } else if self.operator_index.resolve(key).is_some()
            // A key of another operator release (and of no Flink release).
            || (self.flink.absent(key).is_none() && self.operator.absent(key).is_some())
        {
            Route::Operator
        } else {
            Route::Flink
        }
    }

    /// Whether `key` names a Map-typed option of the operator's (its block mapping is its value).
    fn operator_map(&self, key: &str) -> bool {
        self.flink_index.resolve(key).is_none()
            && self.operator_index.resolve(key).is_some_and(|(_, o, _)| {
                o.value_type.kind == ValueKind::Map.name() && !o.value_type.list
            })
    }

    fn suggest(&self, key: &str) -> Vec<String> {
        self.suggestions
            .get_or_init(|| {
                SuggestIndex::new(candidates(&self.flink.doc).chain(candidates(&self.operator.doc)))
            })
            .suggest(key)
            .into_iter()
            .map(str::to_owned)
            .collect()
    }
}

/// Every key of a model as a suggestion candidate.
fn candidates(doc: &CatalogueDoc) -> impl Iterator<Item = CandidateOf<'_>> {
    doc.options().flat_map(|(_, o)| {
        std::iter::once(&o.key)
            .chain(&o.fallback_keys)
            .chain(&o.deprecated_keys)
            .map(move |key| CandidateOf {
                key,
                target: &o.key,
                hidden: o.hidden,
            })
    })
}

/// Every problem of the configuration `text` (a legacy `flink-conf.yaml` when `legacy`), which
/// `reader` reads: Flink's keys checked against `flink` (through `flink_index`, its model
/// indexed once by a caller that checks many files, when given), the operator's against
/// `operator`.
pub fn check_text(
    flink: &Loaded,
    flink_index: Option<&ModelKeyIndex<'_>>,
    operator: &Loaded,
    text: &str,
    legacy: bool,
    strictness: Strictness,
    reader: Reader,
) -> Vec<Finding> {
    let both = Both::new(flink, operator);
    let skip = |key: &str| both.route(key) != Route::Flink;
    let suggest = |key: &str| both.suggest(key);
    let map_option = |key: &str| both.operator_map(key);
    let sharing = CheckOptions {
        strictness,
        skip: Some(&skip),
        suggest: Some(&suggest),
        map_option: Some(&map_option),
        index: flink_index,
        place: None,
    };
    let mut problems = match legacy {
        true => check_legacy_text_with(flink, text, &sharing),
        false => check_text_with(flink, text, &sharing),
    };
    // A legacy file this release refuses is one error, already reported.
    let refused = flink
        .release()
        .is_some_and(|r| !options_flink::legacy::reads_legacy_file(Some(r)));
    if legacy && refused {
        return problems;
    }
    let settings: Vec<Setting> = match legacy {
        true => options_flink::legacy::parse_flink_conf(text)
            .settings()
            .into_iter()
            .cloned()
            .collect(),
        false => read_settings_sharing(text, flink, Some(&map_option)).settings,
    };
    let (operator_settings, defaults): (Vec<Setting>, Vec<Setting>) = settings
        .into_iter()
        .filter(|s| both.route(&s.key) != Route::Flink)
        .partition(|s| both.route(&s.key) == Route::Operator);
    problems.extend(check_operator(
        &both,
        &operator_settings,
        strictness,
        reader,
    ));
    problems.extend(check_defaults(flink, operator, &defaults, strictness));
    // Defaults by version or namespace are the operator's own settings.
    problems.extend(defaults.iter().filter_map(|s| {
        misplaced(&s.key, Placement::Operator, reader).map(|message| {
            Finding::at_level(
                Rule::NoEffect,
                Level::Warning,
                s.line,
                Some(s.column),
                message,
            )
        })
    }));
    crate::finding::sort(&mut problems);
    problems
}

/// The problems of settings the operator reads: its own checks, an old spelling it reads as a
/// fallback key (`kubernetes.operator.job.autoscaler.*`) named with its current key, and a
/// setting `reader` does not read for it.
fn check_operator(
    both: &Both<'_>,
    settings: &[Setting],
    strictness: Strictness,
    reader: Reader,
) -> Vec<Finding> {
    let mut problems = validate_with(both.operator, settings, &CheckOptions::new(strictness));
    // A key of another operator release: the command chooses the operator's with its own flag.
    for p in &mut problems {
        p.message = p
            .message
            .replace("; choose release ", "; choose --operator-release ");
    }
    for s in settings {
        let Some((section, option, role)) = both.operator_index.resolve(&s.key) else {
            continue;
        };
        let mut warn = |rule: Rule, message: String| {
            problems.push(Finding::at_level(
                rule,
                Level::Warning,
                s.line,
                Some(s.column),
                message,
            ))
        };
        if role == KeyRole::Fallback {
            warn(
                Rule::DeprecatedKey,
                format!(
                    "\"{}\" is a deprecated key; use \"{}\" instead",
                    s.key, option.key
                ),
            );
        }
        if let Some(message) = Placement::of_section(&section.id)
            .and_then(|placement| misplaced(&s.key, placement, reader))
        {
            warn(Rule::NoEffect, message);
        }
    }
    problems
}

/// Why `reader` does not read an option of `placement` set under `key`, if it does not.
fn misplaced(key: &str, placement: Placement, reader: Reader) -> Option<String> {
    match (reader, placement) {
        (Reader::Resource, Placement::Operator) => Some(format!(
            "\"{key}\" configures the operator itself and cannot be set per resource, so it has no effect here: set it in the operator's configuration (Helm values defaultConfiguration, or the operator's ConfigMap)"
        )),
        (Reader::Resource, Placement::BlueGreenResource) => Some(format!(
            "\"{key}\" is read from spec.configuration of a FlinkBlueGreenDeployment, not from spec.flinkConfiguration: it has no effect here"
        )),
        (_, Placement::Standalone) => Some(format!(
            "\"{key}\" is read only by the standalone autoscaler process, not by the operator or Flink: it has no effect here"
        )),
        _ => None,
    }
}

/// The problems of default keys (`...flink-version.<version>.<key>`, `...namespace.<ns>.<key>`):
/// each `<key>` checked against the Flink release the version names (the nearest carried for
/// one that is not; `flink` for a namespace's defaults) and the operator's catalogue, as a
/// resource's setting.
fn check_defaults(
    flink: &Loaded,
    operator: &Loaded,
    settings: &[Setting],
    strictness: Strictness,
) -> Vec<Finding> {
    let mut scopes: Vec<(DefaultFor<'_>, Vec<Setting>)> = Vec::new();
    for s in settings {
        let Some((scope, inner)) = default_of(&s.key) else {
            continue;
        };
        let inner = Setting {
            key: inner.to_owned(),
            ..s.clone()
        };
        match scopes.iter_mut().find(|(d, _)| *d == scope) {
            Some((_, list)) => list.push(inner),
            None => scopes.push((scope, vec![inner])),
        }
    }
    let mut problems = Vec::new();
    for (scope, inner) in scopes {
        let (at, what) = match scope {
            DefaultFor::Version(version) => match flink_at(version) {
                Some((loaded, release)) => (
                    Some(loaded),
                    format!("default for flinkVersion {version}, checked against Flink {release}"),
                ),
                None => (None, format!("default for flinkVersion {version}")),
            },
            DefaultFor::Namespace(namespace) => {
                (None, format!("default for namespace {namespace}"))
            }
        };
        let flink = at.unwrap_or(flink);
        let both = Both::new(flink, operator);
        let (operator_settings, flink_settings): (Vec<Setting>, Vec<Setting>) = inner
            .into_iter()
            .partition(|s| both.route(&s.key) == Route::Operator);
        let suggest = |key: &str| both.suggest(key);
        let options = CheckOptions {
            strictness,
            suggest: Some(&suggest),
            ..CheckOptions::default()
        };
        let mut found = validate_with(flink, &flink_settings, &options);
        found.extend(check_operator(
            &both,
            &operator_settings,
            strictness,
            Reader::Resource,
        ));
        problems.extend(found.into_iter().map(|p| Finding {
            message: format!("{} ({what})", p.message),
            ..p
        }));
    }
    problems
}

/// Flink's catalogue for a `flinkVersion` of the operator's (`v1_20`, `v1_18+`): that release, or
/// the nearest carried (1.19 for `v1_18` and older), and the release it is.
fn flink_at(version: &str) -> Option<(&'static Loaded, String)> {
    let release = release_of(version.trim_end_matches('+'))?;
    let near = BuiltIn::Flink.nearest(&release)?.release;
    Some((
        BuiltIn::Flink.checked(near).loaded,
        near.version().to_owned(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_keys_name_their_scope_and_key() {
        assert_eq!(
            default_of(
                "kubernetes.operator.default-configuration.flink-version.v1_20.parallelism.default"
            ),
            Some((DefaultFor::Version("v1_20"), "parallelism.default"))
        );
        assert_eq!(
            default_of(
                "kubernetes.operator.default-configuration.namespace.prod.job.autoscaler.enabled"
            ),
            Some((DefaultFor::Namespace("prod"), "job.autoscaler.enabled"))
        );
        assert_eq!(
            default_of("kubernetes.operator.default-configuration.namespace.prod"),
            None
        );
        assert_eq!(default_of("kubernetes.operator.reconcile.interval"), None);
    }
}
