//! The startup buffer the seed-002 tests start from (`tests/startup.rs`,
//! `tests/startup_environment.rs`).

use options_flink::startup::StartupConfig;

/// A fresh buffer holding `parallelism.default = 4` and the startup-only
/// `execution.runtime-mode = batch`.
pub fn buffered() -> StartupConfig {
    let startup = StartupConfig::new();
    startup
        .set("parallelism.default", "4")
        .unwrap()
        .set("execution.runtime-mode", "batch")
        .unwrap();
    startup
}
