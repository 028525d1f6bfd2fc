//! Flink's change classes: how a change of an option reaches a running Flink, as declared by
//! every built-in option (`#[options(change_class = ...)]` on a group, `#[option(change_class =
//! ...)]` where one option differs from its group).
//!
//! Flink reads an option in one of three places, and which one decides what a change does:
//!
//! * the JobManager and TaskManager **processes**, when they start ([`CLUSTER_START`]): memory,
//!   RPC, high availability, Kubernetes and YARN, metrics reporters, security. A session cluster
//!   takes a change only when it is restarted; an application cluster (one job, as the
//!   Kubernetes operator runs it) when the job is redeployed;
//! * the **job's own configuration**, when a job is submitted ([`JOB_SUBMISSION`]): the
//!   pipeline, checkpointing, state backends, restart strategies, the Table planner. A running
//!   job keeps the values it was submitted with; Flink has no way to change them in place (no
//!   release up to 2.3 accepts a new job configuration over REST);
//! * the **per-vertex parallelism**, which the adaptive scheduler (Flink 1.18 and later) can
//!   change on a running job through `PUT /jobs/:jobid/resource-requirements` ([`RESCALE`]).
//!
//! Which options are which is decided by the Java class that declares each one (see
//! `scripts/builtin-change-classes.tsv`, which `scripts/gen_builtin.py` reads), with the hand-written
//! groups declared by hand. The Kubernetes operator's own options have classes of their own
//! (`options_flink_operator::engine`).

use options_core::{ChangeClass, Reach};

/// Read by the JobManager and TaskManagers when they start.
pub const CLUSTER_START: ChangeClass = ChangeClass {
    id: "cluster-start",
    label: "cluster start",
    summary: "Read when the JobManager and TaskManagers start: a change takes effect when the cluster restarts (for an application cluster, when its job is redeployed).",
    reach: Reach::Restart,
};

/// Read from a job's configuration when the job is submitted.
pub const JOB_SUBMISSION: ChangeClass = ChangeClass {
    id: "job-submission",
    label: "job submission",
    summary: "Read from the job's configuration when it is submitted: jobs submitted after a change take it; a running job keeps its value until it is submitted again.",
    reach: Reach::NextRun,
};

/// A vertex parallelism the adaptive scheduler can change on a running job.
pub const RESCALE: ChangeClass = ChangeClass {
    id: "rescale",
    label: "rescale",
    summary: "A parallelism the adaptive scheduler (Flink 1.18 and later) can change on a running job in place, through the REST API's resource requirements; otherwise read at submission.",
    reach: Reach::Rescale,
};

/// Flink's classes, least disruptive first: the order the docs' filter lists them in.
pub const CLASSES: &[&ChangeClass] = &[&RESCALE, &JOB_SUBMISSION, &CLUSTER_START];
