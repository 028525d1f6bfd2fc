//! The built-in catalogue as a user meets it: its groups, typed handles with Flink's defaults,
//! lookups by old keys, and suggestions for mistyped keys.

use std::sync::Arc;
use std::time::Duration;

use options_core::key_index::KeyRole;
use options_core::{Catalogue, Configuration, KeyStatus, MemorySize, ReadableConfig, Scope};
use options_flink::builtin::execution::{AsyncOutputMode, UpsertMaterialize};
use options_flink::builtin::runtime::RuntimeMode;
use options_flink::builtin::sql::GlobalScanStartupMode;
use options_flink::builtin::table::ColumnExpansionStrategy;
use options_flink::builtin::{
    self, ExecutionOptions, OptimizerOptions, PythonOptions, RuntimeOptions, SqlOptions,
    TableOptions,
};

fn at(version: &str) -> Arc<Catalogue> {
    builtin::catalogue_at(options_flink::FLINK_RELEASES.release(version).unwrap())
}

#[test]
fn the_table_groups_come_first_in_docs_order() {
    let ids: Vec<_> = builtin::catalogue().groups().iter().map(|g| g.id).collect();
    assert_eq!(
        ids[..6],
        [
            "table",
            "execution",
            "optimizer",
            "python",
            "sql",
            "runtime"
        ]
    );
}

#[test]
fn the_catalogue_is_built_once() {
    assert!(Arc::ptr_eq(&builtin::catalogue(), &builtin::catalogue()));
}

#[test]
fn group_titles_name_the_sections() {
    let titles: Vec<_> = builtin::catalogue()
        .groups()
        .iter()
        .map(|g| g.title)
        .collect();
    assert_eq!(
        titles[..6],
        [
            "Table Options",
            "Execution Options",
            "Optimizer Options",
            "Python Options",
            "SQL Session Options",
            "Runtime Options",
        ]
    );
}

#[test]
fn handles_read_flinks_defaults() {
    let config = Configuration::new();
    assert_eq!(config.get(&TableOptions::LOCAL_TIME_ZONE), "default");
    assert_eq!(config.get(&TableOptions::SQL_DIALECT), "default");
    assert_eq!(config.get(&ExecutionOptions::STATE_TTL), Duration::ZERO);
    assert_eq!(
        config.get(&ExecutionOptions::ASYNC_LOOKUP_TIMEOUT),
        Duration::from_secs(180)
    );
    assert!(!config.get(&ExecutionOptions::MINI_BATCH_ENABLED));
    assert_eq!(
        config.get(&ExecutionOptions::SPILL_COMPRESSION_BLOCK_SIZE),
        MemorySize::from_bytes(64 * 1024)
    );
    assert_eq!(
        config.get(&ExecutionOptions::SINK_UPSERT_MATERIALIZE),
        UpsertMaterialize::Auto
    );
    assert_eq!(
        config.get(&OptimizerOptions::JOIN_BROADCAST_THRESHOLD),
        1_048_576
    );
    assert_eq!(
        config.get(&OptimizerOptions::RUNTIME_FILTER_MIN_FILTER_RATIO),
        0.5
    );
    assert_eq!(config.get(&PythonOptions::EXECUTABLE), "python");
    assert_eq!(config.get(&SqlOptions::LOCAL_TIME_ZONE), "UTC");
    assert_eq!(config.get(&SqlOptions::TABLES_SCAN_STARTUP_MODE), None);
    assert_eq!(
        config.get(&RuntimeOptions::RUNTIME_MODE),
        RuntimeMode::Streaming
    );
    assert_eq!(config.get(&RuntimeOptions::PARALLELISM_DEFAULT), 1);
}

#[test]
fn an_empty_list_default_reads_as_no_items() {
    let config = Configuration::new();
    assert_eq!(
        config.get(&TableOptions::COLUMN_EXPANSION_STRATEGY),
        Vec::new()
    );
}

#[test]
fn the_download_dir_defaults_to_the_temp_dir_and_documents_javas_property() {
    let config = Configuration::new();
    let dir = config.get(&TableOptions::RESOURCES_DOWNLOAD_DIR);
    assert_eq!(dir, std::env::temp_dir().to_string_lossy());
    assert_eq!(
        TableOptions::RESOURCES_DOWNLOAD_DIR.meta().default,
        options_core::DefaultDoc::Override("System.getProperty(\"java.io.tmpdir\")")
    );
}

