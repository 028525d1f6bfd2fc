//! Memory sizes: Flink 1.19's 1024-based `MemorySize` grammar and the canonical output.

use options_core::grammar::{format_memory_bytes, parse_memory_bytes};
use options_core::{MemorySize, OptionValue};

const KB: u64 = 1 << 10;
const MB: u64 = 1 << 20;
const GB: u64 = 1 << 30;
const TB: u64 = 1 << 40;

fn detail(s: &str) -> String {
    parse_memory_bytes(s).unwrap_err().detail
}

#[test]
fn every_unit_spelling_is_accepted_in_any_case() {
    let table: &[(&[&str], u64)] = &[
        (&["b", "bytes"], 1),
        (&["k", "kb", "kibibytes"], KB),
        (&["m", "mb", "mebibytes"], MB),
        (&["g", "gb", "gibibytes"], GB),
        (&["t", "tb", "tebibytes"], TB),
    ];
    for (spellings, size) in table {
        for unit in *spellings {
            let upper = unit.to_uppercase();
            for text in [
                format!("3 {unit}"),
                format!("3{unit}"),
                format!(" 3 {upper} "),
            ] {
                assert_eq!(parse_memory_bytes(&text), Ok(3 * size), "{text}");
            }
        }
    }
}

#[test]
fn a_bare_number_is_bytes() {
    assert_eq!(parse_memory_bytes("1024"), Ok(1024));
    assert_eq!(parse_memory_bytes("0"), Ok(0));
    assert_eq!(parse_memory_bytes("\t64\n"), Ok(64));
}

#[test]
fn rejected_forms_say_why() {
    let table = [
        ("", "empty value"),
        ("-1 mb", "signs are not allowed"),
        ("+1 mb", "signs are not allowed"),
        ("1.5g", "decimals are not allowed; write \"1536 mb\""),
        ("0.3 b", "decimals are not allowed"),
        (
            "1 kib",
            "unknown unit \"kib\"; write k, m, g or t (units are 1024-based)",
        ),
        ("1 kibibyte", "unknown unit \"kibibyte\""),
        ("1 kB x", "unknown unit \"kB x\""),
        ("mb", "must start with a number"),
        ("PT1S", "must start with a number"),
    ];
    for (text, expected) in table {
        assert_eq!(detail(text), expected, "{text:?}");
    }
}

#[test]
fn sizes_above_i64_max_bytes_are_rejected() {
    assert_eq!(
        parse_memory_bytes("9223372036854775807"),
        Ok(i64::MAX as u64)
    );
    assert_eq!(parse_memory_bytes("8388607 tb"), Ok(8_388_607 * TB));
    let too_large = "too large; at most 9223372036854775807 bytes";
    assert_eq!(detail("8388608 tb"), too_large);
    assert_eq!(detail("9223372036854775807 k"), too_large);
    assert_eq!(
        detail("9223372036854775808"),
        "the number 9223372036854775808 does not fit a 64-bit integer"
    );
}

#[test]
fn canonical_output_uses_the_largest_exact_unit() {
    let table = [
        (0, "0 bytes"),
        (1, "1 bytes"),
        (1025, "1025 bytes"),
        (64 * KB, "64 kb"),
        (1536 * KB, "1536 kb"),
        (128 * MB, "128 mb"),
        (GB, "1 gb"),
        (TB, "1 tb"),
        (3 * TB, "3 tb"),
        (i64::MAX as u64, "9223372036854775807 bytes"),
    ];
    for (bytes, expected) in table {
        assert_eq!(format_memory_bytes(bytes), expected);
        assert_eq!(MemorySize::from_bytes(bytes).to_string(), expected);
        assert_eq!(parse_memory_bytes(expected), Ok(bytes));
    }
}

#[test]
fn memory_size_constructors_and_accessors_agree() {
    const SIZE: MemorySize = MemorySize::from_mebibytes(1536);
    assert_eq!(SIZE, MemorySize::from_kibibytes(1536 * 1024));
    assert_eq!(SIZE.gibibytes(), 1);
    assert_eq!(SIZE.mebibytes(), 1536);
    assert_eq!(SIZE.kibibytes(), 1536 * 1024);
    assert_eq!(MemorySize::from_gibibytes(2).bytes(), 2 * GB);
    assert_eq!(MemorySize::from_tebibytes(1).tebibytes(), 1);
    assert_eq!(MemorySize::MAX.bytes(), i64::MAX as u64);
    assert_eq!(MemorySize::try_from_bytes(i64::MAX as u64 + 1), None);
    assert_eq!("1536 MB".parse::<MemorySize>(), Ok(SIZE));
}

#[test]
#[should_panic(expected = "at most i64::MAX bytes")]
fn memory_size_above_the_limit_panics() {
    let _ = MemorySize::from_tebibytes(8_388_608);
}

#[test]
fn error_message_names_the_value_the_type_and_an_example() {
    let err = MemorySize::parse_config("1.5g").unwrap_err();
    assert_eq!(
        err.to_string(),
        r#"invalid value "1.5g": expected a MemorySize such as "64 mb" or "1 gb" (decimals are not allowed; write "1536 mb")"#
    );
    assert_eq!(err, "1.5g".parse::<MemorySize>().unwrap_err());
}
