//! What the operator writes into a deployment's configuration besides the user's
//! `spec.flinkConfiguration`, release by release, each with where its source does it: the table
//! [`MAPPINGS`] that the builder (`builder.rs`) writes through and the docs list.
//!
//! Facts read from apache/flink-kubernetes-operator at the tags [`TAGS`], in
//! `flink-kubernetes-operator/src/main/java/org/apache/flink/kubernetes/operator/`:
//! `config/FlinkConfigBuilder.java` (the spec's fields), `config/FlinkConfigManager.java` (the
//! defaults, the generation annotation, session jobs) and `validation/DefaultValidator.java`
//! (keys refused in the spec). `scripts/operator-source-lines.py` finds each line again in a
//! checkout of the operator.

use options_core::Release;

use super::layer::{ConfigLayer, ValueSource};

/// The operator's tag whose source each release's line numbers are from (`1.12` from `1.12.1`,
/// as the operator's catalogue is).
pub const TAGS: [&str; 6] = [
    "release-1.10.0",
    "release-1.11.0",
    "release-1.12.1",
    "release-1.13.0",
    "release-1.14.0",
    "release-1.15.0",
];

/// A file of the operator's source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceFile {
    /// `config/FlinkConfigBuilder.java`: the spec's fields.
    Builder,
    /// `config/FlinkConfigManager.java`: defaults, the deploy configuration, session jobs.
    Manager,
    /// `validation/DefaultValidator.java`: what a spec may not hold.
    Validator,
}

impl SourceFile {
    /// Its file name.
    pub fn name(self) -> &'static str {
        match self {
            SourceFile::Builder => "FlinkConfigBuilder.java",
            SourceFile::Manager => "FlinkConfigManager.java",
            SourceFile::Validator => "DefaultValidator.java",
        }
    }
}

/// One thing the operator writes: from which spec field (or rule) to which Flink key, when, and
/// where its source does it in each release.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mapping {
    /// What it is written from: a spec path (`spec.image`), `metadata.name`, or a rule in words.
    pub field: &'static str,
    /// The Flink key written.
    pub key: &'static str,
    /// When, and what value.
    pub when: &'static str,
    /// Its layer: [`ConfigLayer::SpecField`] or [`ConfigLayer::Operator`].
    pub layer: ConfigLayer,
    /// Written only when no layer set the key (the operator's `setDefaultConf`).
    pub only_if_absent: bool,
    /// The file.
    pub file: SourceFile,
    /// The line in each release 1.10 ... 1.15 ([`TAGS`]); 0 where the release does not do it.
    pub lines: [u16; 6],
}

impl Mapping {
    /// Whether `release` (of the operator) does it.
    pub fn in_release(&self, release: Release) -> bool {
        self.line(release).is_some()
    }

    /// Its line at `release`.
    pub fn line(&self, release: Release) -> Option<u16> {
        self.lines.get(release.index()).copied().filter(|l| *l != 0)
    }

    /// `FlinkConfigBuilder.java:126 (release-1.15.0)`.
    pub fn cite(&self, release: Release) -> Option<String> {
        let line = self.line(release)?;
        Some(format!(
            "{}:{line} ({})",
            self.file.name(),
            TAGS[release.index()]
        ))
    }

    /// A source of this mapping's layer at `release`, written by `path`.
    pub fn source(&self, release: Release, path: &str) -> ValueSource {
        ValueSource {
            operator_source: self.cite(release),
            only_if_absent: self.only_if_absent,
            ..ValueSource::of(self.layer).path(path)
        }
    }
}

/// The same line in every release.
const fn all(line: u16) -> [u16; 6] {
    [line; 6]
}

/// A line that moved by two from 1.14 (the builder's parallelism rule grew two lines).
const fn moved(line: u16) -> [u16; 6] {
    [line, line, line, line, line + 2, line + 2]
}

const fn mapping(
    field: &'static str,
    key: &'static str,
    when: &'static str,
    layer: ConfigLayer,
    file: SourceFile,
    lines: [u16; 6],
) -> Mapping {
    Mapping {
        field,
        key,
        when,
        layer,
        only_if_absent: false,
        file,
        lines,
    }
}

const fn absent(mut m: Mapping) -> Mapping {
    m.only_if_absent = true;
    m
}

use ConfigLayer::{Operator, SpecField};
use SourceFile::{Builder, Manager, Validator};

