//! The operator's change classes: how a change of one of its options reaches the running
//! operator and the jobs it manages.
//!
//! * [`OPERATOR_LIVE`]: the options a resource may set (the autoscaler's, the operator's
//!   "Resource/User Configuration", a blue/green deployment's). The operator reads them at each
//!   reconciliation: its spec diff ignores `kubernetes.operator.*` and `job.autoscaler.*` keys of
//!   `spec.flinkConfiguration` (`@SpecDiff.Config` on `AbstractFlinkSpec.flinkConfiguration`,
//!   every release 1.10 to 1.15) and `FlinkConfigManager.getObserveConfig` applies the current
//!   spec's values of them at once, so a change restarts nothing. In the operator's own
//!   configuration they are read again when `kubernetes.operator.dynamic.config.enabled` is on.
//! * [`OPERATOR_START`]: the operator's "System Configuration", its metrics, listeners and the
//!   standalone autoscaler: the components they configure are built when the process starts.

use options_core::{ChangeClass, Reach};

/// Read by the operator at each reconciliation; restarts nothing.
pub const OPERATOR_LIVE: ChangeClass = ChangeClass {
    id: "operator-live",
    label: "operator, live",
    summary: "Read by the operator at each reconciliation: a change in a resource's spec.flinkConfiguration acts at once and restarts no job; in the operator's own configuration it is read again when dynamic configuration is on.",
    reach: Reach::Live,
};

/// Read when the operator (or the standalone autoscaler) starts.
pub const OPERATOR_START: ChangeClass = ChangeClass {
    id: "operator-start",
    label: "operator start",
    summary: "Read when the operator (or the standalone autoscaler) starts: a change takes effect when its pod restarts.",
    reach: Reach::Restart,
};

/// The operator's classes, least disruptive first.
pub const CLASSES: &[&ChangeClass] = &[&OPERATOR_LIVE, &OPERATOR_START];
