//! `flinkconf plan`'s model: what the operator will do with each changed resource, under each
//! rule of the issue, seen from the two versions of a manifest.

use options_check::plan::rules::DiffType;
use options_check::plan::sides::Side;
use options_check::plan::{plan, DeploymentPlan, FailOn, Outcome, Plan, PlanOptions, StateFate};

/// A `FlinkDeployment` named `name` in `team` with `spec` (indented by two spaces).
fn deployment(name: &str, spec: &str) -> String {
    format!(
        "apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nmetadata:\n  name: {name}\n  namespace: team\nspec:\n{spec}"
    )
}

/// An application deployment on Flink 1.20 with `upgrade_mode` and `extra` spec lines.
fn app(upgrade_mode: &str, extra: &str) -> String {
    deployment(
        "orders",
        &format!(
            "  flinkVersion: v1_20\n  job:\n    jarURI: local:///job.jar\n    upgradeMode: {upgrade_mode}\n{extra}"
        ),
    )
}

fn side(text: &str) -> Side {
    Side::of_texts([("deploy.yaml".to_owned(), text.to_owned())])
}

fn planned_at(release: &str, old: &str, new: &str) -> Plan {
    plan(&side(old), &side(new), &PlanOptions::at(release).unwrap())
}

fn planned(old: &str, new: &str) -> Plan {
    planned_at("1.15", old, new)
}

/// The one resource planned.
fn one(plan: &Plan) -> &DeploymentPlan {
    assert_eq!(plan.deployments.len(), 1, "{plan:#?}");
    &plan.deployments[0]
}

fn outcome(old: &str, new: &str) -> Outcome {
    one(&planned(old, new)).outcome
}

/// The diff type of a `flinkConfiguration` change of `key` from `a` to `b` (`""`: unset) in
/// `mode`.
fn config_change(mode: &str, key: &str, a: &str, b: &str) -> Outcome {
    let with = |v: &str| {
        let setting = if v.is_empty() {
            String::new()
        } else {
            format!("    {key}: \"{v}\"\n")
        };
        app(
            "savepoint",
            &format!("  mode: {mode}\n  flinkConfiguration:\n    pipeline.name: orders\n{setting}"),
        )
    };
    outcome(&with(a), &with(b))
}

#[test]
fn operator_and_autoscaler_keys_and_the_default_parallelism_are_ignored() {
    for mode in ["native", "standalone"] {
        for key in [
            "job.autoscaler.enabled",
            "kubernetes.operator.job.restart.failed",
            "parallelism.default",
        ] {
            assert_eq!(
                config_change(mode, key, "1", "2"),
                Outcome::Diff(DiffType::Ignore),
                "{key} in {mode}"
            );
        }
    }
}

#[test]
fn parallelism_overrides_scale_in_native_mode_only() {
    let key = "pipeline.jobvertex-parallelism-overrides";
    assert_eq!(
        config_change("native", key, "a:1", "a:2"),
        Outcome::Diff(DiffType::Scale)
    );
    assert_eq!(
        config_change("standalone", key, "a:1", "a:2"),
        Outcome::Diff(DiffType::Upgrade)
    );
}

#[test]
fn every_other_key_added_removed_or_changed_is_an_upgrade() {
    let key = "execution.checkpointing.interval";
    for (a, b) in [("", "10 s"), ("10 s", ""), ("10 s", "20 s")] {
        assert_eq!(
            config_change("native", key, a, b),
            Outcome::Diff(DiffType::Upgrade),
            "{a:?} -> {b:?}"
        );
    }
}

