//! The `config.yaml` loader against the built-in catalogue, strict and lenient, and the settings
//! as a configuration layer.
#![no_main]

use std::path::Path;

use libfuzzer_sys::fuzz_target;
use options_core::yaml::load_config_yaml;
use options_core::Strictness;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let catalogue = options_core::builtin::catalogue();
    let path = Path::new("config.yaml");
    let _ = load_config_yaml(text, path, &catalogue, Strictness::Strict);
    match load_config_yaml(text, path, &catalogue, Strictness::Lenient) {
        Ok(load) => {
            let config = load.to_configuration(Some(catalogue.clone()));
            let _ = format!("{config:?}");
        }
        Err(errors) => {
            let _ = errors.to_string();
        }
    }
});
