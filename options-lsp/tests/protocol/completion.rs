use crate::client::Client;

#[test]
fn keys_complete_flat_without_hidden_or_deprecated_ones() {
    let mut c = Client::with(serde_json::json!({"docsUrl": "https://docs.example.org/flink"}));
    let uri = "file:///p/config.yaml";
    c.open(uri, "yaml", "state.backend\n");
    c.diagnostics(uri);
    let items = c.completion(uri, 0, 13);
    let labels: Vec<&str> = items.iter().map(|i| i["label"].as_str().unwrap()).collect();
    assert!(labels.contains(&"state.backend.type"), "{labels:?}");
    assert!(
        !labels.contains(&"state.backend"),
        "a deprecated key is offered: {labels:?}"
    );
    let item = items
        .iter()
        .find(|i| i["label"] == "state.backend.type")
        .unwrap();
    assert!(item["documentation"]["value"]
        .as_str()
        .unwrap()
        .contains("[Reference](https://docs.example.org/flink/"));
    assert_eq!(item["textEdit"]["range"]["start"]["character"], 0);
    c.finish();
}

#[test]
fn keys_complete_at_the_cursors_depth() {
    let mut c = Client::new();
    let uri = "file:///p/config.yaml";
    c.open(uri, "yaml", "execution:\n  checkpointing:\n    inter\n");
    c.diagnostics(uri);
    let labels = c.labels(uri, 2, 9);
    assert!(labels.contains(&"interval".to_owned()), "{labels:?}");
    assert!(labels.iter().all(|l| l.starts_with("inter")), "{labels:?}");
    c.finish();
}

#[test]
fn keys_complete_inside_a_manifests_flink_configuration_only() {
    let mut c = Client::new();
    let uri = "file:///p/deploy.yaml";
    let text = "apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nmetadata:\n  name: a\nspec:\n  flinkVersion: v1_20\n  flinkConfiguration:\n    parallelism.default: \"2\"\n    job.autoscaler.ena\n";
    c.open(uri, "yaml", text);
    let labels = c.labels(uri, 8, 22);
    assert!(
        labels.contains(&"job.autoscaler.enabled".to_owned()),
        "{labels:?}"
    );
    assert!(
        c.labels(uri, 3, 6).is_empty(),
        "metadata is not configuration"
    );
    c.finish();
}

#[test]
fn keys_and_values_complete_inside_set() {
    let mut c = Client::new();
    let uri = "file:///p/jobs.sql";
    c.open(
        uri,
        "sql",
        "SET 'table.exec.mini-batch.ena\nSET 'table.exec.mini-batch.enabled' = 'tr\n",
    );
    c.diagnostics(uri);
    let labels = c.labels(uri, 0, 30);
    assert_eq!(labels, ["table.exec.mini-batch.enabled"]);
    assert_eq!(c.labels(uri, 1, 41), ["true"]);
    c.finish();
}

#[test]
fn values_complete_from_closed_sets() {
    let mut c = Client::new();
    let uri = "file:///p/config.yaml";
    c.open(uri, "yaml", "execution.checkpointing.mode: \n");
    c.diagnostics(uri);
    let labels = c.labels(uri, 0, 30);
    assert!(
        labels.contains(&"EXACTLY_ONCE".to_owned()) && labels.contains(&"AT_LEAST_ONCE".to_owned()),
        "{labels:?}"
    );
    c.finish();
}
