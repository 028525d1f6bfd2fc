//! A catalogue's engine: which environment variables are read, how no value shows, and how a
//! group that names its engine gives it to the catalogue. Without an engine, Flink's rules hold.

use options_core::engine::{Engine, EnvRule, SetForms, SqlSet, ValueSpelling};
use options_core::layers::LayeredConfig;
use options_core::{Catalogue, Options, ReadableConfig};
use options_flink::session::{EnvironmentSettings, TableEnvironment};

/// A made-up engine: `ACME_` + the key upper-cased, `NONE` for no value, bare SQL.
const ACME: Engine = Engine {
    name: "Acme",
    site_title: "Acme Options",
    search_example: "buffer_size",
    env: EnvRule::upper_case_keys("ACME_"),
    values: ValueSpelling {
        no_value: "NONE",
        quote_strings: false,
    },
    set: SetForms {
        sql: SqlSet::Bare,
        config_file: None,
        argument: None,
    },
    releases: None,
};

/// Acme's I/O.
#[allow(dead_code)] // the tests read the catalogue, never the snapshot's fields
#[derive(Debug, Options)]
#[options(section = "io", title = "I/O", engine = ACME)]
pub struct AcmeIo {
    /// Bytes buffered per stream.
    #[option(key = "io.buffer_size", default = 4096)]
    pub buffer_size: usize,

    /// Where spill files go.
    #[option(key = "io.spill_dir")]
    pub spill_dir: Option<String>,
}

/// Options of no particular engine.
#[allow(dead_code)] // the tests read the catalogue, never the snapshot's fields
#[derive(Debug, Options)]
#[options(section = "plain", title = "Plain")]
pub struct Plain {
    /// A count.
    #[option(key = "plain.count", default = 1)]
    pub count: i32,
}

#[test]
fn a_catalogue_without_an_engine_is_generic_and_reads_no_variables() {
    let catalogue = std::sync::Arc::new(Catalogue::new().with::<Plain>().unwrap());
    assert_eq!(*catalogue.engine(), Engine::GENERIC);
    let config = LayeredConfig::builder()
        .catalogue(catalogue)
        .env([("FLINK_PLAIN_COUNT", "5"), ("PLAIN_COUNT", "6")])
        .build()
        .unwrap();
    assert_eq!(config.resolved().get_str("plain.count"), None);
    assert!(config.notices().is_empty());
}

#[test]
fn a_catalogue_of_flinks_groups_is_flinks() {
    let catalogue = Catalogue::new()
        .with::<options_flink::builtin::ExecutionOptions>()
        .unwrap();
    assert_eq!(*catalogue.engine(), options_flink::ENGINE);
    assert_eq!(
        *options_flink::builtin::catalogue().engine(),
        options_flink::ENGINE
    );
}

#[test]
fn a_group_that_names_its_engine_gives_it_to_the_catalogue_unless_one_is_set() {
    let adopted = Catalogue::new().with::<AcmeIo>().unwrap();
    assert_eq!(adopted.engine().name, "Acme");
    let chosen = Catalogue::new()
        .with_engine(options_flink::ENGINE)
        .with::<AcmeIo>()
        .unwrap();
    assert_eq!(chosen.engine().name, "Apache Flink");
}

#[test]
fn variables_follow_the_engines_rule_and_only_declared_keys_are_read() {
    let catalogue = std::sync::Arc::new(Catalogue::new().with::<AcmeIo>().unwrap());
    let config = LayeredConfig::builder()
        .catalogue(catalogue)
        .env([
            ("ACME_IO_BUFFER_SIZE", "8192"),
            ("ACME_IO_UNKNOWN", "1"),
            ("FLINK_IO_BUFFER__SIZE", "1"),
        ])
        .build()
        .unwrap();
    assert_eq!(config.get(&AcmeIo::BUFFER_SIZE), 8192);
    // Undeclared variables of a declared-keys rule are not read at all, so nothing to report.
    assert!(config.notices().is_empty(), "{:?}", config.notices());
}

#[test]
fn flinks_rule_still_reads_names_back_and_reports_unknown_ones() {
    let catalogue = Catalogue::new().with_engine(options_flink::ENGINE);
    let catalogue = std::sync::Arc::new(catalogue.with::<Plain>().unwrap());
    let config = LayeredConfig::builder()
        .catalogue(catalogue)
        .env([("FLINK_PLAIN_COUNT", "3"), ("FLINK_PLAIN_COUNTS", "4")])
        .build()
        .unwrap();
    assert_eq!(config.get(&Plain::COUNT), 3);
    assert_eq!(config.notices().len(), 1, "{:?}", config.notices());
}

#[test]
fn sessions_show_no_value_the_engines_way() {
    let catalogue = std::sync::Arc::new(Catalogue::new().with::<AcmeIo>().unwrap());
    let root = LayeredConfig::builder()
        .catalogue(catalogue)
        .build()
        .unwrap();
    let mut env = TableEnvironment::create(EnvironmentSettings::new().with_root(root));
    let (shown, ok) = env.execute_to_string("SET 'io.spill_dir';");
    assert!(ok, "{shown}");
    assert!(
        shown.contains("value:            NONE (default)"),
        "{shown}"
    );
    assert!(shown.contains("default:          NONE"), "{shown}");
}
