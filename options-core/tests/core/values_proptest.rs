//! Properties: `parse_config(to_config_string(v)) == v` for every value type, and no input makes
//! any parser panic.

use std::collections::BTreeMap;
use std::fmt::Debug;
use std::time::Duration;

use options_core::grammar;
use options_core::{MemorySize, OptionMeta, OptionValue};
use proptest::prelude::*;

fn round_trip<T: OptionValue + PartialEq + Debug>(value: &T) -> Result<(), TestCaseError> {
    let text = value.to_config_string();
    let parsed =
        T::parse_config(&text).map_err(|e| TestCaseError::fail(format!("{text:?}: {e}")))?;
    prop_assert_eq!(&parsed, value, "via {:?}", text);
    Ok(())
}

/// Strings rich in what the list and map grammars treat specially.
fn tricky_string() -> impl Strategy<Value = String> {
    prop_oneof![any::<String>(), "[ ;:,'\"\t\na-c\u{3000}\u{a0}\u{1c}]{0,8}",]
}

const UNIT_NANOS: [u64; 7] = [
    86_400_000_000_000,
    3_600_000_000_000,
    60_000_000_000,
    1_000_000_000,
    1_000_000,
    1_000,
    1,
];

/// Every duration the grammar can write: a count that fits `i64` times one unit.
fn duration() -> impl Strategy<Value = Duration> {
    let scaled = (0..=i64::MAX as u64, prop::sample::select(&UNIT_NANOS[..])).prop_filter_map(
        "fits Duration",
        |(count, unit)| {
            let nanos = u128::from(count) * u128::from(unit);
            let secs = u64::try_from(nanos / 1_000_000_000).ok()?;
            Some(Duration::new(secs, (nanos % 1_000_000_000) as u32))
        },
    );
    let small_count = (0u64..10_000, prop::sample::select(&UNIT_NANOS[..]))
        .prop_map(|(count, unit)| Duration::from_nanos(count * unit));
    prop_oneof![
        scaled,
        small_count,
        (0..=i64::MAX as u64).prop_map(Duration::from_nanos)
    ]
}

fn memory_size() -> impl Strategy<Value = MemorySize> {
    let scaled = (0u64..(1 << 23), 0u32..=40)
        .prop_map(|(count, shift)| MemorySize::from_bytes(count << shift));
    prop_oneof![
        scaled,
        (0..=i64::MAX as u64).prop_map(MemorySize::from_bytes)
    ]
}

