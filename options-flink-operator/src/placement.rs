//! Where an option may be set: per resource, or only in the operator's (or the standalone
//! autoscaler's) own configuration.
//!
//! The operator's docs split its options into "Resource/User Configuration" (may also be set in
//! a resource's `spec.flinkConfiguration`) and "System Configuration" / "Advanced System
//! Configuration" (cannot be overridden per resource); the autoscaler's options may be set per
//! resource, the standalone autoscaler's are read by that process only, and the metric options
//! by the operator only. Neither [`options_core::OptionMeta`] nor [`options_core::GroupMeta`] has a
//! field for this, so it is carried by the **sections**: every option of a section shares one
//! [`Placement`], and the section says which in three ways a checker can read, from this crate
//! or from a `catalogue.json`:
//!
//! * its id is listed in [`PER_RESOURCE_SECTIONS`] (per resource) or not;
//! * the id of every operator section that no resource can override contains `system`
//!   (`operator-system`, `operator-system-advanced`, `operator-system-metrics`, ...);
//! * its `family` (the site's navigation heading) is the placement's
//!   [`family`](Placement::family): `Per resource`, `Blue/green resources`, `Operator system`
//!   or `Standalone autoscaler`.
//!
//! [`per_resource`] and [`placement`] answer for a key in any spelling (an old key, a fallback
//! key, an instance of a pattern key) and in any release.

use crate::engine::OPERATOR_RELEASES;

/// Where the options of a section may be set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Placement {
    /// In the operator's default configuration and in `spec.flinkConfiguration` of a
    /// `FlinkDeployment` or `FlinkSessionJob`, which wins for that resource: the operator's
    /// "Resource/User Configuration" and the autoscaler's options.
    Resource,
    /// In `spec.configuration` of a `FlinkBlueGreenDeployment` (operator 1.14 and later).
    BlueGreenResource,
    /// In the operator's own configuration only; a resource cannot override it (the operator's
    /// "System" and "Advanced System Configuration", its metric options and its pass-through
    /// keys).
    Operator,
    /// In the standalone autoscaler's configuration only; the operator does not read it.
    Standalone,
}

/// The sections whose options may be set per resource ([`Placement::Resource`]).
pub const PER_RESOURCE_SECTIONS: &[&str] = &["autoscaler", "operator-dynamic"];

/// Every section of the catalogue with its placement, in catalogue order.
pub const SECTIONS: &[(&str, Placement)] = &[
    ("autoscaler", Placement::Resource),
    ("operator-dynamic", Placement::Resource),
    ("bluegreen", Placement::BlueGreenResource),
    ("operator-system", Placement::Operator),
    ("operator-system-advanced", Placement::Operator),
    ("operator-system-metrics", Placement::Operator),
    ("operator-system-metric-reporters", Placement::Operator),
    ("operator-system-default-configuration", Placement::Operator),
    ("operator-system-listeners", Placement::Operator),
    ("autoscaler-standalone", Placement::Standalone),
];

impl Placement {
    /// The placement of the section with this id, if it is one of the catalogue's.
    ///
    /// ```
    /// use options_flink_operator::placement::Placement;
    ///
    /// assert_eq!(Placement::of_section("operator-system"), Some(Placement::Operator));
    /// assert_eq!(Placement::of_section("nope"), None);
    /// ```
    pub fn of_section(id: &str) -> Option<Placement> {
        SECTIONS
            .iter()
            .find(|(section, _)| *section == id)
            .map(|(_, placement)| *placement)
    }

    /// Whether a `spec.flinkConfiguration` may set the option.
    pub const fn per_resource(self) -> bool {
        matches!(self, Placement::Resource)
    }

    /// The `family` its sections carry (the heading the reference site lists them under).
    pub const fn family(self) -> &'static str {
        match self {
            Placement::Resource => "Per resource",
            Placement::BlueGreenResource => "Blue/green resources",
            Placement::Operator => "Operator system",
            Placement::Standalone => "Standalone autoscaler",
        }
    }
}

/// Where the option that `key` names may be set: `key` in any spelling the catalogue reads (its
/// key, a fallback or deprecated key, an instance of a pattern key) in any of
/// [`OPERATOR_RELEASES`]; `None` for a key no release reads.
///
/// ```
/// use options_flink_operator::placement::{placement, Placement};
///
/// assert_eq!(placement("job.autoscaler.enabled"), Some(Placement::Resource));
/// assert_eq!(placement("kubernetes.operator.reconcile.interval"), Some(Placement::Operator));
/// // An old spelling, and a key removed in 1.15, answer too.
/// assert_eq!(
///     placement("kubernetes.operator.job.autoscaler.enabled"),
///     Some(Placement::Resource)
/// );
/// assert_eq!(
///     placement("kubernetes.operator.session.block-on-unmanaged-jobs"),
///     Some(Placement::Resource)
/// );
/// assert_eq!(placement("flinkClusterHost"), Some(Placement::Standalone));
/// assert_eq!(placement("taskmanager.numberOfTaskSlots"), None);
/// ```
pub fn placement(key: &str) -> Option<Placement> {
    OPERATOR_RELEASES.iter().rev().find_map(|release| {
        crate::catalogue_at(release)
            .resolve(key)
            .and_then(|resolved| Placement::of_section(resolved.group.id))
    })
}

/// Whether the option that `key` names may be set per resource, in a `FlinkDeployment`'s or
/// `FlinkSessionJob`'s `spec.flinkConfiguration` ([`Placement::Resource`]). `false` for options
/// only the operator or the standalone autoscaler reads, for blue/green settings (set in
/// `spec.configuration`), and for keys the catalogue does not know, such as Flink's own options
/// (which a resource may of course set: this answers for the operator's catalogue only).
///
/// ```
/// use options_flink_operator::per_resource;
///
/// assert!(per_resource("kubernetes.operator.savepoint.history.max.count"));
/// assert!(!per_resource("kubernetes.operator.savepoint.history.max.count.threshold"));
/// assert!(!per_resource("kubernetes.operator.metrics.reporter.prom.port"));
/// ```
pub fn per_resource(key: &str) -> bool {
    placement(key).is_some_and(Placement::per_resource)
}
