//! `SET` refuses a value outside its constraint and warns about a setting whose `only_when`
//! condition does not hold (transcripts in `tests/snapshots/session/constraints_*.txt`).

use crate::session_support::{check, env, run};
use options_core::ValueKind;
use options_core::{DefaultDoc, OptionMeta};
use options_flink::builtin;

#[test]
fn set_transcript_of_a_bound_a_closed_set_and_a_relation() {
    // Seed 001's closed set of table.exec.shuffle-mode, an option until Flink 2.0.
    check(
        "constraints_transcript",
        &mut crate::session_support::env_at("1.19"),
        "SET 'table.exec.async-lookup.buffer-capacity' = '0';\n\
         SET 'table.exec.shuffle-mode' = 'foo';\n\
         SET 'table.exec.mini-batch.allow-latency' = '5 s';",
    );
}

#[test]
fn no_warning_once_the_condition_holds() {
    let mut env = env();
    run(&mut env, "SET 'table.exec.mini-batch.enabled' = 'TRUE';");
    let out = run(
        &mut env,
        "SET 'table.exec.mini-batch.allow-latency' = '5 s';",
    );
    assert!(!out.contains("warning"), "{out}");
}

#[test]
fn switching_the_condition_off_warns_about_the_settings_it_disables() {
    check(
        "constraints_condition_off",
        &mut env(),
        "SET 'table.exec.mini-batch.enabled' = 'true';\n\
         SET 'table.exec.mini-batch.allow-latency' = '5 s';\n\
         SET 'table.exec.mini-batch.size' = '1000';\n\
         SET 'table.exec.mini-batch.enabled' = 'false';\n\
         SET 'table.exec.mini-batch.enabled' = 'true';\n\
         RESET 'table.exec.mini-batch.enabled';",
    );
}

#[test]
fn no_warning_about_dependents_nobody_set() {
    let mut env = env();
    let out = run(&mut env, "SET 'table.exec.mini-batch.enabled' = 'false';");
    assert!(!out.contains("warning"), "{out}");
}

#[test]
fn show_one_option_lists_its_bound_and_its_condition() {
    check(
        "constraints_show",
        &mut env(),
        "SET 'table.exec.async-lookup.buffer-capacity';\n\
         SET 'table.exec.mini-batch.size';",
    );
}

/// A value of `condition` other than `value`: the other Boolean, or another enum value.
fn other_value(condition: &OptionMeta, value: &str) -> String {
    match condition.value_type.kind {
        ValueKind::Boolean if value.eq_ignore_ascii_case("true") => "false".to_owned(),
        ValueKind::Boolean => "true".to_owned(),
        ValueKind::Enum => condition
            .value_type
            .enum_values
            .iter()
            .find(|v| !v.eq_ignore_ascii_case(value))
            .map(|v| (*v).to_owned())
            .expect("an enum condition with a second value"),
        other => panic!(
            "a condition on a {} option: teach this test a value that switches it off",
            other.name()
        ),
    }
}

/// Every `only_when` relation of the built-in catalogue, with a value that switches it off.
fn relations() -> Vec<(&'static OptionMeta, &'static OptionMeta, String)> {
    let catalogue = builtin::catalogue();
    let mut out = Vec::new();
    for (_, dependent) in catalogue.options() {
        let Some(relation) = dependent.only_when else {
            continue;
        };
        let condition = catalogue.resolve(relation.key).unwrap().meta;
        out.push((dependent, condition, other_value(condition, relation.value)));
    }
    assert!(out.len() >= 6, "{} relations", out.len());
    out
}

/// A value the dependent accepts: its default, or one in its grammar.
fn some_value(dependent: &OptionMeta) -> &'static str {
    match dependent.default {
        DefaultDoc::Value(v) if !v.is_empty() => v,
        _ => match dependent.value_type.kind {
            ValueKind::Duration => "5 s",
            _ => "1",
        },
    }
}

#[test]
fn every_relation_warns_when_its_condition_is_switched_off_after_the_setting() {
    for (dependent, condition, off) in relations() {
        let mut env = env();
        run(
            &mut env,
            &format!(
                "SET '{}' = '{}';",
                dependent.key_str(),
                some_value(dependent)
            ),
        );
        let out = run(
            &mut env,
            &format!("SET '{}' = '{off}';", condition.key_str()),
        );
        let expected = format!(
            "warning: \"{}\" is only used when \"{}\"",
            dependent.key_str(),
            condition.key_str()
        );
        assert!(out.contains(&expected), "{}:\n{out}", dependent.key_str());
    }
}

#[test]
fn turning_mini_batch_on_says_what_it_still_needs() {
    let mut env = env();
    let out = run(&mut env, "SET 'table.exec.mini-batch.enabled' = 'true';");
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        [
            "configuration updated successfully.",
            "warning: \"table.exec.mini-batch.enabled\" is \"true\", but \"table.exec.mini-batch.allow-latency\" is \"0 ms\", and it must be above \"0 ms\" then; Apache Flink refuses to plan such a job.",
            "warning: \"table.exec.mini-batch.enabled\" is \"true\", but \"table.exec.mini-batch.size\" is \"-1\", and it must be above \"0\" then; Apache Flink refuses to plan such a job.",
        ]
    );
}

#[test]
fn requirements_transcript_setting_and_resetting_what_an_enabled_feature_needs() {
    check(
        "constraints_requirements",
        &mut env(),
        "SET 'table.exec.mini-batch.enabled' = 'true';\n\
         SET 'table.exec.mini-batch.allow-latency' = '5 s';\n\
         SET 'table.exec.mini-batch.size' = '0';\n\
         SET 'table.exec.mini-batch.size' = '1000';\n\
         RESET 'table.exec.mini-batch.allow-latency';\n\
         SET 'table.exec.mini-batch.allow-latency';\n\
         SET 'table.exec.async-scalar.retry-delay' = '0 ms';\n\
         SET 'table.exec.async-scalar.retry-strategy' = 'NO_RETRY';",
    );
}

#[test]
fn no_requirement_warning_while_the_feature_is_off() {
    let mut env = env();
    let out = run(
        &mut env,
        "SET 'table.exec.mini-batch.allow-latency' = '0 ms';\nSET 'table.exec.mini-batch.enabled' = 'false';",
    );
    assert!(!out.contains("must be above"), "{out}");
}
