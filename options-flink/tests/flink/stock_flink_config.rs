//! The `config.yaml` shipped inside each Apache Flink release the built-in catalogue knows
//! (copied to `tests/data/flink-versions/flink-VERSION-default-config.yaml`) loads under its own
//! release with no error and no notice, strictly as well as leniently; the 1.19.3 one's values read
//! back through typed handles with their file positions.

use std::path::Path;
use std::sync::Arc;

use options_core::layers::LayeredConfig;
use options_core::layers::Strictness;
use options_core::yaml::load_config_yaml;
use options_core::{Catalogue, ConfigOption, Configuration, MemorySize, ReadableConfig, Source};
use options_flink::builtin::{
    catalogue_at, ClusterOptions, CoreOptions, JobManagerMemoryOptions, JobManagerOptions,
    JvmLoggingOptions, RestOptions, SchedulerOptions, TaskManagerMemoryOptions, TaskManagerOptions,
};
use options_flink::FLINK_RELEASES;

const STOCK: &str =
    include_str!("../../../tests/data/flink-versions/flink-1.19.3-default-config.yaml");
const PATH: &str = "conf/config.yaml";

/// Each release's stock file and the number of settings in it.
const STOCK_FILES: [(&str, &str, usize); 6] = [
    ("1.19", STOCK, 13),
    (
        "1.20",
        include_str!("../../../tests/data/flink-versions/flink-1.20.5-default-config.yaml"),
        12,
    ),
    (
        "2.0",
        include_str!("../../../tests/data/flink-versions/flink-2.0.2-default-config.yaml"),
        12,
    ),
    (
        "2.1",
        include_str!("../../../tests/data/flink-versions/flink-2.1.3-default-config.yaml"),
        12,
    ),
    (
        "2.2",
        include_str!("../../../tests/data/flink-versions/flink-2.2.1-default-config.yaml"),
        12,
    ),
    (
        "2.3",
        include_str!("../../../tests/data/flink-versions/flink-2.3.0-default-config.yaml"),
        12,
    ),
];

fn at(version: &str) -> Arc<Catalogue> {
    catalogue_at(FLINK_RELEASES.release(version).unwrap())
}

/// `option` reads `expected` from `config`, a value that is not its declared default (so only the
/// file can have given it).
#[track_caller]
fn reads_from_the_file<T: options_core::OptionValue + PartialEq + std::fmt::Debug>(
    config: &LayeredConfig,
    option: &ConfigOption<T>,
    expected: T,
) {
    let default = Configuration::new().get(option);
    assert_ne!(
        default,
        expected,
        "{} = {expected:?} is its default: it cannot show that the file was read",
        option.key()
    );
    assert_eq!(config.get(option), expected, "{}", option.key());
}

#[test]
fn each_release_reads_its_stock_config_yaml_strictly_without_notices() {
    let versions: Vec<&str> = STOCK_FILES.iter().map(|(v, _, _)| *v).collect();
    assert_eq!(versions, FLINK_RELEASES.versions());
    for (version, text, settings) in STOCK_FILES {
        let loaded = load_config_yaml(text, Path::new(PATH), &at(version), Strictness::Strict)
            .unwrap_or_else(|e| panic!("Flink {version}'s stock config.yaml is rejected: {e}"));
        assert!(
            loaded.notices().is_empty(),
            "Flink {version}'s stock config.yaml: notices {:?}",
            loaded.notices()
        );
        assert_eq!(loaded.settings().len(), settings, "Flink {version}");
    }
}

#[test]
fn each_release_builds_a_layered_config_from_its_stock_file_without_notices() {
    for (version, text, _) in STOCK_FILES {
        let config = LayeredConfig::builder()
            .catalogue(at(version))
            .config_yaml(text, PATH)
            .build()
            .unwrap_or_else(|e| panic!("Flink {version}'s stock config.yaml is rejected: {e}"));
        assert!(
            config.notices().is_empty(),
            "Flink {version}: notices {:?}",
            config.notices()
        );
        assert_eq!(config.get(&TaskManagerOptions::NUMBER_OF_TASK_SLOTS), 1);
    }
}

