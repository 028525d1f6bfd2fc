//! `config.yaml` parsing: flattening, lists and maps, positions, and errors with line and column.

use options_core::yaml::{YamlErrorKind, YamlReader};
use options_core::Setting;

fn settings(text: &str) -> Vec<(String, String, u32, u32)> {
    YamlReader::new(text)
        .settings()
        .into_result()
        .unwrap()
        .into_iter()
        .map(|s| (s.key, s.value, s.line, s.column))
        .collect()
}

fn error(text: &str) -> String {
    YamlReader::new(text)
        .settings()
        .into_result()
        .unwrap_err()
        .to_string()
}

fn owned(items: &[(&str, &str, u32, u32)]) -> Vec<(String, String, u32, u32)> {
    items
        .iter()
        .map(|(k, v, l, c)| (k.to_string(), v.to_string(), *l, *c))
        .collect()
}

#[test]
fn nested_and_dotted_forms_flatten_to_the_same_keys() {
    let text = "\
table:
  exec:
    state.ttl: 1 h
    mini-batch:
      enabled: true
parallelism.default: 4
";
    assert_eq!(
        settings(text),
        owned(&[
            ("table.exec.state.ttl", "1 h", 3, 5),
            ("table.exec.mini-batch.enabled", "true", 5, 7),
            ("parallelism.default", "4", 6, 1),
        ])
    );
}

#[test]
fn scalars_are_kept_as_written_and_quotes_only_delimit() {
    let text = "a: 1.0\nb: yes\nc: '007'\nd: \"x: y\"\ne: 0x10\n";
    let values: Vec<String> = settings(text).into_iter().map(|s| s.1).collect();
    assert_eq!(values, ["1.0", "yes", "007", "x: y", "0x10"]);
}

#[test]
fn sequences_become_semicolon_lists_quoting_items_that_need_it() {
    let text = "a: [x, y]\nb:\n  - one\n  - two;three\nc: []\n";
    assert_eq!(
        settings(text),
        owned(&[
            ("a", "x;y", 1, 1),
            ("b", "one;'two;three'", 2, 1),
            ("c", "", 5, 1),
        ])
    );
}

#[test]
fn flow_mappings_become_map_values() {
    let text = "pipeline.global-job-parameters: {k1: v1, k2: v2}\n";
    assert_eq!(
        settings(text),
        owned(&[("pipeline.global-job-parameters", "k1:v1,k2:v2", 1, 1)])
    );
}

#[test]
fn an_empty_file_has_no_settings() {
    assert!(YamlReader::new("")
        .settings()
        .into_result()
        .unwrap()
        .is_empty());
    assert!(YamlReader::new("# only a comment\n")
        .settings()
        .into_result()
        .unwrap()
        .is_empty());
}

#[test]
fn duplicate_key_through_two_spellings_names_both_lines() {
    let text = "a.b: 1\nc: 2\na:\n  b: 2\n";
    assert_eq!(
        error(text),
        "config.yaml:4:3: duplicate key \"a.b\" (first at line 1)"
    );
}

#[test]
fn duplicate_key_at_one_level_is_an_error() {
    assert_eq!(
        error("x: 1\ny: 2\nx: 3\n"),
        "config.yaml:3:1: duplicate key \"x\" (first at line 1)"
    );
}

#[test]
fn null_values_are_errors_with_the_key_position() {
    assert_eq!(
        error("a: 1\nb:\n"),
        "config.yaml:2:1: key \"b\" has no value; give it a value or remove the line"
    );
    assert_eq!(
        error("a:\n  b: ~\n"),
        "config.yaml:2:3: key \"a.b\" has no value; give it a value or remove the line"
    );
    assert_eq!(
        error("c: null\n"),
        "config.yaml:1:1: key \"c\" has no value; give it a value or remove the line"
    );
}

#[test]
fn a_quoted_null_is_a_string() {
    assert_eq!(settings("c: 'null'\n"), owned(&[("c", "null", 1, 1)]));
}

#[test]
fn syntax_errors_carry_line_and_column() {
    let e = YamlReader::new("a: 1\nb: [x, y\n")
        .settings()
        .into_result()
        .unwrap_err();
    assert!(matches!(e.kind(), YamlErrorKind::Syntax(_)));
    assert_eq!(e.line(), 3, "{e}");
    assert!(e.to_string().starts_with("config.yaml:3:"), "{e}");
}

