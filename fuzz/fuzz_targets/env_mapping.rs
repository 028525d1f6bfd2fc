//! The environment-variable mapping: name -> key -> name round trips, key -> name -> key round
//! trips (up to ASCII case) for every key that has a name, and loading variables through the
//! layered builder.
#![no_main]

use libfuzzer_sys::fuzz_target;
use options_flink::env::{env_var_for_key, key_for_env_var};
use options_core::layers::LayeredConfig;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (name, value) = text.split_once('=').unwrap_or((text, ""));
    if let Some(key) = key_for_env_var(name) {
        assert_eq!(
            env_var_for_key(&key).as_deref(),
            Some(name),
            "name {name:?} -> key {key:?}"
        );
    }
    if let Some(var) = env_var_for_key(name) {
        // Variables are upper case: a mixed-case key (`taskmanager.numberOfTaskSlots`) reads back
        // in lower case, and the catalogue maps that spelling to the declared one.
        let back = key_for_env_var(&var);
        assert!(
            back.as_deref()
                .is_some_and(|k| k.eq_ignore_ascii_case(name)),
            "key {name:?} -> var {var:?} -> {back:?}"
        );
    }
    let _ = LayeredConfig::builder()
        .catalogue(options_flink::builtin::catalogue())
        .env([(name, value)])
        .build();
});
