//! A group that names its releases: each option's history (`since`, `deprecated`, `removed`,
//! `changed(...)`) shapes what each release's catalogue reads, documents and reports.

use std::sync::Arc;
use std::time::Duration;

use options_core::key_index::KeyRole;
use options_core::ReadableConfig;
use options_core::{
    Catalogue, ConfigEnum, ConfigErrorKind, Configuration, DefaultDoc, KeyStatus, OptionGroup,
    Options, Presence, Releases,
};

/// The releases of a made-up engine.
pub static DEMO_RELEASES: Releases = Releases::new("Demo Engine", &["1.0", "1.1", "2.0"]);

/// How work is balanced.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ConfigEnum)]
pub enum Balance {
    /// Not at all.
    None,
    /// By slots.
    Slots,
    /// By tasks (arrived in 2.0).
    Tasks,
}

/// Options with a history.
#[allow(dead_code)] // the tests read the catalogue, never the snapshot's fields
#[derive(Debug, Options)]
#[options(section = "demo", title = "Demo Options", releases = DEMO_RELEASES)]
pub struct DemoOptions {
    /// Where checkpoints go.
    #[option(key = "demo.checkpoint.dir", since = "1.1", deprecated_keys = ["demo.old-dir"])]
    pub checkpoint_dir: Option<String>,

    /// The old place for checkpoints.
    #[option(key = "demo.old-dir", removed = "1.1: renamed to demo.checkpoint.dir")]
    pub old_dir: Option<String>,

    /// Heap size of a worker.
    #[option(
        key = "demo.heap",
        deprecated = "1.1: use demo.memory",
        removed = "2.0: use demo.memory"
    )]
    pub heap: Option<String>,

    /// How long a heartbeat may be late.
    #[option(
        key = "demo.heartbeat.timeout",
        default = "50 s",
        changed(release = "1.1", value_type = "Long", default = 50000)
    )]
    pub heartbeat_timeout: Duration,

    /// Whether host names are checked.
    #[option(
        key = "demo.verify-hostname",
        default = false,
        changed(release = "2.0", default = true, documented)
    )]
    pub verify_hostname: bool,

    /// How work is balanced.
    #[option(key = "demo.balance", default = "NONE", changed(release = "2.0", values = ["NONE", "SLOTS"]))]
    pub balance: Balance,

    /// Where local state goes.
    #[option(
        key = "demo.local.dir",
        hidden,
        changed(release = "2.0", deprecated_keys = ["demo.local.old-dir"])
    )]
    pub local_dir: Option<String>,
}

fn at(version: &str) -> Arc<Catalogue> {
    let release = DEMO_RELEASES.release(version).unwrap();
    Arc::new(
        Catalogue::for_release(release)
            .with::<DemoOptions>()
            .unwrap(),
    )
}

fn keys(catalogue: &Catalogue) -> Vec<&'static str> {
    catalogue.options().map(|(_, m)| m.key_str()).collect()
}

#[test]
fn each_release_reads_the_options_it_had() {
    assert_eq!(
        keys(&at("1.0")),
        [
            "demo.old-dir",
            "demo.heap",
            "demo.heartbeat.timeout",
            "demo.verify-hostname",
            "demo.balance",
            "demo.local.dir"
        ]
    );
    assert_eq!(
        keys(&at("2.0")),
        [
            "demo.checkpoint.dir",
            "demo.heartbeat.timeout",
            "demo.verify-hostname",
            "demo.balance",
            "demo.local.dir"
        ]
    );
}

#[test]
fn a_catalogue_without_a_release_answers_for_the_newest() {
    let catalogue = Catalogue::new().with::<DemoOptions>().unwrap();
    assert_eq!(catalogue.release().unwrap().version(), "2.0");
    assert_eq!(catalogue.declared_groups().len(), 1);
    assert_eq!(DemoOptions::group().options.len(), 7);
}

#[test]
fn a_renamed_key_is_an_option_before_and_a_deprecated_spelling_after() {
    let old = at("1.0");
    assert!(matches!(old.classify("demo.old-dir"), KeyStatus::Known(r) if r.role == KeyRole::Key));
    let new = at("1.1");
    match new.classify("demo.old-dir") {
        KeyStatus::Known(r) => {
            assert_eq!(r.role, KeyRole::Deprecated);
            assert_eq!(r.meta.key_str(), "demo.checkpoint.dir");
        }
        other => panic!("expected a deprecated spelling, got {other:?}"),
    }
}

#[test]
fn an_option_of_a_later_release_is_an_error_naming_that_release() {
    let err = at("1.0").unknown_key_error("demo.checkpoint.dir");
    assert_eq!(
        err.to_string(),
        "configuration key \"demo.checkpoint.dir\" is not read by Demo Engine 1.0: it was added in 1.1; choose release 1.1 or later to use it"
    );
    let mut config = Configuration::with_catalogue(at("1.0"));
    let err = config.set_str("demo.checkpoint.dir", "/x").unwrap_err();
    assert!(
        matches!(err.kind(), ConfigErrorKind::NotInRelease { .. }),
        "{err}"
    );
}

#[test]
fn a_removed_option_is_an_error_naming_the_release_and_the_replacement() {
    let err = at("2.0").unknown_key_error("demo.heap");
    assert_eq!(
        err.to_string(),
        "configuration key \"demo.heap\" is not read by Demo Engine 2.0: it was removed in 2.0 (use demo.memory)"
    );
    assert!(matches!(
        at("1.1").classify("demo.heap"),
        KeyStatus::Known(_)
    ));
}

#[test]
fn deprecation_applies_from_its_release_on() {
    let meta = |v: &str| at(v).resolve("demo.heap").unwrap().meta.deprecated;
    assert!(!meta("1.0"));
    assert!(meta("1.1"));
}

