//! The operator's layers (`options_check::effective`): every layer and every mapping of the
//! operator's `FlinkConfigBuilder`, per operator release. The test data
//! (`tests/data/effective/`) quotes the operator's source line by line.

use std::collections::BTreeSet;
use std::path::Path;

use options_check::effective::mappings::{self, MAPPINGS};
use options_check::effective::{self, operator_config, ConfigLayer, Deployment, Manifest, Request};
use options_check::resource;
use options_flink_operator::OPERATOR_RELEASES;

fn data(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/effective")
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

fn run_at(release: &str, flink_defaults: bool) -> effective::Effective {
    let operator =
        operator_config::read("operator-values.yaml", &data("operator-values.yaml")).unwrap();
    let manifests = [Manifest::new(
        "deployments.yaml",
        resource::read(&data("deployments.yaml")),
    )];
    let request = Request {
        operator_release: OPERATOR_RELEASES.release(release).unwrap(),
        flink_defaults,
    };
    effective::effective(&manifests, Some(&operator), &request)
}

fn run() -> effective::Effective {
    run_at("1.15", false)
}

fn named<'e>(run: &'e effective::Effective, name: &str) -> &'e Deployment {
    run.deployments.iter().find(|d| d.name == name).unwrap()
}

/// `key`'s value and layer.
fn value<'d>(d: &'d Deployment, key: &str) -> (&'d str, &'static str) {
    let s = d
        .setting(key)
        .unwrap_or_else(|| panic!("{key} is not set in {}", d.name));
    (s.value.as_str(), s.source.layer.name())
}

fn line_of(d: &Deployment, key: &str) -> Option<u32> {
    d.setting(key).unwrap().source.line
}

// ---- layers ----------------------------------------------------------------------------------

#[test]
fn the_operators_default_configuration_reaches_every_deployment_with_its_line() {
    let run = run();
    let scaled = named(&run, "scaled");
    assert_eq!(
        value(scaled, "kubernetes.operator.reconcile.interval"),
        ("15 s", "operator-default")
    );
    let s = scaled
        .setting("kubernetes.operator.reconcile.interval")
        .unwrap();
    assert_eq!(s.source.file.as_deref(), Some("operator-values.yaml"));
    assert_eq!(s.source.line, Some(13));
}

#[test]
fn a_namespace_default_applies_to_its_namespace_only() {
    let run = run();
    assert_eq!(
        value(named(&run, "standalone-app"), "state.checkpoints.dir").1,
        "operator-version-default",
        "team-a's namespace default is beaten by the v1_19+ version default"
    );
    assert!(named(&run, "legacy")
        .setting("state.checkpoints.dir")
        .is_none());
}

#[test]
fn version_defaults_beat_namespace_defaults_and_an_exact_version_beats_plus_ones() {
    let run = run();
    let session = named(&run, "session");
    // session (team-a, v1_20) writes its own; the shadows show the layers under it.
    let dir = session.setting("state.checkpoints.dir").unwrap();
    assert_eq!(dir.source.layer, ConfigLayer::FlinkConfiguration);
    let under: Vec<(&str, ConfigLayer)> = dir
        .shadows
        .iter()
        .map(|w| (w.value.as_str(), w.source.layer))
        .collect();
    assert_eq!(
        under,
        [
            (
                "s3://v1_20/checkpoints",
                ConfigLayer::OperatorVersionDefault
            ),
            (
                "s3://v1_19-plus/checkpoints",
                ConfigLayer::OperatorVersionDefault
            ),
            (
                "s3://team-a/checkpoints",
                ConfigLayer::OperatorNamespaceDefault
            ),
        ]
    );
    assert_eq!(
        dir.shadows[0].source.path.as_deref(),
        Some("kubernetes.operator.default-configuration.flink-version.v1_20.state.checkpoints.dir")
    );
}

#[test]
fn a_plus_version_applies_to_newer_versions_only() {
    let run = run();
    // v2_2+ sets parallelism.default 7: scaled (v2_2) takes it under its spec's value, session
    // (v1_20) does not.
    let scaled = named(&run, "scaled")
        .setting("parallelism.default")
        .unwrap();
    assert!(scaled.shadows.iter().any(|w| w.value == "7"), "{scaled:?}");
    assert_eq!(
        value(named(&run, "legacy"), "parallelism.default"),
        ("1", "operator-default")
    );
}

