//! Declared constraints are enforced at every entry, in one message form:
//! `invalid value "0" for table.exec.async-lookup.buffer-capacity: must be at least 1`.
//! Relations (`only_when`) are checked when a catalogue is built.

use options_core::layers::LayeredConfig;
use options_core::{
    Bound, Catalogue, ConfigErrorKind, Configuration, GroupMeta, OptionMeta, ReadableConfig,
    Relation,
};
use options_flink::builtin::optimizer::AggPhaseStrategy;
use options_flink::builtin::{self, ExecutionOptions, OptimizerOptions};
use options_flink::legacy::FlinkSources;
use options_flink::startup::StartupConfig;
use options_flink::TableConfig;

const KEY: &str = "table.exec.async-lookup.buffer-capacity";
const MESSAGE: &str =
    "invalid value \"0\" for table.exec.async-lookup.buffer-capacity: must be at least 1";

#[test]
fn a_typed_set_refuses_a_value_below_min() {
    let mut config = Configuration::new();
    let err = config
        .set(&ExecutionOptions::ASYNC_LOOKUP_BUFFER_CAPACITY, 0)
        .unwrap_err();
    assert_eq!(err.to_string(), MESSAGE);
    assert!(!config.contains(&ExecutionOptions::ASYNC_LOOKUP_BUFFER_CAPACITY));
}

#[test]
fn a_typed_set_on_a_table_config_refuses_it_too() {
    let mut config = TableConfig::default();
    let err = config
        .set(&ExecutionOptions::ASYNC_LOOKUP_BUFFER_CAPACITY, 0)
        .unwrap_err();
    assert_eq!(err.to_string(), MESSAGE);
    assert_eq!(
        config.get(&ExecutionOptions::ASYNC_LOOKUP_BUFFER_CAPACITY),
        100
    );
}

#[test]
fn set_str_refuses_a_value_below_min() {
    let mut config = Configuration::with_catalogue(builtin::catalogue());
    let err = config.set_str(KEY, "0").unwrap_err();
    assert_eq!(err.to_string(), MESSAGE);
    let mut table = TableConfig::default();
    assert_eq!(table.set_str(KEY, "0").unwrap_err().to_string(), MESSAGE);
}

#[test]
fn setting_a_key_again_validates_again() {
    // Every way of setting the key first: by string, by its typed handle, by a string the
    // configuration takes unvalidated (no catalogue) and then copies into a validating one.
    let firsts: [fn(&mut Configuration); 3] = [
        |c| {
            c.set_str(KEY, "7").unwrap();
        },
        |c| {
            c.set(&ExecutionOptions::ASYNC_LOOKUP_BUFFER_CAPACITY, 7)
                .unwrap();
        },
        |c| {
            let mut other = Configuration::new();
            other.set_str(KEY, "7").unwrap();
            c.add_all(&other);
        },
    ];
    for first in firsts {
        let mut config = Configuration::with_catalogue(builtin::catalogue());
        first(&mut config);
        for _ in 0..2 {
            assert_eq!(config.set_str(KEY, "0").unwrap_err().to_string(), MESSAGE);
            assert_eq!(config.get_str(KEY), Some("7"));
        }
        config.set_str(KEY, "8").unwrap();
        config.set_str(KEY, "9").unwrap();
        assert_eq!(
            config.get(&ExecutionOptions::ASYNC_LOOKUP_BUFFER_CAPACITY),
            9
        );
        assert_eq!(config.get_str(KEY), Some("9"));
    }
}

#[test]
fn a_value_at_the_bound_is_accepted() {
    let mut config = Configuration::with_catalogue(builtin::catalogue());
    config.set_str(KEY, "1").unwrap();
    assert_eq!(
        config.get(&ExecutionOptions::ASYNC_LOOKUP_BUFFER_CAPACITY),
        1
    );
}

