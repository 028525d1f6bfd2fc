//! `kubernetes.operator.bluegreen.*`: settings of a `FlinkBlueGreenDeployment` (operator 1.14 and
//! later), which runs a new version of a job beside the old one and switches over once it is
//! ready.
//!
//! The operator's docs tables do not list these: they are declared in the operator's API module
//! (`FlinkBlueGreenDeploymentConfigOptions`), which the docs generator does not scan, and set in
//! the `spec.configuration` of a `FlinkBlueGreenDeployment` rather than in a
//! `spec.flinkConfiguration` (see [`crate::placement`]).

use std::time::Duration;

use options_core::Options;

/// How a blue/green deployment switches from one version of a job to the next.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "bluegreen",
    title = "Blue/Green Deployments",
    family = "Blue/green resources",
    engine = crate::engine::OPERATOR,
    change_class = crate::change::OPERATOR_LIVE
)]
pub struct BlueGreenOptions {
    /// How long the new deployment may take to become ready before the switch is abandoned
    /// and the old deployment stays active.
    #[option(
        key = "kubernetes.operator.bluegreen.abort.grace-period",
        default = "10 min",
        since = "1.14"
    )]
    pub abort_grace_period: Duration,

    /// How long the operator waits before it checks again on a blue/green deployment in the
    /// middle of a switch.
    #[option(
        key = "kubernetes.operator.bluegreen.reconciliation.reschedule-interval",
        default = "15 s",
        since = "1.14"
    )]
    pub reconciliation_reschedule_interval: Duration,

    /// How long the old deployment is kept after a successful switch before the operator
    /// deletes it; `0 ms` deletes it at once.
    #[option(
        key = "kubernetes.operator.bluegreen.deployment-deletion.delay",
        default = "0 ms",
        since = "1.14"
    )]
    pub deployment_deletion_delay: Duration,
}