#[test]
fn values_are_compared_as_text_and_a_spelling_change_is_flagged() {
    let p = planned(
        &app(
            "savepoint",
            "  flinkConfiguration:\n    execution.checkpointing.interval: 60 s\n",
        ),
        &app(
            "savepoint",
            "  flinkConfiguration:\n    execution.checkpointing.interval: 1 min\n",
        ),
    );
    let d = one(&p);
    assert_eq!(d.outcome, Outcome::Diff(DiffType::Upgrade));
    assert!(d.changes[0].spelling_only);
    let finding = d
        .findings
        .iter()
        .find(|f| f.rule.id() == "spelling-only-change")
        .expect("a spelling-only finding");
    assert!(
        finding.message.contains("60 s -> 1 min"),
        "{}",
        finding.message
    );
    assert!(
        d.notes.iter().any(|n| n.contains("compares text")),
        "{:?}",
        d.notes
    );
}

#[test]
fn a_deprecated_key_replaced_by_its_new_key_with_the_same_value_is_spelling_only() {
    let d = planned(
        &app(
            "savepoint",
            "  flinkConfiguration:\n    state.backend: rocksdb\n",
        ),
        &app(
            "savepoint",
            "  flinkConfiguration:\n    state.backend.type: rocksdb\n",
        ),
    );
    let d = one(&d);
    assert_eq!(d.outcome, Outcome::Diff(DiffType::Upgrade));
    assert_eq!(d.changes.len(), 2);
    assert!(d.changes.iter().all(|c| c.spelling_only), "{:?}", d.changes);
}

#[test]
fn nested_flink_configuration_is_flattened_from_operator_1_13() {
    let flat = app(
        "savepoint",
        "  flinkConfiguration:\n    execution.checkpointing.interval: 10 s\n",
    );
    let nested = app(
        "savepoint",
        "  flinkConfiguration:\n    execution:\n      checkpointing:\n        interval: 10 s\n",
    );
    let p = planned_at("1.13", &flat, &nested);
    assert!(p.deployments.is_empty(), "{p:#?}");
    assert_eq!(p.unchanged, 1);
    let old = planned_at("1.12", &flat, &nested);
    assert!(
        one(&old)
            .notes
            .iter()
            .any(|n| n.contains("nested mappings")),
        "{old:#?}"
    );
}

#[test]
fn job_parallelism_and_task_manager_replicas_scale_in_standalone_and_upgrade_in_native() {
    for (field, a, b) in [
        (
            "  job:\n    jarURI: local:///job.jar\n    parallelism: ",
            "2",
            "4",
        ),
        ("  taskManager:\n    replicas: ", "2", "4"),
    ] {
        for (mode, expected) in [
            ("native", DiffType::Upgrade),
            ("standalone", DiffType::Scale),
        ] {
            let with = |v: &str| {
                deployment(
                    "orders",
                    &format!("  flinkVersion: v1_20\n  mode: {mode}\n{field}{v}\n"),
                )
            };
            assert_eq!(
                outcome(&with(a), &with(b)),
                Outcome::Diff(expected),
                "{field} {mode}"
            );
        }
    }
}

#[test]
fn job_fields_the_operator_ignores_restart_nothing() {
    for (field, a, b) in [
        ("upgradeMode", "savepoint", "last-state"),
        ("initialSavepointPath", "s3://a/sp-1", "s3://a/sp-2"),
        ("allowNonRestoredState", "false", "true"),
        ("savepointTriggerNonce", "1", "2"),
        ("checkpointTriggerNonce", "1", "2"),
        ("autoscalerResetNonce", "1", "2"),
    ] {
        let with = |v: &str| {
            deployment(
                "orders",
                &format!("  job:\n    jarURI: local:///job.jar\n    {field}: {v}\n"),
            )
        };
        let d = one(&planned(&with(a), &with(b))).clone();
        assert_eq!(d.outcome, Outcome::Diff(DiffType::Ignore), "{field}");
        assert_eq!(d.state, Some(StateFate::Untouched), "{field}");
    }
}