#[test]
fn one_of_matches_ignoring_case_and_names_the_values() {
    // Seed 001's closed set; Flink 2.0 removed the option, so 1.19 is where it is read.
    let mut config = Configuration::with_catalogue(builtin::catalogue_at(
        options_flink::FLINK_RELEASES.release("1.19").unwrap(),
    ));
    config
        .set_str("table.exec.shuffle-mode", "PIPELINE")
        .unwrap();
    let err = config
        .set_str("table.exec.shuffle-mode", "foo")
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid value \"foo\" for table.exec.shuffle-mode: must be one of ALL_EDGES_BLOCKING, \
         FORWARD_EDGES_PIPELINED, POINTWISE_EDGES_PIPELINED, ALL_EDGES_PIPELINED, batch, pipelined, \
         pipeline"
    );
    let err = config
        .set(&ExecutionOptions::SHUFFLE_MODE, "foo".into())
        .unwrap_err();
    assert!(
        err.to_string().ends_with(
            "must be one of ALL_EDGES_BLOCKING, FORWARD_EDGES_PIPELINED, \
         POINTWISE_EDGES_PIPELINED, ALL_EDGES_PIPELINED, batch, pipelined, pipeline"
        ),
        "{err}"
    );
}

#[test]
fn a_closed_set_that_became_an_enum_names_the_values_of_the_release() {
    // table.optimizer.agg-phase-strategy is a String in Flink 1.19 and an Enum from 1.20 on.
    let mut config = Configuration::with_catalogue(builtin::catalogue());
    config
        .set_str("table.optimizer.agg-phase-strategy", "two_phase")
        .unwrap();
    assert_eq!(
        config.get(&OptimizerOptions::AGG_PHASE_STRATEGY),
        AggPhaseStrategy::TwoPhase
    );
    let err = config
        .set_str("table.optimizer.agg-phase-strategy", "THREE_PHASE")
        .unwrap_err();
    assert!(
        err.to_string().contains("AUTO, ONE_PHASE, TWO_PHASE"),
        "{err}"
    );
}

#[test]
fn a_sql_set_refuses_it() {
    let mut env = options_flink::session::TableEnvironment::create(
        options_flink::session::EnvironmentSettings::new(),
    );
    let (out, ok) = env.execute_to_string(&format!("SET '{KEY}' = '0';"));
    assert!(!ok);
    assert!(out.contains("must be at least 1"), "{out}");
}

#[test]
fn config_yaml_refuses_it_with_its_line() {
    let err = LayeredConfig::builder()
        .catalogue(builtin::catalogue())
        .config_yaml(format!("{KEY}: 0\n"), "conf/config.yaml")
        .build()
        .unwrap_err();
    let text = err.to_string();
    assert!(text.contains("must be at least 1"), "{text}");
    assert!(text.contains("conf/config.yaml"), "{text}");
}

#[test]
fn a_legacy_flink_conf_refuses_it() {
    // Flink 1.20 is the last release that reads flink-conf.yaml.
    let release = options_flink::FLINK_RELEASES.release("1.20").unwrap();
    let err = LayeredConfig::builder()
        .catalogue(builtin::catalogue_at(release))
        .flink_conf_yaml(format!("{KEY}: 0\n"), "conf/flink-conf.yaml")
        .build()
        .unwrap_err();
    let text = err.to_string();
    assert!(text.contains("must be at least 1"), "{text}");
    assert!(text.contains("conf/flink-conf.yaml"), "{text}");
}

#[test]
fn the_environment_refuses_it() {
    let err = LayeredConfig::builder()
        .catalogue(builtin::catalogue())
        .env([("FLINK_TABLE_EXEC_ASYNC__LOOKUP_BUFFER__CAPACITY", "0")])
        .build()
        .unwrap_err();
    assert!(err.to_string().contains(MESSAGE), "{err}");
}

#[test]
fn a_dash_d_argument_refuses_it() {
    let err = LayeredConfig::builder()
        .catalogue(builtin::catalogue())
        .args([format!("-D{KEY}=0")])
        .build()
        .unwrap_err();
    assert!(err.to_string().contains(MESSAGE), "{err}");
}

