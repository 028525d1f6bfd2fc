use crate::client::{apply, Client};

fn titled<'a>(actions: &'a [serde_json::Value], start: &str) -> &'a serde_json::Value {
    actions
        .iter()
        .find(|a| a["title"].as_str().unwrap().starts_with(start))
        .unwrap_or_else(|| panic!("no action \"{start}...\" in {actions:#?}"))
}

#[test]
fn did_you_mean_replaces_the_typo_and_is_preferred_with_one_candidate() {
    let mut c = Client::new();
    let uri = "file:///p/config.yaml";
    let text = "paralelism.default: 4  # keep\n";
    c.open(uri, "yaml", text);
    c.diagnostics(uri);
    let actions = c.actions(uri, 0);
    let fix = titled(&actions, "Did you mean \"parallelism.default\"");
    assert_eq!(fix["kind"], "quickfix");
    assert_eq!(fix["isPreferred"], true);
    assert_eq!(fix["diagnostics"][0]["code"], "unknown-key");
    assert_eq!(apply(text, fix), "parallelism.default: 4  # keep\n");
    c.finish();
}

#[test]
fn a_deprecated_nested_key_is_renamed_in_place_keeping_comments() {
    let mut c = Client::with(serde_json::json!({"release": "1.20"}));
    let uri = "file:///p/config.yaml";
    let text = "state:\n  # the backend\n  backend: rocksdb   # fast\n";
    c.open(uri, "yaml", text);
    c.diagnostics(uri);
    let actions = c.actions(uri, 2);
    let fix = titled(&actions, "Rename deprecated \"state.backend\"");
    assert_eq!(
        apply(text, fix),
        "state:\n  # the backend\n  backend.type: rocksdb   # fast\n"
    );
    c.finish();
}

#[test]
fn a_removed_key_is_commented_out_with_the_reason() {
    let mut c = Client::new();
    let uri = "file:///p/config.yaml";
    let text = "taskmanager.heap.size: 1g\nparallelism.default: 2\n";
    c.open(uri, "yaml", text);
    c.diagnostics(uri);
    let actions = c.actions(uri, 0);
    let fix = titled(&actions, "Comment out \"taskmanager.heap.size\"");
    let after = apply(text, fix);
    let first = after.lines().next().unwrap();
    assert!(
        first.starts_with("# taskmanager.heap.size: 1g  # not read by Apache Flink"),
        "{after}"
    );
    assert!(first.contains("taskmanager.memory.flink.size"), "{after}");
    assert!(after.ends_with("\nparallelism.default: 2\n"), "{after}");
    c.finish();
}

#[test]
fn fix_all_applies_every_safe_fix_and_no_guess() {
    let mut c = Client::with(serde_json::json!({"release": "1.20"}));
    let uri = "file:///p/jobs.sql";
    let text = "SET 'state.backend' = 'rocksdb';\nSET 'paralelism.default' = '2';\n";
    c.open(uri, "sql", text);
    c.diagnostics(uri);
    let all = c.fix_all(uri).expect("a fix-all action");
    assert_eq!(all["kind"], "source.fixAll");
    assert_eq!(
        apply(text, &all),
        "SET 'state.backend.type' = 'rocksdb';\nSET 'paralelism.default' = '2';\n"
    );
    c.finish();
}

#[test]
fn a_manifest_key_is_renamed_inside_flink_configuration() {
    let mut c = Client::new();
    let uri = "file:///p/deploy.yaml";
    let text = "apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nmetadata:\n  name: a\nspec:\n  flinkVersion: v1_20\n  flinkConfiguration:\n    state.backend: rocksdb\n";
    c.open(uri, "yaml", text);
    c.diagnostics(uri);
    let actions = c.actions(uri, 7);
    let fix = titled(&actions, "Rename deprecated");
    assert!(apply(text, fix).ends_with("  flinkConfiguration:\n    state.backend.type: rocksdb\n"));
    c.finish();
}

#[test]
fn an_operator_key_of_old_spelling_is_renamed_to_its_current_key() {
    let mut c = Client::new();
    let uri = "file:///p/autoscale.yaml";
    let text = "apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nmetadata:\n  name: a\nspec:\n  flinkVersion: v1_20\n  flinkConfiguration:\n    kubernetes.operator.job.autoscaler.enabled: \"true\"  # on\n";
    c.open(uri, "yaml", text);
    c.diagnostics(uri);
    let actions = c.actions(uri, 7);
    let fix = titled(
        &actions,
        "Rename deprecated \"kubernetes.operator.job.autoscaler.enabled\" to \"job.autoscaler.enabled\"",
    );
    assert!(
        apply(text, fix)
            .ends_with("  flinkConfiguration:\n    job.autoscaler.enabled: \"true\"  # on\n"),
        "{}",
        apply(text, fix)
    );
    c.finish();
}
