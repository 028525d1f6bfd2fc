//! The Kubernetes operator's settings beside Flink's (`options_check::operator`): which catalogue
//! reads each key, where an operator option may be set, defaults by Flink version and namespace,
//! the operator's ConfigMap, migration of its old spellings, and secrets.

use options_check::finding::Finding as Problem;
use options_check::input::{extract, Format, Reader};
use options_check::inspect::check_embedded;
use options_check::migrate::manifest::migrate_manifest;
use options_check::rules::Level as Severity;
use options_check::{builtin, operator};
use options_core::layers::Strictness;

fn check(text: &str, reader: Reader) -> Vec<Problem> {
    let flink = builtin::for_checking(Some("1.20")).unwrap();
    let operator = operator::catalogue(None).unwrap();
    operator::check_text(
        &flink,
        None,
        operator,
        text,
        false,
        Strictness::Lenient,
        reader,
    )
}

fn at(problems: &[Problem], line: u32) -> Vec<(Severity, &str)> {
    problems
        .iter()
        .filter(|p| p.line == line)
        .map(|p| (p.level, p.message.as_str()))
        .collect()
}

#[test]
fn each_key_is_read_by_the_catalogue_that_knows_it() {
    let problems = check(
        "parallelism.default: x\njob.autoscaler.enabled: maybe\nkubernetes.operator.job.autoscaler.scaling.enabled: \"false\"\njob.autoscaler.enabeld: \"true\"\nparallelism.defualt: 2\n",
        Reader::Resource,
    );
    assert!(
        at(&problems, 1)[0].1.contains("for parallelism.default"),
        "{problems:?}"
    );
    assert!(
        at(&problems, 2)[0]
            .1
            .contains("\"maybe\" for job.autoscaler.enabled"),
        "{problems:?}"
    );
    assert_eq!(
        at(&problems, 3),
        [(
            Severity::Warning,
            "\"kubernetes.operator.job.autoscaler.scaling.enabled\" is a deprecated key; use \"job.autoscaler.scaling.enabled\" instead"
        )]
    );
    // Suggestions from both catalogues.
    assert!(
        at(&problems, 4)[0]
            .1
            .contains("did you mean \"job.autoscaler.enabled\""),
        "{problems:?}"
    );
    assert!(
        at(&problems, 5)[0]
            .1
            .contains("did you mean \"parallelism.default\""),
        "{problems:?}"
    );
    assert_eq!(problems.len(), 5, "{problems:?}");
}

#[test]
fn placement_decides_which_configuration_may_set_an_option() {
    let text = "kubernetes.operator.reconcile.interval: 1 min\nautoscaler.standalone.control-loop.interval: 1 min\nkubernetes.operator.savepoint.history.max.count: \"3\"\n";
    let resource = check(text, Reader::Resource);
    assert!(
        at(&resource, 1)[0].1.contains("cannot be set per resource"),
        "{resource:?}"
    );
    assert!(
        at(&resource, 2)[0].1.contains("standalone autoscaler"),
        "{resource:?}"
    );
    assert!(at(&resource, 3).is_empty(), "{resource:?}");
    // The operator's own configuration reads system options, not the standalone autoscaler's.
    let own = check(text, Reader::Operator);
    assert!(at(&own, 1).is_empty(), "{own:?}");
    assert!(
        at(&own, 2)[0].1.contains("standalone autoscaler"),
        "{own:?}"
    );
}

#[test]
fn default_keys_are_checked_against_the_release_they_name() {
    let problems = check(
        "kubernetes.operator.default-configuration.flink-version.v1_17.taskmanager.numberOfTaskSlots: two\nkubernetes.operator.default-configuration.flink-version.v2_1+.taskmanager.network.blocking-shuffle.type: file\nkubernetes.operator.default-configuration.namespace.prod.job.autoscaler.enabld: \"true\"\nkubernetes.operator.default-configuration.flink-version.v1_19.state.backend.type: rocksdb\n",
        Reader::Operator,
    );
    assert!(
        at(&problems, 1)[0]
            .1
            .ends_with("(default for flinkVersion v1_17, checked against Flink 1.19)"),
        "{problems:?}"
    );
    // Removed in 2.0: an error under 2.1 whatever the outer release.
    assert!(
        at(&problems, 2)[0].1.contains("removed in 2.0"),
        "{problems:?}"
    );
    assert!(
        at(&problems, 3)[0]
            .1
            .contains("did you mean \"job.autoscaler.enabled\""),
        "{problems:?}"
    );
    assert!(at(&problems, 4).is_empty(), "{problems:?}");
    // In a resource they are misplaced: only the operator's configuration reads them.
    let problems = check(
        "kubernetes.operator.default-configuration.namespace.prod.parallelism.default: \"2\"\n",
        Reader::Resource,
    );
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].message.contains("cannot be set per resource"),
        "{problems:?}"
    );
}

