//! The configuration of the [Apache Flink Kubernetes Operator] (operator releases 1.10 to 1.15)
//! declared with `options_core`'s `#[derive(Options)]`: every option of the operator's reference
//! tables with its type, default, old spellings and closed set of values, in each release, plus
//! the key families the operator reads without documenting them.
//!
//! [Apache Flink Kubernetes Operator]: https://nightlies.apache.org/flink/flink-kubernetes-operator-docs-stable/
//!
//! # Sections
//!
//! Each group is one section of the reference and one file of this crate:
//!
//! | group | section id | keys | where it may be set |
//! |---|---|---|---|
//! | [`AutoscalerOptions`] | `autoscaler` | `job.autoscaler.*` | per resource |
//! | [`OperatorDynamicOptions`] | `operator-dynamic` | `kubernetes.operator.*` | per resource |
//! | [`BlueGreenOptions`] | `bluegreen` | `kubernetes.operator.bluegreen.*` | per blue/green resource |
//! | [`OperatorSystemOptions`] | `operator-system` | `kubernetes.operator.*` | operator only |
//! | [`OperatorAdvancedOptions`] | `operator-system-advanced` | `kubernetes.operator.*` | operator only |
//! | [`OperatorMetricOptions`] | `operator-system-metrics` | `kubernetes.operator.*` | operator only |
//! | [`OperatorMetricReporterOptions`] | `operator-system-metric-reporters` | `kubernetes.operator.metrics.<key>` | operator only |
//! | [`DefaultConfigurationOptions`] | `operator-system-default-configuration` | `kubernetes.operator.default-configuration.*` | operator only |
//! | [`ListenerOptions`] | `operator-system-listeners` | `kubernetes.operator.plugins.listeners.<listener_name>.<key>` | operator only |
//! | [`StandaloneAutoscalerOptions`] | `autoscaler-standalone` | `autoscaler.standalone.*` | standalone autoscaler only |
//!
//! **Where an option may be set** (the operator docs' "Resource/User Configuration" against
//! "System Configuration") has no field in `OptionMeta` or `GroupMeta`, so this crate records it
//! by section: a section's options share a [`placement::Placement`], the ids of the operator
//! sections no resource can override contain `system`, [`placement::PER_RESOURCE_SECTIONS`]
//! lists the per-resource ones, and each section's `family` names its placement. [`per_resource`]
//! and [`placement::placement`] answer for any key. See [`placement`].
//!
//! # Releases
//!
//! [`OPERATOR_RELEASES`] lists the releases; every option says when it arrived (`since`) and
//! when it was removed or renamed (`removed`), so [`catalogue_at`] gives the catalogue as one
//! release reads it and [`catalogue`] the newest. A renamed key stays readable under its new
//! name's deprecated or fallback keys, as the operator declares them: every `job.autoscaler.*`
//! option reads its old `kubernetes.operator.job.autoscaler.*` spelling as a fallback key.
//!
//! ```
//! use options_core::prelude::*;
//! use options_flink_operator::{catalogue, catalogue_at, AutoscalerOptions, OPERATOR_RELEASES};
//!
//! let mut config = Configuration::with_catalogue(catalogue());
//! config.set_str("kubernetes.operator.job.autoscaler.utilization.target", "0.8").unwrap();
//! assert_eq!(config.get(&AutoscalerOptions::UTILIZATION_TARGET), 0.8);
//!
//! // Release 1.10 knew the option by its old name only.
//! let old = catalogue_at(OPERATOR_RELEASES.release("1.10.0").unwrap());
//! assert!(old.resolve("job.autoscaler.utilization.target").is_none());
//! assert!(old.resolve("job.autoscaler.target.utilization").is_some());
//!
//! assert!(options_flink_operator::per_resource("job.autoscaler.enabled"));
//! assert!(!options_flink_operator::per_resource("kubernetes.operator.reconcile.interval"));
//! ```
//!
//! The facts (keys, types, defaults, spellings, enum values of each release) come from the
//! operator's generated docs tables and Java sources; `tests/reference.rs` checks every option
//! against them and lists each deliberate difference with its reason in
//! `tests/data/differences.tsv`. The descriptions are this crate's own.
#![deny(missing_docs)]

