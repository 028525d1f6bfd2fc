//! The operator's rules for what a spec change is: [`DiffType`], ordered
//! `IGNORE < SCALE < UPGRADE < SAVEPOINT_REDEPLOY`, the largest over all changed fields winning;
//! each spec field's type by deployment [`Mode`], and each `spec.flinkConfiguration` key's by
//! prefix. Facts of `flink-kubernetes-operator` releases 1.10 to 1.15 (`SpecDiff` annotations on
//! `AbstractFlinkSpec`, `FlinkDeploymentSpec`, `FlinkSessionJobSpec`, `JobSpec`,
//! `TaskManagerSpec`, read by `ReflectiveDiffBuilder`); `tests/data/plan/operator-diff-rules.tsv`
//! quotes the source lines of every release, and a test checks these tables against it.

use std::fmt;

use options_core::Release;

/// What the operator does about a spec change, least disruptive first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DiffType {
    /// Restarts nothing.
    Ignore,
    /// Rescales in place where it can, otherwise upgrades.
    Scale,
    /// Suspends the job and restores it with its `upgradeMode` (a session cluster is redeployed).
    Upgrade,
    /// Cancels the job and redeploys it from `job.initialSavepointPath`.
    SavepointRedeploy,
}

impl DiffType {
    /// Every type, least disruptive first.
    pub const ALL: [DiffType; 4] = [
        DiffType::Ignore,
        DiffType::Scale,
        DiffType::Upgrade,
        DiffType::SavepointRedeploy,
    ];

    /// The operator's name (`SAVEPOINT_REDEPLOY`).
    pub fn name(self) -> &'static str {
        match self {
            DiffType::Ignore => "IGNORE",
            DiffType::Scale => "SCALE",
            DiffType::Upgrade => "UPGRADE",
            DiffType::SavepointRedeploy => "SAVEPOINT_REDEPLOY",
        }
    }

    /// The type the operator names `name`.
    pub fn from_name(name: &str) -> Option<DiffType> {
        DiffType::ALL.into_iter().find(|d| d.name() == name)
    }
}

impl fmt::Display for DiffType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a `FlinkDeployment` runs Flink (`spec.mode`, native when unset); a `FlinkSessionJob`
/// takes its session deployment's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Flink's native Kubernetes integration (the default).
    Native,
    /// Standalone: the operator runs the TaskManager deployment itself.
    Standalone,
}

impl Mode {
    /// The mode `spec.mode` names (`native` when unset or unknown).
    pub fn of(written: Option<&str>) -> Mode {
        match written {
            Some(m) if m.eq_ignore_ascii_case("standalone") => Mode::Standalone,
            _ => Mode::Native,
        }
    }

    /// `native`, `standalone`.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Native => "native",
            Mode::Standalone => "standalone",
        }
    }
}

/// One entry of `@SpecDiff.Config` on `flinkConfiguration`: keys starting with `prefix` (no dot
/// implied: `kubernetes.operator` takes `kubernetes.operatorX` too) have `diff`, in `mode` only
/// when one is named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PrefixRule {
    /// The raw prefix.
    pub prefix: &'static str,
    /// The type of a change of such a key.
    pub diff: DiffType,
    /// The one mode the entry applies in; in the other, the entry is skipped.
    pub mode: Option<Mode>,
}

/// The entries, in the order the operator tries them (the same in 1.10 to 1.15); a key no entry
/// takes is [`DiffType::Upgrade`].
pub const CONFIG_PREFIXES: &[PrefixRule] = &[
    PrefixRule {
        prefix: "job.autoscaler",
        diff: DiffType::Ignore,
        mode: None,
    },
    PrefixRule {
        prefix: "parallelism.default",
        diff: DiffType::Ignore,
        mode: None,
    },
    PrefixRule {
        prefix: "kubernetes.operator",
        diff: DiffType::Ignore,
        mode: None,
    },
    PrefixRule {
        prefix: "pipeline.jobvertex-parallelism-overrides",
        diff: DiffType::Scale,
        mode: Some(Mode::Native),
    },
];

