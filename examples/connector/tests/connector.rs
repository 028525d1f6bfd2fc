//! Reading the connector's options: one at a time through handles, and as snapshots.

use std::time::Duration;

use example_connector::{
    configuration, Compression, ConnectionOptions, ConnectorSettings, SourceOptions, StartupMode,
};
use options_core::{ConfigError, MemorySize, OptionGroup, ReadableConfig, Secret};

#[test]
fn unset_options_read_their_declared_defaults() {
    let config = configuration();
    assert_eq!(
        config.get(&ConnectionOptions::ENDPOINTS),
        ["localhost:9092"]
    );
    assert_eq!(
        config.get(&ConnectionOptions::CONNECT_TIMEOUT),
        Duration::from_secs(10)
    );
    assert_eq!(
        config.get(&ConnectionOptions::REQUEST_TIMEOUT),
        Duration::from_secs(30)
    );
    assert_eq!(config.get(&ConnectionOptions::TOKEN), None);
    assert_eq!(
        config.get(&ConnectionOptions::COMPRESSION),
        Compression::Lz4
    );
    assert_eq!(
        config.get(&ConnectionOptions::MAX_BATCH_SIZE),
        MemorySize::from_bytes(1 << 20)
    );
    assert_eq!(
        config.get(&SourceOptions::STARTUP_MODE),
        StartupMode::GroupOffsets
    );
    assert_eq!(config.get(&SourceOptions::TOPICS), None);
}

#[test]
fn handles_read_values_set_as_strings() {
    let mut config = configuration();
    config
        .set_str("connector.endpoints", "broker-1:9092;broker-2:9092")
        .unwrap()
        .set_str("connector.compression", "zstd")
        .unwrap()
        .set_str("connector.source.topics", "orders;payments")
        .unwrap();
    assert_eq!(
        config.get(&ConnectionOptions::ENDPOINTS),
        ["broker-1:9092", "broker-2:9092"]
    );
    assert_eq!(
        config.get(&ConnectionOptions::COMPRESSION),
        Compression::Zstandard
    );
    assert_eq!(
        config.get(&SourceOptions::TOPICS),
        Some(vec!["orders".to_owned(), "payments".to_owned()])
    );
}

#[test]
fn deprecated_and_fallback_keys_are_still_read() {
    let mut config = configuration();
    config.set_str("connector.timeout", "2 min").unwrap();
    config.set_str("connector.commit", "false").unwrap();
    assert_eq!(
        config.get(&ConnectionOptions::REQUEST_TIMEOUT),
        Duration::from_secs(120)
    );
    assert!(!config.get(&SourceOptions::COMMIT_OFFSETS));
}

#[test]
fn the_token_is_masked_when_shown() {
    let mut config = configuration();
    config
        .set(
            &ConnectionOptions::TOKEN,
            Some(Secret::new("s3cr3t".to_owned())),
        )
        .unwrap();
    let token = config.get(&ConnectionOptions::TOKEN).unwrap();
    assert_eq!(token.expose(), "s3cr3t");
    assert_eq!(format!("{token:?} {token}"), "****** ******");
    let shown = config.to_display_map();
    assert_eq!(shown["connector.auth.token"], "******");
}

#[test]
fn a_bad_value_is_rejected_when_set() {
    let mut config = configuration();
    let err = config
        .set_str("connector.connect-timeout", "ten seconds")
        .unwrap_err();
    assert_eq!(err.key(), "connector.connect-timeout");
}

#[test]
fn snapshot_reads_both_groups() {
    let mut config = configuration();
    config.set(&SourceOptions::POLL_RECORDS, 50).unwrap();
    let settings = ConnectorSettings::from_config(&config).unwrap();
    assert_eq!(settings.connection, ConnectionOptions::default());
    assert_eq!(settings.source.poll_records, 50);
    assert_eq!(settings.source.startup_mode, StartupMode::GroupOffsets);
}

#[test]
fn snapshot_reports_bad_values_of_both_groups_together() {
    // Without the catalogue, strings are stored unchecked and only fail when read.
    let mut config = options_core::Configuration::new();
    config.set_str("connector.compression", "brotli").unwrap();
    config
        .set_str("connector.source.poll-records", "lots")
        .unwrap();
    let errors = ConnectorSettings::from_config(&config).unwrap_err();
    let keys: Vec<_> = errors.errors().iter().map(ConfigError::key).collect();
    assert_eq!(
        keys,
        ["connector.compression", "connector.source.poll-records"]
    );
}

#[test]
fn groups_describe_themselves_for_the_docs() {
    let group = ConnectionOptions::group();
    assert_eq!(group.id, "connector");
    // Every option of every release: the removed `connector.batching` too.
    assert_eq!(group.options.len(), 8);
    let token = group
        .options
        .iter()
        .find(|m| m.key_str() == "connector.auth.token")
        .unwrap();
    assert!(token.is_sensitive());
    assert_eq!(
        group.description,
        "How the connector reaches the message queue.\n\nEvery request uses these settings; change them per job in the job's configuration."
    );
}

#[test]
fn declared_bounds_refuse_values_outside_them() {
    let mut config = configuration();
    let err = config
        .set_str("connector.connect-timeout", "20 min")
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid value \"20 min\" for connector.connect-timeout: must be at most 10 min"
    );
    let err = config.set(&SourceOptions::POLL_RECORDS, 0).unwrap_err();
    assert!(err.to_string().ends_with("must be at least 1"), "{err}");
}

#[test]
fn each_release_of_the_connector_reads_its_own_options() {
    let old = example_connector::catalogue_at("0.1").unwrap();
    let mut config = options_core::Configuration::with_catalogue(old);
    // 0.1 batches on request and knows no ZSTD.
    config.set_str("connector.batching", "false").unwrap();
    assert!(config.set_str("connector.compression", "zstd").is_err());
    let err = config.set_str("connector.retries", "5").unwrap_err();
    assert_eq!(
        err.to_string(),
        "configuration key \"connector.retries\" is not read by Example Connector 0.1: it was added in 1.0; choose release 1.0 or later to use it"
    );
    assert_eq!(
        config.get(&example_connector::ConnectionOptions::REQUEST_TIMEOUT),
        std::time::Duration::from_secs(60)
    );

    let mut config = example_connector::configuration();
    let err = config.set_str("connector.batching", "false").unwrap_err();
    assert!(
        err.to_string()
            .contains("it was removed in 1.0 (use connector.max-batch-size)"),
        "{err}"
    );
    assert_eq!(
        config.get(&example_connector::ConnectionOptions::REQUEST_TIMEOUT),
        std::time::Duration::from_secs(30)
    );
}