/// `spec.flinkConfiguration`, each key as written (1.10 to 1.12: a map of strings; 1.13 and
/// later: `asFlatMap`, nested mappings flattened).
pub const FLINK_CONFIGURATION: Mapping = mapping(
    "spec.flinkConfiguration",
    "(each key as written)",
    "copied over the operator's defaults, before any spec field",
    ConfigLayer::FlinkConfiguration,
    Builder,
    all(143),
);
/// `kubernetes.rest-service.exposed.type`.
pub const REST_SERVICE_TYPE: Mapping = absent(mapping(
    "(always)",
    "kubernetes.rest-service.exposed.type",
    "ClusterIP",
    Operator,
    Builder,
    all(147),
));
/// `web.cancel.enable`.
pub const CANCEL_ENABLE: Mapping = absent(mapping(
    "(always)",
    "web.cancel.enable",
    "false",
    Operator,
    Builder,
    all(150),
));
/// `$internal.flink.version`.
pub const FLINK_VERSION: Mapping = mapping(
    "spec.flinkVersion",
    "$internal.flink.version",
    "the version as written (v1_20)",
    SpecField,
    Builder,
    all(151),
);
/// `spec.logConfiguration`.
pub const LOG_CONFIGURATION: Mapping = mapping(
    "spec.logConfiguration",
    "$internal.deployment.config-dir",
    "a directory the operator writes log4j-console.properties / logback-console.xml into",
    SpecField,
    Builder,
    all(194),
);
/// `spec.image`, Flink 1.17 and later.
pub const IMAGE: Mapping = mapping(
    "spec.image",
    "kubernetes.container.image.ref",
    "image not blank, flinkVersion v1_17 or later",
    SpecField,
    Builder,
    all(126),
);
/// `spec.image`, before Flink 1.17.
pub const IMAGE_OLD: Mapping = mapping(
    "spec.image",
    "kubernetes.container.image",
    "image not blank, flinkVersion before v1_17",
    SpecField,
    Builder,
    all(126),
);
/// `spec.imagePullPolicy`.
pub const IMAGE_PULL_POLICY: Mapping = mapping(
    "spec.imagePullPolicy",
    "kubernetes.container.image.pull-policy",
    "not blank",
    SpecField,
    Builder,
    all(134),
);
/// `spec.serviceAccount`.
pub const SERVICE_ACCOUNT: Mapping = mapping(
    "spec.serviceAccount",
    "kubernetes.service-account",
    "written",
    SpecField,
    Builder,
    all(255),
);
/// The JobManager's pod template.
pub const JM_POD_TEMPLATE: Mapping = mapping(
    "spec.podTemplate, spec.jobManager.podTemplate, spec.jobManager.resource.ephemeralStorage",
    "kubernetes.pod-template-file.jobmanager",
    "a file the operator writes from the merged templates; also without any template while kubernetes.operator.jm-deployment.startup.probe.enabled (default true) adds its startup probe",
    SpecField,
    Builder,
    all(227),
);
/// The TaskManagers' pod template.
pub const TM_POD_TEMPLATE: Mapping = mapping(
    "spec.podTemplate, spec.taskManager.podTemplate, spec.taskManager.resource.ephemeralStorage",
    "kubernetes.pod-template-file.taskmanager",
    "a file the operator writes from the merged templates (the JobManager's when they are equal)",
    SpecField,
    Builder,
    all(243),
);
/// `spec.jobManager.resource.memory`.
pub const JM_MEMORY: Mapping = mapping(
    "spec.jobManager.resource.memory",
    "jobmanager.memory.process.size",
    "a Flink memory size as Flink prints it (2048m: 2 gb), else a Kubernetes quantity in bytes (2Gi: 2147483648)",
    SpecField,
    Builder,
    moved(429),
);
/// `spec.jobManager.resource.cpu`.
pub const JM_CPU: Mapping = mapping(
    "spec.jobManager.resource.cpu",
    "kubernetes.jobmanager.cpu.amount",
    "written; as a double (1.0)",
    SpecField,
    Builder,
    moved(465),
);
/// `spec.jobManager.resource.cpu`, before Flink 1.17.
pub const JM_CPU_OLD: Mapping = mapping(
    "spec.jobManager.resource.cpu",
    "kubernetes.jobmanager.cpu",
    "written, flinkVersion before v1_17 (besides kubernetes.jobmanager.cpu.amount)",
    SpecField,
    Builder,
    moved(477),
);
/// `spec.jobManager.replicas`.
pub const JM_REPLICAS: Mapping = mapping(
    "spec.jobManager.replicas",
    "kubernetes.jobmanager.replicas",
    "jobManager written (replicas default 1, written when above 0)",
    SpecField,
    Builder,
    all(265),
);
/// `spec.taskManager.resource.memory`.
pub const TM_MEMORY: Mapping = mapping(
    "spec.taskManager.resource.memory",
    "taskmanager.memory.process.size",
    "as jobManager.resource.memory",
    SpecField,
    Builder,
    moved(429),
);
/// `spec.taskManager.resource.cpu`.
pub const TM_CPU: Mapping = mapping(
    "spec.taskManager.resource.cpu",
    "kubernetes.taskmanager.cpu.amount",
    "written; as a double (2.0)",
    SpecField,
    Builder,
    moved(471),
);
/// `spec.taskManager.resource.cpu`, before Flink 1.17.
pub const TM_CPU_OLD: Mapping = mapping(
    "spec.taskManager.resource.cpu",
    "kubernetes.taskmanager.cpu",
    "written, flinkVersion before v1_17 (besides kubernetes.taskmanager.cpu.amount)",
    SpecField,
    Builder,
    moved(477),
);
/// `spec.taskManager.replicas`.
pub const TM_REPLICAS: Mapping = mapping(
    "spec.taskManager.replicas",
    "kubernetes.internal.taskmanager.replicas",
    "above 0 (read by standalone mode)",
    SpecField,
    Builder,
    all(278),
);
/// TaskManagers of a standalone application without `spec.taskManager.replicas`.
pub const TM_REPLICAS_DERIVED: Mapping = absent(mapping(
    "spec.job.parallelism (standalone)",
    "kubernetes.internal.taskmanager.replicas",
    "standalone application: parallelism / taskmanager.numberOfTaskSlots, rounded up",
    SpecField,
    Builder,
    all(290),
));
/// An application cluster's target.
pub const TARGET_APPLICATION: Mapping = mapping(
    "spec.job",
    "execution.target",
    "job written: kubernetes-application",
    SpecField,
    Builder,
    all(302),
);
/// `spec.job.jarURI` in any mode (1.10).
pub const JARS_ANY_MODE: Mapping = mapping(
    "spec.job.jarURI",
    "pipeline.jars",
    "written, any mode (standalone too)",
    SpecField,
    Builder,
    [306, 0, 0, 0, 0, 0],
);
/// `spec.job.jarURI` in native mode (1.11 and later).
pub const JARS_NATIVE: Mapping = mapping(
    "spec.job.jarURI",
    "pipeline.jars",
    "written, native mode",
    SpecField,
    Builder,
    [0, 306, 306, 306, 306, 306],
);
/// `spec.job.parallelism`.
pub const PARALLELISM: Mapping = mapping(
    "spec.job.parallelism",
    "parallelism.default",
    "job written: job.parallelism (0 when unwritten)",
    SpecField,
    Builder,
    all(309),
);
/// `spec.taskManager.replicas` as the parallelism.
pub const PARALLELISM_FROM_REPLICAS: Mapping = mapping(
    "spec.taskManager.replicas",
    "parallelism.default",
    "job and taskManager.replicas written: replicas x taskmanager.numberOfTaskSlots (job.parallelism is ignored)",
    SpecField,
    Builder,
    all(362),
);
/// The largest `pipeline.jobvertex-parallelism-overrides` value as the parallelism, any mode.
pub const PARALLELISM_FROM_OVERRIDES_ANY_MODE: Mapping = mapping(
    "pipeline.jobvertex-parallelism-overrides",
    "parallelism.default",
    "job written, no taskManager.replicas, an override above 0: the largest override (any mode)",
    SpecField,
    Builder,
    [366, 366, 366, 366, 0, 0],
);
/// The largest `pipeline.jobvertex-parallelism-overrides` value, standalone only.
pub const PARALLELISM_FROM_OVERRIDES_STANDALONE: Mapping = mapping(
    "pipeline.jobvertex-parallelism-overrides",
    "parallelism.default",
    "job written, mode standalone, no taskManager.replicas, an override above 0: the largest override",
    SpecField,
    Builder,
    [0, 0, 0, 0, 367, 367],
);
/// An application cluster stays when its job finishes.
pub const SHUTDOWN_ON_FINISH: Mapping = mapping(
    "(application)",
    "execution.shutdown-on-application-finish",
    "job written: false",
    Operator,
    Builder,
    all(312),
);
/// A failed application job is still submitted.
pub const SUBMIT_FAILED_JOB: Mapping = absent(mapping(
    "(application)",
    "execution.submit-failed-job-on-application-error",
    "job written: true",
    Operator,
    Builder,
    all(313),
));
/// The job's name.
pub const PIPELINE_NAME: Mapping = absent(mapping(
    "metadata.name",
    "pipeline.name",
    "job written: the resource's name (a session job's own name)",
    Operator,
    Builder,
    all(157),
));
/// The checkpoint interval of a last-state job.
pub const CHECKPOINT_INTERVAL: Mapping = absent(mapping(
    "spec.job.upgradeMode",
    "execution.checkpointing.interval",
    "upgradeMode last-state: 5 min",
    Operator,
    Builder,
    all(165),
));
/// Checkpoints kept on cancellation.
pub const EXTERNALIZED_CHECKPOINTS: Mapping = absent(mapping(
    "(job)",
    "execution.checkpointing.externalized-checkpoint-retention",
    "job written: RETAIN_ON_CANCELLATION",
    Operator,
    Builder,
    all(170),
));
/// `spec.job.allowNonRestoredState`.
pub const ALLOW_NON_RESTORED_STATE: Mapping = mapping(
    "spec.job.allowNonRestoredState",
    "execution.savepoint.ignore-unclaimed-state",
    "written",
    SpecField,
    Builder,
    all(175),
);
/// `spec.job.entryClass`.
pub const ENTRY_CLASS: Mapping = mapping(
    "spec.job.entryClass",
    "$internal.application.main",
    "written",
    SpecField,
    Builder,
    all(180),
);
/// `spec.job.args`.
pub const ARGS: Mapping = mapping(
    "spec.job.args",
    "$internal.application.program-args",
    "job written (no args: an empty list)",
    SpecField,
    Builder,
    all(184),
);
/// A session cluster's target.
pub const TARGET_SESSION: Mapping = mapping(
    "spec.job",
    "execution.target",
    "no job: kubernetes-session",
    SpecField,
    Builder,
    all(319),
);
/// A standalone cluster's target.
pub const TARGET_REMOTE: Mapping = mapping(
    "spec.mode",
    "execution.target",
    "standalone: remote",
    SpecField,
    Builder,
    all(323),
);
/// A standalone cluster's mode.
pub const CLUSTER_MODE: Mapping = mapping(
    "spec.mode",
    "kubernetes.internal.cluster-mode",
    "standalone: APPLICATION with a job, else SESSION",
    SpecField,
    Builder,
    all(325),
);
/// `spec.job.jarURI` in standalone mode.
pub const CLASSPATHS: Mapping = mapping(
    "spec.job.jarURI",
    "pipeline.classpaths",
    "standalone with a jarURI: the URI, local:// read as file://",
    SpecField,
    Builder,
    all(330),
);
/// The namespace.
pub const NAMESPACE: Mapping = mapping(
    "metadata.namespace",
    "kubernetes.namespace",
    "always (refused in spec.flinkConfiguration)",
    Operator,
    Builder,
    moved(387),
);
/// The cluster id.
pub const CLUSTER_ID: Mapping = mapping(
    "metadata.name",
    "kubernetes.cluster-id",
    "always (refused in spec.flinkConfiguration)",
    Operator,
    Builder,
    moved(388),
);
/// The high-availability cluster id.
pub const HA_CLUSTER_ID: Mapping = mapping(
    "metadata.name",
    "high-availability.cluster-id",
    "high availability on (refused in spec.flinkConfiguration)",
    Operator,
    Builder,
    moved(390),
);
/// The generation annotation of the JobManager.
pub const GENERATION: Mapping = mapping(
    "metadata.generation",
    "kubernetes.jobmanager.annotations",
    "always: flinkdeployment.flink.apache.org/generation added to the annotations written",
    Operator,
    Manager,
    [239, 332, 333, 333, 332, 332],
);
/// The operator's default configuration, copied whole.
pub const OPERATOR_DEFAULTS: Mapping = mapping(
    "(operator configuration)",
    "(every key, prefixed ones too)",
    "copied first",
    ConfigLayer::OperatorDefault,
    Manager,
    [216, 296, 297, 297, 296, 296],
);
/// Namespace defaults.
pub const NAMESPACE_DEFAULTS: Mapping = mapping(
    "kubernetes.operator.default-configuration.namespace.<namespace>.<key>",
    "<key>",
    "the resource's namespace",
    ConfigLayer::OperatorNamespaceDefault,
    Manager,
    [219, 299, 300, 300, 299, 299],
);
/// Version defaults.
pub const VERSION_DEFAULTS: Mapping = mapping(
    "kubernetes.operator.default-configuration.flink-version.<version>[+].<key>",
    "<key>",
    "1.10: the exact version only; 1.11 and later: every <version>+ at or below the resource's version, oldest first, then the exact version",
    ConfigLayer::OperatorVersionDefault,
    Manager,
    [223, 315, 316, 316, 315, 315],
);
/// A session job's own `spec.flinkConfiguration`, over its session's configuration.
pub const SESSION_JOB_CONFIGURATION: Mapping = mapping(
    "spec.flinkConfiguration (FlinkSessionJob)",
    "(each key as written)",
    "over the configuration of the session FlinkDeployment (spec.deploymentName)",
    ConfigLayer::FlinkConfiguration,
    Manager,
    [302, 395, 397, 398, 397, 397],
);
/// The keys a spec may not hold.
pub const FORBIDDEN: Mapping = mapping(
    "spec.flinkConfiguration",
    "kubernetes.namespace, kubernetes.cluster-id, high-availability.cluster-id",
    "the resource is refused when its flinkConfiguration holds one",
    Operator,
    Validator,
    [75, 79, 80, 80, 73, 81],
);

