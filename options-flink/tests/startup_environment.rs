//! Seed 002 end to end: buffered startup values reach the session's environment, a second
//! creation returns the same environment, an injected environment receives none of them.

mod startup_support;

use std::sync::Arc;

use options_core::{ConfigError, ConfigErrorKind, ReadableConfig, Source};
use options_flink::builtin::runtime::RuntimeMode;
use options_flink::builtin::RuntimeOptions;
use options_flink::session::{EnvironmentSettings, TableEnvironment};
use options_flink::startup::{self, Phase, StartupConfig};
use startup_support::buffered;

#[test]
fn buffered_values_reach_the_session_including_startup_only_ones() {
    let startup = buffered();
    let shared = startup.get_or_create_table_environment(EnvironmentSettings::new());
    let mut env = shared.lock().unwrap();
    assert!(!env.is_streaming_mode());
    assert_eq!(env.get(&RuntimeOptions::PARALLELISM_DEFAULT), 4);
    // What SHOW OPTIONS says about them.
    let (shown, ok) = env.execute_to_string("SHOW OPTIONS LIKE 'execution.runtime-mode';");
    assert!(ok);
    assert!(
        shown.contains("| execution.runtime-mode | batch "),
        "{shown}"
    );
    assert!(shown.contains("| application |"), "{shown}");
    // Startup-only options are fixed once the environment exists.
    let (out, ok) = env.execute_to_string("SET 'execution.runtime-mode' = 'streaming';");
    assert!(!ok, "{out}");
    assert!(startup.set("parallelism.default", "8").is_err());
}

#[test]
fn a_second_creation_returns_the_same_environment() {
    let startup = buffered();
    let first = startup.get_or_create_table_environment(EnvironmentSettings::new());
    let (out, ok) = first
        .lock()
        .unwrap()
        .execute_to_string("SET 'table.exec.mini-batch.enabled' = 'true';");
    assert!(ok, "{out}");
    // The second call's settings do not matter: the environment exists.
    let second =
        startup.get_or_create_table_environment(EnvironmentSettings::new().in_streaming_mode());
    assert!(Arc::ptr_eq(&first, &second));
    let env = second.lock().unwrap();
    assert!(!env.is_streaming_mode());
    assert_eq!(
        env.session_configuration()
            .get_str("table.exec.mini-batch.enabled"),
        Some("true")
    );
    assert!(Arc::ptr_eq(&startup.table_environment().unwrap(), &first));
}

#[test]
fn create_table_environment_applies_the_buffer_once() {
    let startup = buffered();
    let env = startup
        .create_table_environment(EnvironmentSettings::new())
        .unwrap();
    assert_eq!(env.get(&RuntimeOptions::RUNTIME_MODE), RuntimeMode::Batch);
    assert_eq!(
        env.lookup(RuntimeOptions::PARALLELISM_DEFAULT.meta())
            .unwrap()
            .source(),
        &Source::Application
    );
    assert!(matches!(
        startup
            .create_table_environment(EnvironmentSettings::new())
            .map_err(ConfigError::into_kind),
        Err(ConfigErrorKind::EnvironmentExists)
    ));
}

#[test]
fn arguments_buffered_as_arguments_are_named_so() {
    let startup = StartupConfig::new();
    startup
        .set_with_source("table.exec.mini-batch.size", "5000", Source::Argument)
        .unwrap();
    let mut env = startup
        .create_table_environment(EnvironmentSettings::new())
        .unwrap();
    let (shown, _) = env.execute_to_string("SHOW OPTIONS LIKE 'table.exec.mini-batch.size';");
    assert!(
        shown.contains("| 5000  | -1      | Long | streaming | -D     |"),
        "{shown}"
    );
}

#[test]
fn an_injected_environment_receives_none_of_the_buffered_values() {
    let startup = buffered();
    let own = TableEnvironment::create(EnvironmentSettings::new());
    let (injected, warning) = startup.set_table_environment(own);
    assert_eq!(
        warning.as_deref(),
        Some("an environment was injected; buffered startup configuration is not applied to it: execution.runtime-mode, parallelism.default")
    );
    assert_eq!(startup.phase(), Phase::Injected);
    let env = startup.get_or_create_table_environment(EnvironmentSettings::new());
    assert!(Arc::ptr_eq(&env, &injected));
    let env = env.lock().unwrap();
    assert!(env.is_streaming_mode());
    assert_eq!(env.get(&RuntimeOptions::PARALLELISM_DEFAULT), 1);
    assert!(startup.set("parallelism.default", "8").is_err());
}

/// The only test of this binary that touches the process-wide buffer.
#[test]
fn the_process_wide_buffer_reaches_the_process_wide_environment() {
    startup::config().reset();
    startup::config()
        .set("execution.runtime-mode", "batch")
        .unwrap();
    let env = TableEnvironment::get_or_create(EnvironmentSettings::new());
    assert!(!env.lock().unwrap().is_streaming_mode());
    let again = TableEnvironment::get_or_create(EnvironmentSettings::new());
    assert!(Arc::ptr_eq(&env, &again));
    startup::config().reset();
}