/// The type of a change (added, removed or changed value) of the `spec.flinkConfiguration` key
/// `key` in `mode`: the first entry of [`CONFIG_PREFIXES`] that applies in `mode` and whose
/// prefix starts `key`, else [`DiffType::Upgrade`].
pub fn config_key(key: &str, mode: Mode) -> DiffType {
    CONFIG_PREFIXES
        .iter()
        .filter(|e| e.mode.is_none_or(|m| m == mode))
        .find(|e| key.starts_with(e.prefix))
        .map_or(DiffType::Upgrade, |e| e.diff)
}

/// Whether a key the operator reads for itself, at once, from the current spec (its
/// `kubernetes.operator.*` and the autoscaler's `job.autoscaler.*` keys:
/// `FlinkConfigManager.applyConfigsFromCurrentSpec`).
pub fn read_by_operator(key: &str) -> bool {
    key.starts_with("kubernetes.operator.") || key.starts_with("job.autoscaler.")
}

/// How the operator compares one spec field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldRule {
    /// A type that implements `Diffable`: compared field by field when both sides are set, one
    /// [`DiffType::Upgrade`] as a whole when one side is not.
    Recurse,
    /// Compared as a whole value (`equals`): a change of anything under it is `diff`, in `mode`
    /// only when one is named (in the other mode, [`DiffType::Upgrade`]). With `on_null_ignore`,
    /// a change to no value is no change.
    Value {
        /// Its type.
        diff: DiffType,
        /// The one mode `diff` applies in.
        mode: Option<Mode>,
        /// A change to null is ignored (`@SpecDiff(onNullIgnore = true)`).
        on_null_ignore: bool,
    },
}

impl FieldRule {
    const UPGRADE: FieldRule = FieldRule::Value {
        diff: DiffType::Upgrade,
        mode: None,
        on_null_ignore: false,
    };

    /// The type of a change of this field in `mode` (`None` for [`FieldRule::Recurse`]).
    pub fn diff(self, mode: Mode) -> Option<DiffType> {
        match self {
            FieldRule::Recurse => None,
            FieldRule::Value {
                diff, mode: only, ..
            } => Some(match only {
                Some(m) if m != mode => DiffType::Upgrade,
                _ => diff,
            }),
        }
    }
}

const fn ignore() -> FieldRule {
    FieldRule::Value {
        diff: DiffType::Ignore,
        mode: None,
        on_null_ignore: false,
    }
}

const fn standalone_scale() -> FieldRule {
    FieldRule::Value {
        diff: DiffType::Scale,
        mode: Some(Mode::Standalone),
        on_null_ignore: false,
    }
}

/// A field of a spec class: its name, its rule, and the operator release that added it.
type FieldEntry = (&'static str, FieldRule, Option<&'static str>);

/// `AbstractFlinkSpec` (both kinds): `job`, `restartNonce` (`flinkConfiguration` is by key).
const ABSTRACT_SPEC: &[FieldEntry] = &[
    ("job", FieldRule::Recurse, None),
    (
        "restartNonce",
        FieldRule::Value {
            diff: DiffType::Upgrade,
            mode: None,
            on_null_ignore: true,
        },
        None,
    ),
];

/// `FlinkDeploymentSpec`.
const DEPLOYMENT_SPEC: &[FieldEntry] = &[
    ("image", FieldRule::UPGRADE, None),
    ("imagePullPolicy", FieldRule::UPGRADE, None),
    ("serviceAccount", FieldRule::UPGRADE, None),
    ("flinkVersion", FieldRule::UPGRADE, None),
    ("ingress", FieldRule::UPGRADE, None),
    ("podTemplate", FieldRule::UPGRADE, None),
    ("jobManager", FieldRule::UPGRADE, None),
    ("taskManager", FieldRule::Recurse, None),
    ("logConfiguration", FieldRule::UPGRADE, None),
    ("mode", FieldRule::UPGRADE, None),
];

/// `FlinkSessionJobSpec`.
const SESSION_JOB_SPEC: &[FieldEntry] = &[("deploymentName", FieldRule::UPGRADE, None)];

