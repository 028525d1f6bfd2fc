//! The legacy `flink-conf.yaml` loader against the built-in catalogue, and the line parser alone.
#![no_main]

use std::path::Path;

use libfuzzer_sys::fuzz_target;
use options_core::legacy::{load_flink_conf, parse_flink_conf};
use options_core::Strictness;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let file = parse_flink_conf(text);
    let _ = format!("{:?}", file.settings());
    let catalogue = options_core::builtin::catalogue();
    let path = Path::new("flink-conf.yaml");
    let _ = load_flink_conf(text, path, &catalogue, Strictness::Strict);
    if let Err(errors) = load_flink_conf(text, path, &catalogue, Strictness::Lenient) {
        let _ = errors.to_string();
    }
});
