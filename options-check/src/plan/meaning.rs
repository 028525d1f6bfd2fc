//! What a planned change means for one deployment: whether the job keeps its state (its
//! `upgradeMode`), whether a `SCALE` can rescale in place (the release and scheduler the
//! operator checks), which changes differ only in spelling, and what ignored changes wait for.

use std::collections::BTreeMap;

use options_core::Catalogue;

use super::diff::Change;
use super::rules::{read_by_operator, DiffType, Mode};
use crate::resource::Resource;

/// What happens to a job's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StateFate {
    /// Nothing restarts.
    Untouched,
    /// Restored (a savepoint, the last checkpoint, or rescaled in place from one).
    Kept,
    /// The job starts from empty state (`upgradeMode: stateless`).
    Lost,
    /// Restored from `job.initialSavepointPath`, whatever the job did since.
    FromInitialSavepoint,
}

impl StateFate {
    /// `untouched`, `kept`, `lost`, `from-initial-savepoint`.
    pub fn name(self) -> &'static str {
        match self {
            StateFate::Untouched => "untouched",
            StateFate::Kept => "kept",
            StateFate::Lost => "lost",
            StateFate::FromInitialSavepoint => "from-initial-savepoint",
        }
    }
}

/// The sides of one planned resource and what they run in.
pub(super) struct Sides<'a> {
    pub old: &'a Resource,
    pub new: &'a Resource,
    pub mode: Mode,
    /// For a session job, its session deployment as deployed (old side) and as it will be.
    pub deployed_cluster: Option<&'a Resource>,
    /// The Flink catalogue of the new side's release (for spellings of one value).
    pub flink: &'a Catalogue,
}

/// What [`explain`] finds.
pub(super) struct Meaning {
    pub state: Option<StateFate>,
    pub in_place_scaling: Option<bool>,
    pub notes: Vec<String>,
}

/// The `flinkConfiguration` of a resource as key -> value (the last setting of a key).
fn settings(r: &Resource) -> BTreeMap<&str, &str> {
    r.flink_configuration
        .iter()
        .flat_map(|c| c.settings.iter())
        .map(|s| (s.key.as_str(), s.value.as_str()))
        .collect()
}

/// Marks the changes that differ only in spelling: a key whose old and new values are one value
/// of its option (`60 s` and `1 min`), and a key removed while another spelling of the same
/// option is added with the same value (a deprecated key replaced by its new one).
pub(super) fn mark_spellings(sides: &Sides<'_>, changes: &mut [Change]) {
    let (old, new) = (settings(sides.old), settings(sides.new));
    let option = |key: &str| sides.flink.resolve(key).map(|r| r.meta);
    let mut marks = vec![false; changes.len()];
    for (i, c) in changes.iter().enumerate() {
        let Some(key) = c.key.as_deref() else {
            continue;
        };
        let Some(meta) = option(key) else { continue };
        match (old.get(key), new.get(key)) {
            (Some(a), Some(b)) => marks[i] = meta.same_value(a, b),
            (Some(a), None) | (None, Some(a)) => {
                // The other spelling of the same option, on the other side, with one value.
                let other_side = if old.contains_key(key) { &new } else { &old };
                marks[i] = changes.iter().any(|d| {
                    let Some(k) = d.key.as_deref() else {
                        return false;
                    };
                    k != key
                        && other_side.get(k).is_some_and(|b| {
                            option(k).is_some_and(|m| m.key == meta.key) && meta.same_value(a, b)
                        })
                        && !(old.contains_key(k) && new.contains_key(k))
                });
            }
            (None, None) => {}
        }
    }
    for (c, mark) in changes.iter_mut().zip(marks) {
        c.spelling_only = mark;
    }
}

/// `job.upgradeMode` of the new side (`stateless` when not written), for a resource with a job.
pub(super) fn upgrade_mode(r: &Resource) -> Option<String> {
    r.has(&["job"]).then(|| {
        r.spec_text(&["job", "upgradeMode"])
            .unwrap_or("stateless")
            .to_ascii_lowercase()
    })
}

