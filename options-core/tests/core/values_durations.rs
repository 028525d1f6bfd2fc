//! Durations: Flink 1.19's `TimeUtils` grammar and the canonical largest-exact-unit output.

use std::time::Duration;

use options_core::grammar::{format_duration, parse_duration};
use options_core::OptionValue;

const NS: u64 = 1;
const US: u64 = 1_000;
const MS: u64 = 1_000_000;
const S: u64 = 1_000_000_000;

fn nanos(n: u64) -> Duration {
    Duration::from_nanos(n)
}

fn detail(s: &str) -> String {
    parse_duration(s).unwrap_err().detail
}

#[test]
fn every_unit_spelling_is_accepted() {
    let table: &[(&[&str], Duration)] = &[
        (&["d", "day", "days"], Duration::from_secs(2 * 86_400)),
        (&["h", "hour", "hours"], Duration::from_secs(2 * 3_600)),
        (&["min", "m", "minute", "minutes"], Duration::from_secs(120)),
        (
            &["s", "sec", "secs", "second", "seconds"],
            Duration::from_secs(2),
        ),
        (
            &["ms", "milli", "millis", "millisecond", "milliseconds"],
            nanos(2 * MS),
        ),
        (
            &["µs", "micro", "micros", "microsecond", "microseconds"],
            nanos(2 * US),
        ),
        (
            &["ns", "nano", "nanos", "nanosecond", "nanoseconds"],
            nanos(2 * NS),
        ),
    ];
    for (spellings, expected) in table {
        for unit in *spellings {
            let upper = unit.to_uppercase();
            for text in [
                format!("2 {unit}"),
                format!("2{unit}"),
                format!("2 {upper}"),
            ] {
                assert_eq!(parse_duration(&text), Ok(*expected), "{text}");
            }
        }
    }
}

#[test]
fn micro_sign_and_greek_mu_both_mean_microseconds() {
    assert_eq!(parse_duration("5 \u{b5}s"), Ok(nanos(5 * US)));
    assert_eq!(parse_duration("5 \u{3bc}s"), Ok(nanos(5 * US)));
    assert_eq!(parse_duration("5 \u{b5}S"), Ok(nanos(5 * US)));
}

#[test]
fn a_bare_number_is_milliseconds() {
    assert_eq!(parse_duration("1500"), Ok(nanos(1500 * MS)));
    assert_eq!(parse_duration("0"), Ok(Duration::ZERO));
    assert_eq!(parse_duration("007 s"), Ok(Duration::from_secs(7)));
}

#[test]
fn surrounding_and_inner_whitespace_is_ignored() {
    for text in [
        "  3 min",
        "3 min  ",
        "\t3min\n",
        "3   min",
        "3\tmin",
        " 3 \t MIN \r\n",
    ] {
        assert_eq!(
            parse_duration(text),
            Ok(Duration::from_secs(180)),
            "{text:?}"
        );
    }
}

#[test]
fn rejected_forms_say_why() {
    let table = [
        ("", "empty value"),
        ("   ", "empty value"),
        ("-1 s", "signs are not allowed"),
        ("+1 s", "signs are not allowed"),
        ("1.5 s", "decimals are not allowed; write \"1500 ms\""),
        ("1.5 min", "decimals are not allowed; write \"90 s\""),
        ("0.5", "decimals are not allowed; write \"500 µs\""),
        (
            "1.0000000001 s",
            "decimals are not allowed; use a smaller unit",
        ),
        (".5 s", "decimals are not allowed"),
        ("3 mins", "unknown unit \"mins\""),
        ("3 MINS", "unknown unit \"MINS\""),
        ("10 us", "unknown unit \"us\"; write \"µs\" or \"micros\""),
        (
            "1 h 30 min",
            "unknown unit \"h 30 min\"; compound values are not supported",
        ),
        (
            "PT10S",
            "ISO-8601 durations are not supported; write \"<number> <unit>\"",
        ),
        ("min", "must start with a number"),
        (
            "P2D",
            "ISO-8601 durations are not supported; write \"<number> <unit>\"",
        ),
        ("pause", "must start with a number"),
        (
            "1 day2",
            "unknown unit \"day2\"; compound values are not supported",
        ),
    ];
    for (text, expected) in table {
        assert_eq!(detail(text), expected, "{text:?}");
    }
}

#[test]
fn numbers_beyond_i64_are_rejected() {
    assert_eq!(
        parse_duration("9223372036854775807 ns"),
        Ok(nanos(i64::MAX as u64))
    );
    assert_eq!(
        detail("9223372036854775808 ns"),
        "the number 9223372036854775808 does not fit a 64-bit integer"
    );
    assert_eq!(
        detail("99999999999999999999999999 ms"),
        "the number 99999999999999999999999999 does not fit a 64-bit integer"
    );
}

#[test]
fn products_beyond_std_duration_are_rejected() {
    assert_eq!(
        parse_duration("987654d"),
        Ok(Duration::from_secs(987_654 * 86_400))
    );
    assert_eq!(detail("100000000000000000 h"), "too large for a duration");
    assert_eq!(detail("9223372036854775807 d"), "too large for a duration");
    // 2^64 / 86400 rounded down still fits u64 seconds.
    assert_eq!(
        parse_duration("213503982334601 d"),
        Ok(Duration::from_secs(213_503_982_334_601 * 86_400))
    );
    assert_eq!(detail("213503982334602 d"), "too large for a duration");
}

#[test]
fn canonical_output_uses_the_largest_exact_unit() {
    let table = [
        (Duration::ZERO, "0 ms"),
        (Duration::from_secs(180), "3 min"),
        (Duration::from_secs(210), "210 s"),
        (Duration::from_secs(86_400), "1 d"),
        (Duration::from_secs(90_000), "25 h"),
        (Duration::from_secs(3_600), "1 h"),
        (nanos(1500 * MS), "1500 ms"),
        (nanos(1500 * US), "1500 µs"),
        (nanos(1_000_001), "1000001 ns"),
        (nanos(S + 1), "1000000001 ns"),
    ];
    for (value, expected) in table {
        assert_eq!(format_duration(value), expected);
        assert_eq!(value.to_config_string(), expected);
        assert_eq!(parse_duration(expected), Ok(value));
    }
}

#[test]
fn error_message_names_the_value_the_type_and_an_example() {
    let err = Duration::parse_config("3 mins").unwrap_err();
    assert_eq!(
        err.to_string(),
        r#"invalid value "3 mins": expected a Duration such as "3 min" or "500 ms" (unknown unit "mins")"#
    );
}
