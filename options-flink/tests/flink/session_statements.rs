//! Each statement form, compared on the full text a user sees (input and output snapshots under
//! `tests/snapshots/session/`).

use crate::session_support::{check, env, run};

#[test]
fn set_updates_the_configuration() {
    let mut env = env();
    check(
        "set_key_value",
        &mut env,
        "SET 'table.local-time-zone' = 'America/Los_Angeles';",
    );
    assert_eq!(
        env.session_configuration().get_str("table.local-time-zone"),
        Some("America/Los_Angeles")
    );
}

#[test]
fn set_lists_the_session_like_the_seed() {
    let mut env = env();
    check(
        "set_list",
        &mut env,
        "SET 'table.local-time-zone' = 'America/Los_Angeles';\nSET;",
    );
}

#[test]
fn set_list_of_a_fresh_session_shows_the_current_catalog_and_database() {
    check("set_list_fresh", &mut env(), "SET;");
}

#[test]
fn set_list_marks_values_equal_to_their_default() {
    check(
        "set_list_default_marker",
        &mut env(),
        "SET 'table.exec.state.ttl' = '0 s';\n\
         SET 'table.exec.mini-batch.enabled' = 'FALSE';\n\
         SET 'parallelism.default' = '5';\n\
         SET 'table.exec.async-scalar.retry-strategy' = 'fixed_delay';\n\
         SET;",
    );
}

#[test]
fn set_key_shows_the_value_and_its_source() {
    check(
        "set_show_key",
        &mut env(),
        "SET 'table.local-time-zone';\n\
         SET 'table.local-time-zone' = 'UTC';\n\
         SET 'table.local-time-zone';\n\
         SET 'connector.password';",
    );
}

#[test]
fn reset_key_restores_the_default() {
    let mut env = env();
    check(
        "reset_key",
        &mut env,
        "SET 'table.local-time-zone' = 'UTC';\nRESET 'table.local-time-zone';\nSET 'table.local-time-zone';",
    );
    assert!(env.session_configuration().is_empty());
}

#[test]
fn reset_all_drops_every_session_setting_and_the_current_catalog() {
    let mut env = env();
    check(
        "reset_all",
        &mut env,
        "SET 'table.local-time-zone' = 'UTC';\nSET 'table.exec.mini-batch.enabled' = 'true';\nUSE CATALOG cat1;\nRESET;\nSET;",
    );
    assert_eq!(env.current_catalog(), "default_catalog");
}

#[test]
fn use_catalog_and_use_database() {
    let mut env = env();
    check(
        "use",
        &mut env,
        "USE CATALOG cat1;\nSET;\nUSE CATALOG default_catalog;\nUSE db1;\nSET;",
    );
    assert_eq!(
        env.qualify("tab1").unwrap().to_string(),
        "default_catalog.db1.tab1"
    );
}

#[test]
fn use_qualified_database() {
    let mut env = env();
    check("use_qualified", &mut env, "use cat1.db1;");
    assert_eq!(
        (env.current_catalog(), env.current_database()),
        ("cat1", "db1")
    );
}

#[test]
fn set_current_catalog_and_database_is_use() {
    let mut env = env();
    check(
        "set_current_catalog",
        &mut env,
        "SET 'sql.current-catalog' = 'cat1';\nSET 'sql.current-database' = 'db1';\nSET 'sql.current-catalog';\nSET;\nRESET 'sql.current-catalog';\nSET;",
    );
}

#[test]
fn keywords_in_any_case_comments_and_several_statements() {
    let mut env = env();
    check(
        "case_and_comments",
        &mut env,
        "-- the zone first\nset 'table.local-time-zone' = 'UTC'; /* then\n a block */ SeT\n  'table.exec.state.ttl'\n  = '1 h';\nsEt;",
    );
}

#[test]
fn doubled_quotes_escape_a_quote() {
    let mut env = env();
    check(
        "quote_escape",
        &mut env,
        // A plain string option: time zones are now checked, and this is not one.
        "SET 'python.executable' = 'it''s; here';\nSET 'python.executable';",
    );
    assert_eq!(
        env.session_configuration().get_str("python.executable"),
        Some("it's; here")
    );
}

#[test]
fn sensitive_values_are_masked() {
    check(
        "sensitive",
        &mut env(),
        "SET 'connector.password' = 'hunter2';\nSET;\nSET 'connector.password';",
    );
}

#[test]
fn empty_statements_and_a_missing_last_semicolon() {
    let mut env = env();
    assert_eq!(
        run(&mut env, ";; SET 'table.local-time-zone' = 'UTC'"),
        "configuration updated successfully.\n"
    );
    assert_eq!(run(&mut env, "  -- nothing\n ;"), "");
}

#[test]
fn deprecated_keys_and_options_warn_after_setting() {
    // Flink 1.19 reads both as deprecated; 2.0 dropped them (see the next test).
    let mut env = crate::session_support::env_at("1.19");
    check(
        "set_deprecated",
        &mut env,
        "SET 'table.exec.topn-cache-size' = '500';\n\
         SET 'table.exec.legacy-transformation-uids' = 'true';\n\
         SET 'table.exec.rank.topn-cache-size';",
    );
}

#[test]
fn keys_a_later_release_dropped_are_refused_naming_the_release() {
    check(
        "set_removed",
        &mut env(),
        "SET 'table.exec.topn-cache-size' = '500';\n\
         SET 'table.exec.legacy-transformation-uids' = 'true';\n\
         SET 'table.exec.shuffle-mode' = 'batch';\n\
         SET 'state.backend.incremental' = 'true';",
    );
}

#[test]
fn use_with_back_quoted_names() {
    let mut env = env();
    env.register_catalog("my catalog", "db.name").unwrap();
    check(
        "use_backquoted",
        &mut env,
        "USE CATALOG `my catalog`;\n\
         USE `my catalog`.`db.name`;\n\
         USE `cat1`.db1;\n\
         USE CATALOG `my catalog`.`db.name`;\n\
         USE `my catalog` . `db.name`;\n\
         USE `a`b;\n\
         USE cat1.;\n\
         USE cat1..db1;",
    );
}

#[test]
fn set_says_when_a_change_waits_for_a_restart_or_the_next_job() {
    check(
        "set_change_class",
        &mut env(),
        "SET 'jobmanager.memory.process.size' = '2 gb';\n\
         SET 'execution.checkpointing.interval' = '30 s';\n\
         SET 'table.exec.mini-batch.enabled' = 'true';",
    );
}
