//! The environment-variable mapping: one variable per key and back, for keys with `.` and `-`.

use options_core::ReadableConfig;
use options_flink::builtin::{self, TaskManagerOptions};
use options_flink::env::{env_settings, env_var_for_key, key_for_env_var};

#[test]
fn dots_become_one_underscore_and_dashes_two() {
    assert_eq!(
        env_var_for_key("table.exec.mini-batch.enabled").as_deref(),
        Some("FLINK_TABLE_EXEC_MINI__BATCH_ENABLED")
    );
    assert_eq!(
        env_var_for_key("parallelism.default").as_deref(),
        Some("FLINK_PARALLELISM_DEFAULT")
    );
    assert_eq!(
        key_for_env_var("FLINK_TABLE_EXEC_MINI__BATCH_ENABLED").as_deref(),
        Some("table.exec.mini-batch.enabled")
    );
}

#[test]
fn keys_that_differ_only_in_dot_or_dash_get_different_variables() {
    let dotted = env_var_for_key("a.b-c").unwrap();
    let dashed = env_var_for_key("a-b.c").unwrap();
    assert_eq!(dotted, "FLINK_A_B__C");
    assert_eq!(dashed, "FLINK_A__B_C");
    assert_ne!(dotted, dashed);
}

#[test]
fn every_built_in_key_round_trips() {
    let catalogue = builtin::catalogue();
    // A pattern key (`metrics.reporter.<name>.interval`) has no variable; its instances do.
    for (_, meta) in catalogue
        .options()
        .filter(|(_, m)| !m.key_str().contains('<'))
    {
        for key in meta.all_keys() {
            // Flink's `$internal.` keys and the old `taskmanager.runtime.fs_timeout` are outside
            // the mappable form.
            let name = key.name();
            if name.starts_with('$') || name.contains('_') {
                assert_eq!(env_var_for_key(name), None, "{name}");
                continue;
            }
            // `env.*` keys would map to `FLINK_ENV_*`, the start scripts' own variables, which are
            // never read as configuration: they have no variable.
            if name.starts_with("env.") {
                assert_eq!(env_var_for_key(name), None, "{name}");
                continue;
            }
            let var = env_var_for_key(key.name())
                .unwrap_or_else(|| panic!("{} has no variable", key.name()));
            // Mixed-case keys (`taskmanager.numberOfTaskSlots`) read back in lower case; the
            // catalogue maps that spelling to the declared one.
            let back = key_for_env_var(&var).unwrap_or_else(|| panic!("{var} reads back"));
            let declared = catalogue.declared_spelling(&back).unwrap_or(&back);
            assert_eq!(declared, key.name(), "{var}");
        }
    }
}

#[test]
fn keys_outside_the_mappable_form_have_no_variable() {
    for key in ["a..b", "a.-b", ".a", "a.", "a_b", "a b", ""] {
        assert_eq!(env_var_for_key(key), None, "{key}");
    }
}

#[test]
fn variables_outside_the_form_are_not_configuration() {
    for var in [
        "FLINK_",
        "FLINK__A",
        "FLINK_A_",
        "FLINK_A___B",
        "FLINK_table_x",
        "PATH",
        "FLINK_HOME",
        "FLINK_CONF_DIR",
        "FLINK_ENV_JAVA_OPTS",
        "FLINK_PROPERTIES",
    ] {
        assert_eq!(key_for_env_var(var), None, "{var}");
    }
}

#[test]
fn env_settings_picks_configuration_variables_in_name_order() {
    let settings = env_settings([
        ("PATH", "/bin"),
        ("FLINK_TABLE_EXEC_STATE_TTL", "1 h"),
        ("FLINK_HOME", "/opt/flink"),
        ("FLINK_PARALLELISM_DEFAULT", "3"),
    ]);
    let pairs: Vec<(&str, &str)> = settings
        .iter()
        .map(|s| (s.key.as_str(), s.value.as_str()))
        .collect();
    assert_eq!(
        pairs,
        [
            ("parallelism.default", "3"),
            ("table.exec.state.ttl", "1 h")
        ]
    );
}

/// Found by the `env_mapping` fuzz target: `env.java.opts.all` and `home` were given variables
/// (`FLINK_ENV_JAVA_OPTS_ALL`, `FLINK_HOME`) that are never read as configuration, so the
/// reference documented a variable that does nothing. Every variable given for a key reads back
/// to that key.
#[test]
fn regression_no_key_is_given_a_variable_that_is_never_read() {
    use options_flink::env::{env_var_for_key, key_for_env_var};
    for key in ["env.java.opts.all", "home", "conf.dir", "properties"] {
        assert_eq!(env_var_for_key(key), None, "{key}");
    }
    for key in [
        "parallelism.default",
        "table.exec.mini-batch.enabled",
        "environment.x",
    ] {
        let var = env_var_for_key(key).unwrap();
        assert_eq!(key_for_env_var(&var).as_deref(), Some(key));
    }
}

#[test]
fn a_mixed_case_key_is_set_by_its_upper_case_variable() {
    use options_core::layers::LayeredConfig;
    assert_eq!(
        env_var_for_key("taskmanager.numberOfTaskSlots").as_deref(),
        Some("FLINK_TASKMANAGER_NUMBEROFTASKSLOTS")
    );
    let config = LayeredConfig::builder()
        .catalogue(builtin::catalogue())
        .env([("FLINK_TASKMANAGER_NUMBEROFTASKSLOTS", "4")])
        .build()
        .unwrap();
    assert!(config.notices().is_empty(), "{:?}", config.notices());
    // The value reaches the option (whose default is 1), under its declared spelling.
    assert_eq!(config.get(&TaskManagerOptions::NUMBER_OF_TASK_SLOTS), 4);
    let explained = config.explain("taskmanager.numberOfTaskSlots");
    assert!(
        format!("{explained}").contains("FLINK_TASKMANAGER_NUMBEROFTASKSLOTS"),
        "{explained}"
    );
}

#[test]
fn a_mixed_case_name_round_trips_up_to_case() {
    // Found by the `env_mapping` fuzz target once mixed-case keys got variables.
    let var = env_var_for_key("FLA2AuLT").unwrap();
    assert_eq!(var, "FLINK_FLA2AULT");
    assert_eq!(key_for_env_var(&var).as_deref(), Some("fla2ault"));
}
