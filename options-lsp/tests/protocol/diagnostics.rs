use serde_json::json;

use crate::client::{brief, Client};

const CONFIG: &str = "\
# the cluster
taskmanager.heap.size: 1g
paralelism.default: 4
state.backend: rocksdb
execution:
  checkpointing:
    interval: ten
table.exec.mini-batch.size: 100
";

#[test]
fn config_yaml_diagnostics_have_lines_severities_tags_and_rule_links() {
    let c = Client::new();
    let uri = "file:///project/conf/config.yaml";
    c.open(uri, "yaml", CONFIG);
    let (version, list) = c.diagnostics(uri);
    assert_eq!(version, Some(1));
    let briefs: Vec<String> = list.iter().map(brief).collect();
    assert_eq!(
        briefs,
        [
            "2:removed-key:error",
            "3:unknown-key:warning",
            "4:deprecated-key:warning:2",
            "7:invalid-value:error",
            "8:no-effect:warning:1",
        ],
        "{list:#?}"
    );
    // The nested key's range is its own segment, on its own line.
    assert_eq!(
        list[3]["range"]["start"],
        json!({"line": 6, "character": 4})
    );
    assert_eq!(list[3]["range"]["end"], json!({"line": 6, "character": 12}));
    // Rule pages are linked only where the user says they are published.
    assert!(list[1].get("codeDescription").is_none(), "{:#?}", list[1]);
    assert_eq!(list[1]["source"], "flinkconf");
    c.finish();
}

#[test]
fn a_rule_links_to_its_page_where_docs_url_says_pages_are_published() {
    let c = Client::with(json!({"docsUrl": "https://docs.example.org/flinkconf/"}));
    let uri = "file:///project/config.yaml";
    c.open(uri, "yaml", "taskmanager.numberOfTaskSlot: 2\n");
    let (_, list) = c.diagnostics(uri);
    assert_eq!(
        list[0]["codeDescription"]["href"],
        "https://docs.example.org/flinkconf/rules/unknown-key.html"
    );
    c.finish();
}

#[test]
fn a_secret_value_is_never_in_a_diagnostic() {
    let c = Client::new();
    let uri = "file:///project/config.yaml";
    c.open(
        uri,
        "yaml",
        "kubernetes.secrets: 'hunter2-no-colon'\nssl.password-typo: hunter3\n",
    );
    let (_, list) = c.diagnostics(uri);
    assert_eq!(
        list.iter().map(brief).collect::<Vec<_>>(),
        ["1:invalid-value:error", "2:unknown-key:warning"]
    );
    let all = serde_json::to_string(&list).unwrap();
    assert!(!all.contains("hunter"), "{all}");
    c.finish();
}

#[test]
fn a_change_is_followed_by_the_diagnostics_of_the_new_text() {
    let c = Client::new();
    let uri = "file:///project/config.yaml";
    c.open(uri, "yaml", "parallelism.default: 4\n");
    assert!(c.diagnostics(uri).1.is_empty());
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2},
               "contentChanges": [{"range": {"start": {"line": 0, "character": 21}, "end": {"line": 0, "character": 22}}, "text": "four"}]}),
    );
    let (version, list) = c.diagnostics(uri);
    assert_eq!(version, Some(2));
    assert_eq!(
        list.iter().map(brief).collect::<Vec<_>>(),
        ["1:invalid-value:error"]
    );
    c.finish();
}

#[test]
fn manifest_positions_are_inside_flink_configuration_and_use_its_release() {
    let c = Client::new();
    let uri = "file:///project/k8s/job.yaml";
    let text = "\
apiVersion: flink.apache.org/v1beta1
kind: FlinkDeployment
metadata:
  name: basic
spec:
  flinkVersion: v1_19
  flinkConfiguration:
    taskmanager.numberOfTaskSlots: \"two\"
    state.backend: rocksdb
    execution:
      checkpointing.interval: 10 s
";
    c.open(uri, "yaml", text);
    let (_, list) = c.diagnostics(uri);
    assert_eq!(
        list.iter().map(brief).collect::<Vec<_>>(),
        ["8:invalid-value:error", "9:deprecated-key:warning:2"],
        "{list:#?}"
    );
    assert_eq!(list[0]["range"]["start"]["character"], 4);
    c.finish();
}