#[test]
fn add_configuration_refuses_it_and_copies_nothing() {
    let mut incoming = Configuration::new();
    incoming.set_str(KEY, "0").unwrap();
    incoming.set_str("pipeline.name", "job").unwrap();
    let mut table = TableConfig::default();
    let err = table.add_configuration(&incoming).unwrap_err();
    assert!(err.to_string().contains(MESSAGE), "{err}");
    assert_eq!(table.configuration().get_str("pipeline.name"), None);
}

#[test]
fn the_startup_buffer_refuses_it() {
    let startup = StartupConfig::new();
    let err = startup.set(KEY, "0").unwrap_err();
    assert_eq!(err.to_string(), MESSAGE);
}

#[test]
fn a_string_set_without_a_catalogue_is_refused_on_the_typed_read() {
    let mut config = Configuration::new();
    config.set_str(KEY, "0").unwrap();
    let err = config
        .try_get(&ExecutionOptions::ASYNC_LOOKUP_BUFFER_CAPACITY)
        .unwrap_err();
    assert_eq!(err.to_string(), MESSAGE);
}

const RANGE: OptionMeta = {
    let mut m = OptionMeta::new::<std::time::Duration>("t.latency");
    m.constraint.min = Some(Bound::Duration(std::time::Duration::from_millis(1)));
    m.constraint.max = Some(Bound::Duration(std::time::Duration::from_secs(60)));
    m
};

static RANGED: GroupMeta = GroupMeta {
    id: "t",
    title: "T",
    description: "",
    family: "",
    options: &[RANGE],
    releases: None,
};

#[test]
fn duration_bounds_are_written_and_checked_in_the_duration_grammar() {
    let catalogue = std::sync::Arc::new(Catalogue::new().with_group(&RANGED).unwrap());
    let mut config = Configuration::with_catalogue(catalogue);
    assert_eq!(
        config.set_str("t.latency", "0 ms").unwrap_err().to_string(),
        "invalid value \"0 ms\" for t.latency: must be at least 1 ms"
    );
    assert_eq!(
        config
            .set_str("t.latency", "2 min")
            .unwrap_err()
            .to_string(),
        "invalid value \"2 min\" for t.latency: must be at most 1 min"
    );
    config.set_str("t.latency", "1 min").unwrap();
    // Set again, the key takes the path that reuses what its first set resolved: the bounds
    // still hold there, in-line duration parse or not.
    for refused in ["0 ms", "2 min"] {
        assert!(config.set_str("t.latency", refused).is_err(), "{refused}");
        assert_eq!(config.get_str("t.latency"), Some("1 min"));
    }
    config.set_str("t.latency", "30 s").unwrap();
    assert_eq!(config.get_str("t.latency"), Some("30 s"));
}

/// `meta`, having an effect only while `key` has `value`.
const fn only_when(mut meta: OptionMeta, key: &'static str, value: &'static str) -> OptionMeta {
    meta.only_when = Some(Relation { key, value });
    meta
}

const MISSING: OptionMeta = only_when(OptionMeta::new::<i32>("t.size"), "t.enabled", "true");
static DANGLING: GroupMeta = GroupMeta {
    id: "t",
    title: "T",
    description: "",
    family: "",
    options: &[MISSING],
    releases: None,
};

#[test]
fn a_relation_to_an_unknown_key_fails_the_catalogue_naming_both_options() {
    let err = Catalogue::new().with_group(&DANGLING).unwrap_err();
    assert!(matches!(err.kind(), ConfigErrorKind::BrokenRelation { .. }));
    let text = err.to_string();
    assert!(
        text.contains("t.size") && text.contains("t.enabled"),
        "{text}"
    );
}

const ENABLED: OptionMeta = OptionMeta::new::<bool>("t.enabled");
const WRONG_VALUE: OptionMeta = only_when(OptionMeta::new::<i32>("t.size"), "t.enabled", "yes");
static MISTYPED: GroupMeta = GroupMeta {
    id: "t",
    title: "T",
    description: "",
    family: "",
    options: &[ENABLED, WRONG_VALUE],
    releases: None,
};