#[test]
fn operator_1_10_reads_exact_version_defaults_only() {
    let run = run_at("1.10", false);
    // v1_18+ and v1_19+ are not read: team-a's namespace default of 4 slots stays.
    let dir = named(&run, "standalone-app")
        .setting("state.checkpoints.dir")
        .unwrap();
    assert_eq!(dir.source.layer, ConfigLayer::OperatorNamespaceDefault);
    let session = named(&run, "session")
        .setting("state.checkpoints.dir")
        .unwrap();
    let layers: Vec<ConfigLayer> = session.shadows.iter().map(|w| w.source.layer).collect();
    assert_eq!(
        layers,
        [
            ConfigLayer::OperatorVersionDefault,
            ConfigLayer::OperatorNamespaceDefault
        ]
    );
}

#[test]
fn flink_configuration_wins_over_every_operator_default() {
    let run = run();
    let orders = named(&run, "orders");
    assert_eq!(
        value(orders, "taskmanager.numberOfTaskSlots"),
        ("3", "flink-configuration")
    );
    let values: Vec<&str> = orders
        .setting("taskmanager.numberOfTaskSlots")
        .unwrap()
        .shadows
        .iter()
        .map(|w| w.value.as_str())
        .collect();
    assert_eq!(
        values,
        ["6", "4", "2"],
        "v1_18+ over team-a over the global default"
    );
    assert_eq!(line_of(orders, "taskmanager.numberOfTaskSlots"), Some(75));
}

#[test]
fn a_spec_field_replaces_the_flink_configuration_value_it_shadows() {
    let run = run();
    let orders = named(&run, "orders");
    let memory = orders.setting("taskmanager.memory.process.size").unwrap();
    assert_eq!(
        (memory.value.as_str(), memory.source.layer),
        ("4294967296", ConfigLayer::SpecField)
    );
    assert_eq!(
        memory.source.path.as_deref(),
        Some("spec.taskManager.resource.memory")
    );
    assert_eq!(memory.source.line, Some(46));
    assert_eq!(memory.shadows[0].value, "1g");
    assert_eq!(memory.shadows[0].source.line, Some(68));
    let parallelism = orders.setting("parallelism.default").unwrap();
    assert_eq!(parallelism.value, "4");
    assert_eq!(parallelism.shadows[0].value, "8");
}

#[test]
fn flinks_defaults_come_in_with_all_and_sit_under_every_write() {
    let without = run();
    assert!(named(&without, "orders")
        .setting("web.submit.enable")
        .is_none());
    let with = run_at("1.15", true);
    let orders = named(&with, "orders");
    assert_eq!(
        value(orders, "web.submit.enable"),
        ("true", "flink-default")
    );
    let parallelism = orders.setting("parallelism.default").unwrap();
    assert_eq!(
        parallelism
            .shadows
            .last()
            .map(|w| (w.value.as_str(), w.source.layer)),
        Some(("1", ConfigLayer::FlinkDefault))
    );
    // An only-if-absent write still sets a key that only has Flink's default.
    assert_eq!(value(orders, "web.cancel.enable"), ("false", "operator"));
}

#[test]
fn a_session_job_builds_on_its_session_deployment() {
    let run = run();
    let nightly = named(&run, "nightly");
    assert_eq!(
        nightly.kind,
        effective::Target::Resource(resource::Kind::FlinkSessionJob)
    );
    // Its own flinkConfiguration over the session's.
    let dir = nightly.setting("state.checkpoints.dir").unwrap();
    assert_eq!(dir.value, "s3://nightly/checkpoints");
    assert_eq!(dir.shadows[0].value, "s3://session/checkpoints");
    assert_eq!(
        dir.source.operator_source.as_deref(),
        Some("FlinkConfigManager.java:397 (release-1.15.0)")
    );
    // The session's keys, and the job's own name.
    assert_eq!(
        value(nightly, "kubernetes.cluster-id"),
        ("session", "operator")
    );
    assert_eq!(value(nightly, "pipeline.name"), ("nightly", "operator"));
    assert_eq!(
        value(nightly, "execution.target"),
        ("kubernetes-session", "spec-field")
    );
}