#[test]
fn nested_structures_inside_lists_are_rejected() {
    assert_eq!(
        error("a:\n  - [x, y]\n"),
        "config.yaml:2:5: under \"a\": list items must be plain values, not nested lists or mappings"
    );
}

#[test]
fn a_top_level_scalar_is_rejected() {
    assert_eq!(
        error("just text\n"),
        "config.yaml:1:1: a config.yaml is a mapping of keys to values (`key: value` lines)"
    );
}

#[test]
fn aliases_are_rejected() {
    let e = error("a: &x 1\nb: *x\n");
    assert_eq!(
        e,
        "config.yaml:2:4: YAML aliases (`*name`) are not supported; write the value out"
    );
}

#[test]
fn a_second_document_is_rejected() {
    let e = YamlReader::new("a: 1\n---\nb: 2\n")
        .settings()
        .into_result()
        .unwrap_err();
    assert_eq!(e.line(), 2, "{e}");
}

#[test]
fn errors_never_echo_sensitive_values() {
    let text = "s3.secret-key: hunter2\ns3.secret-key: hunter3\n";
    let e = error(text);
    assert!(!e.contains("hunter"), "{e}");
    let setting = Setting {
        key: "s3.secret-key".into(),
        value: "hunter2".into(),
        yaml_text: Some("[hunter2]".into()),
        line: 1,
        column: 1,
    };
    assert!(!format!("{setting:?}").contains("hunter"));
    assert!(format!("{setting:?}").contains("******"));
}

/// Found by the `config_yaml` fuzz target: the YAML scanner moves to a new line when the text
/// ends, so an error at the end of a file without a final line break pointed one line past the
/// file. It points at the end of the last line.
#[test]
fn an_error_at_the_end_of_a_file_without_a_final_line_break_lies_inside_it() {
    for (text, line, column) in [
        ("a: [1, 2", 1, 9),
        ("a: 1\nb: [c", 2, 6),
        ("a: 1\r\nb: {c: [", 2, 9),
        ("a: 1\rb: [\"é\"", 2, 8),
        // An empty item at the very end (found by the fuzz target too).
        ("user:\n-  S2ecs\n-   ", 3, 5),
        // Errors elsewhere keep their place: an unclosed quote is reported where it opens.
        ("a: 1\nb: 'open", 2, 4),
    ] {
        let e = YamlReader::new(text).settings().into_result().unwrap_err();
        assert_eq!((e.line(), e.column()), (line, column), "{text:?}: {e}");
    }
}

/// YAML breaks lines at a lone `\r` as at `\n` (limits and NUL bytes count them the same way:
/// `file_limits.rs`).
#[test]
fn a_lone_carriage_return_breaks_lines_like_a_line_feed() {
    assert_eq!(
        settings("a: 1\rb:\r  c: 2\r\rd: 'x\r y'\r"),
        owned(&[("a", "1", 1, 1), ("b.c", "2", 3, 3), ("d", "x y", 5, 1)])
    );
}

/// Where the scanner does not count a lone `\r` as a line break, its column can run past the line
/// the `\r` ends (found by the `config_yaml` fuzz target: an empty key after `\r` at 1:7 of a
/// 5-character line): every reported position stays inside its line.
#[test]
fn positions_after_a_lone_carriage_return_stay_inside_their_line() {
    use options_core::yaml::load_config_yaml;
    let text = ": &x\u{1}\r:\r\n\n";
    let errors = load_config_yaml(
        text,
        std::path::Path::new("config.yaml"),
        &options_flink::builtin::catalogue(),
        options_core::layers::Strictness::Lenient,
    )
    .unwrap_err();
    let lines: Vec<usize> = text
        .split(['\n', '\r'])
        .map(|l| l.chars().count())
        .collect();
    assert!(errors.errors().len() >= 2, "{errors}");
    for e in errors.errors() {
        let length = lines[e.line() as usize - 1];
        assert!(
            e.column() as usize <= length + 1,
            "{}:{} {e}",
            e.line(),
            e.column()
        );
    }
}
