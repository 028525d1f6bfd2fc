//! The `config.yaml` loader against the built-in catalogue, strict and lenient, and the settings
//! as configuration layers. Properties checked on every input:
//!
//! 1. a file that loads strictly loads leniently too, with the same settings and notices;
//! 2. every reported position (errors, notices, settings) lies inside the input;
//! 3. when the input holds the [`CANARY`](shared::CANARY) only in values of secret keys, no
//!    `Debug`, error text, display map or explanation shows it.
#![no_main]

#[path = "shared/mod.rs"]
mod shared;

use std::path::Path;

use libfuzzer_sys::fuzz_target;
use options_core::layers::LayeredConfig;
use options_core::layers::Notice;
use options_core::yaml::{YamlErrors, YamlLoad, YamlReader, load_config_yaml};
use options_core::Source;
use options_core::layers::Strictness;
use shared::{assert_hidden, assert_inside, occurrences, CANARY};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let catalogue = options_flink::builtin::catalogue();
    let path = Path::new("config.yaml");
    let strict = load_config_yaml(text, path, &catalogue, Strictness::Strict);
    let lenient = load_config_yaml(text, path, &catalogue, Strictness::Lenient);

    // 1. Strict is lenient plus errors for unknown keys: never the other way round.
    if let Ok(strict) = &strict {
        let lenient = lenient
            .as_ref()
            .unwrap_or_else(|e| panic!("loads strictly, not leniently: {e}"));
        assert_eq!(strict.settings(), lenient.settings(), "settings differ");
        assert_eq!(strict.notices(), lenient.notices(), "notices differ");
    }

    // 2. Positions.
    for result in [&strict, &lenient] {
        check_positions(text, result);
    }

    // 3. Secrets, when the canary is only in secret values (a parsed setting's value may hold
    //    it through an escape, so its occurrences must match the input's exactly).
    let in_input = occurrences(text, CANARY);
    if in_input == 0 {
        return;
    }
    let Ok(settings) = YamlReader::new(text).settings().into_result() else {
        return;
    };
    // Raw text of the file: the one rule for text not yet read as its option's type.
    let secret = |key: &str| catalogue.masks(key, options_core::sensitive::Reading::Raw);
    let in_secret_values: usize = settings
        .iter()
        .filter(|s| secret(&s.key))
        .map(|s| occurrences(&s.value, CANARY))
        .sum();
    let elsewhere = settings
        .iter()
        .any(|s| s.key.contains(CANARY) || (!secret(&s.key) && s.value.contains(CANARY)));
    if in_input != in_secret_values || elsewhere {
        return;
    }
    let mut outputs = vec![("parsed settings", format!("{settings:?}"))];
    for (what, result) in [("strict", &strict), ("lenient", &lenient)] {
        match result {
            Ok(load) => {
                outputs.push((what, format!("{load:?}")));
                let config = load.to_configuration(Some(catalogue.clone()));
                outputs.push((what, format!("{config:?}")));
                outputs.push((what, format!("{:?}", config.to_display_map())));
            }
            Err(errors) => {
                outputs.push((what, format!("{errors:?}")));
                outputs.push((what, errors.to_string()));
            }
        }
    }
    match LayeredConfig::builder()
        .catalogue(catalogue.clone())
        .config_yaml(text, "config.yaml")
        .build()
    {
        Ok(layered) => {
            outputs.push(("layered", format!("{layered:?}")));
            for s in &settings {
                let explained = layered.explain(&s.key);
                outputs.push(("explanation", format!("{explained} {explained:?}")));
            }
        }
        Err(e) => outputs.push(("layered errors", format!("{e} {e:?}"))),
    }
    assert_hidden(text, &outputs);
});

fn check_positions(text: &str, result: &Result<YamlLoad, YamlErrors>) {
    match result {
        Ok(load) => {
            for s in load.settings() {
                assert_inside(text, s.line.into(), s.column.into(), "a setting");
            }
            for notice in load.notices() {
                check_notice(text, notice);
            }
        }
        Err(errors) => {
            for e in errors.errors() {
                assert_inside(text, e.line().into(), e.column().into(), "an error");
            }
        }
    }
}

fn check_notice(text: &str, notice: &Notice) {
    if let Source::File { line, column, .. } = &notice.source {
        assert_inside(text, (*line).into(), (*column).into(), "a notice");
    }
}
