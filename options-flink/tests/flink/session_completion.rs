//! Completion hints at a cursor: keywords, keys inside quotes, values, catalog and database names.

use crate::session_support::env;

fn hints(statement: &str) -> Vec<String> {
    env().completion_hints(statement, statement.len())
}

#[test]
fn keywords_at_the_start() {
    assert_eq!(
        hints(""),
        ["SET", "RESET", "USE", "USE CATALOG", "SHOW OPTIONS"]
    );
    assert_eq!(hints("sh"), ["SHOW OPTIONS"]);
    assert_eq!(hints("u"), ["USE", "USE CATALOG"]);
    assert_eq!(hints("re"), ["RESET"]);
}

#[test]
fn keys_inside_set_quotes_prefix_matches_first() {
    assert_eq!(
        hints("SET 'table.exec.mini-batch"),
        [
            "table.exec.mini-batch.allow-latency",
            "table.exec.mini-batch.enabled",
            "table.exec.mini-batch.size"
        ]
    );
    // Keys starting with the text, then keys containing it.
    assert_eq!(
        hints("set 'sql.tables.scan.bounded"),
        [
            "sql.tables.scan.bounded.mode",
            "sql.tables.scan.bounded.timestamp-millis"
        ]
    );
    assert_eq!(
        hints("SET 'local-time-zone"),
        ["sql.local-time-zone", "table.local-time-zone"]
    );
    assert_eq!(hints("SET 'table.exec.state"), ["table.exec.state.ttl"]);
}

#[test]
fn typos_fall_back_to_close_keys() {
    assert_eq!(
        hints("SET 'table.exec.mini-bacth.enabled")
            .first()
            .map(String::as_str),
        Some("table.exec.mini-batch.enabled")
    );
}

#[test]
fn keys_inside_reset_quotes() {
    assert_eq!(
        hints("RESET 'sql.current"),
        ["sql.current-catalog", "sql.current-database"]
    );
}

#[test]
fn quoted_keys_after_set() {
    let all = hints("SET ");
    assert!(all.contains(&"'connector.password'".to_owned()));
    assert!(all.contains(&"'table.local-time-zone'".to_owned()));
    assert!(all.windows(2).all(|w| w[0] <= w[1]), "hints are sorted");
}

#[test]
fn values_of_booleans_and_names() {
    assert_eq!(hints("SET 'table.exec.mini-batch.enabled' = 't"), ["true"]);
    assert_eq!(
        hints("SET 'table.exec.async-scalar.retry-strategy' = '"),
        ["FIXED_DELAY", "NO_RETRY"]
    );
    assert_eq!(
        hints("SET 'sql.current-catalog' = '"),
        ["cat1", "default_catalog"]
    );
}

#[test]
fn catalog_names_after_use_catalog() {
    assert_eq!(hints("USE CATALOG "), ["cat1", "default_catalog"]);
    assert_eq!(hints("use catalog c"), ["cat1", "default_catalog"]);
    assert_eq!(hints("USE CATALOG de"), ["default_catalog"]);
}

#[test]
fn database_names_after_use() {
    assert_eq!(hints("USE "), ["db1", "default_database"]);
    assert_eq!(hints("USE d"), ["db1", "default_database"]);
    assert_eq!(hints("USE ca"), ["CATALOG"]);
    assert_eq!(hints("USE cat1."), ["cat1.db1"]);
}

#[test]
fn only_the_statement_at_the_cursor_counts() {
    assert_eq!(
        hints("SET 'table.local-time-zone' = 'UTC'; RESET 'table.local-t"),
        ["table.local-time-zone"]
    );
    let statement = "SET 'table.exec.st' = '1 h';";
    assert_eq!(
        env().completion_hints(statement, "SET 'table.exec.st".len()),
        ["table.exec.state.ttl"]
    );
}

#[test]
fn completion_says_which_text_it_replaces() {
    let completion = env().complete("SET 'table.loc", 14);
    assert_eq!(completion.start, 5);
    assert_eq!(completion.candidates, ["table.local-time-zone"]);
}

#[test]
fn nothing_after_a_complete_statement_part() {
    assert!(hints("SET 'table.local-time-zone' ").is_empty());
    assert!(hints("SELECT ").is_empty());
    assert!(hints("/* open comment").is_empty());
}

#[test]
fn show_options_completes_its_keywords_and_keys_inside_like_quotes() {
    assert_eq!(hints("SHOW "), ["OPTIONS"]);
    assert_eq!(hints("show opt"), ["OPTIONS"]);
    assert_eq!(hints("SHOW OPTIONS "), ["LIKE"]);
    assert_eq!(
        hints("SHOW OPTIONS LIKE 'table.exec.state"),
        ["table.exec.state.ttl"]
    );
    assert_eq!(
        hints("SHOW OPTIONS LIKE '%mini-batch.s"),
        ["table.exec.mini-batch.size"]
    );
    assert_eq!(hints("SHOW OPTIONS LIKE 'sql._tate"), ["sql.state-ttl"]);
}
