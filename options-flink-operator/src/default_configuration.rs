//! `kubernetes.operator.default-configuration.*` pass-through keys: defaults the operator applies
//! to the resources of one namespace or of one Flink version.
//!
//! The operator's docs tables do not list these. In the operator's configuration,
//! `kubernetes.operator.default-configuration.namespace.<namespace>.<key>` sets a default of
//! `<key>` for the resources in that namespace, and
//! `kubernetes.operator.default-configuration.flink-version.<version>.<key>` one for the
//! resources of that Flink version (written as `spec.flinkVersion` writes it, `v1_20`). A
//! version default wins over a namespace default of the same key, and a resource's own
//! `spec.flinkConfiguration` wins over both. From operator 1.11 a version ending in `+` (`v1_18+`)
//! applies to that Flink version and every newer one.

use options_core::Options;

/// Defaults for the resources of one namespace or one Flink version.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "operator-system-default-configuration",
    title = "Operator: Namespace and Flink Version Defaults",
    family = "Operator system",
    engine = crate::engine::OPERATOR,
    change_class = crate::change::OPERATOR_START
)]
pub struct DefaultConfigurationOptions {
    /// A default of `<key>` (a Flink option or an operator option) for every resource in the
    /// namespace `<namespace>`, given as text.
    #[option(key = "kubernetes.operator.default-configuration.namespace.<namespace>.<key>")]
    pub namespace: Option<String>,

    /// A default of `<key>` (a Flink option or an operator option) for every resource running
    /// the Flink version `<version>` (`v1_20`; from operator 1.11 also `v1_20+`, that
    /// version and newer ones), given as text. It wins over a namespace default of the same
    /// key.
    #[option(key = "kubernetes.operator.default-configuration.flink-version.<version>.<key>")]
    pub flink_version: Option<String>,
}
