//! The legacy `flink-conf.yaml` line parser and loader against the built-in catalogue, and the
//! file as a configuration layer. Properties checked on every input:
//!
//! 1. a file that loads strictly loads leniently too, with the same settings and notices, and
//!    those settings are the parser's (the last line of each key);
//! 2. every setting the parser reads has a key and a value that are trimmed as Java trims, not
//!    empty, free of `#`, and lies at a line and column inside the input, where its key starts;
//! 3. when the input holds the [`CANARY`](shared::CANARY) only in values of secret keys, no
//!    `Debug` (of the parsed file, its lines, the loads, the layers) or error text shows it.
#![no_main]

#[path = "shared/mod.rs"]
mod shared;

use options_flink::legacy::FlinkSources;
use std::path::Path;

use libfuzzer_sys::fuzz_target;
use options_core::layers::LayeredConfig;
use options_flink::legacy::{load_flink_conf, parse_flink_conf};
use options_core::layers::Strictness;
use shared::{assert_hidden, assert_inside, occurrences, CANARY};

/// Java's `String.trim` leaves nothing at either end up to U+0020.
fn java_trimmed(s: &str) -> bool {
    !s.starts_with(|c: char| c <= ' ') && !s.ends_with(|c: char| c <= ' ')
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let file = parse_flink_conf(text);
    let catalogue = options_flink::builtin::catalogue();
    let path = Path::new("flink-conf.yaml");
    let strict = load_flink_conf(text, path, &catalogue, Strictness::Strict);
    let lenient = load_flink_conf(text, path, &catalogue, Strictness::Lenient);

    // 1.
    if let Ok(strict) = &strict {
        let lenient = lenient
            .as_ref()
            .unwrap_or_else(|e| panic!("loads strictly, not leniently: {e}"));
        assert_eq!(strict.settings(), lenient.settings(), "settings differ");
        assert_eq!(strict.notices(), lenient.notices(), "notices differ");
        let parsed: Vec<(&str, &str, u32)> = file
            .settings()
            .iter()
            .map(|s| (s.key.as_str(), s.value.as_str(), s.line))
            .collect();
        let loaded: Vec<(&str, &str, u32)> = strict
            .settings()
            .iter()
            .map(|s| (s.key.as_str(), s.value.as_str(), s.line))
            .collect();
        assert_eq!(parsed, loaded, "the loader's settings are not the parser's");
    }

    // 2.
    let lines = java_lines(text);
    for s in file.all_settings() {
        assert!(!s.key.is_empty() && !s.value.is_empty(), "{s:?}");
        assert!(java_trimmed(&s.key) && java_trimmed(&s.value), "{s:?}");
        assert!(!s.key.contains('#') && !s.value.contains('#'), "{s:?}");
        assert_inside(text, s.line.into(), s.column.into(), "a setting");
        // Split at `\r\n`, `\n` or `\r` as Java reads lines: the line holds the key at its column.
        let line = lines[s.line as usize - 1];
        let at: String = line.chars().skip(s.column as usize - 1).collect();
        assert!(
            at.starts_with(s.key.as_str()),
            "{s:?} is not at its place in {line:?}"
        );
    }

    // 3.
    let in_input = occurrences(text, CANARY);
    if in_input == 0 {
        return;
    }
    let secret = |key: &str| options_core::sensitive::is_secret(key);
    let in_secret_values: usize = file
        .all_settings()
        .filter(|s| secret(&s.key))
        .map(|s| occurrences(&s.value, CANARY))
        .sum();
    if in_input != in_secret_values {
        return;
    }
    let mut outputs = vec![
        ("the parsed file", format!("{file:?}")),
        ("its settings", format!("{:?}", file.settings())),
    ];
    for line in &file.lines {
        outputs.push(("a line", format!("{line:?}")));
    }
    for (what, result) in [("strict", &strict), ("lenient", &lenient)] {
        match result {
            Ok(load) => {
                outputs.push((what, format!("{load:?}")));
                let config = load.to_configuration(Some(catalogue.clone()));
                outputs.push((what, format!("{config:?} {:?}", config.to_display_map())));
            }
            Err(errors) => outputs.push((what, format!("{errors} {errors:?}"))),
        }
    }
    match LayeredConfig::builder()
        .catalogue(catalogue.clone())
        .flink_conf_yaml(text, "conf/flink-conf.yaml")
        .build()
    {
        Ok(layered) => outputs.push(("layered", format!("{layered:?}"))),
        Err(e) => outputs.push(("layered errors", format!("{e} {e:?}"))),
    }
    assert_hidden(text, &outputs);
});

/// The lines of `text`, split at `\r\n`, `\n` or a lone `\r` as Java reads them.
fn java_lines(text: &str) -> Vec<&str> {
    let mut lines = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let end = rest.find(['\n', '\r']).unwrap_or(rest.len());
        lines.push(&rest[..end]);
        let skip = if rest[end..].starts_with("\r\n") {
            2
        } else {
            1
        };
        rest = rest.get(end + skip..).unwrap_or("");
    }
    lines
}
