//! `TableConfig`: the application layer over the environment's root, and the typed conveniences
//! of seed 000.

#![allow(deprecated)] // the deprecated min/max idle state retention pair is tested on purpose

use std::collections::BTreeMap;
use std::time::Duration;

use options_core::layers::LayeredConfig;
use options_core::{ConfigError, ConfigErrorKind, Configuration, ReadableConfig, Source};
use options_flink::builtin::runtime::RuntimeMode;
use options_flink::builtin::{self, ExecutionOptions, RuntimeOptions, TableOptions};
use options_flink::table_config::{SqlDialect, ZoneKind, GLOBAL_JOB_PARAMETERS};
use options_flink::TableConfig;

fn root(args: &[&str]) -> LayeredConfig {
    LayeredConfig::builder()
        .catalogue(builtin::catalogue())
        .args(args.iter().copied())
        .build()
        .unwrap()
}

#[test]
fn reads_fall_back_to_the_root_then_the_default() {
    let config = TableConfig::with_root(root(&["-Dparallelism.default=3"]));
    assert_eq!(config.get(&RuntimeOptions::PARALLELISM_DEFAULT), 3);
    assert_eq!(config.get(&ExecutionOptions::STATE_TTL), Duration::ZERO);
    assert_eq!(config.get_optional(&ExecutionOptions::STATE_TTL), None);
}

#[test]
fn the_application_layer_wins_over_the_root() {
    let mut config = TableConfig::with_root(root(&["-Dparallelism.default=3"]));
    config.set(&RuntimeOptions::PARALLELISM_DEFAULT, 8).unwrap();
    assert_eq!(config.get(&RuntimeOptions::PARALLELISM_DEFAULT), 8);
    assert_eq!(
        config
            .root_configuration()
            .get(&RuntimeOptions::PARALLELISM_DEFAULT),
        3,
        "the root is read-only"
    );
    assert_eq!(
        config.configuration().get_str("parallelism.default"),
        Some("8")
    );
}

#[test]
fn set_str_validates_declared_keys_and_keeps_unknown_ones() {
    let mut config = TableConfig::default();
    let err = config
        .set_str("table.exec.async-lookup.timeout", "3 mins")
        .unwrap_err();
    assert!(err.to_string().starts_with(
        "invalid value \"3 mins\" for table.exec.async-lookup.timeout: expected a Duration"
    ));
    config.set_str("my.own.key", "x").unwrap();
    assert_eq!(
        config.to_map().get("my.own.key").map(String::as_str),
        Some("x")
    );
}

#[test]
fn try_get_reports_a_bad_value_from_the_root() {
    let root = LayeredConfig::builder()
        .args(["-Dparallelism.default=lots"])
        .build()
        .unwrap();
    let config = TableConfig::with_root(root);
    let err = config
        .try_get(&RuntimeOptions::PARALLELISM_DEFAULT)
        .unwrap_err();
    assert!(err
        .to_string()
        .starts_with("invalid value \"lots\" for parallelism.default"));
    assert_eq!(config.get(&RuntimeOptions::PARALLELISM_DEFAULT), 1);
}

#[test]
fn startup_only_options_are_rejected_after_creation() {
    let mut config = TableConfig::default();
    let typed = config
        .set(&RuntimeOptions::RUNTIME_MODE, RuntimeMode::Batch)
        .unwrap_err();
    let by_string = config
        .set_str("execution.runtime-mode", "batch")
        .unwrap_err();
    assert_eq!(typed, by_string);
    assert_eq!(
        typed.to_string(),
        "execution.runtime-mode can only be set before the environment is created (it is read once at startup); set it in config.yaml, with -Dexecution.runtime-mode=..., or before creating the environment"
    );
    let mut batch = Configuration::new();
    batch.set_str("execution.runtime-mode", "batch").unwrap();
    let errors = config.add_configuration(&batch).map(drop).unwrap_err();
    let kinds: Vec<_> = errors.errors().iter().map(ConfigError::kind).collect();
    assert!(matches!(kinds[..], [ConfigErrorKind::StartupOnly { .. }]));
    assert_eq!(
        config.get(&RuntimeOptions::RUNTIME_MODE),
        RuntimeMode::Streaming
    );
}

