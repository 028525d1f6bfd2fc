//! The legacy `flink-conf.yaml`: one case per rule of Flink 1.19.3's line parser (see
//! `shared/reference/flink-config-files.md`), which file a conf directory is read from, and
//! provenance through the layered builder.

use options_flink::legacy::FlinkSources;
use std::path::Path;

use options_core::layers::LayeredConfig;
use options_core::ReadableConfig;
use options_core::Source;
use options_flink::builtin::{self, RuntimeOptions};
use options_flink::legacy::{conf_file, parse_flink_conf, ConfFormat, LegacyLine, SkipReason};

/// The settings Flink keeps, as (key, value), in order.
type Kept = &'static [(&'static str, &'static str)];

/// (rule, file text, the settings Flink keeps).
const RULES: &[(&str, &str, Kept)] = &[
    ("a plain setting", "a.b: c\n", &[("a.b", "c")]),
    ("`#` ends the value", "a: b# c\n", &[("a", "b")]),
    ("the first `#` ends the line", "a: b#c#d\n", &[("a", "b")]),
    ("a comment line sets nothing", "# a: b\n", &[]),
    ("an indented comment line sets nothing", "   # a: b\n", &[]),
    ("the first `: ` splits", "k: my: v\n", &[("k", "my: v")]),
    ("a colon without a space does not split", "k:v\n", &[]),
    (
        "a URL value keeps its colons",
        "u: http://h:8081/x\n",
        &[("u", "http://h:8081/x")],
    ),
    ("`key:` with nothing after it is skipped", "nested:\n", &[]),
    ("key and value are trimmed", "  a  :   b  \n", &[("a", "b")]),
    ("tabs are trimmed too", "\ta: b\t\n", &[("a", "b")]),
    ("a tab after the colon is no separator", "a:\tb\n", &[]),
    // Java's `trim` strips every character up to U+0020 and nothing above it; Rust's `trim`
    // strips Unicode white space. These lines tell the two apart.
    (
        "a no-break space (U+00A0) is not trimmed",
        "a: b\u{a0}\n",
        &[("a", "b\u{a0}")],
    ),
    (
        "an ideographic space (U+3000) stays in the key",
        "\u{3000}a: b\n",
        &[("\u{3000}a", "b")],
    ),
    (
        "a next-line character (U+0085) is not trimmed",
        "a: \u{85}b\n",
        &[("a", "\u{85}b")],
    ),
    (
        "control characters are trimmed like spaces",
        "\u{1}a\u{1f}: \u{1}b\u{1}\n",
        &[("a", "b")],
    ),
    (
        "a vertical tab is trimmed",
        "\u{b}a: b\u{b}\n",
        &[("a", "b")],
    ),
    ("an empty key is skipped", ": v\n", &[]),
    ("a value of spaces is skipped", "a:    \n", &[]),
    (
        "indentation does not nest",
        "nested:\n  child: x\n",
        &[("child", "x")],
    ),
    ("`null` is literal text", "a: null\n", &[("a", "null")]),
    ("`~` is literal text", "a: ~\n", &[("a", "~")]),
    ("single quotes are kept", "a: 'x'\n", &[("a", "'x'")]),
    ("double quotes are kept", "a: \"x\"\n", &[("a", "\"x\"")]),
    (
        "a flow list is literal text",
        "a: [a, b]\n",
        &[("a", "[a, b]")],
    ),
    ("`yes` is literal text", "a: yes\n", &[("a", "yes")]),
    (
        "the last duplicate wins",
        "a: 1\nb: 2\na: 3\n",
        &[("b", "2"), ("a", "3")],
    ),
    (
        "CRLF line ends",
        "a: 1\r\nb: 2\r\n",
        &[("a", "1"), ("b", "2")],
    ),
    (
        "a lone CR ends a line",
        "a: 1\rb: 2\n",
        &[("a", "1"), ("b", "2")],
    ),
    ("no newline at the end", "a: 1", &[("a", "1")]),
    (
        "a list stays `;`-separated",
        "a: x;y;z\n",
        &[("a", "x;y;z")],
    ),
    (
        "a map stays `k:v,k:v`",
        "a: k1:v1,k2:v2\n",
        &[("a", "k1:v1,k2:v2")],
    ),
    (
        "a document marker is a skipped line",
        "---\na: 1\n",
        &[("a", "1")],
    ),
];

#[test]
fn every_line_rule_of_flink_1_19() {
    for (rule, text, expected) in RULES {
        let file = parse_flink_conf(text);
        let got: Vec<(&str, &str)> = file
            .settings()
            .into_iter()
            .map(|s| (s.key.as_str(), s.value.as_str()))
            .collect();
        assert_eq!(&got, expected, "rule: {rule}");
    }
}

#[test]
fn skipped_lines_say_why() {
    let file = parse_flink_conf("k:v\n: v\nnested:\n");
    let reasons: Vec<_> = file.skipped().collect();
    assert_eq!(
        reasons,
        [
            (1, SkipReason::NoSeparator),
            (2, SkipReason::EmptyKey),
            (3, SkipReason::NoSeparator)
        ]
    );
}

#[test]
fn settings_know_their_line_column_and_trailing_comment() {
    let file = parse_flink_conf("\n  a: 1 # why\n");
    let LegacyLine::Setting(s) = &file.lines[1] else {
        panic!("line 2 is a setting: {:?}", file.lines)
    };
    assert_eq!((s.setting.line, s.setting.column), (2, 3));
    assert_eq!(s.comment.as_deref(), Some(" why"));
}

