//! `SET` refuses a value outside its constraint and warns about a setting whose `only_when`
//! condition does not hold (transcripts in `tests/snapshots/session/constraints_*.txt`).

mod session_support;

use session_support::{check, env, run};

#[test]
fn set_transcript_of_a_bound_a_closed_set_and_a_relation() {
    // Seed 001's closed set of table.exec.shuffle-mode, an option until Flink 2.0.
    check(
        "constraints_transcript",
        &mut session_support::env_at("1.19"),
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
