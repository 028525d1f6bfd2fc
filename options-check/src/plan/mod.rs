//! `flinkconf plan OLD NEW`: what a change of Kubernetes manifests does to the jobs running from
//! them, by the Flink Kubernetes operator's own rules. For each `FlinkDeployment` and
//! `FlinkSessionJob` (paired by kind, namespace and name across the two sides): the diff type the
//! operator will compute ([`rules::DiffType`]), each change that causes it with its own type,
//! and what it means for that deployment (state kept or lost by its `upgradeMode`, in-place
//! scaling possible or not, changes that differ only in spelling, what waits for the next
//! upgrade), with the checker's findings on the new side.
//!
//! A pipeline: [`sides`] reads the two versions (files, directories, git revisions) into the
//! resource model ([`crate::resource`]); `diff` compares each pair as the operator's
//! `ReflectiveDiffBuilder` does, under the [`rules`] of the chosen operator release; `meaning`
//! says what the result does; `findings` adds the checker's findings. Rendering (text, Markdown,
//! JSON) is the caller's; the JSON's shape is `options-check/schema/plan.schema.json`.
//!
//! ```
//! use options_check::plan::{plan, sides::Side, PlanOptions, Outcome};
//! use options_check::plan::rules::DiffType;
//!
//! let before = "apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nmetadata:\n  name: orders\nspec:\n  flinkVersion: v1_20\n  job:\n    jarURI: local:///job.jar\n    upgradeMode: savepoint\n  flinkConfiguration:\n    execution.checkpointing.interval: 60 s\n";
//! let after = before.replace("60 s", "30 s");
//! let old = Side::of_texts([("orders.yaml".to_owned(), before.to_owned())]);
//! let new = Side::of_texts([("orders.yaml".to_owned(), after)]);
//! let planned = plan(&old, &new, &PlanOptions::newest());
//! let orders = &planned.deployments[0];
//! assert_eq!(orders.outcome, Outcome::Diff(DiffType::Upgrade));
//! assert_eq!(orders.changes[0].path, "spec.flinkConfiguration[\"execution.checkpointing.interval\"]");
//! assert_eq!(orders.state.map(|s| s.name()), Some("kept"));
//! ```

mod diff;
mod findings;
mod meaning;
pub mod rules;
pub mod sides;

use std::fmt;
use std::str::FromStr;

use options_core::Release;
use options_flink_operator::OPERATOR_RELEASES;

pub use diff::Change;
pub use meaning::StateFate;
use rules::{DiffType, Mode, SpecClass};
use sides::{Identity, Side};

use crate::report::Finding;
use crate::resource::{Kind, Resource};

/// What a plan is computed under.
#[derive(Clone, Copy, Debug)]
pub struct PlanOptions {
    /// The operator release whose rules apply.
    pub operator_release: Release,
}

impl PlanOptions {
    /// The newest operator release's rules.
    pub fn newest() -> Self {
        PlanOptions {
            operator_release: OPERATOR_RELEASES.newest(),
        }
    }

    /// The rules of operator release `text` (`1.13`, `1.13.0`).
    ///
    /// # Errors
    ///
    /// A release the operator's catalogue does not know, with the ones it does.
    pub fn at(text: &str) -> Result<Self, options_core::ReleaseError> {
        Ok(PlanOptions {
            operator_release: OPERATOR_RELEASES.release(text)?,
        })
    }
}

/// What happens to one resource as a whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Outcome {
    /// New: the operator deploys it for the first time.
    Added,
    /// The diff type the operator computes for a changed resource.
    Diff(DiffType),
    /// Gone: the operator deletes its job and cluster.
    Removed,
}

