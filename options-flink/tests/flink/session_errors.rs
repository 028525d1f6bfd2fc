//! Each statement error, compared on the full text a user sees: message, position and caret line.

use crate::session_support::{check, env};

#[test]
fn missing_quotes_around_the_key() {
    check(
        "error_missing_quotes_key",
        &mut env(),
        "SET table.local-time-zone = 'UTC';",
    );
}

#[test]
fn missing_quotes_around_the_value() {
    check(
        "error_missing_quotes_value",
        &mut env(),
        "SET 'table.local-time-zone' = UTC;",
    );
}

#[test]
fn double_quotes_instead_of_single_quotes() {
    check(
        "error_double_quotes",
        &mut env(),
        "SET \"table.local-time-zone\" = 'UTC';",
    );
}

#[test]
fn value_without_a_key() {
    check("error_value_without_key", &mut env(), "SET = 'UTC';");
}

#[test]
fn key_and_equals_without_a_value() {
    check(
        "error_missing_value",
        &mut env(),
        "SET 'table.local-time-zone' =;",
    );
}

#[test]
fn key_and_value_without_equals() {
    check(
        "error_missing_equals",
        &mut env(),
        "SET 'table.local-time-zone' 'UTC';",
    );
}

#[test]
fn unbalanced_quotes_stop_at_the_opening_quote() {
    check(
        "error_unbalanced_quotes",
        &mut env(),
        "SET 'table.local-time-zone' = 'UTC';\nSET 'table.exec.state.ttl' = '1 h;\nSET;",
    );
}

#[test]
fn unclosed_block_comment() {
    check("error_unclosed_comment", &mut env(), "SET; /* never closed");
}

#[test]
fn unknown_key_suggests_close_keys() {
    check(
        "error_unknown_key",
        &mut env(),
        "SET 'table.local-time-zon' = 'UTC';",
    );
}

#[test]
fn invalid_value_names_the_expected_type() {
    check(
        "error_invalid_value",
        &mut env(),
        "SET 'table.exec.state.ttl' = '3 mins';\nSET 'table.exec.mini-batch.enabled' = 'yes please';",
    );
}

#[test]
fn startup_only_option_after_creation() {
    check(
        "error_startup_only",
        &mut env(),
        "SET 'execution.runtime-mode' = 'BATCH';",
    );
}

#[test]
fn reset_of_a_key_never_set() {
    check(
        "error_reset_not_set",
        &mut env(),
        "RESET 'table.local-time-zone';\nRESET 'sql.current-catalog';",
    );
}

#[test]
fn reset_of_an_unknown_key() {
    check(
        "error_reset_unknown",
        &mut env(),
        "RESET 'table.local-time';",
    );
}

#[test]
fn use_of_unknown_names() {
    check(
        "error_use_unknown",
        &mut env(),
        "USE CATALOG cat2;\nUSE db2;\nSET 'sql.current-catalog' = 'nope';\nUSE cat1.db9;",
    );
}

#[test]
fn unsupported_statement() {
    check("error_unsupported", &mut env(), "SELECT * FROM t;");
}

#[test]
fn malformed_use() {
    check(
        "error_malformed_use",
        &mut env(),
        "USE;\nUSE CATALOG;\nUSE 'db1';\nUSE my-db;\nUSE CATALOG cat1 db1;",
    );
}

#[test]
fn sensitive_values_never_appear_in_errors() {
    check(
        "error_sensitive",
        &mut env(),
        "SET 'connector.password' = hunter2;\nSET 'connector.password' = 'hunter2' 'again';",
    );
}

#[test]
fn errors_point_into_later_lines() {
    check(
        "error_position_multiline",
        &mut env(),
        "SET 'table.local-time-zone' = 'UTC';\n\n  SET\n    'table.exec.state.tl'\n    = '1 h';",
    );
}

#[test]
fn a_failing_statement_does_not_stop_the_next() {
    check(
        "error_then_success",
        &mut env(),
        "SET 'nope' = '1'; SET 'table.local-time-zone' = 'UTC'; SET;",
    );
}

#[test]
fn a_table_option_is_named_as_one() {
    // Issue 43: `sink.parallelism` belongs in CREATE TABLE ... WITH (...), not in SET.
    check(
        "error_table_option",
        &mut env(),
        "SET 'sink.parallelism' = '4';",
    );
}

#[test]
fn a_table_option_with_a_field_name_is_named_as_one() {
    let (out, ok) = env().execute_to_string("SET 'fields.user_id.kind' = 'random';\n");
    assert!(!ok);
    assert!(
        out.contains("\"fields.user_id.kind\" is a table option, not a configuration key"),
        "{out}"
    );
    assert!(
        out.contains("CREATE TABLE ... WITH ('fields.user_id.kind' = '...')"),
        "{out}"
    );
    // A key of no table option stays an unknown key.
    let (out, _) = env().execute_to_string("SET 'sink.parallelismm' = '4';\n");
    assert!(out.contains("unknown configuration key"), "{out}");
}
