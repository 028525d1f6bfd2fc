//! The statement syntax in detail: tokens, quoting, comments, positions and the boxed table.

use options_core::sql::{
    lex, parse_statements, statement_ends, Position, SqlSyntaxError, Statement, TokenKind,
};
use options_flink::session::BoxedTable;

fn parse(input: &str) -> Vec<Result<Statement, SqlSyntaxError>> {
    parse_statements(input, &|_| false)
        .into_iter()
        .map(|r| r.map(|p| p.statement))
        .collect()
}

fn set(key: &str, value: &str) -> (String, String) {
    (key.to_owned(), value.to_owned())
}

fn key_value(statement: &Statement) -> (String, String) {
    match statement {
        Statement::Set { key, value } => (key.value.clone(), value.value.clone()),
        other => panic!("not a SET: {other:?}"),
    }
}

#[test]
fn no_spaces_are_needed_around_quotes_and_equals() {
    let parsed = parse("SET'a.b'='c';");
    assert_eq!(key_value(parsed[0].as_ref().unwrap()), set("a.b", "c"));
}

#[test]
fn doubled_quotes_and_empty_values() {
    let parsed = parse("SET 'a' = 'it''s'; SET 'b' = '';");
    assert_eq!(key_value(parsed[0].as_ref().unwrap()), set("a", "it's"));
    assert_eq!(key_value(parsed[1].as_ref().unwrap()), set("b", ""));
}

#[test]
fn comments_may_touch_words() {
    let kinds: Vec<TokenKind> = lex("SET--c\n;RESET/* x */;")
        .tokens
        .into_iter()
        .map(|t| t.kind)
        .collect();
    assert_eq!(
        kinds,
        [
            TokenKind::Word("SET".into()),
            TokenKind::Semicolon,
            TokenKind::Word("RESET".into()),
            TokenKind::Semicolon
        ]
    );
}

#[test]
fn comment_markers_inside_quotes_are_text() {
    let parsed = parse("SET 'a' = '-- not /* a comment';");
    assert_eq!(
        key_value(parsed[0].as_ref().unwrap()),
        set("a", "-- not /* a comment")
    );
}

#[test]
fn backquoted_names_may_hold_any_character() {
    let parsed = parse("USE CATALOG `my-cat`; USE `odd``name`;");
    assert!(matches!(&parsed[0], Ok(Statement::UseCatalog { name }) if name.value == "my-cat"));
    assert!(
        matches!(&parsed[1], Ok(Statement::UseDatabase { catalog: None, name }) if name.value == "odd`name")
    );
}

#[test]
fn empty_key_is_an_error() {
    let err = parse("RESET '';").remove(0).unwrap_err();
    assert_eq!(err.message, "the key is empty");
}

#[test]
fn statement_ends_ignore_quoted_and_commented_semicolons() {
    assert_eq!(statement_ends("SET 'a;' = 'b'; -- ;\n"), (vec![15], false));
    assert_eq!(statement_ends("SET; /* ; "), (vec![4], true));
    assert_eq!(statement_ends("SET 'a"), (vec![], true));
}

#[test]
fn positions_count_characters_not_bytes() {
    let input = "SET 'zone' = 'Zürich';\nSET 'x'";
    assert_eq!(
        Position::of(input, input.find("';").unwrap()),
        Position {
            line: 1,
            column: 21
        }
    );
    assert_eq!(
        Position::of(input, input.rfind('x').unwrap()),
        Position { line: 2, column: 6 }
    );
}

#[test]
fn table_headers_are_centred_with_the_odd_space_on_the_right() {
    let mut table = BoxedTable::new(["Key", "Value"]);
    table.push_row(["k", "a value"]);
    table.push_row(["zürich", "two\nlines"]);
    assert_eq!(
        table.to_string(),
        "\
+--------+------------+
|  Key   |   Value    |
+--------+------------+
| k      | a value    |
| zürich | two\\nlines |
+--------+------------+"
    );
}

#[test]
fn an_empty_table_still_has_its_header() {
    assert_eq!(
        BoxedTable::new(["Key", "Value"]).to_string(),
        "+-----+-------+\n| Key | Value |\n+-----+-------+\n+-----+-------+"
    );
}