impl Outcome {
    /// `added`, `removed`, or the diff type's name (`UPGRADE`).
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Added => "added",
            Outcome::Removed => "removed",
            Outcome::Diff(d) => d.name(),
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What `--fail-on` names: the least disruptive outcome that fails a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailOn {
    /// Any rescale (in place or not), upgrade, redeploy or removal.
    Scale,
    /// Any restart of a running job: an upgrade (a rescale that cannot happen in place counts),
    /// a redeploy from a savepoint, a removal.
    Upgrade,
    /// A redeploy from `initialSavepointPath`, or a removal.
    SavepointRedeploy,
}

impl FromStr for FailOn {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "scale" => Ok(FailOn::Scale),
            "upgrade" => Ok(FailOn::Upgrade),
            "savepoint-redeploy" => Ok(FailOn::SavepointRedeploy),
            other => Err(format!(
                "unknown --fail-on \"{other}\": expected scale, upgrade or savepoint-redeploy"
            )),
        }
    }
}

/// The plan of one resource.
#[derive(Clone, Debug)]
pub struct DeploymentPlan {
    /// `FlinkDeployment` or `FlinkSessionJob`.
    pub kind: Kind,
    /// Its namespace.
    pub namespace: String,
    /// Its name.
    pub name: String,
    /// The file of its new version (of its old one when removed).
    pub file: String,
    /// The line its document starts on in that file.
    pub line: u32,
    /// What the operator does with it.
    pub outcome: Outcome,
    /// The deployment mode the rules were applied in (a session job's is its session
    /// deployment's).
    pub mode: Mode,
    /// `job.upgradeMode` of the new version (`stateless` when unwritten), for a resource with a
    /// job.
    pub upgrade_mode: Option<String>,
    /// What happens to the job's state.
    pub state: Option<StateFate>,
    /// For a `SCALE`: whether the operator can rescale in place.
    pub in_place_scaling: Option<bool>,
    /// Every change, with its own diff type.
    pub changes: Vec<Change>,
    /// What it means, in sentences.
    pub notes: Vec<String>,
    /// The checker's findings on the new version and the plan's own (rules
    /// `spelling-only-change`, `savepoint-redeploy-without-path`, `unknown-spec-field`).
    pub findings: Vec<Finding>,
}

impl DeploymentPlan {
    /// How disruptive it is for `--fail-on` and for ordering: a rescale that cannot happen in
    /// place is an upgrade, a removal stops a running job (counted with a redeploy), a new
    /// resource restarts nothing.
    pub fn severity(&self) -> Option<DiffType> {
        match self.outcome {
            Outcome::Added => None,
            Outcome::Removed => Some(DiffType::SavepointRedeploy),
            Outcome::Diff(DiffType::Scale) if self.in_place_scaling == Some(false) => {
                Some(DiffType::Upgrade)
            }
            Outcome::Diff(d) => Some(d),
        }
    }

    /// Whether `fail_on` fails a run that plans this.
    pub fn fails(&self, fail_on: FailOn) -> bool {
        let threshold = match fail_on {
            FailOn::Scale => DiffType::Scale,
            FailOn::Upgrade => DiffType::Upgrade,
            FailOn::SavepointRedeploy => DiffType::SavepointRedeploy,
        };
        self.severity().is_some_and(|s| s >= threshold)
    }
}

/// A whole plan.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The operator release whose rules were applied (`1.15`).
    pub operator_release: String,
    /// Every resource that changes, is added or is removed, the most disruptive first.
    pub deployments: Vec<DeploymentPlan>,
    /// Resources present on both sides with no change the operator sees.
    pub unchanged: usize,
    /// About the inputs: resources defined twice, files that are not manifests.
    pub notes: Vec<String>,
}

impl Plan {
    /// Whether `fail_on` fails this plan.
    pub fn fails(&self, fail_on: FailOn) -> bool {
        self.deployments.iter().any(|d| d.fails(fail_on))
    }
}