#[test]
fn values_set_as_strings_are_read_typed() {
    let mut config = Configuration::with_catalogue(builtin::catalogue());
    config
        .set_str("table.exec.async-lookup.output-mode", "allow_unordered")
        .unwrap();
    config
        .set_str("sql.tables.scan.startup.mode", "EARLIEST-OFFSET")
        .unwrap();
    config
        .set_str(
            "table.column-expansion-strategy",
            "EXCLUDE_ALIASED_VIRTUAL_METADATA_COLUMNS;EXCLUDE_DEFAULT_VIRTUAL_METADATA_COLUMNS",
        )
        .unwrap();
    assert_eq!(
        config.get(&ExecutionOptions::ASYNC_LOOKUP_OUTPUT_MODE),
        AsyncOutputMode::AllowUnordered
    );
    assert_eq!(
        config.get(&SqlOptions::TABLES_SCAN_STARTUP_MODE),
        Some(GlobalScanStartupMode::EarliestOffset)
    );
    assert_eq!(
        config.get(&TableOptions::COLUMN_EXPANSION_STRATEGY),
        [
            ColumnExpansionStrategy::ExcludeAliasedVirtualMetadataColumns,
            ColumnExpansionStrategy::ExcludeDefaultVirtualMetadataColumns,
        ]
    );
}

#[test]
fn a_bad_enum_value_names_the_possible_values() {
    let mut config = Configuration::with_catalogue(builtin::catalogue());
    let err = config
        .set_str("execution.runtime-mode", "stream")
        .map(drop)
        .unwrap_err();
    let text = err.to_string();
    assert!(text.contains("execution.runtime-mode"), "{text}");
    assert!(text.contains("STREAMING, BATCH, AUTOMATIC"), "{text}");
}

#[test]
fn a_deprecated_key_resolves_to_its_replacement() {
    // Flink 1.19 reads the old spelling; 2.0 stopped.
    let resolved = at("1.19").resolve("table.exec.topn-cache-size").unwrap();
    assert_eq!(resolved.meta.key_str(), "table.exec.rank.topn-cache-size");
    assert_eq!(resolved.group.id, "execution");
    assert_eq!(resolved.role, KeyRole::Deprecated);
}

#[test]
fn a_value_under_a_deprecated_key_is_read_by_the_new_handle() {
    let mut config = Configuration::with_catalogue(at("1.19"));
    config
        .set_str("table.optimizer.sql-to-rel.project.merge.enabled", "true")
        .unwrap();
    assert!(config.get(&OptimizerOptions::SQL2REL_PROJECT_MERGE_ENABLED));
    // Set again under the same spelling: still that option's value, still validated.
    config
        .set_str("table.optimizer.sql-to-rel.project.merge.enabled", "false")
        .unwrap();
    assert!(!config.get(&OptimizerOptions::SQL2REL_PROJECT_MERGE_ENABLED));
    let err = config
        .set_str("table.optimizer.sql-to-rel.project.merge.enabled", "yes")
        .unwrap_err();
    assert!(err
        .to_string()
        .starts_with("invalid value \"yes\" for table.optimizer.sql-to-rel.project.merge.enabled"));
}

#[test]
fn the_runtime_mode_is_startup_only_and_has_no_scope() {
    let meta = RuntimeOptions::RUNTIME_MODE.meta();
    assert!(meta.startup_only);
    assert_eq!(meta.scope, Scope::None);
    assert_eq!(
        meta.value_type.enum_values,
        ["STREAMING", "BATCH", "AUTOMATIC"]
    );
}

#[test]
fn the_scan_modes_use_the_connector_spelling() {
    let catalogue = builtin::catalogue();
    let startup = catalogue
        .resolve("sql.tables.scan.startup.mode")
        .unwrap()
        .meta;
    let bounded = catalogue
        .resolve("sql.tables.scan.bounded.mode")
        .unwrap()
        .meta;
    assert_eq!(
        startup.value_type.enum_values,
        [
            "earliest-offset",
            "latest-offset",
            "group-offsets",
            "timestamp",
            "specific-offsets"
        ]
    );
    assert_eq!(
        bounded.value_type.enum_values,
        [
            "latest-offset",
            "group-offsets",
            "timestamp",
            "specific-offsets",
            "unbounded"
        ]
    );
}

#[test]
fn snapshots_read_every_option_at_once() {
    let mut config = Configuration::with_catalogue(builtin::catalogue());
    config
        .set_str("table.exec.mini-batch.enabled", "true")
        .unwrap();
    config
        .set_str("table.exec.mini-batch.allow-latency", "5 s")
        .unwrap();
    config
        .set_str("table.exec.mini-batch.size", "5000")
        .unwrap();
    let options = ExecutionOptions::from_config(&config).unwrap();
    assert!(options.mini_batch_enabled);
    assert_eq!(options.mini_batch_allow_latency, Duration::from_secs(5));
    assert_eq!(options.mini_batch_size, 5000);
    assert_eq!(
        ExecutionOptions::from_config(&Configuration::new()).unwrap(),
        ExecutionOptions::default()
    );
}

#[test]
fn a_mistyped_key_suggests_the_real_one() {
    assert_eq!(
        builtin::catalogue().suggest("table.exec.mini-batch.enabeld"),
        ["table.exec.mini-batch.enabled"]
    );
}

#[test]
fn a_partial_key_suggests_the_keys_under_it() {
    assert_eq!(
        builtin::catalogue().suggest("table.exec.mini-batch"),
        [
            "table.exec.mini-batch.size",
            "table.exec.mini-batch.enabled",
            "table.exec.mini-batch.allow-latency",
        ]
    );
}