use std::sync::{Arc, OnceLock};

use options_core::{Catalogue, Release};

mod autoscaler;
mod bluegreen;
pub mod change;
mod default_configuration;
mod engine;
pub mod enums;
mod listeners;
mod metric_reporters;
mod metrics;
mod operator_advanced;
mod operator_dynamic;
mod operator_system;
pub mod placement;
mod standalone;

pub use autoscaler::AutoscalerOptions;
pub use bluegreen::BlueGreenOptions;
pub use default_configuration::DefaultConfigurationOptions;
pub use engine::{OPERATOR, OPERATOR_RELEASES};
pub use listeners::ListenerOptions;
pub use metric_reporters::OperatorMetricReporterOptions;
pub use metrics::OperatorMetricOptions;
pub use operator_advanced::OperatorAdvancedOptions;
pub use operator_dynamic::OperatorDynamicOptions;
pub use operator_system::OperatorSystemOptions;
pub use placement::per_resource;
pub use standalone::StandaloneAutoscalerOptions;

/// Every operator option as the newest release ([`OPERATOR_RELEASES`]) reads it, in the order of
/// the table above; the engine is [`OPERATOR`]. Built once and shared.
pub fn catalogue() -> Arc<Catalogue> {
    catalogue_at(OPERATOR_RELEASES.newest())
}

/// Every operator option as `release` reads it: the options it has, with their types, defaults
/// and spellings in that release; keys of other releases are reported as added later or removed
/// ([`Catalogue::absent`]). Built once per release and shared.
///
/// # Panics
///
/// When `release` is not one of [`OPERATOR_RELEASES`] (a release of another engine's line).
///
/// ```
/// use options_flink_operator::{catalogue_at, OPERATOR_RELEASES};
///
/// let release = OPERATOR_RELEASES.release("1.13").unwrap();
/// let catalogue = catalogue_at(release);
/// assert_eq!(catalogue.release(), Some(release));
/// let why = catalogue.absent("kubernetes.operator.job.submission.timeout").unwrap();
/// assert_eq!(why.reason_text(), "it was added in 1.14; choose release 1.14 or later to use it");
/// ```
pub fn catalogue_at(release: Release) -> Arc<Catalogue> {
    static CATALOGUES: [OnceLock<Arc<Catalogue>>; engine::OPERATOR_VERSIONS.len()] =
        [const { OnceLock::new() }; engine::OPERATOR_VERSIONS.len()];
    let built = || Arc::new(build(release));
    match CATALOGUES.get(release.index()) {
        Some(cell) if release.same_line(&OPERATOR_RELEASES) => cell.get_or_init(built).clone(),
        _ => built(),
    }
}

fn build(release: Release) -> Catalogue {
    assert!(
        release.same_line(&OPERATOR_RELEASES),
        "{release:?} is not a release of the Flink Kubernetes Operator; take one from OPERATOR_RELEASES"
    );
    Catalogue::for_release(release)
        .with::<AutoscalerOptions>()
        .and_then(Catalogue::with::<OperatorDynamicOptions>)
        .and_then(Catalogue::with::<BlueGreenOptions>)
        .and_then(Catalogue::with::<OperatorSystemOptions>)
        .and_then(Catalogue::with::<OperatorAdvancedOptions>)
        .and_then(Catalogue::with::<OperatorMetricOptions>)
        .and_then(Catalogue::with::<OperatorMetricReporterOptions>)
        .and_then(Catalogue::with::<DefaultConfigurationOptions>)
        .and_then(Catalogue::with::<ListenerOptions>)
        .and_then(Catalogue::with::<StandaloneAutoscalerOptions>)
        // The groups declare disjoint keys; tests/reference.rs builds every release.
        .expect("the operator's option groups declare conflicting keys")
}