proptest! {
    #[test]
    fn bool_round_trips(v: bool) { round_trip(&v)?; }

    #[test]
    fn i32_round_trips(v: i32) { round_trip(&v)?; }

    #[test]
    fn i64_round_trips(v: i64) { round_trip(&v)?; }

    #[test]
    fn f32_round_trips_bit_for_bit_or_stays_nan(v: f32) {
        let parsed = f32::parse_config(&v.to_config_string()).unwrap();
        let same = if v.is_nan() { parsed.is_nan() } else { parsed.to_bits() == v.to_bits() };
        prop_assert!(same, "{} -> {}", v, parsed);
    }

    #[test]
    fn f64_round_trips_bit_for_bit_or_stays_nan(v: f64) {
        let parsed = f64::parse_config(&v.to_config_string()).unwrap();
        let same = if v.is_nan() { parsed.is_nan() } else { parsed.to_bits() == v.to_bits() };
        prop_assert!(same, "{} -> {}", v, parsed);
    }

    #[test]
    fn string_round_trips(v in tricky_string()) { round_trip(&v)?; }

    #[test]
    fn duration_round_trips(v in duration()) { round_trip(&v)?; }

    /// Beyond the writable range (about 292 years at nanosecond precision) the canonical form
    /// has a number above `i64::MAX`, which parsing rejects rather than misreads.
    #[test]
    fn any_duration_round_trips_or_is_rejected(secs: u64, nanos in 0u32..1_000_000_000) {
        let v = Duration::new(secs, nanos);
        let text = v.to_config_string();
        match Duration::parse_config(&text) {
            Ok(parsed) => prop_assert_eq!(parsed, v),
            Err(e) => prop_assert!(e.detail().contains("does not fit a 64-bit integer"), "{}", e),
        }
    }

    #[test]
    fn memory_size_round_trips(v in memory_size()) { round_trip(&v)?; }

    #[test]
    fn string_list_round_trips(v in prop::collection::vec(tricky_string(), 0..6)) {
        round_trip(&v)?;
    }

    #[test]
    fn long_list_round_trips(v: Vec<i64>) { round_trip(&v)?; }

    #[test]
    fn duration_list_round_trips(v in prop::collection::vec(duration(), 0..6)) {
        round_trip(&v)?;
    }

    #[test]
    fn memory_list_round_trips(v in prop::collection::vec(memory_size(), 0..6)) {
        round_trip(&v)?;
    }

    #[test]
    fn map_round_trips(v in prop::collection::btree_map(tricky_string(), tricky_string(), 0..5)) {
        round_trip(&v)?;
    }

    #[test]
    fn no_input_makes_a_parser_panic(s in prop_oneof![
        tricky_string(),
        "[+-]?[0-9]{0,25}(\\.[0-9]{0,25})? ?[a-zA-Zµμ]{0,12}",
        "[+-]?[0-9.eE+-]{0,12}[fFdD]?",
        "[ ;:,'\"a0-9]{0,16}",
    ]) {
        let _ = grammar::parse_bool(&s);
        let _ = grammar::parse_i32(&s);
        let _ = grammar::parse_i64(&s);
        let _ = grammar::parse_f32(&s);
        let _ = grammar::parse_f64(&s);
        let _ = grammar::parse_duration(&s);
        let _ = grammar::parse_memory_bytes(&s);
        let _ = grammar::split_list(&s);
        let _ = grammar::parse_map(&s);
        let _ = Vec::<Duration>::parse_config(&s);
        let _ = Vec::<MemorySize>::parse_config(&s);
        let _ = BTreeMap::<String, String>::parse_config(&s);
    }

    /// What parses also re-parses from its canonical form (the canonical form is a fixed point).
    #[test]
    fn parsed_values_reformat_stably(s in "[0-9]{1,20} ?(d|h|min|m|s|ms|µs|ns|b|kb|mb|gb|tb|)") {
        if let Ok(v) = Duration::parse_config(&s) {
            round_trip(&v)?;
        }
        if let Ok(v) = MemorySize::parse_config(&s) {
            round_trip(&v)?;
        }
    }

    /// A string-keyed set validates with the option's stored parser, which takes the common shape
    /// (`3 min`, `64 mb`) inline and everything else through `parse_config`: both agree on every
    /// input, errors included, at the edges of the inline path (18 and 19 digits, totals past 64
    /// bits, whitespace, case) and on arbitrary text.
    #[test]
    fn the_stored_parser_agrees_with_parse_config(
        s in prop_oneof![
            "[0-9]{1,20}[ \t]{0,2}(d|h|min|m|s|ms|µs|ns|b|kb|mb|gb|tb|MIN|Mb|x|)",
            tricky_string(),
        ]
    ) {
        agree::<Duration>(&s)?;
        agree::<MemorySize>(&s)?;
    }

    /// A configuration keeps scalars inline as whole words (widened `i32` and `f32`, a duration's
    /// nanoseconds as a word): every value reads back exactly, to the bit.
    #[test]
    fn every_scalar_reads_back_from_its_stored_form(
        b in any::<bool>(),
        i in any::<i32>(),
        l in any::<i64>(),
        f in any::<f32>(),
        d in any::<f64>(),
        secs in any::<u64>(),
        nanos in 0u32..1_000_000_000,
        bytes in 0..=i64::MAX as u64,
    ) {
        fn back<T: OptionValue>(v: T) -> T {
            T::__from_stored(&v.__into_stored()).expect("the stored form of its own type")
        }
        prop_assert_eq!(back(b), b);
        prop_assert_eq!(back(i), i);
        prop_assert_eq!(back(l), l);
        prop_assert_eq!(back(f).to_bits(), f.to_bits());
        prop_assert_eq!(back(d).to_bits(), d.to_bits());
        prop_assert_eq!(back(Duration::new(secs, nanos)), Duration::new(secs, nanos));
        prop_assert_eq!(back(MemorySize::from_bytes(bytes)), MemorySize::from_bytes(bytes));
    }
}

fn agree<T: OptionValue + PartialEq + Debug>(s: &str) -> Result<(), TestCaseError> {
    let meta = OptionMeta::new::<T>("a.key");
    let stored = meta
        .__parse_stored(s)
        .map(|v| T::__from_stored(&v).expect("the stored form of its own type"))
        .map_err(|e| e.to_string());
    let direct = T::parse_config(s).map_err(|e| e.to_string());
    prop_assert_eq!(stored, direct, "{:?}", s);
    Ok(())
}