/// Every mapping, in the order the operator applies them.
pub const MAPPINGS: &[&Mapping] = &[
    &OPERATOR_DEFAULTS,
    &NAMESPACE_DEFAULTS,
    &VERSION_DEFAULTS,
    &FLINK_CONFIGURATION,
    &REST_SERVICE_TYPE,
    &CANCEL_ENABLE,
    &FLINK_VERSION,
    &LOG_CONFIGURATION,
    &IMAGE,
    &IMAGE_OLD,
    &IMAGE_PULL_POLICY,
    &SERVICE_ACCOUNT,
    &JM_POD_TEMPLATE,
    &TM_POD_TEMPLATE,
    &JM_MEMORY,
    &JM_CPU,
    &JM_CPU_OLD,
    &JM_REPLICAS,
    &TM_MEMORY,
    &TM_CPU,
    &TM_CPU_OLD,
    &TM_REPLICAS,
    &TM_REPLICAS_DERIVED,
    &TARGET_APPLICATION,
    &JARS_ANY_MODE,
    &JARS_NATIVE,
    &PARALLELISM,
    &PARALLELISM_FROM_REPLICAS,
    &PARALLELISM_FROM_OVERRIDES_ANY_MODE,
    &PARALLELISM_FROM_OVERRIDES_STANDALONE,
    &SHUTDOWN_ON_FINISH,
    &SUBMIT_FAILED_JOB,
    &PIPELINE_NAME,
    &CHECKPOINT_INTERVAL,
    &EXTERNALIZED_CHECKPOINTS,
    &ALLOW_NON_RESTORED_STATE,
    &ENTRY_CLASS,
    &ARGS,
    &TARGET_SESSION,
    &TARGET_REMOTE,
    &CLUSTER_MODE,
    &CLASSPATHS,
    &NAMESPACE,
    &CLUSTER_ID,
    &HA_CLUSTER_ID,
    &GENERATION,
    &SESSION_JOB_CONFIGURATION,
    &FORBIDDEN,
];

/// Spec fields the operator reads without writing a Flink key, with what it does instead.
pub const NOT_FLINK_KEYS: &[(&str, &str)] = &[
    (
        "spec.ingress",
        "a Kubernetes Ingress the operator creates after deploying (IngressUtils.reconcileIngress)",
    ),
    ("spec.restartNonce", "a change restarts the cluster"),
    ("spec.mode", "native: no key (standalone: see execution.target)"),
    (
        "spec.job.state",
        "running or suspended: what the operator does, not a key",
    ),
    (
        "spec.job.initialSavepointPath",
        "the savepoint the first deployment starts from, set when the job is submitted",
    ),
    (
        "spec.job.savepointTriggerNonce, checkpointTriggerNonce, savepointRedeployNonce, autoscalerResetNonce",
        "a change triggers an action",
    ),
    ("spec.jobManager.resource.ephemeralStorage, spec.taskManager.resource.ephemeralStorage", "requests and limits in the pod template file (see kubernetes.pod-template-file.*)"),
];
