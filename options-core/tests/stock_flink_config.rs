//! The `config.yaml` shipped inside Apache Flink 1.19.3 (copied to
//! `tests/data/flink-1.19.3-default-config.yaml`) loads against the built-in catalogue with no
//! error and no notice, strictly as well as leniently, and its values read back through typed
//! handles with their file positions.

use std::path::Path;

use options_core::builtin::{
    self, ClusterOptions, CoreOptions, JobManagerMemoryOptions, JobManagerOptions,
    JvmLoggingOptions, RestOptions, SchedulerOptions, TaskManagerMemoryOptions, TaskManagerOptions,
};
use options_core::layers::LayeredConfig;
use options_core::yaml::load_config_yaml;
use options_core::{MemorySize, ReadableConfig, Source, Strictness};

const STOCK: &str = include_str!("../../tests/data/flink-1.19.3-default-config.yaml");
const PATH: &str = "conf/config.yaml";

#[test]
fn the_stock_config_yaml_loads_strictly_without_notices() {
    let loaded = load_config_yaml(
        STOCK,
        Path::new(PATH),
        &builtin::catalogue(),
        Strictness::Strict,
    )
    .unwrap_or_else(|e| panic!("the stock config.yaml is rejected: {e}"));
    assert!(
        loaded.notices().is_empty(),
        "notices: {:?}",
        loaded.notices()
    );
    assert_eq!(loaded.settings().len(), 13);
}

#[test]
fn the_stock_config_yaml_builds_a_layered_config_without_notices() {
    let config = LayeredConfig::builder()
        .catalogue(builtin::catalogue())
        .config_yaml(STOCK, PATH)
        .build()
        .unwrap_or_else(|e| panic!("the stock config.yaml is rejected: {e}"));
    assert!(
        config.notices().is_empty(),
        "notices: {:?}",
        config.notices()
    );

    assert_eq!(config.get(&TaskManagerOptions::NUMBER_OF_TASK_SLOTS), 1);
    assert_eq!(config.get(&CoreOptions::DEFAULT_PARALLELISM), 1);
    assert_eq!(
        config.get(&JobManagerOptions::RPC_ADDRESS).as_deref(),
        Some("localhost")
    );
    assert_eq!(config.get(&JobManagerOptions::RPC_PORT), 6123);
    assert_eq!(
        config.get(&TaskManagerMemoryOptions::PROCESS_SIZE),
        Some(MemorySize::from_mebibytes(1728))
    );
    assert_eq!(
        config.get(&JobManagerMemoryOptions::PROCESS_SIZE),
        Some(MemorySize::from_mebibytes(1600))
    );
    assert_eq!(
        config.get(&SchedulerOptions::EXECUTION_FAILOVER_STRATEGY),
        "region"
    );
    assert_eq!(
        config.get(&RestOptions::BIND_ADDRESS).as_deref(),
        Some("localhost")
    );
    assert!(config
        .get(&JvmLoggingOptions::JAVA_OPTS_ALL)
        .is_some_and(|opts| opts.starts_with("--add-exports=java.base/sun.net.util=ALL-UNNAMED")));
    // Untouched by the file: the declared default.
    assert_eq!(
        config.get(&ClusterOptions::THREAD_DUMP_STACKTRACE_MAX_DEPTH),
        50
    );
}

#[test]
fn a_value_from_the_stock_file_knows_its_line() {
    let config = LayeredConfig::builder()
        .catalogue(builtin::catalogue())
        .config_yaml(STOCK, PATH)
        .build()
        .unwrap();
    let entry = config
        .lookup(TaskManagerOptions::NUMBER_OF_TASK_SLOTS.meta())
        .expect("taskmanager.numberOfTaskSlots is set by the file");
    let Source::File { line, .. } = entry.source() else {
        panic!("expected a file source, got {:?}", entry.source());
    };
    let text_line = STOCK.lines().nth(*line as usize - 1).unwrap();
    assert!(
        text_line.trim_start().starts_with("numberOfTaskSlots: 1"),
        "{text_line}"
    );
}
