//! Seed 003's path resolution table: `[current-catalog].[current-database].[requested-path]`.

use options_flink::session::{EnvironmentSettings, SessionError, TableEnvironment};

/// The structure of the seed's example: `default_catalog` with `default_database` and `db1`,
/// and `cat1` with `db1`.
fn seed_environment() -> TableEnvironment {
    let mut env = TableEnvironment::create(EnvironmentSettings::new());
    env.register_database("default_catalog", "db1").unwrap();
    env.register_catalog("cat1", "db1").unwrap();
    env
}

#[test]
fn seed_table_resolves_every_requested_path() {
    let env = seed_environment();
    let table = [
        ("tab1", "default_catalog.default_database.tab1"),
        ("db1.tab1", "default_catalog.db1.tab1"),
        ("cat1.db1.tab1", "cat1.db1.tab1"),
    ];
    for (requested, resolved) in table {
        assert_eq!(
            env.qualify(requested).unwrap().to_string(),
            resolved,
            "{requested}"
        );
    }
}

#[test]
fn paths_follow_the_current_catalog_and_database() {
    let mut env = seed_environment();
    env.use_catalog("cat1").unwrap();
    assert_eq!(env.qualify("tab1").unwrap().to_string(), "cat1.db1.tab1");
    assert_eq!(
        env.qualify("db2.tab1").unwrap().to_string(),
        "cat1.db2.tab1"
    );
    env.use_catalog("default_catalog").unwrap();
    env.use_database("db1").unwrap();
    assert_eq!(
        env.qualify("tab1").unwrap().to_string(),
        "default_catalog.db1.tab1"
    );
}

#[test]
fn use_catalog_switches_to_its_default_database() {
    let mut env = seed_environment();
    env.use_catalog("cat1").unwrap();
    assert_eq!(
        (env.current_catalog(), env.current_database()),
        ("cat1", "db1")
    );
}

#[test]
fn builtin_names_come_from_the_settings() {
    let env = TableEnvironment::create(
        EnvironmentSettings::new()
            .with_builtin_catalog_name("main")
            .with_builtin_database_name("public"),
    );
    assert_eq!(env.qualify("t").unwrap().to_string(), "main.public.t");
}

#[test]
fn unknown_catalog_is_an_error_with_a_suggestion() {
    let mut env = seed_environment();
    let err = env.use_catalog("cat2").unwrap_err();
    assert_eq!(
        err.to_string(),
        "catalog \"cat2\" does not exist; did you mean \"cat1\"?"
    );
    assert_eq!(env.current_catalog(), "default_catalog");
}

#[test]
fn unknown_catalog_without_close_names_lists_the_registered_ones() {
    let mut env = seed_environment();
    let err = env.use_catalog("warehouse").unwrap_err();
    assert_eq!(
        err.to_string(),
        "catalog \"warehouse\" does not exist (registered catalogs: cat1, default_catalog)"
    );
}

#[test]
fn unknown_database_is_checked_in_the_current_catalog() {
    let mut env = seed_environment();
    env.use_catalog("cat1").unwrap();
    let err = env.use_database("default_database").unwrap_err();
    assert_eq!(
        err.to_string(),
        "database \"default_database\" does not exist in catalog \"cat1\" (registered databases: db1)"
    );
    assert!(matches!(err, SessionError::UnknownDatabase { .. }));
}

#[test]
fn registering_twice_is_an_error() {
    let mut env = seed_environment();
    assert_eq!(
        env.register_catalog("cat1", "x").unwrap_err().to_string(),
        "catalog \"cat1\" is already registered"
    );
    assert_eq!(
        env.register_database("cat1", "db1")
            .unwrap_err()
            .to_string(),
        "database \"db1\" is already registered in catalog \"cat1\""
    );
}

#[test]
fn malformed_paths_are_errors() {
    let env = seed_environment();
    assert_eq!(
        env.qualify("a..b").unwrap_err().to_string(),
        "invalid object path \"a..b\": every part must be a non-empty name"
    );
    assert_eq!(
        env.qualify("a.b.c.d").unwrap_err().to_string(),
        "invalid object path \"a.b.c.d\": expected object, database.object or catalog.database.object"
    );
}

/// Seed 003's structure plus names that need back-quotes: catalog `my catalog` with database
/// `db.name`, and a database named with a back-quote in it.
fn quoted_environment() -> TableEnvironment {
    let mut env = seed_environment();
    env.register_catalog("my catalog", "db.name").unwrap();
    env.register_database("default_catalog", "odd`name")
        .unwrap();
    env
}

#[test]
fn back_quoted_parts_resolve_like_plain_ones() {
    let env = quoted_environment();
    let table = [
        ("`tab1`", "default_catalog.default_database.tab1"),
        ("`db1`.tab1", "default_catalog.db1.tab1"),
        ("cat1.`db1`.`tab1`", "cat1.db1.tab1"),
        ("`my catalog`.`db.name`.`t`", "`my catalog`.`db.name`.t"),
        ("`odd``name`.t", "default_catalog.`odd``name`.t"),
        ("`a.b`", "default_catalog.default_database.`a.b`"),
    ];
    for (requested, resolved) in table {
        assert_eq!(
            env.qualify(requested).unwrap().to_string(),
            resolved,
            "{requested}"
        );
    }
    let id = env.qualify("`my catalog`.`db.name`.`t`").unwrap();
    assert_eq!(
        (
            id.catalog.as_str(),
            id.database.as_str(),
            id.object.as_str()
        ),
        ("my catalog", "db.name", "t")
    );
}

#[test]
fn malformed_quoted_paths_are_errors() {
    let env = quoted_environment();
    for path in ["`my catalog", "`a`b", "a..b", "``.t", "my catalog.t"] {
        assert!(
            matches!(env.qualify(path), Err(SessionError::InvalidPath { .. })),
            "{path}"
        );
    }
}

#[test]
fn use_takes_back_quoted_names() {
    let mut env = quoted_environment();
    let (out, ok) = env.execute_to_string("USE CATALOG `my catalog`;");
    assert!(ok, "{out}");
    assert_eq!(
        (env.current_catalog(), env.current_database()),
        ("my catalog", "db.name")
    );
    assert_eq!(
        env.qualify("t").unwrap().to_string(),
        "`my catalog`.`db.name`.t"
    );
    let (out, ok) = env.execute_to_string("USE default_catalog.`odd``name`;");
    assert!(ok, "{out}");
    assert_eq!(env.current_database(), "odd`name");
    let (out, ok) = env.execute_to_string("USE `my catalog`.`db.name`;");
    assert!(ok, "{out}");
    assert_eq!(
        (env.current_catalog(), env.current_database()),
        ("my catalog", "db.name")
    );
}