#[test]
fn a_session_job_without_its_session_says_so() {
    let manifests = [Manifest::new(
        "job.yaml",
        resource::read("apiVersion: flink.apache.org/v1beta1\nkind: FlinkSessionJob\nmetadata:\n  name: lone\nspec:\n  deploymentName: gone\n  job:\n    jarURI: x.jar\n"),
    )];
    let run = effective::effective(&manifests, None, &Request::default());
    let lone = &run.deployments[0];
    assert_eq!(lone.findings.len(), 1);
    assert!(
        lone.findings[0].message.contains("\"gone\""),
        "{:?}",
        lone.findings
    );
    assert_eq!(lone.findings[0].line, 6);
}

// ---- mappings --------------------------------------------------------------------------------

#[test]
fn image_and_cpu_keys_follow_the_flink_version() {
    let run = run();
    let orders = named(&run, "orders");
    assert_eq!(
        value(orders, "kubernetes.container.image.ref"),
        ("flink:1.20", "spec-field")
    );
    assert!(orders.setting("kubernetes.container.image").is_none());
    assert_eq!(
        value(orders, "kubernetes.jobmanager.cpu.amount"),
        ("1.0", "spec-field")
    );
    assert_eq!(
        value(orders, "kubernetes.taskmanager.cpu.amount"),
        ("0.5", "spec-field")
    );
    assert!(orders.setting("kubernetes.jobmanager.cpu").is_none());
    let legacy = named(&run, "legacy");
    assert_eq!(
        value(legacy, "kubernetes.container.image"),
        ("flink:1.16", "spec-field")
    );
    assert_eq!(
        value(legacy, "kubernetes.jobmanager.cpu"),
        ("2.0", "spec-field")
    );
    assert_eq!(
        value(legacy, "kubernetes.jobmanager.cpu.amount"),
        ("2.0", "spec-field")
    );
    assert_eq!(
        value(legacy, "kubernetes.taskmanager.cpu"),
        ("1.0", "spec-field")
    );
}

#[test]
fn memory_is_written_as_flink_or_kubernetes_reads_it() {
    let run = run();
    let orders = named(&run, "orders");
    assert_eq!(
        value(orders, "jobmanager.memory.process.size"),
        ("2 gb", "spec-field")
    );
    assert_eq!(
        value(named(&run, "legacy"), "jobmanager.memory.process.size").0,
        "1073741824"
    );
}

#[test]
fn the_spec_fields_of_an_application_deployment() {
    let run = run();
    let orders = named(&run, "orders");
    let expect = [
        (
            "kubernetes.container.image.pull-policy",
            "IfNotPresent",
            "spec-field",
        ),
        ("$internal.flink.version", "v1_20", "spec-field"),
        ("kubernetes.service-account", "flink", "spec-field"),
        ("kubernetes.jobmanager.replicas", "1", "spec-field"),
        ("execution.target", "kubernetes-application", "spec-field"),
        (
            "pipeline.jars",
            "local:///opt/flink/usrlib/orders.jar",
            "spec-field",
        ),
        (
            "$internal.application.main",
            "com.example.Orders",
            "spec-field",
        ),
        (
            "$internal.application.program-args",
            "--day;monday",
            "spec-field",
        ),
        (
            "execution.savepoint.ignore-unclaimed-state",
            "true",
            "spec-field",
        ),
        ("execution.checkpointing.interval", "5 min", "operator"),
        (
            "execution.checkpointing.externalized-checkpoint-retention",
            "RETAIN_ON_CANCELLATION",
            "operator",
        ),
        (
            "execution.shutdown-on-application-finish",
            "false",
            "operator",
        ),
        (
            "execution.submit-failed-job-on-application-error",
            "true",
            "operator",
        ),
        ("pipeline.name", "orders", "operator"),
        (
            "kubernetes.rest-service.exposed.type",
            "ClusterIP",
            "operator",
        ),
        ("web.cancel.enable", "false", "operator"),
        ("kubernetes.namespace", "team-a", "operator"),
        ("kubernetes.cluster-id", "orders", "operator"),
        ("high-availability.cluster-id", "orders", "operator"),
    ];
    for (key, v, layer) in expect {
        assert_eq!(value(orders, key), (v, layer), "{key}");
    }
    assert!(value(orders, "$internal.deployment.config-dir")
        .0
        .contains("log4j-console.properties"));
    assert!(value(orders, "kubernetes.pod-template-file.jobmanager")
        .0
        .contains("spec.podTemplate + the startup probe"));
    assert!(value(orders, "kubernetes.pod-template-file.taskmanager")
        .0
        .contains("spec.podTemplate"));
    assert!(value(orders, "kubernetes.jobmanager.annotations")
        .0
        .contains("flinkdeployment.flink.apache.org/generation"));
}

