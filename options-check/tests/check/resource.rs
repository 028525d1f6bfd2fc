//! The model of the operator's resources (`options_check::resource`): every resource of a
//! manifest with its kind, namespace, name, spec fields and flinkConfiguration, each at its
//! position in the user's file.

use options_check::resource::{self, FieldValue, Kind};

const MANIFEST: &str = r#"# two resources and a service
apiVersion: flink.apache.org/v1beta1
kind: FlinkDeployment
metadata:
  name: orders
  namespace: team-a
spec:
  image: flink:1.20
  flinkVersion: v1_20
  serviceAccount: flink
  mode: native
  restartNonce: 3
  jobManager:
    replicas: 1
    resource: {memory: "2048m", cpu: 1}
  taskManager:
    resource:
      memory: 4g
      cpu: 2
  podTemplate:
    spec:
      containers:
        - name: flink-main-container
          env:
            - name: DB_PASSWORD
              value: hunter2
  job:
    jarURI: local:///opt/flink/job.jar
    parallelism: 4
    upgradeMode: last-state
    args: ["--day", "monday"]
  logConfiguration:
    log4j-console.properties: |
      rootLogger.level = INFO
  ingress:
    template: "{{name}}.example.com"
  flinkConfiguration:
    taskmanager.numberOfTaskSlots: "2"
    execution:
      checkpointing:
        interval: 10 s
    pipeline.classpaths: [a.jar, b.jar]
---
apiVersion: v1
kind: Service
metadata:
  name: orders-rest
---
apiVersion: flink.apache.org/v1beta1
kind: FlinkSessionJob
metadata:
  name: nightly
spec:
  deploymentName: session
  job:
    jarURI: https://example.com/job.jar
"#;

fn orders() -> resource::Resource {
    resource::read(MANIFEST).resources.remove(0)
}

#[test]
fn each_flink_resource_of_a_multi_document_file_is_read_in_order() {
    let read = resource::read(MANIFEST);
    let found: Vec<(Kind, &str, usize)> = read
        .resources
        .iter()
        .map(|r| (r.kind, r.name(), r.document))
        .collect();
    assert_eq!(
        found,
        [
            (Kind::FlinkDeployment, "orders", 1),
            (Kind::FlinkSessionJob, "nightly", 3)
        ]
    );
    assert_eq!(
        read.notes,
        [(
            44,
            "document 2 skipped: not a FlinkDeployment or FlinkSessionJob".to_owned()
        )]
    );
    assert!(read.errors.is_empty(), "{:?}", read.errors);
}

#[test]
fn a_missing_namespace_reads_as_the_default_one() {
    let read = resource::read(MANIFEST);
    assert_eq!(read.resources[0].namespace(), "team-a");
    assert_eq!(read.resources[1].namespace(), "default");
    assert!(read.resources[1].metadata_namespace.is_none());
}

#[test]
fn every_spec_field_has_its_line_and_column() {
    let orders = orders();
    let at = |path: &str| {
        let f = orders
            .field(path)
            .unwrap_or_else(|| panic!("{path} missing"));
        (f.value.text().map(str::to_owned), f.pos.line, f.pos.column)
    };
    assert_eq!(at("spec.image"), (Some("flink:1.20".into()), 8, 10));
    assert_eq!(at("spec.restartNonce"), (Some("3".into()), 12, 17));
    assert_eq!(
        at("spec.jobManager.resource.memory"),
        (Some("2048m".into()), 15, 24)
    );
    assert_eq!(
        at("spec.jobManager.resource.cpu"),
        (Some("1".into()), 15, 38)
    );
    assert_eq!(
        at("spec.taskManager.resource.memory"),
        (Some("4g".into()), 18, 15)
    );
    assert_eq!(at("spec.job.args[1]"), (Some("monday".into()), 31, 21));
    assert_eq!(
        at("spec.podTemplate.spec.containers[0].env[0].value"),
        (Some("hunter2".into()), 26, 22)
    );
    assert_eq!(
        at("spec.ingress.template"),
        (Some("{{name}}.example.com".into()), 36, 15)
    );
    let log = orders
        .field("spec.logConfiguration[\"log4j-console.properties\"]")
        .unwrap();
    assert_eq!(log.value.text(), Some("rootLogger.level = INFO\n"));
    assert_eq!(log.key_pos.line, 33);
}

