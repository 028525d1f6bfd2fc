//! Seed 004's `sql.*` counterparts: `sql.local-time-zone` / `table.local-time-zone` and
//! `sql.state-ttl` / `table.exec.state.ttl` are one setting each, whichever key sets it.

use std::time::Duration;

use crate::session_support::{check, env, run};
use options_core::layers::LayeredConfig;
use options_core::ReadableConfig;
use options_flink::builtin::{ExecutionOptions, SqlOptions, TableOptions};
use options_flink::session::{EnvironmentSettings, TableEnvironment};

#[test]
fn a_time_zone_set_under_either_key_is_seen_through_both() {
    for key in ["sql.local-time-zone", "table.local-time-zone"] {
        let mut env = env();
        run(&mut env, &format!("SET '{key}' = 'America/Los_Angeles';"));
        let config = env.config();
        assert_eq!(
            config.local_time_zone().unwrap().id(),
            "America/Los_Angeles",
            "{key}"
        );
        assert_eq!(
            config.get(&TableOptions::LOCAL_TIME_ZONE),
            "America/Los_Angeles"
        );
        assert_eq!(
            config.get(&SqlOptions::LOCAL_TIME_ZONE),
            "America/Los_Angeles"
        );
        let shown = run(&mut env, "SHOW OPTIONS LIKE '%local-time-zone';");
        assert_eq!(
            shown.matches("| America/Los_Angeles | ").count(),
            2,
            "{shown}"
        );
    }
}

#[test]
fn a_state_ttl_set_under_either_key_is_seen_through_both() {
    for key in ["sql.state-ttl", "table.exec.state.ttl"] {
        let mut env = env();
        run(&mut env, &format!("SET '{key}' = '2 h';"));
        let hours = Duration::from_secs(2 * 3600);
        assert_eq!(env.config().idle_state_retention(), hours, "{key}");
        assert_eq!(env.get(&ExecutionOptions::STATE_TTL), hours);
        assert_eq!(env.get(&SqlOptions::STATE_TTL), hours);
    }
}

#[test]
fn reset_of_either_key_resets_both() {
    let mut env = env();
    run(&mut env, "SET 'sql.state-ttl' = '2 h';");
    assert!(run(&mut env, "RESET 'table.exec.state.ttl';").contains("reset successfully"));
    assert_eq!(env.get(&ExecutionOptions::STATE_TTL), Duration::ZERO);
    run(&mut env, "SET 'table.local-time-zone' = 'UTC';");
    run(&mut env, "RESET 'sql.local-time-zone';");
    assert_eq!(env.get(&TableOptions::LOCAL_TIME_ZONE), "default");
    assert!(env.session_configuration().is_empty());
}

#[test]
fn the_latest_setting_wins_whichever_key_it_used() {
    let root = LayeredConfig::builder()
        .catalogue(options_flink::builtin::catalogue())
        .args(["-Dtable.local-time-zone=Europe/Berlin"])
        .build()
        .unwrap();
    let mut env = TableEnvironment::create(EnvironmentSettings::new().with_root(root));
    assert_eq!(env.get(&SqlOptions::LOCAL_TIME_ZONE), "Europe/Berlin");
    run(&mut env, "SET 'sql.local-time-zone' = 'Asia/Tokyo';");
    assert_eq!(env.config().local_time_zone().unwrap().id(), "Asia/Tokyo");
    run(&mut env, "SET 'table.local-time-zone' = 'GMT+03:00';");
    assert_eq!(env.get(&SqlOptions::LOCAL_TIME_ZONE), "GMT+03:00");
    assert_eq!(env.session_configuration().len(), 1);
}

#[test]
fn transcript_of_the_time_zone_pair() {
    check(
        "counterparts",
        &mut env(),
        "SET 'sql.local-time-zone' = 'America/Los_Angeles';\n\
         SET;\n\
         SHOW OPTIONS LIKE '%local-time-zone';\n\
         RESET 'table.local-time-zone';\n\
         SHOW OPTIONS LIKE '%local-time-zone';",
    );
}