#[test]
fn a_session_deployment_targets_a_session_and_has_no_job_keys() {
    let run = run();
    let legacy = named(&run, "legacy");
    assert_eq!(
        value(legacy, "execution.target"),
        ("kubernetes-session", "spec-field")
    );
    for key in [
        "pipeline.name",
        "pipeline.jars",
        "execution.shutdown-on-application-finish",
    ] {
        assert!(legacy.setting(key).is_none(), "{key}");
    }
    // No high availability: no high-availability.cluster-id.
    assert!(legacy.setting("high-availability.cluster-id").is_none());
}

#[test]
fn a_standalone_application_per_release() {
    // 1.15: the largest vertex override is the parallelism, standalone only.
    let run = run();
    let app = named(&run, "standalone-app");
    assert_eq!(value(app, "execution.target"), ("remote", "spec-field"));
    assert_eq!(
        app.setting("execution.target").unwrap().shadows[0].value,
        "kubernetes-application"
    );
    assert_eq!(
        value(app, "kubernetes.internal.cluster-mode"),
        ("APPLICATION", "spec-field")
    );
    assert_eq!(
        value(app, "pipeline.classpaths"),
        ("file:///opt/flink/usrlib/app.jar", "spec-field")
    );
    assert!(
        app.setting("pipeline.jars").is_none(),
        "native mode only from 1.11"
    );
    assert_eq!(value(app, "parallelism.default"), ("5", "spec-field"));
    // 5 / 6 slots (the v1_18+ default) rounded up: one TaskManager.
    assert_eq!(
        value(app, "kubernetes.internal.taskmanager.replicas"),
        ("1", "spec-field")
    );
    // No startup probe, no template: no JobManager template file.
    assert!(app
        .setting("kubernetes.pod-template-file.jobmanager")
        .is_none());
    // 1.10 wrote pipeline.jars in any mode.
    let old = run_at("1.10", false);
    assert_eq!(
        value(named(&old, "standalone-app"), "pipeline.jars").0,
        "local:///opt/flink/usrlib/app.jar"
    );
}

#[test]
fn vertex_overrides_set_the_parallelism_in_any_mode_before_1_14() {
    let manifest = "apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nmetadata:\n  name: n\nspec:\n  flinkVersion: v1_20\n  job:\n    jarURI: local:///a.jar\n    parallelism: 2\n  flinkConfiguration:\n    pipeline.jobvertex-parallelism-overrides: \"a:3,b:5\"\n";
    let at = |release: &str| {
        let manifests = [Manifest::new("n.yaml", resource::read(manifest))];
        let request = Request {
            operator_release: OPERATOR_RELEASES.release(release).unwrap(),
            flink_defaults: false,
        };
        let run = effective::effective(&manifests, None, &request);
        run.deployments[0]
            .setting("parallelism.default")
            .unwrap()
            .value
            .clone()
    };
    assert_eq!(at("1.13"), "5");
    assert_eq!(at("1.14"), "2");
}

#[test]
fn task_manager_replicas_times_slots_is_the_parallelism() {
    let run = run();
    let scaled = named(&run, "scaled");
    assert_eq!(value(scaled, "parallelism.default"), ("6", "spec-field"));
    assert_eq!(
        scaled
            .setting("parallelism.default")
            .unwrap()
            .source
            .path
            .as_deref(),
        Some("spec.taskManager.replicas")
    );
    assert_eq!(
        value(scaled, "kubernetes.internal.taskmanager.replicas"),
        ("3", "spec-field")
    );
}

#[test]
fn nested_flink_configuration_before_1_13_is_noted() {
    let manifest = "apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nmetadata:\n  name: n\nspec:\n  flinkVersion: v1_20\n  flinkConfiguration:\n    execution:\n      checkpointing.interval: 10 s\n";
    let at = |release: &str| {
        let manifests = [Manifest::new("n.yaml", resource::read(manifest))];
        let request = Request {
            operator_release: OPERATOR_RELEASES.release(release).unwrap(),
            flink_defaults: false,
        };
        effective::effective(&manifests, None, &request).deployments[0]
            .findings
            .clone()
    };
    assert!(at("1.12")[0]
        .message
        .contains("nested mappings are read from operator 1.13"));
    assert!(at("1.13").is_empty());
}

