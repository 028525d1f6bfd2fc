//! Limits of both file loaders: oversized files and lines, deep nesting, invalid UTF-8 and NUL
//! bytes are errors with a position, never a panic.

use options_flink::legacy::FlinkSources;
use std::path::Path;

use options_core::layers::LayeredConfig;
use options_core::layers::Strictness;
use options_core::yaml::limits::{MAX_FILE_BYTES, MAX_LINE_BYTES};
use options_core::yaml::{load_config_yaml, YamlReader};
use options_flink::builtin;
use options_flink::legacy::read_conf_file;

fn read_error(name: &str, bytes: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, bytes).unwrap();
    let direct = read_conf_file(&path, None).unwrap_err().to_string();
    let built = LayeredConfig::builder()
        .config_file(&path)
        .build()
        .unwrap_err()
        .to_string();
    assert_eq!(direct, built);
    direct.replace(&dir.path().display().to_string(), "DIR")
}

#[test]
fn a_file_over_16_mib_is_refused_for_both_formats() {
    let big = vec![b'#'; MAX_FILE_BYTES + 1];
    for name in ["config.yaml", "flink-conf.yaml"] {
        let error = read_error(name, &big);
        assert_eq!(
            error,
            format!("DIR/{name}:1:1: the file is 16777217 bytes; configuration files are limited to 16777216 bytes (16 MiB)")
        );
    }
}

#[test]
fn invalid_utf8_names_line_column_and_byte() {
    for name in ["config.yaml", "flink-conf.yaml"] {
        let error = read_error(name, b"a: 1\nb: x\xffy\n");
        assert_eq!(
            error,
            format!("DIR/{name}:2:5: the file is not valid UTF-8 (byte 0xff at byte offset 9); save it as UTF-8")
        );
    }
}

#[test]
fn a_nul_byte_names_its_position() {
    for name in ["config.yaml", "flink-conf.yaml"] {
        let error = read_error(name, b"a: 1\nbb: \0\n");
        assert_eq!(
            error,
            format!("DIR/{name}:2:5: the file contains a NUL byte; a configuration file is text")
        );
    }
}

/// Found by the `config_yaml` fuzz target: positions counted lines at `\n` only, while both
/// formats also break lines at a lone `\r`, so a NUL byte after lone `\r`s was placed past the
/// end of its line.
#[test]
fn positions_count_a_lone_carriage_return_as_a_line_break() {
    for name in ["config.yaml", "flink-conf.yaml"] {
        let error = read_error(name, b"a: 1\r\rb: 2\r\nc: \0\n");
        assert_eq!(
            error,
            format!("DIR/{name}:4:4: the file contains a NUL byte; a configuration file is text")
        );
        let error = read_error(name, b"a: 1\rb: x\xffy\n");
        assert_eq!(
            error,
            format!("DIR/{name}:2:5: the file is not valid UTF-8 (byte 0xff at byte offset 9); save it as UTF-8")
        );
    }
}

#[test]
fn a_line_over_1_mib_is_refused() {
    let mut text = b"a: 1\nb: ".to_vec();
    text.extend(std::iter::repeat_n(b'x', MAX_LINE_BYTES));
    for name in ["config.yaml", "flink-conf.yaml"] {
        let error = read_error(name, &text);
        assert_eq!(
            error,
            format!("DIR/{name}:2:1: line 2 is 1048579 bytes long; lines are limited to 1048576 bytes (1 MiB)")
        );
    }
}

#[test]
fn nesting_deeper_than_64_levels_is_refused_at_its_position() {
    let mut text = String::new();
    for depth in 0..70 {
        text.push_str(&"  ".repeat(depth));
        text.push_str("k:\n");
    }
    text.push_str(&"  ".repeat(70));
    text.push_str("k: 1\n");
    let error = YamlReader::new(&text)
        .settings()
        .into_result()
        .unwrap_err()
        .to_string();
    assert!(
        error.starts_with("config.yaml:65:")
            && error.ends_with(": mappings and lists are nested more than 64 levels deep; flatten them with dotted keys"),
        "{error}"
    );
}

#[test]
fn deep_flow_nesting_is_refused_not_a_stack_overflow() {
    let text = format!("a: {}1{}\n", "[".repeat(100_000), "]".repeat(100_000));
    let error = load_config_yaml(
        &text,
        Path::new("config.yaml"),
        &builtin::catalogue(),
        Strictness::Lenient,
    )
    .unwrap_err()
    .to_string();
    assert!(error.starts_with("config.yaml:1:"), "{error}");
}

#[test]
fn sixty_four_levels_are_still_read() {
    let mut text = String::new();
    for depth in 0..63 {
        text.push_str(&"  ".repeat(depth));
        text.push_str("k:\n");
    }
    text.push_str(&"  ".repeat(63));
    text.push_str("k: 1\n");
    let settings = YamlReader::new(&text).settings().into_result().unwrap();
    assert_eq!(settings[0].key, vec!["k"; 64].join("."));
}