#[test]
fn a_configmap_of_the_operator_holds_its_configuration() {
    let text = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: flink-operator-config\ndata:\n  config.yaml: |\n    kubernetes.operator.reconcile.interval: soon\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: flink-config-payments\ndata:\n  config.yaml: |\n    parallelism.default: \"2\"\n";
    let extracted = extract(Format::Kubernetes, text);
    let readers: Vec<Reader> = extracted.embedded.iter().map(|e| e.reader).collect();
    assert_eq!(readers, [Reader::Operator, Reader::Flink]);
    let flink = builtin::for_checking(None).unwrap();
    let operator = operator::catalogue(None).unwrap();
    let lines = check_embedded(
        &flink,
        Some(operator),
        &extracted.embedded[0],
        Strictness::Lenient,
    );
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert_eq!((lines[0].line, lines[0].column), (7, Some(5)));
    assert!(lines[0]
        .message
        .contains("\"soon\" for kubernetes.operator.reconcile.interval"));
}

#[test]
fn without_the_operators_catalogue_its_keys_are_unknown() {
    let text = "apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nmetadata:\n  name: a\nspec:\n  flinkConfiguration:\n    job.autoscaler.enabled: \"true\"\n";
    let extracted = extract(Format::Kubernetes, text);
    let flink = builtin::for_checking(None).unwrap();
    let lines = check_embedded(&flink, None, &extracted.embedded[0], Strictness::Lenient);
    assert!(
        lines[0]
            .message
            .contains("unknown configuration key \"job.autoscaler.enabled\""),
        "{lines:?}"
    );
}

#[test]
fn migration_renames_the_operators_old_spellings_only_with_its_catalogue() {
    let text = "apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nmetadata:\n  name: a\nspec:\n  flinkVersion: v1_20\n  flinkConfiguration:\n    kubernetes.operator.job.autoscaler.target.utilization: \"0.6\"\n    job.autoscaler.target.utilization: \"0.6\"\n    kubernetes.operator.reconciler.reschedule.interval: 1 min\n";
    let extracted = extract(Format::Kubernetes, text);
    let flink = |_: &options_check::input::Embedded| builtin::for_checking(Some("1.20")).unwrap();
    let operator = operator::catalogue(None).unwrap();
    let m = migrate_manifest(text, &extracted, &flink, None, Some(operator));
    assert!(m.text.contains("\n    job.autoscaler.utilization.target: \"0.6\"\n    job.autoscaler.target.utilization"), "{}", m.text);
    // Two spellings of one option: the second is left, with a note to remove it.
    assert!(
        m.notes
            .iter()
            .any(|(line, attention, _)| *line == 9 && *attention),
        "{:?}",
        m.notes
    );
    assert!(
        m.text
            .contains("\n    kubernetes.operator.reconcile.interval: 1 min\n"),
        "{}",
        m.text
    );
    let m = migrate_manifest(text, &extracted, &flink, None, None);
    assert_eq!(m.text, text);
}

#[test]
fn a_block_mapping_under_an_operator_map_option_is_its_value() {
    let problems = check(
        "kubernetes.operator.user.artifacts.http.header:\n  Authorization: Bearer token\n  X-Trace: \"1\"\n",
        Reader::Resource,
    );
    assert!(problems.is_empty(), "{problems:?}");
}

const CANARY: &str = "CANARY51e0";

#[test]
fn secrets_of_operator_options_stay_masked() {
    let problems = check(
        &format!("kubernetes.operator.user.artifacts.http.header: \"{CANARY},\"\nkubernetes.operator.default-configuration.namespace.x.kubernetes.operator.user.artifacts.http.header: \"{CANARY},\"\nkubernetes.operator.secret-tokne: {CANARY}\n"),
        Reader::Resource,
    );
    assert!(problems.len() >= 3, "{problems:?}");
    assert!(!format!("{problems:?}").contains(CANARY), "{problems:?}");
}
