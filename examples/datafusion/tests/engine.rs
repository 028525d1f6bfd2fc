//! DataFusion's engine rules at run time: its environment variables and its sessions.

use options_core::layers::LayeredConfig;
use options_core::ReadableConfig;
use options_core::Source;
use options_flink::session::{EnvironmentSettings, TableEnvironment};

use example_datafusion::{catalogue, ExecutionOptions};

#[test]
fn batch_size_is_read_from_datafusion_execution_batch_size() {
    let config = LayeredConfig::builder()
        .catalogue(catalogue())
        .env([
            ("DATAFUSION_EXECUTION_BATCH_SIZE", "1024"),
            // Flink's spelling of the same key means nothing to DataFusion.
            ("FLINK_DATAFUSION_EXECUTION_TARGET__PARTITIONS", "7"),
            ("HOME", "/root"),
        ])
        .build()
        .unwrap();
    assert_eq!(config.get(&ExecutionOptions::BATCH_SIZE), 1024);
    assert_eq!(config.get(&ExecutionOptions::TARGET_PARTITIONS), 0);
    let explained = config.explain("datafusion.execution.batch_size");
    assert_eq!(
        explained.winner().map(|w| w.source.clone()),
        Some(Source::Env {
            var: "DATAFUSION_EXECUTION_BATCH_SIZE".into()
        })
    );
    assert!(config.notices().is_empty(), "{:?}", config.notices());
}

#[test]
fn a_bad_variable_is_refused_with_its_name() {
    let error = LayeredConfig::builder()
        .catalogue(catalogue())
        .env([("DATAFUSION_EXECUTION_BATCH_SIZE", "0")])
        .build()
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "environment variable DATAFUSION_EXECUTION_BATCH_SIZE: invalid value \"0\" for datafusion.execution.batch_size: must be at least 1"
    );
}

#[test]
fn a_session_shows_no_value_as_null_and_suggests_keys() {
    let root = LayeredConfig::builder()
        .catalogue(catalogue())
        .build()
        .unwrap();
    let mut env = TableEnvironment::create(EnvironmentSettings::new().with_root(root));
    let (shown, ok) = env.execute_to_string("SHOW OPTIONS LIKE '%.time_zone';");
    assert!(ok, "{shown}");
    assert!(shown.contains("| NULL "), "{shown}");
    let (typo, ok) = env.execute_to_string("SET 'datafusion.execution.batch_sise' = '1024';");
    assert!(!ok);
    assert!(
        typo.contains("did you mean \"datafusion.execution.batch_size\"?"),
        "{typo}"
    );
}

#[test]
fn statements_take_datafusions_own_form_too() {
    use example_datafusion::{enums::Dialect, SqlParserOptions};
    let root = LayeredConfig::builder()
        .catalogue(catalogue())
        .build()
        .unwrap();
    let mut env = TableEnvironment::create(EnvironmentSettings::new().with_root(root));
    // As the pages write it: key and value without quotes; words read lower-cased.
    let (out, ok) = env.execute_to_string(
        "SET datafusion.execution.batch_size = 1024; SET datafusion.sql_parser.dialect = PostgreSQL;",
    );
    assert!(ok, "{out}");
    assert_eq!(env.get(&ExecutionOptions::BATCH_SIZE), 1024);
    assert_eq!(env.get(&SqlParserOptions::DIALECT), Dialect::PostgreSql);
    let (out, ok) = env.execute_to_string("RESET datafusion.execution.batch_size;");
    assert!(ok, "{out}");
    assert_eq!(env.get(&ExecutionOptions::BATCH_SIZE), 8192);
}

#[test]
fn an_option_field_with_a_default_reads_some_default_and_one_without_reads_none() {
    let defaults = example_datafusion::ParquetOptions::default();
    assert_eq!(defaults.metadata_size_hint, Some(524288));
    assert_eq!(defaults.compression.as_deref(), Some("zstd(3)"));
    assert_eq!(defaults.max_predicate_cache_size, None);
    let mut config = example_datafusion::configuration();
    config
        .set_str("datafusion.execution.parquet.metadata_size_hint", "1048576")
        .unwrap();
    let read = example_datafusion::ParquetOptions::from_config(&config).unwrap();
    assert_eq!(read.metadata_size_hint, Some(1048576));
}