/// Every mapping of the table is made, in every release that makes it, by the test data, and
/// cites its line there.
#[test]
fn every_mapping_is_exercised_in_every_release_that_has_it() {
    for release in OPERATOR_RELEASES.iter() {
        let run = run_at(release.version(), false);
        let cited: BTreeSet<String> = run
            .deployments
            .iter()
            .flat_map(|d| &d.settings)
            .flat_map(|s| std::iter::once(&s.source).chain(s.shadows.iter().map(|w| &w.source)))
            .filter_map(|s| s.operator_source.clone())
            .collect();
        for mapping in MAPPINGS {
            // Refused keys are findings, not writes; the 1.10/1.13 override rows need a
            // non-standalone deployment with overrides (tested above).
            if [
                &mappings::FORBIDDEN,
                &mappings::PARALLELISM_FROM_OVERRIDES_ANY_MODE,
            ]
            .contains(mapping)
            {
                continue;
            }
            if let Some(cite) = mapping.cite(release) {
                assert!(
                    cited.contains(&cite),
                    "{} ({}) is not made at {release}: {cite}",
                    mapping.key,
                    mapping.field
                );
            }
        }
    }
}

#[test]
fn the_json_schema_lists_every_layer_and_every_rule() {
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("schema/effective.schema.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let listed = |v: &serde_json::Value| -> Vec<String> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_str().unwrap().to_owned())
            .collect()
    };
    let layers: Vec<String> = ConfigLayer::ALL
        .iter()
        .map(|l| l.name().to_owned())
        .collect();
    assert_eq!(
        listed(&schema["$defs"]["source"]["properties"]["layer"]["enum"]),
        layers
    );
    let rules: Vec<String> = options_check::rules::Rule::ALL
        .iter()
        .map(|r| r.id().to_owned())
        .collect();
    assert_eq!(
        listed(&schema["$defs"]["finding"]["properties"]["rule"]["enum"]),
        rules
    );
}

// ---- findings only the merged view gives -----------------------------------------------------

fn one(manifest: &str, operator: Option<&str>, release: &str) -> effective::Effective {
    let operator = operator.map(|text| operator_config::read("operator.yaml", text).unwrap());
    let manifests = [Manifest::new("m.yaml", resource::read(manifest))];
    let request = Request {
        operator_release: OPERATOR_RELEASES.release(release).unwrap(),
        flink_defaults: false,
    };
    effective::effective(&manifests, operator.as_ref(), &request)
}

const HEAD: &str = "apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nmetadata:\n  name: orders\n  namespace: team-a\nspec:\n  flinkVersion: v1_20\n";

fn rules_at(run: &effective::Effective) -> Vec<(&'static str, u32, &str)> {
    run.deployments[0]
        .findings
        .iter()
        .map(|f| (f.rule.id(), f.line, f.message.as_str()))
        .collect()
}

#[test]
fn a_flink_configuration_value_a_spec_field_replaces_is_a_warning_naming_the_field_and_line() {
    let run = one(
        &format!("{HEAD}  taskManager:\n    resource:\n      memory: 4g\n  flinkConfiguration:\n    taskmanager.memory.process.size: 2g\n"),
        None,
        "1.15",
    );
    let found = rules_at(&run);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!((found[0].0, found[0].1), ("replaced-by-spec", 12));
    assert!(
        found[0]
            .2
            .contains("is replaced by spec.taskManager.resource.memory (line 10): \"4 gb\""),
        "{}",
        found[0].2
    );
}

#[test]
fn an_old_spelling_a_spec_field_writes_under_the_new_key_is_not_read() {
    let run = one(
        &format!("{HEAD}  jobManager:\n    resource:\n      cpu: 2\n  flinkConfiguration:\n    kubernetes.jobmanager.cpu: \"4\"\n"),
        None,
        "1.15",
    );
    let found = rules_at(&run);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].2.contains("writes kubernetes.jobmanager.cpu.amount (\"2.0\", line 10), which Flink reads before kubernetes.jobmanager.cpu"),
        "{}",
        found[0].2
    );
}

