//! Seed 000's `TableConfig` examples written with typed Rust handles: `addConfiguration` of a
//! configuration built through `CoreOptions`, `PipelineOptions` and `CheckpointingOptions`, and
//! `setLocalTimeZone` with a typed fixed offset as well as a zone id.

use std::time::Duration;

use jiff::tz::Offset;
use options_core::Configuration;
use options_core::ReadableConfig;
use options_flink::builtin::{CheckpointingOptions, CoreOptions, PipelineOptions};
use options_flink::table_config::ZoneKind;
use options_flink::TableConfig;

#[test]
fn add_configuration_with_typed_handles_is_read_back_through_the_table_config() {
    let mut config = Configuration::new();
    config.set(&CoreOptions::DEFAULT_PARALLELISM, 128).unwrap();
    config
        .set(
            &PipelineOptions::AUTO_WATERMARK_INTERVAL,
            Duration::from_millis(800),
        )
        .unwrap();
    config
        .set(
            &CheckpointingOptions::CHECKPOINTING_INTERVAL,
            Some(Duration::from_secs(30)),
        )
        .unwrap();

    let mut table_config = TableConfig::default();
    table_config.add_configuration(&config).unwrap();

    assert_eq!(table_config.get(&CoreOptions::DEFAULT_PARALLELISM), 128);
    assert_eq!(
        table_config.get(&PipelineOptions::AUTO_WATERMARK_INTERVAL),
        Duration::from_millis(800)
    );
    assert_eq!(
        table_config.get(&CheckpointingOptions::CHECKPOINTING_INTERVAL),
        Some(Duration::from_secs(30))
    );
    let map = table_config.to_map();
    assert_eq!(map["parallelism.default"], "128");
    assert_eq!(map["pipeline.auto-watermark-interval"], "800 ms");
    assert_eq!(map["execution.checkpointing.interval"], "30 s");
}

#[test]
fn an_unset_checkpointing_interval_reads_as_none_and_the_others_as_their_defaults() {
    let table_config = TableConfig::default();
    assert_eq!(table_config.get(&CoreOptions::DEFAULT_PARALLELISM), 1);
    assert_eq!(
        table_config.get(&PipelineOptions::AUTO_WATERMARK_INTERVAL),
        Duration::from_millis(200)
    );
    assert_eq!(
        table_config.get(&CheckpointingOptions::CHECKPOINTING_INTERVAL),
        None
    );
}

#[test]
fn set_local_time_zone_accepts_a_typed_fixed_offset() {
    let mut table_config = TableConfig::default();
    // Flink: config.setLocalTimeZone(ZoneOffset.ofHours(2));
    table_config
        .set_local_time_zone(Offset::constant(2))
        .unwrap();
    let zone = table_config.local_time_zone().unwrap();
    assert_eq!(zone.id(), "GMT+02:00");
    assert_eq!(zone.kind(), ZoneKind::FixedOffset);
    assert_eq!(table_config.to_map()["table.local-time-zone"], "GMT+02:00");

    table_config
        .set_local_time_zone(Offset::constant(0))
        .unwrap();
    assert_eq!(
        table_config.local_time_zone().unwrap().fixed_offset(),
        Some(Offset::UTC)
    );
}

#[test]
fn set_local_time_zone_accepts_a_zone_id_and_rejects_an_unknown_one() {
    let mut table_config = TableConfig::default();
    table_config.set_local_time_zone("Europe/Berlin").unwrap();
    assert_eq!(
        table_config.local_time_zone().unwrap().kind(),
        ZoneKind::Tzdb
    );

    let err = table_config
        .set_local_time_zone("Mars/Olympus")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("table.local-time-zone") && err.contains("Mars/Olympus"),
        "{err}"
    );
    assert_eq!(
        table_config.local_time_zone().unwrap().id(),
        "Europe/Berlin"
    );
}