#[test]
fn startup_only_options_from_the_root_take_effect() {
    let config = TableConfig::with_root(root(&["-Dexecution.runtime-mode=batch"]));
    assert_eq!(
        config.get(&RuntimeOptions::RUNTIME_MODE),
        RuntimeMode::Batch
    );
}

#[test]
fn add_configuration_overwrites_application_values() {
    let mut config = TableConfig::default();
    config.set_str("pipeline.name", "a").unwrap();
    let mut more = Configuration::new();
    more.set_str("pipeline.name", "b").unwrap();
    more.set(&ExecutionOptions::MINI_BATCH_ENABLED, true)
        .unwrap();
    config.add_configuration(&more).unwrap();
    assert_eq!(config.configuration().get_str("pipeline.name"), Some("b"));
    assert!(config.get(&ExecutionOptions::MINI_BATCH_ENABLED));
}

#[test]
fn set_root_configuration_replaces_the_root_and_keeps_the_application_layer() {
    let mut config = TableConfig::with_root(root(&["-Dparallelism.default=3"]));
    config.set_str("pipeline.name", "job").unwrap();
    config.set_root_configuration(root(&["-Dparallelism.default=4"]));
    assert_eq!(config.get(&RuntimeOptions::PARALLELISM_DEFAULT), 4);
    assert_eq!(config.configuration().get_str("pipeline.name"), Some("job"));
}

#[test]
fn to_map_merges_root_and_application() {
    let mut config =
        TableConfig::with_root(root(&["-Dparallelism.default=3", "-Dpipeline.name=root"]));
    config.set_str("pipeline.name", "app").unwrap();
    let expected: BTreeMap<String, String> =
        [("parallelism.default", "3"), ("pipeline.name", "app")]
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
            .collect();
    assert_eq!(config.to_map(), expected);
}

#[test]
fn reset_shows_the_root_value_again() {
    let mut config = TableConfig::with_root(root(&["-Dparallelism.default=3"]));
    config.set_str("parallelism.default", "9").unwrap();
    assert!(config.reset("parallelism.default"));
    assert!(!config.reset("parallelism.default"));
    assert_eq!(config.get(&RuntimeOptions::PARALLELISM_DEFAULT), 3);
}

#[test]
fn explain_puts_the_application_setting_above_the_root() {
    let mut config = TableConfig::with_root(root(&["-Dparallelism.default=3"]));
    config
        .set_str_with_source("parallelism.default", "9", Source::Session)
        .unwrap();
    assert_eq!(
        config.explain("parallelism.default").to_string(),
        "\
parallelism.default = 9
  set by session (SET): 9 (wins)
  set by command-line argument: 3
  default: 1
"
    );
}

#[test]
fn sql_dialect_reads_the_string_option_ignoring_case() {
    let mut config = TableConfig::default();
    assert_eq!(config.sql_dialect().unwrap(), SqlDialect::Default);
    config.set_str("table.sql-dialect", "HIVE").unwrap();
    assert_eq!(config.sql_dialect().unwrap(), SqlDialect::Hive);
    config.set_sql_dialect(SqlDialect::Default);
    assert_eq!(config.get(&TableOptions::SQL_DIALECT), "default");
    // The catalogue rejects an unknown dialect when it is set; the setting is unchanged.
    let err = config.set_str("table.sql-dialect", "oracle").unwrap_err();
    assert!(
        matches!(err.kind(), ConfigErrorKind::InvalidValue { .. }),
        "{err}"
    );
    assert_eq!(config.sql_dialect().unwrap(), SqlDialect::Default);
}