#[test]
fn common_slips_suggest_the_intended_key() {
    let catalogue = builtin::catalogue();
    for (typed, meant) in [
        ("table.local-timezone", "table.local-time-zone"),
        ("table.exec.state-ttl", "table.exec.state.ttl"),
        ("sql.state.ttl", "sql.state-ttl"),
        ("execution.runtime.mode", "execution.runtime-mode"),
        ("parallelism", "parallelism.default"),
        ("mini-batch.size", "table.exec.mini-batch.size"),
        (
            "table.optimizer.join-reorder",
            "table.optimizer.join-reorder-enabled",
        ),
        (
            "table.exec.resource.default-paralelism",
            "table.exec.resource.default-parallelism",
        ),
    ] {
        assert_eq!(
            catalogue.suggest(typed).first().copied(),
            Some(meant),
            "for {typed}"
        );
    }
}

#[test]
fn a_group_word_alone_suggests_nothing() {
    assert!(builtin::catalogue().suggest("table").is_empty());
    assert!(builtin::catalogue().suggest("python").is_empty());
}

#[test]
fn the_unknown_key_error_for_a_typo_is_a_full_sentence() {
    let err = builtin::catalogue().unknown_key_error("table.exec.mini-batch.enabeld");
    assert_eq!(
        err.to_string(),
        "unknown configuration key \"table.exec.mini-batch.enabeld\"; \
         did you mean \"table.exec.mini-batch.enabled\"?"
    );
}

#[test]
fn connector_options_are_free_form_once_allowed() {
    let mut catalogue = (*builtin::catalogue()).clone();
    assert!(matches!(
        catalogue.classify("connector.kafka.topic"),
        KeyStatus::Unknown { .. }
    ));
    catalogue.allow_prefix("connector.");
    assert!(matches!(
        catalogue.classify("connector.kafka.topic"),
        KeyStatus::FreeForm
    ));
    assert!(matches!(
        catalogue.classify("table.dml-sync"),
        KeyStatus::Known(r) if r.group.id == "table"
    ));
}

#[test]
fn a_broad_partial_key_gets_at_most_five_keys_under_it() {
    let suggestions = builtin::catalogue().suggest("table.exec.sink");
    assert_eq!(suggestions.len(), 5);
    assert!(
        suggestions
            .iter()
            .all(|k| k.starts_with("table.exec.sink.")),
        "{suggestions:?}"
    );
}

/// String, list and map defaults are kept as their config text and parsed on each read
/// (`DefaultValue::Text`): every declared default text must parse (and pass its option's rules),
/// or reading the default would panic.
#[test]
fn every_declared_default_parses_as_its_option_in_every_release() {
    for release in options_flink::FLINK_RELEASES.iter() {
        let mut checked = 0;
        for (_, meta) in builtin::catalogue_at(release).options() {
            if let options_core::DefaultDoc::Value(text) = meta.default {
                assert!(
                    meta.parse_value(text).is_ok(),
                    "{}: default {text:?} does not parse under {release}",
                    meta.key_str()
                );
                checked += 1;
            }
        }
        assert!(
            checked > 500,
            "only {checked} defaults checked under {release}"
        );
    }
}

#[test]
fn every_built_in_option_declares_one_of_flinks_change_classes() {
    use options_flink::engine::change::CLASSES;
    let catalogue = builtin::catalogue();
    let missing: Vec<&str> = catalogue
        .groups()
        .iter()
        .flat_map(|g| g.options.iter())
        .filter(|m| !m.change_class.is_some_and(|c| CLASSES.contains(&c)))
        .map(|m| m.key_str())
        .collect();
    assert!(
        missing.is_empty(),
        "without a Flink change class: {missing:?}"
    );
}

#[test]
fn where_flink_reads_an_option_decides_its_change_class() {
    use options_core::Reach;
    let catalogue = builtin::catalogue();
    let reach = |key: &str| catalogue.resolve(key).unwrap().meta.reach();
    let class = |key: &str| {
        catalogue
            .resolve(key)
            .unwrap()
            .meta
            .change_class
            .unwrap()
            .id
    };
    // Processes: read when the JobManager and TaskManagers start.
    assert_eq!(class("jobmanager.memory.process.size"), "cluster-start");
    assert_eq!(class("kubernetes.container.image.ref"), "cluster-start");
    assert_eq!(reach("high-availability.type"), Reach::Restart);
    // The job's own configuration: read when it is submitted.
    assert_eq!(class("execution.checkpointing.interval"), "job-submission");
    assert_eq!(class("table.exec.mini-batch.enabled"), "job-submission");
    assert_eq!(class("parallelism.default"), "job-submission");
    assert_eq!(reach("state.backend.type"), Reach::NextRun);
    // The one option the adaptive scheduler applies to a running job.
    assert_eq!(
        reach("pipeline.jobvertex-parallelism-overrides"),
        Reach::Rescale
    );
}