#[test]
fn a_value_the_operator_sets_only_when_absent_is_not_replaced() {
    let run = one(
        &format!("{HEAD}  job:\n    jarURI: local:///a.jar\n  flinkConfiguration:\n    pipeline.name: mine\n    web.cancel.enable: \"true\"\n"),
        None,
        "1.15",
    );
    assert!(rules_at(&run).is_empty(), "{:?}", rules_at(&run));
    assert_eq!(
        run.deployments[0].setting("pipeline.name").unwrap().value,
        "mine"
    );
}

#[test]
fn a_key_the_operator_sets_in_the_spec_is_an_error_at_its_line() {
    let run = one(
        &format!("{HEAD}  flinkConfiguration:\n    kubernetes.cluster-id: other\n"),
        None,
        "1.15",
    );
    let found = rules_at(&run);
    assert_eq!(
        (found[0].0, found[0].1),
        ("operator-owned-key", 9),
        "{found:?}"
    );
    assert!(
        found[0]
            .2
            .contains("DefaultValidator.java:81 (release-1.15.0)"),
        "{}",
        found[0].2
    );
    assert!(found[0].2.contains("from metadata.name"), "{}", found[0].2);
    assert_eq!(
        run.deployments[0]
            .setting("kubernetes.cluster-id")
            .unwrap()
            .value,
        "orders"
    );
}

#[test]
fn a_key_the_operator_sets_in_its_namespace_defaults_refuses_the_deployments_of_that_namespace() {
    let operator =
        "kubernetes.operator.default-configuration.namespace.team-a.kubernetes.namespace: x\n";
    let run = one(HEAD, Some(operator), "1.15");
    let found = rules_at(&run);
    assert_eq!(
        (found[0].0, found[0].1),
        ("operator-owned-key", 1),
        "{found:?}"
    );
    assert!(found[0].2.contains("operator.yaml:1:1"), "{}", found[0].2);
    let elsewhere = one(&HEAD.replace("team-a", "team-b"), Some(operator), "1.15");
    assert!(rules_at(&elsewhere).is_empty());
}

#[test]
fn defaults_for_namespaces_and_versions_no_deployment_takes_are_noted_once_each() {
    let operator = "\
kubernetes.operator.default-configuration.namespace.team-a.a: 1
kubernetes.operator.default-configuration.namespace.billing.a: 1
kubernetes.operator.default-configuration.namespace.billing.b: 2
kubernetes.operator.default-configuration.flink-version.v1_20.a: 1
kubernetes.operator.default-configuration.flink-version.v1_19+.a: 1
kubernetes.operator.default-configuration.flink-version.v2_0+.a: 1
kubernetes.operator.default-configuration.flink-version.v2_3.a: 1
";
    let notes = |release: &str| -> Vec<(u32, String)> {
        one(HEAD, Some(operator), release)
            .operator_findings
            .iter()
            .map(|f| {
                assert_eq!(f.rule.id(), "unused-operator-default");
                (f.line, f.message.clone())
            })
            .collect()
    };
    let at_15 = notes("1.15");
    assert_eq!(at_15.len(), 3, "{at_15:?}");
    assert_eq!(
        at_15[0],
        (2, "2 defaults for namespace billing: no deployment of this run is in that namespace (lines 2, 3)".to_owned())
    );
    assert!(at_15[1]
        .1
        .contains("v2_0+: no deployment of this run runs Flink v2_0+"));
    assert!(at_15[2].1.contains("v2_3: no deployment"));
    let at_10 = notes("1.10");
    assert!(
        at_10
            .iter()
            .any(|(l, m)| *l == 5 && m.contains("operator 1.10 reads exact versions only")),
        "{at_10:?}"
    );
    assert!(
        at_10
            .iter()
            .any(|(l, m)| *l == 7 && m.contains("does not know Flink v2_3")),
        "{at_10:?}"
    );
}

#[test]
fn a_value_the_operator_always_sets_replaces_the_written_one() {
    let run = one(
        &format!("{HEAD}  job:\n    jarURI: local:///a.jar\n  flinkConfiguration:\n    execution.shutdown-on-application-finish: \"true\"\n"),
        None,
        "1.15",
    );
    let found = rules_at(&run);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].2.contains("is replaced by the operator, which always sets \"false\" here (FlinkConfigBuilder.java:312"), "{}", found[0].2);
}

