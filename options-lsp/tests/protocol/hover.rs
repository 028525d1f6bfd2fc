use serde_json::json;

use crate::client::Client;

#[test]
fn hover_shows_type_default_scope_history_link_and_release() {
    let mut c = Client::new();
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
        text.contains("site/checkpointing.html#execution-checkpointing-interval"),
        "{text}"
    );
    assert!(
        text.contains("Checked against Flink 2.3 (the newest; no release named)"),
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
