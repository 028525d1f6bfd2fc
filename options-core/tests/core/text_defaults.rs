//! Defaults written as text for strings, lists, maps and secrets: the derive keeps the canonical
//! text and each read parses it with the type's parser. What a user notices is only the value,
//! which must be exactly what the declaration says, on every read.

use std::collections::BTreeMap;
use std::time::Duration;

use options_core::prelude::*;
use options_core::{DefaultValue, Secret};

#[allow(dead_code)]
#[derive(Debug, Options)]
#[options(section = "text-defaults", title = "Text defaults")]
struct TextDefaults {
    /// A string with spaces and punctuation kept as written.
    #[option(key = "td.greeting", default = " hello, world; ok ")]
    greeting: String,

    /// A list whose second item holds the separator, quoted.
    #[option(key = "td.paths", default = "a;'b;c';d")]
    paths: Vec<String>,

    /// An empty list.
    #[option(key = "td.none", default = "")]
    none: Vec<String>,

    /// A list of durations, written in mixed units.
    #[option(key = "td.backoff", default = "100 ms;2 s;1 min")]
    backoff: Vec<Duration>,

    /// A map.
    #[option(key = "td.labels", default = "team:data,tier:gold")]
    labels: BTreeMap<String, String>,

    /// A secret with a default.
    #[option(key = "td.token", sensitive, default = "s3cr3t")]
    token: Secret<String>,
}

#[test]
fn text_defaults_read_as_declared() {
    let defaults = TextDefaults::default();
    assert_eq!(defaults.greeting, " hello, world; ok ");
    assert_eq!(defaults.paths, ["a", "b;c", "d"]);
    assert!(defaults.none.is_empty());
    assert_eq!(
        defaults.backoff,
        [
            Duration::from_millis(100),
            Duration::from_secs(2),
            Duration::from_secs(60)
        ]
    );
    assert_eq!(
        defaults.labels,
        BTreeMap::from([
            ("team".to_owned(), "data".to_owned()),
            ("tier".to_owned(), "gold".to_owned()),
        ])
    );
    assert_eq!(defaults.token.expose(), "s3cr3t");
    assert!(!format!("{defaults:?}").contains("s3cr3t"));
}

#[test]
fn every_read_of_an_unset_option_gives_a_fresh_equal_default() {
    let config = Configuration::new();
    let first = config.get(&TextDefaults::PATHS);
    let second = config.get(&TextDefaults::PATHS);
    assert_eq!(first, second);
    assert_eq!(first, ["a", "b;c", "d"]);
}

#[test]
fn the_handles_keep_the_canonical_text() {
    match TextDefaults::PATHS.default_value() {
        DefaultValue::Text(text) => assert_eq!(text.as_str(), "a;'b;c';d"),
        other => panic!("expected a text default, got {other:?}"),
    }
    match TextDefaults::BACKOFF.default_value() {
        DefaultValue::Text(text) => assert_eq!(text.as_str(), "100 ms;2 s;1 min"),
        other => panic!("expected a text default, got {other:?}"),
    }
}

#[test]
fn a_hand_made_text_default_that_does_not_parse_is_an_error_not_a_panic() {
    let err = DefaultValue::<i32>::from_text("four").unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid value \"four\": expected an Integer such as \"42\" (only digits with an optional leading + or - are allowed)"
    );
    let err = DefaultValue::<Vec<Duration>>::from_text("1 s;3 mins").unwrap_err();
    assert!(err.to_string().contains("\"3 mins\""), "{err}");
}

#[test]
fn a_hand_made_text_default_that_parses_reads_like_a_derived_one() {
    let paths = ConfigOption::new(
        "my.paths",
        DefaultValue::<Vec<String>>::from_text("a;'b;c';d").unwrap(),
    );
    assert_eq!(Configuration::new().get(&paths), ["a", "b;c", "d"]);
    assert_eq!(
        Configuration::new().try_get(&paths).unwrap(),
        ["a", "b;c", "d"]
    );
}