#[test]
fn the_autoscaler_reset_nonce_is_no_field_of_operator_1_10() {
    let with = |v: &str| {
        deployment("orders", &format!("  job:\n    jarURI: local:///job.jar\n    autoscalerResetNonce: {v}\n    parallelism: {v}\n"))
    };
    let d = planned_at("1.10", &with("1"), &with("2"));
    let d = one(&d);
    assert_eq!(d.changes.len(), 1, "{:?}", d.changes);
    assert_eq!(d.changes[0].path, "spec.job.parallelism");
    assert!(d
        .findings
        .iter()
        .any(|f| f.rule.id() == "unknown-spec-field"
            && f.message.contains("spec.job.autoscalerResetNonce")));
}

#[test]
fn a_new_savepoint_redeploy_nonce_redeploys_and_a_nonce_back_to_null_is_no_change() {
    let job = "  job:\n    jarURI: local:///job.jar\n    upgradeMode: savepoint\n    initialSavepointPath: s3://b/sp\n";
    let with = |nonce: &str| deployment("orders", &format!("{job}{nonce}"));
    let d = planned(
        &with(""),
        &with("    savepointRedeployNonce: 1\n    parallelism: 4\n"),
    );
    let d = one(&d);
    // The largest type wins over the UPGRADE of the parallelism.
    assert_eq!(d.outcome, Outcome::Diff(DiffType::SavepointRedeploy));
    assert_eq!(d.state, Some(StateFate::FromInitialSavepoint));
    assert!(
        d.notes.iter().any(|n| n.contains("s3://b/sp")),
        "{:?}",
        d.notes
    );
    let back = planned(&with("    savepointRedeployNonce: 1\n"), &with(""));
    assert!(back.deployments.is_empty(), "{back:#?}");
}

#[test]
fn a_savepoint_redeploy_without_an_initial_savepoint_path_is_refused() {
    let with = |nonce: &str| {
        deployment(
            "orders",
            &format!("  job:\n    jarURI: local:///job.jar\n{nonce}"),
        )
    };
    let d = planned(&with(""), &with("    savepointRedeployNonce: 1\n"));
    let finding = one(&d)
        .findings
        .iter()
        .find(|f| f.rule.id() == "savepoint-redeploy-without-path")
        .expect("refused");
    assert_eq!(finding.level.name(), "error");
}

#[test]
fn a_new_restart_nonce_upgrades_and_one_back_to_null_does_not() {
    let with = |nonce: &str| app("last-state", nonce);
    assert_eq!(
        outcome(&with(""), &with("  restartNonce: 7\n")),
        Outcome::Diff(DiffType::Upgrade)
    );
    assert!(planned(&with("  restartNonce: 7\n"), &with(""))
        .deployments
        .is_empty());
}

#[test]
fn cluster_job_and_pod_fields_upgrade() {
    for (a, b) in [
        ("  image: flink:1.20\n", "  image: flink:1.20.1\n"),
        ("  serviceAccount: flink\n", "  serviceAccount: other\n"),
        ("  flinkVersion: v1_19\n", "  flinkVersion: v1_20\n"),
        (
            "  jobManager:\n    resource:\n      memory: 2g\n",
            "  jobManager:\n    resource:\n      memory: 3g\n",
        ),
        (
            "  taskManager:\n    resource:\n      cpu: 1\n",
            "  taskManager:\n    resource:\n      cpu: 2\n",
        ),
        (
            "  podTemplate:\n    metadata:\n      labels:\n        a: b\n",
            "  podTemplate:\n    metadata:\n      labels:\n        a: c\n",
        ),
        (
            "  ingress:\n    template: a\n",
            "  ingress:\n    template: b\n",
        ),
        (
            "  logConfiguration:\n    log4j-console.properties: a\n",
            "  logConfiguration:\n    log4j-console.properties: b\n",
        ),
        ("  mode: native\n", "  mode: standalone\n"),
        (
            "  job:\n    jarURI: local:///a.jar\n",
            "  job:\n    jarURI: local:///b.jar\n",
        ),
        (
            "  job:\n    jarURI: local:///a.jar\n    args: [a]\n",
            "  job:\n    jarURI: local:///a.jar\n    args: [a, b]\n",
        ),
        (
            "  job:\n    jarURI: local:///a.jar\n    state: running\n",
            "  job:\n    jarURI: local:///a.jar\n    state: suspended\n",
        ),
    ] {
        assert_eq!(
            outcome(&deployment("orders", a), &deployment("orders", b)),
            Outcome::Diff(DiffType::Upgrade),
            "{a} -> {b}"
        );
    }
}

