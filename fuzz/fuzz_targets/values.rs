//! Every value type's parser, and the round trip `parse(format(v)) == v` for what parses.
//! The first byte picks the type; the rest is the config string.
#![no_main]

use std::collections::BTreeMap;
use std::fmt::Debug;
use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use options_flink::builtin::table::ColumnExpansionStrategy;
use options_core::{MemorySize, OptionValue, Secret};

/// Parses `text` as `T`; when it parses, the canonical form must parse back to the same value
/// and be a fixed point of formatting.
fn round_trip<T: OptionValue + PartialEq + Debug>(text: &str) {
    let Ok(value) = T::parse_config(text) else {
        return;
    };
    let canonical = value.to_config_string();
    let again = T::parse_config(&canonical)
        .unwrap_or_else(|e| panic!("canonical form {canonical:?} of {text:?} does not parse: {e}"));
    assert_eq!(again, value, "round trip of {text:?} via {canonical:?}");
    assert_eq!(again.to_config_string(), canonical);
}

/// Floats: NaN is not equal to itself, so compare the canonical strings.
fn float_round_trip<T: OptionValue>(text: &str) {
    if let Ok(value) = T::parse_config(text) {
        let canonical = value.to_config_string();
        let again = T::parse_config(&canonical).expect("canonical float parses");
        assert_eq!(again.to_config_string(), canonical);
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    match pick % 14 {
        0 => round_trip::<bool>(text),
        1 => round_trip::<i32>(text),
        2 => round_trip::<i64>(text),
        3 => float_round_trip::<f32>(text),
        4 => float_round_trip::<f64>(text),
        5 => round_trip::<String>(text),
        6 => round_trip::<Duration>(text),
        7 => round_trip::<MemorySize>(text),
        8 => round_trip::<ColumnExpansionStrategy>(text),
        9 => round_trip::<Vec<String>>(text),
        10 => round_trip::<Vec<Duration>>(text),
        11 => round_trip::<BTreeMap<String, String>>(text),
        12 => round_trip::<Vec<MemorySize>>(text),
        _ => {
            // A secret parses like its text, and its error never holds the text.
            if let Err(e) = <Secret<Vec<String>>>::parse_config(text) {
                assert_eq!(e.value(), options_core::sensitive::MASK);
            }
        }
    }
});