#[test]
fn quoted_scalars_are_told_from_plain_ones() {
    let orders = orders();
    let memory = orders
        .spec_field(&["jobManager", "resource", "memory"])
        .unwrap();
    assert_eq!(
        memory.value,
        FieldValue::Scalar {
            text: "2048m".into(),
            quoted: true
        }
    );
    let cpu = orders
        .spec_field(&["jobManager", "resource", "cpu"])
        .unwrap();
    assert_eq!(
        cpu.value,
        FieldValue::Scalar {
            text: "1".into(),
            quoted: false
        }
    );
}

#[test]
fn the_flink_version_names_its_release() {
    let release = orders().flink_version.unwrap();
    assert_eq!((release.version.as_str(), release.at.line), ("1.20", 9));
}

#[test]
fn flink_configuration_is_flattened_as_the_operator_flattens_it_with_file_positions() {
    let orders = orders();
    let conf = orders.flink_configuration.as_ref().unwrap();
    let settings: Vec<(&str, &str, u32, u32)> = conf
        .settings
        .iter()
        .map(|s| (s.key.as_str(), s.value.as_str(), s.line, s.column))
        .collect();
    assert_eq!(
        settings,
        [
            ("taskmanager.numberOfTaskSlots", "2", 38, 5),
            ("execution.checkpointing.interval", "10 s", 41, 9),
            ("pipeline.classpaths", "a.jar;b.jar", 42, 5),
        ]
    );
    assert!(conf.nested, "a block mapping as a value is the nested form");
    assert_eq!(conf.pos.line, 37);
    assert!(
        orders.field("spec.flinkConfiguration").is_none()
            && orders
                .fields
                .iter()
                .all(|f| !f.path.to_string().contains("flinkConfiguration")),
        "flinkConfiguration is held as settings, not fields"
    );
}

#[test]
fn flat_string_values_are_not_the_nested_form() {
    let text = "apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nmetadata:\n  name: a\nspec:\n  flinkConfiguration:\n    a.b: \"1\"\n";
    let read = resource::read(text);
    assert!(
        !read.resources[0]
            .flink_configuration
            .as_ref()
            .unwrap()
            .nested
    );
}

#[test]
fn a_duplicate_key_in_flink_configuration_is_an_error_at_its_file_line() {
    let text = "apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nmetadata:\n  name: a\nspec:\n  flinkConfiguration:\n    a.b: \"1\"\n    a:\n      b: \"2\"\n";
    let read = resource::read(text);
    let conf = read.resources[0].flink_configuration.as_ref().unwrap();
    assert_eq!(conf.errors.len(), 1, "{:?}", conf.errors);
    assert_eq!(conf.errors[0].0.line, 9);
    assert!(
        conf.errors[0].1.contains("duplicate key"),
        "{:?}",
        conf.errors
    );
}

#[test]
fn a_resource_without_spec_fields_has_none() {
    let read = resource::read(MANIFEST);
    let nightly = &read.resources[1];
    assert!(nightly.flink_configuration.is_none());
    assert_eq!(nightly.spec_text(&["deploymentName"]), Some("session"));
    assert!(nightly.has(&["job"]));
    assert!(!nightly.has(&["jobManager"]));
}

#[test]
fn a_version_that_names_no_release_is_an_error_and_no_release() {
    let text = "apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nmetadata:\n  name: a\nspec:\n  flinkVersion: latest\n";
    let read = resource::read(text);
    assert!(read.resources[0].flink_version.is_none());
    assert_eq!(read.errors.len(), 1);
    assert_eq!(read.errors[0].0.line, 6);
}

#[test]
fn not_yaml_is_an_error_with_its_position() {
    let read = resource::read("a: [\n");
    assert!(read.resources.is_empty());
    assert_eq!(read.errors.len(), 1);
}

#[test]
fn debug_masks_pod_template_values() {
    let shown = format!("{:?}", orders().fields);
    assert!(!shown.contains("hunter2"), "{shown}");
}