#[test]
fn overridden_lines_name_the_winner() {
    let file = parse_flink_conf("a: 1\na: 2\na: 3\n");
    let lines: Vec<_> = file
        .overridden()
        .into_iter()
        .map(|(s, winner)| (s.line, winner))
        .collect();
    assert_eq!(lines, [(1, 3), (2, 3)]);
}

#[test]
fn a_secret_on_a_skipped_line_is_not_in_debug_output() {
    let file = parse_flink_conf("s3.secret-key:hunter2\nmy.password: hunter3\n");
    let shown = format!("{file:?}");
    assert!(!shown.contains("hunter"), "{shown}");
}

#[test]
fn the_builder_reads_legacy_text_with_file_and_line_provenance() {
    let config = LayeredConfig::builder()
        .catalogue(flink_1_19())
        .flink_conf_yaml(
            "# x\nparallelism.default: 3 # three\n",
            "conf/flink-conf.yaml",
        )
        .build()
        .unwrap();
    assert_eq!(config.get(&RuntimeOptions::PARALLELISM_DEFAULT), 3);
    let entry = config.resolved().entry("parallelism.default").unwrap();
    assert_eq!(
        entry.source(),
        &Source::File {
            path: Path::new("conf/flink-conf.yaml").into(),
            line: 2,
            column: 1
        }
    );
}

#[test]
fn an_invalid_legacy_value_names_file_line_and_column() {
    let error = LayeredConfig::builder()
        .catalogue(flink_1_19())
        .flink_conf_yaml("\n  parallelism.default: many\n", "conf/flink-conf.yaml")
        .build()
        .unwrap_err()
        .to_string();
    assert!(
        error.starts_with(
            "conf/flink-conf.yaml:2:3: invalid value \"many\" for parallelism.default"
        ),
        "{error}"
    );
}

#[test]
fn a_conf_directory_with_both_files_is_read_from_flink_conf_yaml() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("config.yaml"), "parallelism.default: 2\n").unwrap();
    std::fs::write(
        dir.path().join("flink-conf.yaml"),
        "parallelism.default: 5\n",
    )
    .unwrap();
    let (path, format) = conf_file(dir.path(), None).unwrap();
    assert_eq!(format, ConfFormat::Legacy);
    let config = LayeredConfig::builder()
        .catalogue(flink_1_19())
        .config_file(dir.path())
        .build()
        .unwrap();
    assert_eq!(config.get(&RuntimeOptions::PARALLELISM_DEFAULT), 5);
    let source = config
        .resolved()
        .entry("parallelism.default")
        .unwrap()
        .source()
        .to_string();
    assert_eq!(source, format!("file {}:1:1", path.display()));
}

#[test]
fn a_conf_directory_with_only_config_yaml_is_read_as_yaml() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("config.yaml"),
        "parallelism:\n  default: 2\n",
    )
    .unwrap();
    let config = LayeredConfig::builder()
        .catalogue(flink_1_19())
        .config_file(dir.path())
        .build()
        .unwrap();
    assert_eq!(config.get(&RuntimeOptions::PARALLELISM_DEFAULT), 2);
}

#[test]
fn a_flink_conf_yaml_given_by_name_is_legacy() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("flink-conf.yaml");
    // As YAML the quotes would delimit the string; the legacy file keeps them.
    std::fs::write(&file, "parallelism.default: 'x'\n").unwrap();
    let error = LayeredConfig::builder()
        .catalogue(flink_1_19())
        .config_file(&file)
        .build()
        .unwrap_err()
        .to_string();
    // Legacy keeps the quotes, so the value is not an integer.
    assert!(error.contains("invalid value \"'x'\""), "{error}");
}

#[test]
fn an_empty_conf_directory_is_an_error_naming_both_files() {
    let dir = tempfile::tempdir().unwrap();
    let error = LayeredConfig::builder()
        .config_file(dir.path())
        .build()
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("holds neither config.yaml nor flink-conf.yaml"),
        "{error}"
    );
}

/// Flink 1.19, which reads `flink-conf.yaml` (2.0 dropped it).
fn flink_1_19() -> std::sync::Arc<options_core::Catalogue> {
    builtin::catalogue_at(options_flink::FLINK_RELEASES.release("1.19").unwrap())
}

#[test]
fn flink_2_refuses_a_legacy_file_and_reads_config_yaml_from_a_directory_with_both() {
    let err = LayeredConfig::builder()
        .catalogue(builtin::catalogue())
        .flink_conf_yaml("parallelism.default: 2\n", "conf/flink-conf.yaml")
        .build()
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("Apache Flink 2.3 does not read flink-conf.yaml")
            && err.contains("flinkconf migrate conf/flink-conf.yaml --from 1.20 --to 2.3"),
        "{err}"
    );
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("flink-conf.yaml"),
        "parallelism.default: 7\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("config.yaml"), "parallelism.default: 3\n").unwrap();
    let config = LayeredConfig::builder()
        .catalogue(builtin::catalogue())
        .config_file(dir.path())
        .build()
        .unwrap();
    assert_eq!(
        config.get(&options_flink::builtin::CoreOptions::DEFAULT_PARALLELISM),
        3
    );
}