#[test]
fn writing_a_default_is_no_change() {
    let without = deployment("orders", "  job:\n    jarURI: local:///a.jar\n");
    let with = deployment(
        "orders",
        "  job:\n    jarURI: local:///a.jar\n    upgradeMode: stateless\n    state: running\n",
    );
    assert!(planned(&without, &with).deployments.is_empty());
}

#[test]
fn an_upgrade_keeps_or_loses_the_state_by_upgrade_mode() {
    for (mode, fate) in [
        ("savepoint", StateFate::Kept),
        ("last-state", StateFate::Kept),
        ("stateless", StateFate::Lost),
    ] {
        let d = planned(
            &app(mode, "  image: flink:1.20\n"),
            &app(mode, "  image: flink:1.20.1\n"),
        );
        let d = one(&d);
        assert_eq!(d.state, Some(fate), "{mode}");
        assert_eq!(d.upgrade_mode.as_deref(), Some(mode));
    }
}

#[test]
fn in_place_scaling_needs_the_adaptive_scheduler_as_deployed() {
    let with = |scheduler: &str, overrides: &str| {
        app(
            "savepoint",
            &format!("  flinkConfiguration:\n    {scheduler}pipeline.jobvertex-parallelism-overrides: \"{overrides}\"\n"),
        )
    };
    let adaptive = "jobmanager.scheduler: adaptive\n    ";
    let d = planned(&with(adaptive, "v1:2"), &with(adaptive, "v1:4"));
    let d = one(&d);
    assert_eq!(d.outcome, Outcome::Diff(DiffType::Scale));
    assert_eq!(d.in_place_scaling, Some(true));
    assert!(!d.fails(FailOn::Upgrade) && d.fails(FailOn::Scale));

    let d = planned(&with("", "v1:2"), &with("", "v1:4"));
    let d = one(&d);
    assert_eq!(d.in_place_scaling, Some(false));
    assert!(
        d.fails(FailOn::Upgrade),
        "a SCALE that cannot happen in place upgrades"
    );
    assert!(
        d.notes.iter().any(|n| n.contains("adaptive")),
        "{:?}",
        d.notes
    );

    // Removing a vertex's override falls back to an upgrade.
    let d = planned(&with(adaptive, "v1:2,v2:2"), &with(adaptive, "v1:4"));
    assert_eq!(one(&d).in_place_scaling, Some(false));
}

#[test]
fn in_place_scaling_needs_flink_1_18() {
    let with = |overrides: &str| {
        deployment(
            "orders",
            &format!("  flinkVersion: v1_17\n  job:\n    jarURI: local:///job.jar\n  flinkConfiguration:\n    jobmanager.scheduler: adaptive\n    pipeline.jobvertex-parallelism-overrides: \"{overrides}\"\n"),
        )
    };
    let d = planned(&with("v1:2"), &with("v1:4"));
    assert_eq!(one(&d).in_place_scaling, Some(false));
    assert!(one(&d).notes.iter().any(|n| n.contains("1.18")));
}