/// `JobSpec` (`spec.job`).
const JOB_SPEC: &[FieldEntry] = &[
    ("jarURI", FieldRule::UPGRADE, None),
    ("parallelism", standalone_scale(), None),
    ("entryClass", FieldRule::UPGRADE, None),
    ("args", FieldRule::UPGRADE, None),
    ("state", FieldRule::UPGRADE, None),
    ("savepointTriggerNonce", ignore(), None),
    ("initialSavepointPath", ignore(), None),
    ("checkpointTriggerNonce", ignore(), None),
    ("upgradeMode", ignore(), None),
    ("allowNonRestoredState", ignore(), None),
    (
        "savepointRedeployNonce",
        FieldRule::Value {
            diff: DiffType::SavepointRedeploy,
            mode: None,
            on_null_ignore: true,
        },
        None,
    ),
    ("autoscalerResetNonce", ignore(), Some("1.11")),
];

/// `TaskManagerSpec` (`spec.taskManager`).
const TASK_MANAGER_SPEC: &[FieldEntry] = &[
    ("resource", FieldRule::UPGRADE, None),
    ("replicas", standalone_scale(), None),
    ("podTemplate", FieldRule::UPGRADE, None),
];

/// Which spec a field belongs to: the top level of a `FlinkDeployment` or a `FlinkSessionJob`,
/// or a nested `Diffable` one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpecClass {
    /// `spec` of a `FlinkDeployment`.
    Deployment,
    /// `spec` of a `FlinkSessionJob`.
    SessionJob,
    /// `spec.job`.
    Job,
    /// `spec.taskManager`.
    TaskManager,
}

impl SpecClass {
    fn tables(self) -> &'static [&'static [FieldEntry]] {
        match self {
            SpecClass::Deployment => &[ABSTRACT_SPEC, DEPLOYMENT_SPEC],
            SpecClass::SessionJob => &[ABSTRACT_SPEC, SESSION_JOB_SPEC],
            SpecClass::Job => &[JOB_SPEC],
            SpecClass::TaskManager => &[TASK_MANAGER_SPEC],
        }
    }

    /// The nested class a [`FieldRule::Recurse`] field of this one holds.
    pub fn nested(self, field: &str) -> Option<SpecClass> {
        match (self, field) {
            (SpecClass::Deployment | SpecClass::SessionJob, "job") => Some(SpecClass::Job),
            (SpecClass::Deployment, "taskManager") => Some(SpecClass::TaskManager),
            _ => None,
        }
    }

    /// The rule of `field` in operator `release`; `None` for a field the release's class does
    /// not have (the API server prunes it, so it is no change).
    pub fn field(self, field: &str, release: Release) -> Option<FieldRule> {
        self.tables()
            .iter()
            .flat_map(|t| t.iter())
            .find(|(name, _, since)| *name == field && since.is_none_or(|s| release.reached(s)))
            .map(|(_, rule, _)| *rule)
    }

    /// Every field of this class in `release`, in the operator's order.
    pub fn fields(self, release: Release) -> impl Iterator<Item = (&'static str, FieldRule)> {
        self.tables()
            .iter()
            .flat_map(|t| t.iter())
            .filter(move |(_, _, since)| since.is_none_or(|s| release.reached(s)))
            .map(|(name, rule, _)| (*name, *rule))
    }
}

/// Whether operator `release` flattens nested `spec.flinkConfiguration` mappings before
/// comparing (1.13 on: `ConfigObjectNode.asFlatMap`); before, the field is a map of strings and
/// the API server refuses nested values.
pub fn flattens_flink_configuration(release: Release) -> bool {
    release.reached("1.13")
}

/// Values a spec field has when it is not written (Java field initialisers and primitives), so
/// writing the default is no change: `job.upgradeMode` is `stateless`, `job.state` `running`,
/// `job.parallelism` `0`, `jobManager.replicas` `1`.
pub fn default_of(path: &str) -> Option<&'static str> {
    match path {
        "spec.job.upgradeMode" => Some("stateless"),
        "spec.job.state" => Some("running"),
        "spec.job.parallelism" => Some("0"),
        "spec.jobManager.replicas" => Some("1"),
        _ => None,
    }
}
