//! Strict loading from this process's environment: `FLINK_` variables that belong to other
//! programs are notices, not errors. One test in its own binary, because it sets variables of the
//! process.

use options_core::layers::Strictness;
use options_core::layers::{LayeredConfig, NoticeKind};
use options_core::ReadableConfig;
use options_flink::builtin::{self, RuntimeOptions};

#[test]
fn strict_loading_of_the_process_environment_tolerates_unrelated_flink_variables() {
    // The only test in this binary, so no other thread reads the environment meanwhile.
    std::env::set_var("FLINK_VERSION", "1.19.1");
    std::env::set_var("FLINK_TM_HEAP", "1g");
    std::env::set_var("FLINK_PARALLELISM_DEFAULT", "5");
    let config = LayeredConfig::builder()
        .catalogue(builtin::catalogue())
        .strictness(Strictness::Strict)
        .process_env()
        .build()
        .unwrap();
    assert_eq!(config.get(&RuntimeOptions::PARALLELISM_DEFAULT), 5);
    let unknown: Vec<String> = config
        .notices()
        .iter()
        .filter(|n| matches!(&n.kind, NoticeKind::UnknownKey { key, .. } if key == "version" || key == "tm.heap"))
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        unknown,
        [
            "environment variable FLINK_TM_HEAP: unknown configuration key \"tm.heap\" (kept)",
            "environment variable FLINK_VERSION: unknown configuration key \"version\" (kept)",
        ]
    );
}