/// The plan from `old` to `new` under `options`.
pub fn plan(old: &Side, new: &Side, options: &PlanOptions) -> Plan {
    let release = options.operator_release;
    let mut notes = Vec::new();
    for (side, name) in [(old, "old"), (new, "new")] {
        for file in &side.files {
            for (pos, error) in &file.read.errors {
                notes.push(format!(
                    "{name} side, {}:{}:{}: {error}",
                    file.path, pos.line, pos.column
                ));
            }
        }
    }
    let (before, after) = (old.resources(&mut notes), new.resources(&mut notes));
    let mut ids: Vec<&Identity> = before.keys().chain(after.keys()).collect();
    ids.sort();
    ids.dedup();
    let mut planned = Vec::new();
    let mut unchanged = 0;
    for id in ids {
        let (was, will) = (before.get(id), after.get(id));
        let plan = match (was, will) {
            (Some(&(old, _)), Some(&(new, file))) => {
                let context = Context {
                    id,
                    file,
                    before: &before,
                    after: &after,
                    release,
                };
                match context.changed(old, new) {
                    Some(plan) => plan,
                    None => {
                        unchanged += 1;
                        continue;
                    }
                }
            }
            (None, Some(&(new, file))) => added_or_removed(id, new, file, Outcome::Added),
            (Some(&(old, file)), None) => added_or_removed(id, old, file, Outcome::Removed),
            (None, None) => continue,
        };
        planned.push(plan);
    }
    attach_findings(&mut planned, &after, release);
    planned.sort_by(|a, b| {
        b.severity()
            .cmp(&a.severity())
            .then(b.outcome.cmp(&a.outcome))
            .then_with(|| (a.kind, &a.namespace, &a.name).cmp(&(b.kind, &b.namespace, &b.name)))
    });
    Plan {
        operator_release: release.version().to_owned(),
        deployments: planned,
        unchanged,
        notes,
    }
}

type ByIdentity<'a> = std::collections::BTreeMap<Identity, (&'a Resource, &'a str)>;

/// One pair being planned, with both sides' resources (a session job looks up its cluster).
struct Context<'a> {
    id: &'a Identity,
    file: &'a str,
    before: &'a ByIdentity<'a>,
    after: &'a ByIdentity<'a>,
    release: Release,
}

impl Context<'_> {
    /// The session deployment `deploymentName` names, in the resource's namespace, on one side.
    fn cluster<'s>(&self, side: &'s ByIdentity<'_>, r: &Resource) -> Option<&'s Resource> {
        let name = r.spec_text(&["deploymentName"])?;
        let id = Identity {
            kind: Kind::FlinkDeployment,
            namespace: self.id.namespace.clone(),
            name: name.to_owned(),
        };
        side.get(&id).map(|(r, _)| *r)
    }

    /// The plan of a resource on both sides, `None` when the operator sees no change.
    fn changed(&self, old: &Resource, new: &Resource) -> Option<DeploymentPlan> {
        let (class, mut notes) = (
            match self.id.kind {
                Kind::FlinkDeployment => SpecClass::Deployment,
                Kind::FlinkSessionJob => SpecClass::SessionJob,
            },
            Vec::new(),
        );
        let (mode, deployed_cluster) = match self.id.kind {
            Kind::FlinkDeployment => (Mode::of(new.spec_text(&["mode"])), None),
            Kind::FlinkSessionJob => {
                let cluster = self.cluster(self.after, new);
                let deployed = self.cluster(self.before, old).or(cluster);
                if cluster.is_none() {
                    notes.push(format!(
                        "its session deployment {} is not among the manifests: planned in native mode",
                        new.spec_text(&["deploymentName"]).unwrap_or("(none named)")
                    ));
                }
                (
                    Mode::of(cluster.and_then(|c| c.spec_text(&["mode"]))),
                    deployed,
                )
            }
        };
        let compared = diff::compare(old, new, class, mode, self.release);
        // Nested mappings in a release that takes a map of strings: the API server refuses the
        // resource, whatever changed, which the plan must say.
        let refused_nesting = new.flink_configuration.as_ref().is_some_and(|c| c.nested)
            && !rules::flattens_flink_configuration(self.release);
        if compared.changes.is_empty() && !refused_nesting {
            return None;
        }
        let mut changes = compared.changes;
        let flink_release = new
            .flink_version
            .as_ref()
            .or(deployed_cluster.and_then(|c| c.flink_version.as_ref()))
            .and_then(|v| options_flink::FLINK_RELEASES.release(&v.version).ok())
            .unwrap_or(options_flink::FLINK_RELEASES.newest());
        let flink = options_flink::builtin::catalogue_at(flink_release);
        let sides = meaning::Sides {
            old,
            new,
            mode,
            deployed_cluster,
            flink: &flink,
        };
        meaning::mark_spellings(&sides, &mut changes);
        let diff = changes
            .iter()
            .map(|c| c.diff)
            .max()
            .unwrap_or(DiffType::Ignore);
        let meaning = meaning::explain(&sides, diff, &changes);
        notes.extend(meaning.notes);
        if refused_nesting {
            notes.push(format!(
                "spec.flinkConfiguration is written with nested mappings, which operator {} does not accept (its API server refuses the resource; 1.13 and later flatten them)",
                self.release.version()
            ));
        }
        let findings = findings::of_changes(
            new,
            &changes,
            &compared.unknown_fields,
            self.release.version(),
        );
        Some(DeploymentPlan {
            kind: self.id.kind,
            namespace: self.id.namespace.clone(),
            name: self.id.name.clone(),
            file: self.file.to_owned(),
            line: new.line,
            outcome: Outcome::Diff(diff),
            mode,
            upgrade_mode: meaning::upgrade_mode(new),
            state: meaning.state,
            in_place_scaling: meaning.in_place_scaling,
            changes,
            notes,
            findings,
        })
    }
}