#[test]
fn a_relation_whose_value_does_not_parse_fails_the_catalogue_naming_both_options() {
    let err = Catalogue::new().with_group(&MISTYPED).unwrap_err();
    let text = err.to_string();
    assert!(
        text.starts_with("option t.size is declared `only_when = \"t.enabled = yes\"`, but t.enabled does not accept that value"),
        "{text}"
    );
}

#[test]
fn the_builtin_catalogue_declares_its_relations() {
    let catalogue = builtin::catalogue();
    let relation = catalogue
        .resolve("table.exec.mini-batch.allow-latency")
        .unwrap()
        .meta
        .only_when
        .unwrap();
    assert_eq!(
        (relation.key, relation.value),
        ("table.exec.mini-batch.enabled", "true")
    );
}

#[test]
fn flink_ports_and_task_slots_are_checked_where_flink_states_a_rule() {
    let mut config =
        options_core::Configuration::with_catalogue(options_flink::builtin::catalogue());
    let slots = config
        .set_str("taskmanager.numberOfTaskSlots", "0")
        .unwrap_err()
        .to_string();
    assert_eq!(
        slots,
        "invalid value \"0\" for taskmanager.numberOfTaskSlots: must be at least 1"
    );
    let port = config
        .set_str("rest.port", "70000")
        .unwrap_err()
        .to_string();
    assert_eq!(
        port,
        "invalid value \"70000\" for rest.port: must be at most 65535"
    );
    config.set_str("jobmanager.rpc.port", "6123").unwrap();
    config
        .set_str("taskmanager.numberOfTaskSlots", "4")
        .unwrap();
}

/// `table.exec.shuffle-mode` takes what Flink 1.19 takes (its four modes, and `batch` and
/// `pipelined` as deprecated aliases), plus seed 001's `pipeline`, in any case; its description
/// says which spelling means what.
#[test]
fn the_shuffle_mode_takes_flink_1_19_spellings_and_the_seeds_alias() {
    const KEY: &str = "table.exec.shuffle-mode";
    let flink = [
        "ALL_EDGES_BLOCKING",
        "FORWARD_EDGES_PIPELINED",
        "POINTWISE_EDGES_PIPELINED",
        "ALL_EDGES_PIPELINED",
        "batch",
        "pipelined",
    ];
    let handle = ExecutionOptions::SHUFFLE_MODE;
    let meta = handle.meta();
    let mut expected: Vec<&str> = flink.to_vec();
    expected.push("pipeline");
    assert_eq!(meta.constraint.one_of, expected.as_slice());
    // Flink 2.0 removed the option: it is read under 1.19 and 1.20.
    let release = options_flink::FLINK_RELEASES.release("1.19").unwrap();
    let mut config = Configuration::with_catalogue(builtin::catalogue_at(release));
    for value in expected {
        for spelling in [
            value.to_owned(),
            value.to_ascii_lowercase(),
            value.to_ascii_uppercase(),
        ] {
            config.set_str(KEY, &spelling).unwrap();
            assert_eq!(config.get(&ExecutionOptions::SHUFFLE_MODE), spelling);
        }
    }
    for wrong in [
        "ALL_EDGES",
        "blocking",
        "pipelines",
        "ALL_EXCHANGES_BLOCKING",
        "",
    ] {
        let err = config.set_str(KEY, wrong).unwrap_err();
        assert!(err.to_string().contains("must be one of"), "{wrong}: {err}");
    }
    let mut env = options_flink::session::TableEnvironment::create(
        options_flink::session::EnvironmentSettings::new().with_release(release),
    );
    let (out, ok) =
        env.execute_to_string("SET 'table.exec.shuffle-mode' = 'pointwise_edges_pipelined';");
    assert!(ok, "{out}");

    // The description names every spelling, says which are deprecated aliases of which, and
    // that `pipeline` is kept from the seed.
    let text = meta.description;
    for value in flink {
        assert!(text.contains(&format!("`{value}`")), "{value}: {text}");
    }
    for alias in [
        "`batch` (deprecated) is `ALL_EDGES_BLOCKING`",
        "`pipelined` (deprecated) is `ALL_EDGES_PIPELINED`",
        "`pipeline`",
    ] {
        assert!(text.contains(alias), "{alias}: {text}");
    }
}