/// The Flink release a `flinkVersion` such as `v1_18` names, as (major, minor).
fn flink_version(r: &Resource) -> Option<(u32, u32)> {
    let text = r.spec_text(&["flinkVersion"])?;
    let (major, minor) = text.strip_prefix('v')?.split_once('_')?;
    Some((major.parse().ok()?, minor.parse().ok()?))
}

/// `a:1,b:2` as vertex -> parallelism.
fn overrides(value: Option<&&str>) -> BTreeMap<String, String> {
    value
        .map(|v| {
            v.split(',')
                .filter_map(|pair| pair.split_once(':'))
                .map(|(k, p)| (k.trim().to_owned(), p.trim().to_owned()))
                .collect()
        })
        .unwrap_or_default()
}

/// Whether the operator can rescale in place, and why not: native mode needs a job, in-place
/// scaling left on (`kubernetes.operator.job.upgrade.inplace-scaling.enabled`, read from the new
/// spec), Flink 1.18 or later and `jobmanager.scheduler: adaptive` as deployed (the old spec),
/// and parallelism overrides before or after with none removed (`NativeFlinkService.scale`);
/// standalone mode needs `scheduler-mode: reactive` as deployed (`StandaloneFlinkService.scale`).
fn in_place(sides: &Sides<'_>) -> Result<(), String> {
    let deployed = sides.deployed_cluster.unwrap_or(sides.old);
    let (old, new) = (settings(sides.old), settings(sides.new));
    let deployed_settings = settings(deployed);
    let setting = |key: &str| {
        old.get(key)
            .or_else(|| deployed_settings.get(key))
            .map(|v| v.trim().to_ascii_lowercase())
    };
    if sides.mode == Mode::Standalone {
        return match setting("scheduler-mode").as_deref() {
            Some("reactive") => Ok(()),
            _ => Err(
                "standalone mode rescales in place only with scheduler-mode: reactive as deployed"
                    .to_owned(),
            ),
        };
    }
    if !sides.new.has(&["job"]) {
        return Err("a session cluster has no job to rescale".to_owned());
    }
    let flag = "kubernetes.operator.job.upgrade.inplace-scaling.enabled";
    if new
        .get(flag)
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("false"))
    {
        return Err(format!("{flag} is false"));
    }
    match flink_version(deployed) {
        Some(v) if v >= (1, 18) => {}
        Some((major, minor)) => {
            return Err(format!(
                "in-place rescaling needs Flink 1.18 or later (deployed: {major}.{minor})"
            ))
        }
        None => return Err("spec.flinkVersion is not written".to_owned()),
    }
    if setting("jobmanager.scheduler").as_deref() != Some("adaptive") {
        return Err("jobmanager.scheduler is not adaptive as deployed (unless the operator's default configuration sets it, which this plan does not read)".to_owned());
    }
    let key = "pipeline.jobvertex-parallelism-overrides";
    let (before, after) = (overrides(old.get(key)), overrides(new.get(key)));
    if before.is_empty() && after.is_empty() {
        return Err(format!("no {key} before or after"));
    }
    if let Some(vertex) = before.keys().find(|v| !after.contains_key(*v)) {
        return Err(format!(
            "the override of vertex {vertex} is removed, which the operator handles with an upgrade"
        ));
    }
    Ok(())
}

