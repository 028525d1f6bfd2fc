//! Checks beyond a value's type (`validate = ...`), and masking of declared-sensitive options in
//! configurations whose catalogue does not know them.

use std::collections::BTreeMap;

use options_core::{ConfigErrorKind, Configuration, Options, ReadableConfig, Secret};
use options_flink::builtin::{SqlOptions, TableOptions};

fn builtin() -> Configuration {
    Configuration::with_catalogue(options_flink::builtin::catalogue())
}

#[test]
fn unknown_time_zone_is_rejected_when_set() {
    let err = builtin()
        .set_str("table.local-time-zone", "Nowhere/Zone")
        .map(drop)
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid value \"Nowhere/Zone\" for table.local-time-zone: not a time zone: use a TZDB id such as \"America/Los_Angeles\", a fixed offset such as \"GMT+03:00\", or \"default\""
    );
}

#[test]
fn valid_time_zones_and_dialects_are_accepted() {
    let mut config = builtin();
    for zone in ["GMT+03:00", "UTC", "America/Los_Angeles", "default"] {
        config.set_str("table.local-time-zone", zone).unwrap();
        config.set_str("sql.local-time-zone", zone).unwrap();
    }
    config.set_str("table.sql-dialect", "HIVE").unwrap();
    assert_eq!(config.get(&TableOptions::SQL_DIALECT), "HIVE");
}

#[test]
fn unknown_dialect_is_rejected_when_set() {
    let err = builtin()
        .set_str("table.sql-dialect", "klingon")
        .map(drop)
        .unwrap_err();
    assert!(
        matches!(err.kind(), ConfigErrorKind::InvalidValue { .. }),
        "{err}"
    );
    assert!(
        err.to_string().contains("use \"default\" or \"hive\""),
        "{err}"
    );
}

#[test]
fn validator_also_runs_on_typed_reads_of_unvalidated_strings() {
    // No catalogue: the string is kept, and the first typed read checks it.
    let mut config = Configuration::new();
    config
        .set_str("sql.local-time-zone", "Mars/Olympus")
        .unwrap();
    let err = config.try_get(&SqlOptions::LOCAL_TIME_ZONE).unwrap_err();
    assert!(err.to_string().contains("not a time zone"), "{err}");
    // `get` falls back to the declared default.
    assert_eq!(config.get(&SqlOptions::LOCAL_TIME_ZONE), "UTC");
}

/// A downstream group the built-in catalogue does not know (read through its handles only).
#[allow(dead_code)]
#[derive(Debug, Options)]
#[options(section = "warehouse", title = "Warehouse Options")]
struct WarehouseOptions {
    /// Connection string, including credentials.
    #[option(key = "warehouse.dsn", sensitive)]
    dsn: Option<Secret<String>>,

    /// Extra driver properties, some of them secret.
    #[option(key = "warehouse.properties", sensitive, default = "")]
    properties: Secret<BTreeMap<String, String>>,
}

#[test]
fn reading_through_a_sensitive_handle_masks_the_entry_from_then_on() {
    let mut config = Configuration::new();
    config
        .set_str("warehouse.dsn", "postgres://u:hunter2@h/db")
        .unwrap();
    assert_eq!(
        config.get(&WarehouseOptions::DSN).map(Secret::into_exposed),
        Some("postgres://u:hunter2@h/db".to_owned())
    );
    assert!(!format!("{config:?}").contains("hunter2"));
    assert_eq!(config.to_display_map()["warehouse.dsn"], "******");
    // Setting it again keeps it masked.
    config
        .set_str("warehouse.dsn", "postgres://u:hunter3@h/db")
        .unwrap();
    assert!(!format!("{config:?}").contains("hunter3"));
}

#[test]
fn errors_of_a_sensitive_option_never_echo_the_value() {
    let mut config = Configuration::new();
    config
        .set_str("warehouse.properties", "user:admin,password")
        .unwrap();
    let err = WarehouseOptions::from_config(&config).unwrap_err();
    let text = err.to_string();
    assert!(!text.contains("admin"), "{text}");
    assert!(text.contains("******"), "{text}");
}

#[test]
fn a_catalogue_that_declares_the_group_masks_before_any_read() {
    let catalogue = options_core::Catalogue::new()
        .with::<WarehouseOptions>()
        .unwrap();
    let mut config = Configuration::with_catalogue(std::sync::Arc::new(catalogue));
    config
        .set_str("warehouse.dsn", "postgres://u:hunter2@h")
        .unwrap();
    assert!(!format!("{config:?}").contains("hunter2"));
}