#[test]
fn the_1_19_stock_config_yaml_builds_a_layered_config_without_notices() {
    let config = LayeredConfig::builder()
        .catalogue(at("1.19"))
        .config_yaml(STOCK, PATH)
        .build()
        .unwrap_or_else(|e| panic!("the stock config.yaml is rejected: {e}"));
    assert!(
        config.notices().is_empty(),
        "notices: {:?}",
        config.notices()
    );

    // What the stock file sets that differs from the declared defaults.
    let localhost = Some("localhost".to_owned());
    reads_from_the_file(&config, &JobManagerOptions::RPC_ADDRESS, localhost.clone());
    reads_from_the_file(&config, &JobManagerOptions::BIND_HOST, localhost.clone());
    reads_from_the_file(&config, &TaskManagerOptions::BIND_HOST, localhost.clone());
    reads_from_the_file(&config, &TaskManagerOptions::HOST, localhost.clone());
    reads_from_the_file(&config, &RestOptions::ADDRESS, localhost.clone());
    reads_from_the_file(&config, &RestOptions::BIND_ADDRESS, localhost);
    reads_from_the_file(
        &config,
        &TaskManagerMemoryOptions::PROCESS_SIZE,
        Some(MemorySize::from_mebibytes(1728)),
    );
    reads_from_the_file(
        &config,
        &JobManagerMemoryOptions::PROCESS_SIZE,
        Some(MemorySize::from_mebibytes(1600)),
    );
    assert!(config
        .get(&JvmLoggingOptions::JAVA_OPTS_ALL)
        .is_some_and(|opts| opts.starts_with("--add-exports=java.base/sun.net.util=ALL-UNNAMED")));
    // The rest of the file repeats defaults (slots 1, parallelism 1, port 6123, region): each is
    // still read from the file, at its line.
    for key in [
        "taskmanager.numberOfTaskSlots",
        "parallelism.default",
        "jobmanager.rpc.port",
        "jobmanager.execution.failover-strategy",
    ] {
        let explained = config.explain(key).to_string();
        assert!(
            explained.contains(&format!("set by file {PATH}:")),
            "{explained}"
        );
    }
    // Untouched by the file: the declared default.
    assert_eq!(
        config.get(&ClusterOptions::THREAD_DUMP_STACKTRACE_MAX_DEPTH),
        50
    );
}

/// The stock file with its values changed away from the defaults, keeping its layout: every
/// setting reaches its option.
#[test]
fn every_value_of_the_stock_layout_reaches_its_option() {
    let edited = STOCK
        .replace("numberOfTaskSlots: 1", "numberOfTaskSlots: 4")
        .replace("  default: 1", "  default: 3")
        .replace("port: 6123", "port: 6124")
        .replace("failover-strategy: region", "failover-strategy: full");
    assert_ne!(edited, STOCK);
    let config = LayeredConfig::builder()
        .catalogue(at("1.19"))
        .config_yaml(edited, PATH)
        .build()
        .unwrap_or_else(|e| panic!("the edited config.yaml is rejected: {e}"));
    reads_from_the_file(&config, &TaskManagerOptions::NUMBER_OF_TASK_SLOTS, 4);
    reads_from_the_file(&config, &CoreOptions::DEFAULT_PARALLELISM, 3);
    reads_from_the_file(&config, &JobManagerOptions::RPC_PORT, 6124);
    reads_from_the_file(
        &config,
        &SchedulerOptions::EXECUTION_FAILOVER_STRATEGY,
        "full".to_owned(),
    );
}

#[test]
fn a_value_from_the_stock_file_knows_its_line() {
    let config = LayeredConfig::builder()
        .catalogue(at("1.19"))
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
