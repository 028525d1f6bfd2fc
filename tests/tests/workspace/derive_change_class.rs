//! `change_class`: an engine's own classes, a group's default, an option's override, and what an
//! option without one reaches.

use options_core::{ChangeClass, Reach};
use options_core::{OptionGroup, Options};

/// A PostgreSQL-like engine's classes: the words are its own, the reach is the library's.
pub const POSTMASTER: ChangeClass = ChangeClass {
    id: "postmaster",
    label: "server start",
    summary: "Read when the server starts.",
    reach: Reach::Restart,
};

/// Read again when the server reloads its files.
pub const SIGHUP: ChangeClass = ChangeClass {
    id: "sighup",
    label: "reload",
    summary: "Read again on reload.",
    reach: Reach::Live,
};

/// Server options (read through their handles).
#[allow(dead_code)]
#[derive(Debug, Options)]
#[options(section = "server", title = "Server", change_class = POSTMASTER)]
pub struct ServerOptions {
    /// The port.
    #[option(key = "server.port", default = 5432)]
    pub port: i32,

    /// How long a statement may run.
    #[option(key = "server.statement-timeout", default = 0, change_class = SIGHUP)]
    pub statement_timeout: i64,
}

/// Options without classes.
#[allow(dead_code)]
#[derive(Debug, Options)]
#[options(section = "plain", title = "Plain")]
pub struct PlainOptions {
    /// Changes at once.
    #[option(key = "plain.a", default = 1)]
    pub a: i32,

    /// Only before startup.
    #[option(key = "plain.b", default = 1, startup_only)]
    pub b: i32,
}

#[test]
fn a_group_class_reaches_every_option_without_its_own() {
    let meta = ServerOptions::PORT.meta();
    assert_eq!(meta.change_class.map(|c| c.id), Some("postmaster"));
    assert_eq!(meta.reach(), Reach::Restart);
}

#[test]
fn an_option_class_overrides_its_groups() {
    let meta = ServerOptions::STATEMENT_TIMEOUT.meta();
    assert_eq!(meta.change_class, Some(&SIGHUP));
    assert_eq!(meta.reach(), Reach::Live);
    let ids: Vec<_> = ServerOptions::group()
        .options
        .iter()
        .map(|m| m.change_class.map(|c| c.label))
        .collect();
    assert_eq!(ids, [Some("server start"), Some("reload")]);
}

#[test]
fn without_a_class_startup_only_waits_for_a_restart_and_the_rest_is_live() {
    assert_eq!(PlainOptions::A.meta().change_class, None);
    assert_eq!(PlainOptions::A.meta().reach(), Reach::Live);
    assert_eq!(PlainOptions::B.meta().reach(), Reach::Restart);
}