#[test]
fn types_and_defaults_are_the_releases_own() {
    let old = at("1.0");
    let meta = old.resolve("demo.heartbeat.timeout").unwrap().meta;
    assert_eq!(meta.value_type.name(), "Long");
    assert_eq!(meta.default, DefaultDoc::Value("50000"));
    // 1.0 reads a Long: a duration with a unit is refused there, and accepted from 1.1 on.
    assert!(meta.parse_value("30 s").is_err());
    assert!(meta.parse_value("30000").is_ok());
    let new = at("1.1");
    let meta = new.resolve("demo.heartbeat.timeout").unwrap().meta;
    assert_eq!(meta.value_type.name(), "Duration");
    assert!(meta.parse_value("30 s").is_ok());

    let mut config = Configuration::with_catalogue(old.clone());
    config.set_str("demo.heartbeat.timeout", "30000").unwrap();
    assert_eq!(
        config.get(&DemoOptions::HEARTBEAT_TIMEOUT),
        Duration::from_secs(30)
    );

    let hostname = |v: &str| at(v).resolve("demo.verify-hostname").unwrap().meta.default;
    assert_eq!(hostname("1.1"), DefaultDoc::Value("true"));
    assert_eq!(hostname("2.0"), DefaultDoc::Value("false"));
}

#[test]
fn typed_reads_of_unset_options_give_the_releases_default() {
    let config = |v: &str| Configuration::with_catalogue(at(v));
    assert!(config("1.1").get(&DemoOptions::VERIFY_HOSTNAME));
    assert!(!config("2.0").get(&DemoOptions::VERIFY_HOSTNAME));
    assert!(!Configuration::new().get(&DemoOptions::VERIFY_HOSTNAME));
    let snapshot = DemoOptions::from_config(&config("1.0")).unwrap();
    assert!(snapshot.verify_hostname);
    assert_eq!(snapshot.heartbeat_timeout, Duration::from_secs(50));
}

#[test]
fn enum_values_are_the_releases_own() {
    let old = at("1.1");
    let meta = old.resolve("demo.balance").unwrap().meta;
    assert_eq!(meta.value_type.enum_values, ["NONE", "SLOTS"]);
    assert!(meta.parse_value("slots").is_ok());
    assert!(meta.parse_value("TASKS").is_err());
    let new = at("2.0");
    assert!(new
        .resolve("demo.balance")
        .unwrap()
        .meta
        .parse_value("TASKS")
        .is_ok());
}

#[test]
fn a_dropped_spelling_is_an_error_naming_the_option() {
    assert!(matches!(
        at("1.1").classify("demo.local.old-dir"),
        KeyStatus::Known(r) if r.role == KeyRole::Deprecated
    ));
    let err = at("2.0").unknown_key_error("demo.local.old-dir");
    assert_eq!(
        err.to_string(),
        "configuration key \"demo.local.old-dir\" is not read by Demo Engine 2.0: 2.0 stopped reading it as a spelling of demo.local.dir; write demo.local.dir instead"
    );
}

#[test]
fn documented_status_follows_the_release() {
    let hidden = |v: &str| at(v).resolve("demo.verify-hostname").unwrap().meta.hidden;
    assert!(!hidden("1.1"));
    assert!(!hidden("2.0"));
    let local = |v: &str| at(v).resolve("demo.local.dir").unwrap().meta.hidden;
    assert!(local("2.0"));
}

#[test]
fn presence_of_one_option_at_each_release() {
    let heap = DemoOptions::group()
        .options
        .iter()
        .find(|m| m.key_str() == "demo.heap")
        .unwrap();
    let r = |v| DEMO_RELEASES.release(v).unwrap();
    assert!(matches!(heap.at(r("1.0")), Presence::Present(_)));
    assert!(matches!(heap.at(r("2.0")), Presence::Removed(removal) if removal.release == "2.0"));
    assert!(matches!(heap.at(r("2.0.3")), Presence::Removed(_)));
}

#[test]
fn a_patch_spelling_means_its_release_and_an_unknown_release_lists_them() {
    assert_eq!(DEMO_RELEASES.release("1.1.7").unwrap().version(), "1.1");
    let err = DEMO_RELEASES.release("3.0").unwrap_err();
    assert_eq!(
        err.to_string(),
        "\"3.0\" is not a release of Demo Engine known here; the releases are 1.0, 1.1, 2.0 (a patch release such as 2.0.1 means its release)"
    );
}

/// The made-up engine, carrying its releases.
const DEMO_ENGINE: options_core::engine::Engine = options_core::engine::Engine {
    name: "Demo Engine",
    releases: Some(&DEMO_RELEASES),
    ..options_core::engine::Engine::GENERIC
};

/// Options that name the engine alone.
#[allow(dead_code)] // the test reads the catalogue, never the snapshot's fields
#[derive(Debug, Options)]
#[options(section = "demo-engine", title = "Demo Engine Options", engine = DEMO_ENGINE)]
pub struct DemoEngineOptions {
    /// Arrived in 1.1.
    #[option(key = "demo.engine.threads", default = 4, since = "1.1")]
    pub threads: i32,
}

#[test]
fn a_group_naming_an_engine_follows_the_engines_releases() {
    assert_eq!(DemoEngineOptions::group().releases, Some(&DEMO_RELEASES));
    let release = DEMO_RELEASES.release("1.0").unwrap();
    let old = Catalogue::new()
        .with::<DemoEngineOptions>()
        .unwrap()
        .at_release(release)
        .unwrap();
    assert!(old.resolve("demo.engine.threads").is_none());
}
