//! `SHOW OPTIONS [LIKE 'pattern']` and the full view of one option (`SET 'key';`), as a user sees
//! them: transcripts under `tests/snapshots/session/`.

use crate::session_support::{catalogue, check, run};
use options_core::layers::LayeredConfig;
use options_flink::session::{EnvironmentSettings, TableEnvironment};

/// The test catalogue, over a root holding `-D` arguments.
fn with_arguments(args: &[&str]) -> TableEnvironment {
    let root = LayeredConfig::builder()
        .catalogue(catalogue())
        .args(args.iter().copied())
        .build()
        .unwrap();
    TableEnvironment::create(EnvironmentSettings::new().with_root(root))
}

#[test]
fn show_options_like_names_each_value_s_source() {
    let mut env = with_arguments(&["-Dtable.exec.mini-batch.size=5000"]);
    check(
        "show_options_like",
        &mut env,
        "SET 'table.exec.mini-batch.enabled' = 'true';\nSHOW OPTIONS LIKE '%mini-batch%';",
    );
}

#[test]
fn like_is_case_insensitive_and_underscore_matches_one_character() {
    check(
        "show_options_like_underscore",
        &mut crate::session_support::env(),
        "show options like 'SQL._TATE-TTL';\nSHOW OPTIONS LIKE 'connector.%';",
    );
}

#[test]
fn show_options_lists_every_visible_option_sorted() {
    let mut env = crate::session_support::env();
    let listing = run(&mut env, "SHOW OPTIONS;");
    let keys: Vec<&str> = listing
        .lines()
        .skip(3)
        .filter_map(|l| l.strip_prefix("| "))
        .filter_map(|l| l.split(' ').next())
        .collect();
    let mut sorted = keys.clone();
    sorted.sort_unstable();
    assert_eq!(keys, sorted);
    let visible = env
        .catalogue()
        .options()
        .filter(|(_, m)| !m.hidden)
        .map(|(_, m)| m.key_str())
        .collect::<std::collections::BTreeSet<_>>();
    assert_eq!(keys.len(), visible.len());
    let hidden = env.catalogue().options().find(|(_, m)| m.hidden);
    if let Some((_, meta)) = hidden {
        assert!(
            !keys.contains(&meta.key_str()),
            "{} is hidden",
            meta.key_str()
        );
    }
}

#[test]
fn show_options_masks_secrets() {
    let mut env = crate::session_support::env();
    let listing = run(
        &mut env,
        "SET 'connector.password' = 'hunter2';\nSHOW OPTIONS LIKE '%password%';",
    );
    assert!(!listing.contains("hunter2"), "{listing}");
    let row = listing
        .lines()
        .find(|l| l.starts_with("| connector.password "))
        .unwrap_or_else(|| panic!("no row for connector.password:\n{listing}"));
    assert!(row.contains("| ****** |"), "{listing}");
}

#[test]
fn malformed_show_statements_say_what_to_write() {
    check(
        "error_show",
        &mut crate::session_support::env(),
        "SHOW;\nSHOW TABLES;\nSHOW OPTIONS LIKE;\nSHOW OPTIONS LIKE %mini%;\nSHOW OPTIONS 'x';",
    );
}

#[test]
fn set_key_shows_every_layer_winner_first_and_the_description() {
    let mut env = with_arguments(&["-Dtable.exec.state.ttl=1 h"]);
    check(
        "set_key_full",
        &mut env,
        "SET 'table.exec.state.ttl' = '30 min';\nSET 'table.exec.state.ttl';\nSET 'execution.runtime-mode';",
    );
}

#[test]
fn set_key_shows_declared_constraints_and_relations() {
    check(
        "set_key_constraints",
        // Flink 1.19 still reads the deprecated spelling and option.
        &mut crate::session_support::env_at("1.19"),
        "SET 'table.exec.async-scalar.max-attempts';\nSET 'table.exec.topn-cache-size';\nSET 'table.exec.legacy-transformation-uids';",
    );
}

#[test]
fn set_key_prints_a_dash_for_an_option_without_a_scope_as_show_options_does() {
    let mut env = crate::session_support::env();
    let shown = run(&mut env, "SET 'python.executable';");
    let scope = shown
        .lines()
        .find(|l| l.starts_with("scope:"))
        .unwrap_or_else(|| panic!("no scope line:\n{shown}"));
    assert_eq!(
        scope.split_whitespace().collect::<Vec<_>>(),
        ["scope:", "-"]
    );
    let listing = run(&mut env, "SHOW OPTIONS LIKE 'python.executable';");
    let row = listing
        .lines()
        .find(|l| l.starts_with("| python.executable "))
        .unwrap_or_else(|| panic!("no row:\n{listing}"));
    assert!(row.contains("| -  "), "{listing}");
}