// ---- outside Kubernetes ----------------------------------------------------------------------

mod conf {
    use options_check::effective::conf::{effective_conf, ConfRequest};
    use options_check::effective::ConfigLayer;
    use options_flink::FLINK_RELEASES;

    fn dir(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in files {
            std::fs::write(dir.path().join(name), text).unwrap();
        }
        dir
    }

    fn request<'a>(
        path: &'a std::path::Path,
        dynamic: &'a [String],
        properties: Option<&'a str>,
        release: &str,
    ) -> ConfRequest<'a> {
        ConfRequest {
            path,
            dynamic,
            flink_properties: properties,
            release: FLINK_RELEASES.release(release).unwrap(),
            flink_defaults: false,
        }
    }

    #[test]
    fn dynamic_properties_beat_flink_properties_which_beat_the_file() {
        let d = dir(&[("config.yaml", "rest.port: 8089\nparallelism.default: 2\n")]);
        let dynamic = ["rest.port=8091".to_owned()];
        let built = effective_conf(&request(
            d.path(),
            &dynamic,
            Some("rest.port: 8090\n"),
            "2.3",
        ))
        .unwrap();
        let port = built.setting("rest.port").unwrap();
        let layers: Vec<(&str, ConfigLayer)> =
            std::iter::once((port.value.as_str(), port.source.layer))
                .chain(
                    port.shadows
                        .iter()
                        .map(|w| (w.value.as_str(), w.source.layer)),
                )
                .collect();
        assert_eq!(
            layers,
            [
                ("8091", ConfigLayer::DynamicProperty),
                ("8090", ConfigLayer::FlinkProperties),
                ("8089", ConfigLayer::ConfigFile)
            ]
        );
        let parallelism = built.setting("parallelism.default").unwrap();
        assert_eq!(parallelism.source.line, Some(2));
    }

    #[test]
    fn a_lower_spelling_of_an_option_goes_under_the_one_flink_reads() {
        let d = dir(&[("config.yaml", "state.checkpoints.dir: file:///old\n")]);
        let dynamic = ["execution.checkpointing.dir=file:///new".to_owned()];
        let built = effective_conf(&request(d.path(), &dynamic, None, "2.3")).unwrap();
        assert!(built.setting("state.checkpoints.dir").is_none());
        let dir = built.setting("execution.checkpointing.dir").unwrap();
        assert_eq!(dir.value, "file:///new");
        assert_eq!(dir.shadows[0].value, "file:///old");
    }

    #[test]
    fn flink_1_20_reads_the_legacy_file_of_a_directory_holding_both() {
        let d = dir(&[
            ("config.yaml", "rest.port: 1\n"),
            ("flink-conf.yaml", "rest.port: 2\n"),
        ]);
        let at = |release| {
            effective_conf(&request(d.path(), &[], None, release))
                .unwrap()
                .setting("rest.port")
                .unwrap()
                .value
                .clone()
        };
        assert_eq!(at("1.20"), "2");
        assert_eq!(at("2.3"), "1");
    }

    #[test]
    fn a_value_that_is_not_its_type_fails_with_its_place() {
        let d = dir(&[("config.yaml", "rest.port: eighty\n")]);
        let error = effective_conf(&request(d.path(), &[], None, "2.3")).unwrap_err();
        assert!(error.contains("rest.port"), "{error}");
    }
}

#[test]
fn the_site_page_names_every_layer_and_every_write_with_its_lines() {
    let page = options_check::effective::docs::layers_markdown();
    for layer in [
        ConfigLayer::OperatorNamespaceDefault,
        ConfigLayer::SpecField,
        ConfigLayer::Operator,
    ] {
        assert!(
            page.contains(&format!("`{}`", layer.name())),
            "{}",
            layer.name()
        );
    }
    for m in MAPPINGS {
        assert!(page.contains(&format!("`{}`", m.key)), "{}", m.key);
    }
    assert!(page.contains(
        "1.15 [FCB:126](https://github.com/apache/flink-kubernetes-operator/blob/release-1.15.0/"
    ));
    assert!(
        page.contains("1.10 -"),
        "rows a release does not make say so"
    );
}