#[test]
fn the_seed_local_time_zone_example() {
    let mut config = TableConfig::default();
    config.set_local_time_zone("GMT+02:00").unwrap();
    let zone = config.local_time_zone().unwrap();
    assert_eq!(zone.id(), "GMT+02:00");
    assert_eq!(zone.kind(), ZoneKind::FixedOffset);
    assert_eq!(zone.fixed_offset().unwrap().seconds(), 2 * 3600);
    assert_eq!(config.get(&TableOptions::LOCAL_TIME_ZONE), "GMT+02:00");

    config.set_local_time_zone("UTC").unwrap();
    let zone = config.local_time_zone().unwrap();
    assert_eq!(zone.id(), "UTC");
    assert_eq!(zone.kind(), ZoneKind::Tzdb);
    let epoch = jiff::Timestamp::UNIX_EPOCH;
    assert_eq!(zone.time_zone().to_offset(epoch).seconds(), 0);
}

#[test]
fn local_time_zone_accepts_tzdb_ids_and_gmt_offsets() {
    let mut config = TableConfig::default();
    config.set_local_time_zone("America/Los_Angeles").unwrap();
    assert_eq!(
        config.local_time_zone().unwrap().id(),
        "America/Los_Angeles"
    );
    config.set_local_time_zone("GMT-3").unwrap();
    assert_eq!(config.local_time_zone().unwrap().id(), "GMT-03:00");
    assert_eq!(config.get(&TableOptions::LOCAL_TIME_ZONE), "GMT-03:00");
}

#[test]
fn local_time_zone_default_means_the_system_zone() {
    let config = TableConfig::default();
    let zone = config.local_time_zone().unwrap();
    assert!(zone.is_system_default());
    assert_eq!(zone.config_value(), "default");
}

#[test]
fn invalid_time_zones_are_rejected_with_what_is_accepted() {
    let mut config = TableConfig::default();
    for bad in [
        "UTC+3",
        "+03:00",
        "GMT+19",
        "GMT+03:60",
        "Mars/Olympus_Mons",
        "",
    ] {
        let err = config.set_local_time_zone(bad).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("invalid value \"{bad}\" for table.local-time-zone: expected a Time Zone Database id such as \"America/Los_Angeles\" (follows daylight saving time), a fixed offset such as \"GMT+03:00\" or \"GMT-08:00\", \"UTC\", or \"default\" for the system's zone")
        );
    }
    assert!(config
        .set_str("table.local-time-zone", "Mars/Olympus_Mons")
        .is_err());
}

#[test]
fn idle_state_retention_is_the_state_ttl_option() {
    let mut config = TableConfig::default();
    assert_eq!(config.idle_state_retention(), Duration::ZERO);
    config.set_idle_state_retention(Duration::from_secs(3600));
    assert_eq!(
        config.get(&ExecutionOptions::STATE_TTL),
        Duration::from_secs(3600)
    );
    assert_eq!(
        config.configuration().get_str("table.exec.state.ttl"),
        Some("1 h")
    );
}

#[test]
fn deprecated_min_max_retention_keeps_min_and_derives_max() {
    let mut config = TableConfig::default();
    config
        .set_idle_state_retention_time(Duration::from_secs(3600), Duration::from_secs(7200))
        .unwrap();
    assert_eq!(config.idle_state_retention(), Duration::from_secs(3600));
    assert_eq!(
        config.min_idle_state_retention_time(),
        Duration::from_secs(3600)
    );
    assert_eq!(
        config.max_idle_state_retention_time(),
        Duration::from_secs(5400)
    );
}

#[test]
fn deprecated_min_max_retention_needs_five_minutes_between_them() {
    let mut config = TableConfig::default();
    let err = config
        .set_idle_state_retention_time(Duration::from_secs(60), Duration::from_secs(120))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid value \"min 1 min, max 2 min\" for table.exec.state.ttl: expected a maximum at least 5 minutes greater than the minimum (or both zero)"
    );
    config
        .set_idle_state_retention_time(Duration::ZERO, Duration::ZERO)
        .unwrap();
    assert_eq!(config.idle_state_retention(), Duration::ZERO);
}