/// The plan of a resource on one side only.
fn added_or_removed(id: &Identity, r: &Resource, file: &str, outcome: Outcome) -> DeploymentPlan {
    let upgrade_mode = meaning::upgrade_mode(r);
    let job = r.has(&["job"]) || id.kind == Kind::FlinkSessionJob;
    let note = match (outcome, job) {
        (Outcome::Added, true) => match r.spec_text(&["job", "initialSavepointPath"]) {
            Some(path) => format!("new: the job starts from job.initialSavepointPath {path}"),
            None => "new: the job starts without state".to_owned(),
        },
        (Outcome::Added, false) => "new: a session cluster is deployed".to_owned(),
        (_, true) => "removed: the operator cancels the job and deletes its cluster".to_owned(),
        (_, false) => {
            "removed: the session cluster is deleted, with every job running on it".to_owned()
        }
    };
    DeploymentPlan {
        kind: id.kind,
        namespace: id.namespace.clone(),
        name: id.name.clone(),
        file: file.to_owned(),
        line: r.line,
        outcome,
        mode: Mode::of(r.spec_text(&["mode"])),
        upgrade_mode,
        state: None,
        in_place_scaling: None,
        changes: Vec::new(),
        notes: vec![note],
        findings: Vec::new(),
    }
}

/// Adds the checker's findings on the new side to every plan that has a new side.
fn attach_findings(planned: &mut [DeploymentPlan], after: &ByIdentity<'_>, release: Release) {
    let Ok(operator) = crate::operator::catalogue(Some(release.version())) else {
        return;
    };
    let targets: Vec<(usize, &Resource)> = planned
        .iter()
        .enumerate()
        .filter(|(_, p)| p.outcome != Outcome::Removed)
        .filter_map(|(i, p)| {
            let id = Identity {
                kind: p.kind,
                namespace: p.namespace.clone(),
                name: p.name.clone(),
            };
            after.get(&id).map(|(r, _)| (i, *r))
        })
        .collect();
    let resources: Vec<&Resource> = targets.iter().map(|(_, r)| *r).collect();
    for ((i, _), found) in targets.iter().zip(findings::checked(&resources, operator)) {
        let plan = &mut planned[*i];
        let mut all = found;
        all.append(&mut plan.findings);
        all.sort_by_key(|f| (f.line, f.column.unwrap_or(0)));
        plan.findings = all;
    }
}
