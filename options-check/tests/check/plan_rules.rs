//! The plan's rules against the operator's source: every row of
//! `tests/data/plan/operator-diff-rules.tsv` (written by `scripts/operator_diff_rules.py` from each
//! release tag of apache/flink-kubernetes-operator, with the annotation and declaration lines
//! quoted) must be what `options_check::plan::rules` says for that release and mode.

use options_check::plan::rules::{
    config_key, flattens_flink_configuration, DiffType, FieldRule, Mode, SpecClass, CONFIG_PREFIXES,
};
use options_core::Release;
use options_flink_operator::OPERATOR_RELEASES;

const RULES: &str = include_str!("../data/plan/operator-diff-rules.tsv");

struct Row<'a> {
    release: Release,
    rule: &'a str,
    subject: &'a str,
    mode: Mode,
    diff: &'a str,
    null: &'a str,
    source: &'a str,
}

fn rows() -> Vec<Row<'static>> {
    RULES
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("release\t"))
        .map(|line| {
            let cells: Vec<&str> = line.split('\t').collect();
            Row {
                release: OPERATOR_RELEASES.release(cells[0]).unwrap(),
                rule: cells[1],
                subject: cells[2],
                mode: match cells[3] {
                    "STANDALONE" => Mode::Standalone,
                    _ => Mode::Native,
                },
                diff: cells[4],
                null: cells[5],
                source: cells[6],
            }
        })
        .collect()
}

/// The class and field name of a spec path the file names (`spec.job.parallelism`).
fn field_of(path: &str, kind_class: SpecClass) -> (SpecClass, &str) {
    match path.rsplit_once('.') {
        Some(("spec.job", name)) => (SpecClass::Job, name),
        Some(("spec.taskManager", name)) => (SpecClass::TaskManager, name),
        Some((_, name)) => (kind_class, name),
        None => (kind_class, path),
    }
}

#[test]
fn the_file_covers_every_release_of_the_catalogue() {
    let rows = rows();
    for version in OPERATOR_RELEASES.versions() {
        let release = OPERATOR_RELEASES.release(version).unwrap();
        assert!(
            rows.iter().any(|r| r.release == release),
            "no rules of operator {version}"
        );
    }
}

#[test]
fn every_spec_field_rule_of_every_release_matches_the_operators_source() {
    for row in rows().iter().filter(|r| r.rule == "field") {
        // spec.jobManager is not Diffable: its fields are compared as one value, whatever their
        // own annotations say (there are none).
        if row.subject.starts_with("spec.jobManager.") {
            let rule = SpecClass::Deployment
                .field("jobManager", row.release)
                .unwrap();
            assert_eq!(rule.diff(row.mode), Some(DiffType::Upgrade));
            continue;
        }
        let kinds: &[SpecClass] = match row.source {
            s if s.starts_with("FlinkSessionJobSpec") => &[SpecClass::SessionJob],
            s if s.starts_with("AbstractFlinkSpec") => {
                &[SpecClass::Deployment, SpecClass::SessionJob]
            }
            _ => &[SpecClass::Deployment],
        };
        for kind in kinds {
            let (class, name) = field_of(row.subject, *kind);
            let rule = class.field(name, row.release).unwrap_or_else(|| {
                panic!(
                    "{} of operator {}: no rule ({})",
                    row.subject, row.release, row.source
                )
            });
            let what = format!(
                "{} in {:?} mode, operator {} ({})",
                row.subject, row.mode, row.release, row.source
            );
            match row.diff {
                "recurse" => assert_eq!(rule, FieldRule::Recurse, "{what}"),
                diff => {
                    assert_eq!(
                        rule.diff(row.mode).map(DiffType::name),
                        Some(diff),
                        "{what}"
                    );
                    let on_null = matches!(
                        rule,
                        FieldRule::Value {
                            on_null_ignore: true,
                            ..
                        }
                    );
                    assert_eq!(on_null, row.null == "on-null-ignore", "{what}");
                }
            }
        }
    }
}

#[test]
fn every_release_has_exactly_the_fields_of_its_source() {
    let rows = rows();
    for version in OPERATOR_RELEASES.versions() {
        let release = OPERATOR_RELEASES.release(version).unwrap();
        for (class, prefix, sources) in [
            (SpecClass::Job, "spec.job.", &["JobSpec"][..]),
            (
                SpecClass::TaskManager,
                "spec.taskManager.",
                &["TaskManagerSpec"][..],
            ),
            (
                SpecClass::Deployment,
                "spec.",
                &["AbstractFlinkSpec", "FlinkDeploymentSpec"][..],
            ),
            (
                SpecClass::SessionJob,
                "spec.",
                &["AbstractFlinkSpec", "FlinkSessionJobSpec"][..],
            ),
        ] {
            let mut source: Vec<&str> = rows
                .iter()
                .filter(|r| r.release == release && r.rule == "field" && r.mode == Mode::Native)
                .filter(|r| {
                    sources
                        .iter()
                        .any(|s| r.source.starts_with(&format!("{s}.java")))
                })
                .map(|r| r.subject.strip_prefix(prefix).unwrap())
                .collect();
            source.sort_unstable();
            let mut ours: Vec<&str> = class.fields(release).map(|(name, _)| name).collect();
            ours.sort_unstable();
            assert_eq!(ours, source, "{class:?} fields of operator {version}");
        }
    }
}

#[test]
fn flink_configuration_prefixes_match_the_source_in_order_and_mode() {
    for row in rows().iter().filter(|r| r.rule == "config-prefix") {
        let (order, prefix) = row.subject.split_once(':').unwrap();
        let order: usize = order.parse().unwrap();
        let ours = &CONFIG_PREFIXES[order - 1];
        let what = format!("entry {order} of operator {} ({})", row.release, row.source);
        assert_eq!(ours.prefix, prefix, "{what}");
        // A key that is the prefix itself, and one that merely starts with it (no dot implied).
        for key in [prefix.to_owned(), format!("{prefix}X.y")] {
            let expected = match row.diff {
                // The entry does not apply in this mode: no later entry takes the key.
                "(skipped)" => DiffType::Upgrade,
                d => DiffType::from_name(d).unwrap(),
            };
            assert_eq!(config_key(&key, row.mode), expected, "{key}: {what}");
        }
    }
    assert_eq!(
        config_key("execution.checkpointing.interval", Mode::Native),
        DiffType::Upgrade,
        "a key no entry takes is an UPGRADE"
    );
}

#[test]
fn how_the_builder_reads_the_annotations_is_the_same_in_every_release() {
    for row in rows().iter().filter(|r| r.rule == "builder") {
        let what = format!(
            "{} in operator {} ({})",
            row.subject, row.release, row.source
        );
        let expected = match row.subject {
            "flink-configuration-flattened" => flattens_flink_configuration(row.release),
            // What the rules above rely on, stated by every release's source.
            _ => true,
        };
        assert_eq!(row.diff == "yes", expected, "{what}");
    }
    let order: Vec<&str> = DiffType::ALL.iter().map(|d| d.name()).collect();
    assert_eq!(order, ["IGNORE", "SCALE", "UPGRADE", "SAVEPOINT_REDEPLOY"]);
}
