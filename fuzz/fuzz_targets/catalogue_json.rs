//! options-docs' catalogue JSON reader: anything it accepts writes back to JSON that reads to the same
//! catalogue.
#![no_main]

use options_docs::render::{catalogue_json, read_catalogue_json};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(doc) = read_catalogue_json(text) {
        let written = catalogue_json(&doc);
        let again = read_catalogue_json(&written).expect("written catalogue reads back");
        assert_eq!(catalogue_json(&again), written);
    }
});