#[test]
fn a_session_job_takes_its_session_deployments_mode() {
    let cluster = |mode: &str| {
        deployment(
            "session",
            &format!("  flinkVersion: v1_20\n  mode: {mode}\n"),
        )
    };
    let job = |p: u32| {
        format!("apiVersion: flink.apache.org/v1beta1\nkind: FlinkSessionJob\nmetadata:\n  name: etl\n  namespace: team\nspec:\n  deploymentName: session\n  job:\n    jarURI: local:///etl.jar\n    parallelism: {p}\n")
    };
    for (mode, expected) in [
        ("standalone", DiffType::Scale),
        ("native", DiffType::Upgrade),
    ] {
        let old = format!("{}---\n{}", cluster(mode), job(2));
        let new = format!("{}---\n{}", cluster(mode), job(4));
        let d = planned(&old, &new);
        let d = one(&d);
        assert_eq!(d.name, "etl");
        assert_eq!(d.outcome, Outcome::Diff(expected), "{mode}");
    }
}

#[test]
fn a_session_cluster_upgrade_restarts_its_jobs() {
    let d = planned(
        &deployment("session", "  image: flink:1.20\n"),
        &deployment("session", "  image: flink:1.20.1\n"),
    );
    assert!(one(&d)
        .notes
        .iter()
        .any(|n| n.contains("every job running on it restarts")));
}

#[test]
fn resources_are_paired_by_kind_namespace_and_name() {
    let a = deployment("a", "  image: x\n");
    let b = deployment("b", "  image: x\n");
    let b_elsewhere = b.replace("namespace: team", "namespace: other");
    let p = planned(&format!("{a}---\n{b}"), &format!("{a}---\n{b_elsewhere}"));
    let outcomes: Vec<(String, String, Outcome)> = p
        .deployments
        .iter()
        .map(|d| (d.namespace.clone(), d.name.clone(), d.outcome))
        .collect();
    assert_eq!(
        outcomes,
        [
            ("team".to_owned(), "b".to_owned(), Outcome::Removed),
            ("other".to_owned(), "b".to_owned(), Outcome::Added),
        ]
    );
    assert_eq!(p.unchanged, 1);
}

#[test]
fn the_most_disruptive_deployment_comes_first() {
    let d = |name: &str, image: &str, nonce: &str| {
        deployment(name, &format!("  image: {image}\n  job:\n    jarURI: local:///j.jar\n    upgradeMode: savepoint\n{nonce}"))
    };
    let old = [d("a", "x", ""), d("b", "x", ""), d("c", "x", "")].join("---\n");
    let new = [
        d("a", "x", "    allowNonRestoredState: true\n"),
        d("b", "y", ""),
        d(
            "c",
            "x",
            "    initialSavepointPath: s3://sp\n    savepointRedeployNonce: 1\n",
        ),
    ]
    .join("---\n");
    let p = planned(&old, &new);
    let order: Vec<(&str, &str)> = p
        .deployments
        .iter()
        .map(|d| (d.name.as_str(), d.outcome.name()))
        .collect();
    assert_eq!(
        order,
        [
            ("c", "SAVEPOINT_REDEPLOY"),
            ("b", "UPGRADE"),
            ("a", "IGNORE")
        ]
    );
    assert!(p.fails(FailOn::SavepointRedeploy));
}

#[test]
fn the_checkers_findings_on_the_new_side_come_with_the_plan() {
    let d = planned(
        &app(
            "savepoint",
            "  flinkConfiguration:\n    parallelism.default: 2\n",
        ),
        &app(
            "savepoint",
            "  flinkConfiguration:\n    parallelism.default: two\n",
        ),
    );
    let d = one(&d);
    let invalid = d
        .findings
        .iter()
        .find(|f| f.rule.id() == "invalid-value")
        .expect("the checker's finding");
    assert_eq!(invalid.line, 12);
}

#[test]
fn secrets_never_show_in_a_change() {
    let with = |v: &str| {
        app(
            "savepoint",
            &format!("  flinkConfiguration:\n    s3.secret-key: {v}\n"),
        )
    };
    let d = planned(&with("old-secret"), &with("new-secret"));
    let shown = format!("{:?}", one(&d).changes);
    assert!(!shown.contains("secret\""), "{shown}");
    assert!(!shown.contains("new-secret"), "{shown}");
}