#[test]
fn max_generated_code_length_round_trips() {
    let mut config = TableConfig::default();
    assert_eq!(config.max_generated_code_length(), 4000);
    config.set_max_generated_code_length(8000);
    assert_eq!(config.max_generated_code_length(), 8000);
}

#[test]
fn job_parameters_are_merged_with_those_already_set() {
    let root = LayeredConfig::builder()
        .args(["-Dpipeline.global-job-parameters=region:eu"])
        .build()
        .unwrap();
    let mut config = TableConfig::with_root(root);
    config.add_job_parameter("owner", "data-team");
    config.add_job_parameter("tier", "gold");
    let expected: BTreeMap<String, String> =
        [("owner", "data-team"), ("region", "eu"), ("tier", "gold")]
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
            .collect();
    assert_eq!(config.job_parameters(), expected);
    assert_eq!(config.get(&GLOBAL_JOB_PARAMETERS), Some(expected));
}

#[test]
fn add_configuration_validates_values_and_applies_nothing_when_one_is_bad() {
    let mut config = TableConfig::default();
    let mut more = Configuration::new();
    more.set_str("pipeline.name", "nightly").unwrap();
    more.set_str("table.exec.state.ttl", "garbage").unwrap();
    more.set_str("parallelism.default", "many").unwrap();
    let errors = config.add_configuration(&more).map(drop).unwrap_err();
    assert_eq!(errors.errors().len(), 2, "{errors}");
    let text = errors.to_string();
    assert!(text.starts_with("2 invalid options:"), "{text}");
    assert!(
        text.contains("invalid value \"many\" for parallelism.default: expected an Integer"),
        "{text}"
    );
    assert!(
        text.contains("invalid value \"garbage\" for table.exec.state.ttl: expected a Duration"),
        "{text}"
    );
    assert!(config.configuration().is_empty());
    assert_eq!(config.idle_state_retention(), Duration::ZERO);
}

#[test]
fn add_configuration_reports_a_bad_value_and_a_startup_only_key_together() {
    let mut config = TableConfig::default();
    let mut more = Configuration::new();
    more.set_str("execution.runtime-mode", "batch").unwrap();
    more.set_str("table.exec.state.ttl", "garbage").unwrap();
    let errors = config.add_configuration(&more).map(drop).unwrap_err();
    let kinds: Vec<_> = errors.errors().iter().map(ConfigError::kind).collect();
    assert!(matches!(
        kinds[..],
        [
            ConfigErrorKind::StartupOnly { .. },
            ConfigErrorKind::InvalidValue { .. }
        ]
    ));
    assert!(config.configuration().is_empty());
}

#[test]
fn add_configuration_accepts_good_values_and_keys_the_catalogue_does_not_know() {
    let mut config = TableConfig::default();
    let mut more = Configuration::new();
    more.set_str("table.exec.state.ttl", "1 h").unwrap();
    more.set_str("my.connector.flag", "whatever").unwrap();
    config.add_configuration(&more).unwrap();
    assert_eq!(config.idle_state_retention(), Duration::from_secs(3600));
    assert_eq!(
        config.configuration().get_str("my.connector.flag"),
        Some("whatever")
    );
}

#[test]
fn to_map_agrees_with_get_when_the_application_uses_a_deprecated_spelling() {
    let option = &ExecutionOptions::ASYNC_SCALAR_MAX_CONCURRENT_OPERATIONS;
    let mut config = TableConfig::with_root(root(&[
        "-Dtable.exec.async-scalar.max-concurrent-operations=1",
    ]));
    config
        .set_str("table.exec.async-scalar.buffer-capacity", "2")
        .unwrap();
    assert_eq!(config.get(option), 2);
    let map = config.to_map();
    assert_eq!(
        map.get("table.exec.async-scalar.buffer-capacity")
            .map(String::as_str),
        Some("2")
    );
    assert_eq!(
        map.get("table.exec.async-scalar.max-concurrent-operations"),
        None
    );
    let display = config.to_display_map();
    assert_eq!(
        display.get("table.exec.async-scalar.max-concurrent-operations"),
        None
    );
    // The root itself is untouched.
    assert_eq!(config.root_configuration().get(option), 1);
}