/// What `diff` (the largest type of `changes`) means for the resource of `sides`.
pub(super) fn explain(sides: &Sides<'_>, diff: DiffType, changes: &[Change]) -> Meaning {
    let mut notes = Vec::new();
    let job = sides.new.has(&["job"]);
    let mode = upgrade_mode(sides.new);
    let mut in_place_scaling = None;
    let mut effective = diff;
    if diff == DiffType::Scale {
        match in_place(sides) {
            Ok(()) => {
                in_place_scaling = Some(true);
                notes.push(format!(
                    "SCALE in {} mode: rescaled in place (the job restarts from its latest checkpoint inside the running cluster)",
                    sides.mode.name()
                ));
            }
            Err(why) => {
                in_place_scaling = Some(false);
                effective = DiffType::Upgrade;
                notes.push(format!(
                    "SCALE cannot rescale in place ({why}): the operator upgrades instead"
                ));
            }
        }
    }
    let state = match effective {
        DiffType::Ignore => Some(StateFate::Untouched),
        DiffType::Scale => Some(StateFate::Kept),
        DiffType::SavepointRedeploy => {
            let path = sides.new.spec_text(&["job", "initialSavepointPath"]);
            notes.push(match path {
                Some(p) => format!("SAVEPOINT_REDEPLOY: the job is cancelled without a savepoint and redeployed from job.initialSavepointPath {p}; upgradeMode is not used and the change cannot be rolled back"),
                None => "SAVEPOINT_REDEPLOY: the operator refuses it, job.initialSavepointPath is empty".to_owned(),
            });
            Some(StateFate::FromInitialSavepoint)
        }
        DiffType::Upgrade if !job => {
            notes.push("UPGRADE of a session cluster: it is deleted and deployed again, and every job running on it restarts".to_owned());
            None
        }
        DiffType::Upgrade => {
            let mode = mode.as_deref().unwrap_or("stateless");
            let (fate, how) = match mode {
                "savepoint" => (StateFate::Kept, "suspended with a savepoint and restored from it"),
                "last-state" => (StateFate::Kept, "suspended and restored from its latest checkpoint (high-availability metadata)"),
                _ => (StateFate::Lost, "cancelled and started again without its state"),
            };
            notes.push(format!("UPGRADE with upgradeMode {mode}: the job is {how}"));
            if changes.iter().any(|c| c.path == "spec.flinkVersion") && mode == "last-state" {
                notes.push("spec.flinkVersion changes: the operator takes a savepoint rather than restoring last-state".to_owned());
            }
            Some(fate)
        }
    };
    if changes.iter().any(|c| c.path == "spec.job.upgradeMode") {
        notes.push(
            "job.upgradeMode alone restarts nothing: the new mode is used by the next upgrade"
                .to_owned(),
        );
    }
    if let Some(state) = changes.iter().find(|c| c.path == "spec.job.state") {
        match state.new.as_deref() {
            Some("suspended") => notes
                .push("job.state suspended: the job is stopped as its upgradeMode says".to_owned()),
            _ => notes.push("job.state running: the suspended job is started again".to_owned()),
        }
    }
    let ignored: Vec<&Change> = changes
        .iter()
        .filter(|c| c.diff == DiffType::Ignore)
        .collect();
    let live: Vec<&str> = ignored
        .iter()
        .filter_map(|c| c.key.as_deref().filter(|k| read_by_operator(k)))
        .collect();
    if !live.is_empty() {
        notes.push(format!(
            "{} {} at once: the operator reads {} from the current spec, no restart",
            live.join(", "),
            if live.len() == 1 { "acts" } else { "act" },
            if live.len() == 1 { "it" } else { "them" }
        ));
    }
    let waiting: Vec<String> = ignored
        .iter()
        .filter(|c| !c.key.as_deref().is_some_and(read_by_operator))
        .map(|c| c.path.trim_start_matches("spec.").to_owned())
        .filter(|p| p != "job.upgradeMode")
        .collect();
    if !waiting.is_empty() && effective == DiffType::Ignore {
        notes.push(format!(
            "{} {} ignored by the operator: the running job keeps the old value until the next upgrade",
            waiting.join(", "),
            if waiting.len() == 1 { "is" } else { "are" }
        ));
    }
    if changes
        .iter()
        .any(|c| c.spelling_only && c.diff >= DiffType::Upgrade)
    {
        notes.push("some changes differ only in spelling: Flink reads the same value, but the operator compares text and restarts the job anyway".to_owned());
    }
    Meaning {
        state,
        in_place_scaling,
        notes,
    }
}
