//! Seed 002: configuration buffered before the environment exists.

mod startup_support;

use options_core::{ConfigError, ConfigErrorKind, ReadableConfig, Source};
use options_flink::builtin::runtime::RuntimeMode;
use options_flink::builtin::RuntimeOptions;
use options_flink::startup::{self, Phase, StartupConfig};
use options_flink::TableConfig;
use startup_support::buffered;

#[test]
fn buffered_values_chain_and_read_back_as_strings() {
    let startup = buffered();
    assert_eq!(startup.get("parallelism.default").as_deref(), Some("4"));
    assert_eq!(
        startup.get("execution.runtime-mode").as_deref(),
        Some("batch")
    );
    assert_eq!(startup.get("pipeline.name"), None);
}

#[test]
fn a_buffered_value_is_validated_when_set() {
    let startup = StartupConfig::new();
    let err = startup.set("parallelism.default", "four").unwrap_err();
    assert!(err
        .to_string()
        .starts_with("invalid value \"four\" for parallelism.default: expected an Integer"));
    assert_eq!(startup.get("parallelism.default"), None);
}

#[test]
fn creating_the_environment_applies_buffered_values_including_startup_only_ones() {
    let startup = buffered();
    let config = startup.create_environment_config().unwrap();
    assert_eq!(config.get(&RuntimeOptions::PARALLELISM_DEFAULT), 4);
    assert_eq!(
        config.get(&RuntimeOptions::RUNTIME_MODE),
        RuntimeMode::Batch
    );
    assert_eq!(
        config
            .root_configuration()
            .resolved()
            .entry("execution.runtime-mode")
            .unwrap()
            .source(),
        &Source::Application
    );
    assert_eq!(startup.phase(), Phase::Created);
}

#[test]
fn buffered_values_win_over_the_loaded_layers() {
    let base = options_core::layers::LayeredConfig::builder()
        .catalogue(options_flink::builtin::catalogue())
        .args(["-Dparallelism.default=2", "-Dpipeline.name=from-args"])
        .build()
        .unwrap();
    let startup = StartupConfig::new();
    startup.set("parallelism.default", "4").unwrap();
    let config = startup.create_environment_config_with(&base).unwrap();
    assert_eq!(config.get(&RuntimeOptions::PARALLELISM_DEFAULT), 4);
    assert_eq!(config.to_map()["pipeline.name"], "from-args");
}

#[test]
fn setting_after_creation_is_an_error_that_says_why() {
    let startup = StartupConfig::new();
    let _config = startup.create_environment_config().unwrap();
    let err = startup.set("parallelism.default", "8").unwrap_err();
    assert_eq!(
        err.to_string(),
        "cannot set parallelism.default through the startup configuration: the environment already exists, and buffered values are applied only when it is created; set it on the environment's TableConfig instead (options read only at startup, such as execution.runtime-mode, must be set before the environment is created)"
    );
    assert!(matches!(
        startup
            .create_environment_config()
            .map_err(ConfigError::into_kind),
        Err(ConfigErrorKind::EnvironmentExists)
    ));
}

#[test]
fn a_startup_only_option_cannot_be_changed_on_the_created_environment() {
    let startup = StartupConfig::new();
    startup.set("execution.runtime-mode", "batch").unwrap();
    let mut config = startup.create_environment_config().unwrap();
    assert!(matches!(
        config
            .set(&RuntimeOptions::RUNTIME_MODE, RuntimeMode::Streaming)
            .map_err(ConfigError::into_kind),
        Err(ConfigErrorKind::StartupOnly { .. })
    ));
    assert_eq!(
        config.get(&RuntimeOptions::RUNTIME_MODE),
        RuntimeMode::Batch
    );
}

#[test]
fn an_injected_environment_receives_none_of_the_buffered_values() {
    let startup = StartupConfig::new();
    startup.set("parallelism.default", "4").unwrap();
    let mut own = TableConfig::default();
    own.set_str("pipeline.name", "injected").unwrap();
    let config = startup.inject(own);
    assert_eq!(config.get(&RuntimeOptions::PARALLELISM_DEFAULT), 1);
    assert_eq!(
        config.to_map().get("pipeline.name").map(String::as_str),
        Some("injected")
    );
    assert_eq!(startup.phase(), Phase::Injected);
    assert_eq!(startup.get("parallelism.default"), None);
    assert!(matches!(
        startup
            .set("parallelism.default", "8")
            .map_err(ConfigError::into_kind),
        Err(ConfigErrorKind::AfterEnvironmentCreated { .. })
    ));
}

#[test]
fn reset_opens_the_buffer_again() {
    let startup = StartupConfig::new();
    startup.set("parallelism.default", "4").unwrap();
    let _ = startup.create_environment_config().unwrap();
    startup.reset();
    assert_eq!(startup.phase(), Phase::Buffering);
    startup.set("parallelism.default", "5").unwrap();
    let config = startup.create_environment_config().unwrap();
    assert_eq!(config.get(&RuntimeOptions::PARALLELISM_DEFAULT), 5);
}

/// The only test that touches the process-wide buffer.
#[test]
fn the_process_wide_buffer_follows_the_same_rules() {
    startup::config().reset();
    startup::config()
        .set("parallelism.default", "4")
        .unwrap()
        .set("execution.runtime-mode", "batch")
        .unwrap();
    assert_eq!(
        startup::config().get("parallelism.default").as_deref(),
        Some("4")
    );
    let config = startup::create_environment_config().unwrap();
    assert_eq!(
        config.get(&RuntimeOptions::RUNTIME_MODE),
        RuntimeMode::Batch
    );
    assert!(startup::config().set("parallelism.default", "8").is_err());
    let injected = startup::inject(TableConfig::default());
    assert_eq!(injected.get(&RuntimeOptions::PARALLELISM_DEFAULT), 1);
    startup::config().reset();
}
