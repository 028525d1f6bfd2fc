//! A small catalogue for session tests: one option of each kind the statements treat differently.

#![allow(dead_code)]

use std::sync::Arc;

use options_core::{Catalogue, GroupMeta, OptionMeta};
use options_flink::builtin;
use options_flink::session::{EnvironmentSettings, TableEnvironment};

/// A secret, which the built-in catalogue does not have.
const PASSWORD: OptionMeta = {
    let mut m = OptionMeta::new::<Option<String>>("connector.password");
    m.sensitive = true;
    m
};

static SECRETS: GroupMeta = GroupMeta {
    id: "session-test",
    title: "Session test options",
    description: "",
    family: "",
    options: &[PASSWORD],
    releases: None,
};

/// The built-in catalogue plus a sensitive option.
pub fn catalogue() -> Arc<Catalogue> {
    let mut catalogue = (*builtin::catalogue()).clone();
    catalogue.add_group(&SECRETS).unwrap();
    Arc::new(catalogue)
}

/// A streaming environment over the test catalogue, with the seed's catalogs: `default_catalog`
/// (`default_database`, `db1`) and `cat1` (`db1`).
pub fn env() -> TableEnvironment {
    let mut env = TableEnvironment::create(EnvironmentSettings::new().with_catalogue(catalogue()));
    env.register_database("default_catalog", "db1").unwrap();
    env.register_catalog("cat1", "db1").unwrap();
    env
}

/// [`env`] answering for Flink `version` (`1.19`) instead of the newest release.
pub fn env_at(version: &str) -> TableEnvironment {
    let release = options_flink::FLINK_RELEASES.release(version).unwrap();
    let mut env = TableEnvironment::create(
        EnvironmentSettings::new()
            .with_catalogue(catalogue())
            .with_release(release),
    );
    env.register_database("default_catalog", "db1").unwrap();
    env.register_catalog("cat1", "db1").unwrap();
    env
}

/// Runs `input` on `env` and returns what the shell would print.
pub fn run(env: &mut TableEnvironment, input: &str) -> String {
    env.execute_to_string(input).0
}

/// Runs `input` on `env` and compares the input and the output with the snapshot
/// `tests/snapshots/session/<name>.txt`. `BLESS=1` (re)writes it; a missing snapshot is
/// written and the test fails, so every snapshot is reviewed once.
pub fn check(name: &str, env: &mut TableEnvironment, input: &str) {
    let (output, ok) = env.execute_to_string(input);
    let actual = format!(
        "-- input\n{}\n-- output ({})\n{output}",
        input.trim_end(),
        if ok { "ok" } else { "failed" }
    );
    assert_snapshot(name, &actual);
}

/// Compares `actual` with the snapshot `tests/snapshots/session/<name>.txt`.
pub fn assert_snapshot(name: &str, actual: &str) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/session");
    let path = dir.join(format!("{name}.txt"));
    let overwrite = std::env::var_os("BLESS").is_some();
    match std::fs::read_to_string(&path) {
        Ok(expected) if !overwrite => assert_eq!(
            actual,
            expected,
            "\nsnapshot {} differs (BLESS=1 to accept)\n--- actual\n{actual}",
            path.display()
        ),
        existing => {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, actual).unwrap();
            assert!(
                overwrite || existing.is_ok(),
                "snapshot {} was missing and has been written: review it",
                path.display()
            );
        }
    }
}
