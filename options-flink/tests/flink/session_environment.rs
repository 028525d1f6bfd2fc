//! The environment over its TableConfig: typed reads see SET, the root's sources show, the mode
//! and the built-in names come from the settings or the configuration.

use std::time::Duration;

use crate::session_support::{check, env, run};
use options_core::layers::LayeredConfig;
use options_core::ReadableConfig;
use options_flink::builtin::{ExecutionOptions, RuntimeOptions, SqlOptions, TableOptions};
use options_flink::session::{keys, EnvironmentSettings, TableEnvironment};

#[test]
fn typed_reads_see_what_set_wrote() {
    let mut env = env();
    run(&mut env, "SET 'table.exec.state.ttl' = '90 min';");
    assert_eq!(
        env.config().get(&ExecutionOptions::STATE_TTL),
        Duration::from_secs(90 * 60)
    );
    run(&mut env, "RESET 'table.exec.state.ttl';");
    assert_eq!(env.get(&ExecutionOptions::STATE_TTL), Duration::ZERO);
}

#[test]
fn use_is_visible_as_the_current_catalog_options() {
    let mut env = env();
    run(&mut env, "USE CATALOG cat1;");
    assert_eq!(
        env.get(&SqlOptions::CURRENT_CATALOG).as_deref(),
        Some("cat1")
    );
    assert_eq!(
        env.get(&SqlOptions::CURRENT_DATABASE).as_deref(),
        Some("db1")
    );
    run(&mut env, "RESET;");
    assert_eq!(env.get(&SqlOptions::CURRENT_CATALOG), None);
}

fn with_arguments(args: &[&str]) -> TableEnvironment {
    let root = LayeredConfig::builder()
        .catalogue(options_flink::builtin::catalogue())
        .args(args.iter().copied())
        .build()
        .unwrap();
    TableEnvironment::create(EnvironmentSettings::new().with_root(root))
}

#[test]
fn set_key_names_the_layer_a_root_value_comes_from() {
    let mut env = with_arguments(&["-Dtable.local-time-zone=Europe/Berlin"]);
    check(
        "root_source",
        &mut env,
        "SET 'table.local-time-zone';\nSET 'table.local-time-zone' = 'UTC';\nSET 'table.local-time-zone';\nSET;",
    );
}

#[test]
fn startup_only_options_take_effect_from_the_root() {
    let env = with_arguments(&["-Dexecution.runtime-mode=batch"]);
    assert!(!env.is_streaming_mode());
}

#[test]
fn settings_choose_the_mode() {
    let batch = TableEnvironment::create(EnvironmentSettings::new().in_batch_mode());
    assert!(!batch.is_streaming_mode());
    assert_eq!(
        format!("{:?}", batch.get(&RuntimeOptions::RUNTIME_MODE)),
        "Batch"
    );
    assert!(TableEnvironment::create(EnvironmentSettings::new()).is_streaming_mode());
}

#[test]
fn builtin_names_come_from_the_configuration() {
    let env = with_arguments(&[
        "-Dtable.builtin-catalog-name=lake",
        "-Dtable.builtin-database-name=raw",
    ]);
    assert_eq!(
        (env.current_catalog(), env.current_database()),
        ("lake", "raw")
    );
    assert_eq!(env.qualify("t").unwrap().to_string(), "lake.raw.t");
}

#[test]
fn special_keys_match_the_declared_options() {
    assert_eq!(keys::CURRENT_CATALOG, SqlOptions::CURRENT_CATALOG.key());
    assert_eq!(keys::CURRENT_DATABASE, SqlOptions::CURRENT_DATABASE.key());
    assert_eq!(
        keys::BUILTIN_CATALOG_NAME,
        TableOptions::BUILTIN_CATALOG_NAME.key()
    );
    assert_eq!(
        keys::BUILTIN_DATABASE_NAME,
        TableOptions::BUILTIN_DATABASE_NAME.key()
    );
}

#[test]
fn unknown_keys_are_rejected_even_though_the_table_config_would_keep_them() {
    let mut env = env();
    assert_eq!(
        env.set_str("table.exec.mini-batch.enable", "true")
            .unwrap_err()
            .to_string(),
        "unknown configuration key \"table.exec.mini-batch.enable\"; did you mean \"table.exec.mini-batch.enabled\"?"
    );
    assert!(env.session_configuration().is_empty());
}

#[test]
fn free_form_keys_are_kept_and_secrets_in_them_masked() {
    let mut catalogue = (*options_flink::builtin::catalogue()).clone();
    catalogue.allow_prefix("connector.");
    let mut env = TableEnvironment::create(
        EnvironmentSettings::new().with_catalogue(std::sync::Arc::new(catalogue)),
    );
    check(
        "free_form",
        &mut env,
        "SET 'connector.url' = 'jdbc:x';\nSET 'connector.secret-key' = 'abc';\nSET 'connector.url';\nSET 'connector.other';\nSET;\nSHOW OPTIONS LIKE 'connector.%';",
    );
}
