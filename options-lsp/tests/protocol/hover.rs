use serde_json::json;

use crate::client::Client;

#[test]
fn hover_shows_type_default_scope_history_link_and_release() {
    let mut c = Client::with(json!({"docsUrl": "https://docs.example.org/flink/"}));
    let uri = "file:///p/config.yaml";
    c.open(
        uri,
        "yaml",
        "execution:\n  checkpointing:\n    interval: 10 s\n",
    );
    c.diagnostics(uri);
    let text = c.hover(uri, 2, 6);
    assert!(
        text.starts_with("**`execution.checkpointing.interval`**"),
        "{text}"
    );
    assert!(text.contains("- Type: `Duration`"), "{text}");
    assert!(text.contains("- Default in Apache Flink"), "{text}");
    assert!(text.contains("- Scope:"), "{text}");
    assert!(
        text.contains(
            "(https://docs.example.org/flink/checkpointing.html#execution-checkpointing-interval)"
        ),
        "{text}"
    );
    assert!(
        text.contains("Checked against Flink 2.3 (the newest carried; no release named)"),
        "{text}"
    );
    // On an outer segment: what is nested under it.
    let outer = c.hover(uri, 1, 4);
    assert!(outer.contains("**`execution.checkpointing`**: "), "{outer}");
    c.finish();
}

#[test]
fn hover_on_a_manifest_key_names_its_flink_version() {
    let mut c = Client::new();
    let uri = "file:///p/deploy.yaml";
    c.open(uri, "yaml", "apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nmetadata:\n  name: a\nspec:\n  flinkVersion: v1_19\n  flinkConfiguration:\n    state.backend: rocksdb\n");
    c.diagnostics(uri);
    let text = c.hover(uri, 7, 6);
    assert!(text.contains("deprecated spelling"), "{text}");
    assert!(
        text.contains("Checked against Flink 1.19 (spec.flinkVersion v1_19)"),
        "{text}"
    );
    c.finish();
}

#[test]
fn hover_on_a_pattern_instance_shows_the_pattern() {
    let mut c = Client::new();
    let uri = "file:///p/config.yaml";
    c.open(uri, "yaml", "metrics.reporter.prom.port: 9250\n");
    c.diagnostics(uri);
    let text = c.hover(uri, 0, 3);
    assert!(
        text.contains("is an instance of the pattern `metrics.reporter.<name>.port`"),
        "{text}"
    );
    c.finish();
}

#[test]
fn hover_on_a_removed_key_says_why_and_shows_the_release() {
    let mut c = Client::with(json!({"release": "2.0"}));
    let uri = "file:///p/config.yaml";
    c.open(uri, "yaml", "taskmanager.heap.size: 1g\n");
    c.diagnostics(uri);
    let text = c.hover(uri, 0, 3);
    assert!(text.contains("removed in 2.0"), "{text}");
    assert!(
        text.contains("Checked against Flink 2.0 (the editor's `release` setting)"),
        "{text}"
    );
    c.finish();
}

#[test]
fn hover_says_how_a_change_reaches_the_running_system() {
    let mut c = Client::new();
    let uri = "file:///p/config.yaml";
    c.open(
        uri,
        "yaml",
        "jobmanager.memory.process.size: 2g\npipeline.name: etl\n",
    );
    c.diagnostics(uri);
    let cluster = c.hover(uri, 0, 3);
    assert!(
        cluster.contains("- Change class: **cluster start**. Read when the JobManager"),
        "{cluster}"
    );
    let job = c.hover(uri, 1, 3);
    assert!(job.contains("- Change class: **job submission**."), "{job}");
    c.finish();
}

#[test]
fn hover_in_a_manifest_shows_the_effective_value_when_the_project_names_the_operator_config() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("flinkconf.toml"),
        "operator-config = \"operator/config.yaml\"\n",
    )
    .unwrap();
    std::fs::create_dir(dir.path().join("operator")).unwrap();
    std::fs::write(
        dir.path().join("operator/config.yaml"),
        "kubernetes.operator.default-configuration.namespace.team-a.taskmanager.numberOfTaskSlots: 4\n",
    )
    .unwrap();
    let path = dir.path().join("deploy/orders.yaml");
    let uri = format!("file://{}", path.display());
    let manifest = "apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nmetadata:\n  name: orders\n  namespace: team-a\nspec:\n  flinkVersion: v1_20\n  taskManager:\n    resource:\n      memory: 4g\n  flinkConfiguration:\n    taskmanager.memory.process.size: 2g\n    taskmanager.numberOfTaskSlots: \"8\"\n    s3.secret-key: hunter2\n";
    let mut c = Client::new();
    c.open(&uri, "yaml", manifest);
    c.diagnostics(&uri);
    let memory = c.hover(&uri, 11, 8);
    assert!(
        memory.contains("**Effective** for FlinkDeployment team-a/orders"),
        "{memory}"
    );
    assert!(
        memory.contains("- `4 gb` from spec-field (line 10, spec.taskManager.resource.memory)"),
        "{memory}"
    );
    assert!(
        memory.contains("- shadows `2g` from flink-configuration (line 12)"),
        "{memory}"
    );
    let slots = c.hover(&uri, 12, 8);
    assert!(
        slots.contains("shadows `4` from operator-namespace-default"),
        "{slots}"
    );
    let secret = c.hover(&uri, 13, 6);
    assert!(!secret.contains("hunter2"), "{secret}");
    c.finish();
}

#[test]
fn hover_in_a_manifest_without_the_operator_config_shows_no_value() {
    let mut c = Client::new();
    let uri = "file:///p/deploy.yaml";
    c.open(uri, "yaml", "apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nmetadata:\n  name: a\nspec:\n  flinkConfiguration:\n    parallelism.default: \"3\"\n");
    c.diagnostics(uri);
    let text = c.hover(uri, 6, 6);
    assert!(!text.contains("Effective"), "{text}");
    c.finish();
}