#[test]
fn to_map_agrees_with_get_when_the_root_uses_a_deprecated_spelling() {
    let option = &ExecutionOptions::ASYNC_SCALAR_MAX_CONCURRENT_OPERATIONS;
    let mut config = TableConfig::with_root(root(&["-Dtable.exec.async-scalar.buffer-capacity=1"]));
    config.set(option, 2).unwrap();
    let map = config.to_map();
    assert_eq!(
        map.get("table.exec.async-scalar.max-concurrent-operations")
            .map(String::as_str),
        Some("2")
    );
    assert_eq!(map.get("table.exec.async-scalar.buffer-capacity"), None);
    assert_eq!(config.get(option), 2);
}

#[test]
fn to_map_keeps_root_settings_the_application_does_not_touch() {
    let mut config = TableConfig::with_root(root(&[
        "-Dparallelism.default=3",
        "-Dtable.exec.async-scalar.buffer-capacity=1",
    ]));
    config.set_str("pipeline.name", "job").unwrap();
    let expected: BTreeMap<String, String> = [
        ("parallelism.default", "3"),
        ("pipeline.name", "job"),
        ("table.exec.async-scalar.buffer-capacity", "1"),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v.to_owned()))
    .collect();
    assert_eq!(config.to_map(), expected);
}

#[test]
fn the_latest_application_setting_wins_whichever_spelling_it_uses() {
    let option = &ExecutionOptions::ASYNC_SCALAR_MAX_CONCURRENT_OPERATIONS;
    let mut config = TableConfig::default();
    config.set(option, 1).unwrap();
    config
        .set_str("table.exec.async-scalar.buffer-capacity", "2")
        .unwrap();
    assert_eq!(config.get(option), 2);
    let map = config.to_map();
    assert_eq!(
        map.get("table.exec.async-scalar.buffer-capacity")
            .map(String::as_str),
        Some("2")
    );
    assert_eq!(
        map.get("table.exec.async-scalar.max-concurrent-operations"),
        None
    );

    config.set(option, 3).unwrap();
    assert_eq!(config.get(option), 3);
    assert_eq!(
        config
            .to_map()
            .get("table.exec.async-scalar.buffer-capacity"),
        None
    );
}

#[test]
fn add_configuration_replaces_an_earlier_setting_under_another_spelling() {
    let option = &ExecutionOptions::ASYNC_SCALAR_MAX_CONCURRENT_OPERATIONS;
    let mut config = TableConfig::with_root(root(&[
        "-Dtable.exec.async-scalar.max-concurrent-operations=1",
    ]));
    config.set(option, 2).unwrap();
    let mut more = Configuration::new();
    more.set_str("table.exec.async-scalar.buffer-capacity", "3")
        .unwrap();
    config.add_configuration(&more).unwrap();
    assert_eq!(config.get(option), 3);
    let map = config.to_map();
    assert_eq!(
        map.get("table.exec.async-scalar.buffer-capacity")
            .map(String::as_str),
        Some("3")
    );
    assert_eq!(
        map.get("table.exec.async-scalar.max-concurrent-operations"),
        None
    );
}

#[test]
fn a_rejected_set_str_keeps_the_earlier_setting_under_another_spelling() {
    let option = &ExecutionOptions::ASYNC_SCALAR_MAX_CONCURRENT_OPERATIONS;
    let mut config = TableConfig::default();
    config.set(option, 7).unwrap();
    assert!(config
        .set_str("table.exec.async-scalar.buffer-capacity", "lots")
        .is_err());
    assert_eq!(config.get(option), 7);
}