#[test]
fn helm_values_compose_and_sql_are_checked_where_their_configuration_is() {
    let c = Client::new();
    let helm = "file:///project/helm/values.yaml";
    c.open(helm, "yaml", "defaultConfiguration:\n  create: true\n  config.yaml: |+\n    taskmanager.numberOfTaskSlots: two\n");
    let (_, list) = c.diagnostics(helm);
    assert_eq!(
        list.iter().map(brief).collect::<Vec<_>>(),
        ["4:invalid-value:error"]
    );
    assert_eq!(list[0]["range"]["start"]["character"], 4);

    let compose = "file:///project/docker-compose.yml";
    c.open(compose, "yaml", "services:\n  jobmanager:\n    image: flink:2.0\n    environment:\n      FLINK_PROPERTIES: |\n        jobmanager.rpc.address: jobmanager\n        parallelism.default: zero\n");
    let (_, list) = c.diagnostics(compose);
    assert_eq!(
        list.iter().map(brief).collect::<Vec<_>>(),
        ["7:invalid-value:error"]
    );
    assert_eq!(list[0]["range"]["start"]["character"], 8);

    let sql = "file:///project/jobs/setup.sql";
    c.open(sql, "sql", "SET 'parallelism.default' = 'x';\nSELECT 1;\nSET 'state.backend' = 'rocksdb';\nset 'paralelism.default' = '2';\n");
    let (_, list) = c.diagnostics(sql);
    assert_eq!(
        list.iter().map(brief).collect::<Vec<_>>(),
        [
            "1:invalid-value:error",
            "3:deprecated-key:warning:2",
            "4:unknown-key:warning"
        ]
    );
    // The quoted key's range holds its quotes: it starts at the column `flinkconf validate` names.
    assert_eq!(list[0]["range"]["start"]["character"], 4);
    assert_eq!(list[0]["range"]["end"]["character"], 25);
    c.finish();
}

#[test]
fn other_yaml_files_are_left_alone() {
    let c = Client::new();
    let uri = "file:///project/.github/workflows/ci.yaml";
    c.open(
        uri,
        "yaml",
        "on: push\nparallelism.default: x\njobs:\n  build:\n    runs-on: ubuntu-latest\n",
    );
    assert!(c.diagnostics(uri).1.is_empty());
    c.finish();
}

#[test]
fn the_project_file_names_the_release_of_a_config_yaml() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("flinkconf.toml"), "release = \"1.19\"\n").unwrap();
    let path = dir.path().join("conf/config.yaml");
    let uri = format!("file://{}", path.display());
    let c = Client::with(json!({"release": "2.0"}));
    // Read by 1.19, removed in 2.0: the project's release wins over the client's.
    c.open(&uri, "yaml", "taskmanager.heap.size: 1g\n");
    let (_, list) = c.diagnostics(&uri);
    assert_eq!(
        list.iter().map(brief).collect::<Vec<_>>(),
        ["1:deprecated-option:warning:2"]
    );
    c.finish();
}

#[test]
fn the_client_option_names_the_release_when_no_project_file_does() {
    let c = Client::with(json!({"release": "1.19"}));
    let uri = "file:///nowhere/config.yaml";
    c.open(uri, "yaml", "taskmanager.heap.size: 1g\n");
    let (_, list) = c.diagnostics(uri);
    assert_eq!(
        list.iter().map(brief).collect::<Vec<_>>(),
        ["1:deprecated-option:warning:2"]
    );
    c.finish();
}

#[test]
fn a_placeholder_value_is_a_hint_not_an_invalid_value() {
    let c = Client::new();
    let uri = "file:///project/k8s/job.yaml";
    let text = "\
apiVersion: flink.apache.org/v1beta1
kind: FlinkDeployment
metadata:
  name: templated
spec:
  flinkConfiguration:
    parallelism.default: \"${PARALLELISM}\"
    taskmanager.numberOfTaskSlots: \"two\"
";
    c.open(uri, "yaml", text);
    let (_, list) = c.diagnostics(uri);
    assert_eq!(
        list.iter().map(brief).collect::<Vec<_>>(),
        ["7:placeholder:hint", "8:invalid-value:error"]
    );
    c.finish();
}
