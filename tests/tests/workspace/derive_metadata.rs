//! `#[derive(Options)]`: the generated metadata, defaults, snapshot and handles are what the
//! declaration says.

use std::collections::BTreeMap;
use std::time::Duration;

use options_core::ReadableConfig;
use options_core::{
    ConfigEnum, ConfigError, Configuration, DefaultDoc, MemorySize, OptionGroup, Options, Scope,
    Secret, ValueKind,
};

/// How a sink treats the primary key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ConfigEnum)]
pub enum KeyMode {
    /// Checks nothing.
    None,
    /// Drops rows with a null key.
    Drop,
    /// Fails on everything.
    AllEnforced,
    /// Renamed.
    #[config(name = "legacy")]
    Old,
}

/// Options of a sample group.
///
/// Used only by these tests.
#[derive(Debug, Options)]
#[options(section = "sample", title = "Sample Options")]
pub struct SampleOptions {
    /// Maximum number of lookups in flight.
    #[option(
        key = "sample.buffer-capacity",
        default = 100,
        scope = "batch, streaming"
    )]
    pub buffer_capacity: i32,

    /// How long a lookup may take.
    ///
    /// After this time the lookup fails.
    /// The limit applies per request.
    #[option(
        key = "sample.lookup.timeout",
        default = "3 min",
        scope = "streaming",
        deprecated_keys = ["sample.lookup-timeout", "sample.timeout"],
        fallback_keys = ["sample.default-timeout"],
        since = "1.19"
    )]
    pub lookup_timeout: Duration,

    /// Operators that must not run.
    #[option(key = "sample.disabled-operators", scope = "batch")]
    pub disabled_operators: Option<String>,

    /// Key handling.
    #[option(key = "sample.key-mode", default = "ALL_ENFORCED", startup_only)]
    pub key_mode: KeyMode,

    /// The access token.
    #[option(
        key = "sample.access",
        default = "",
        sensitive,
        hidden,
        deprecated = "1.2: use sample.key-mode"
    )]
    pub access: Secret<String>,

    /// Buffer size.
    #[option(key = "sample.buffer-size", default = "64 mb")]
    pub buffer_size: MemorySize,

    /// Tags.
    #[option(key = "sample.tags", default = "a;b")]
    pub tags: Vec<String>,

    /// Properties.
    #[option(key = "sample.props", default = "k1:v1,k2:v2")]
    pub props: BTreeMap<String, String>,

    /// A ratio.
    #[option(key = "sample.ratio", default = 0.5)]
    pub ratio: f64,

    /// Whether it is on.
    #[option(key = "sample.enabled", default = true)]
    pub enabled: bool,

    #[option(
        key = "sample.tmp-dir",
        default = String::new(),
        default_doc = "the system temp directory",
        description = "Where temporary files go."
    )]
    pub tmp_dir: String,

    /// Modes tried in order.
    #[option(key = "sample.modes", default = "DROP;legacy")]
    pub modes: Vec<KeyMode>,
}

fn meta(key: &str) -> &'static options_core::OptionMeta {
    SampleOptions::group()
        .options
        .iter()
        .find(|m| m.key_str() == key)
        .unwrap_or_else(|| panic!("no option {key}"))
}

#[test]
fn group_lists_every_option_in_declaration_order() {
    let group = SampleOptions::group();
    assert_eq!(group.id, "sample");
    assert_eq!(group.title, "Sample Options");
    assert_eq!(
        group.description,
        "Options of a sample group.\n\nUsed only by these tests."
    );
    let keys: Vec<_> = group.options.iter().map(|m| m.key_str()).collect();
    assert_eq!(
        keys,
        [
            "sample.buffer-capacity",
            "sample.lookup.timeout",
            "sample.disabled-operators",
            "sample.key-mode",
            "sample.access",
            "sample.buffer-size",
            "sample.tags",
            "sample.props",
            "sample.ratio",
            "sample.enabled",
            "sample.tmp-dir",
            "sample.modes",
        ]
    );
}

#[test]
fn metadata_of_a_duration_option_is_what_was_declared() {
    let m = meta("sample.lookup.timeout");
    assert_eq!(m.default, DefaultDoc::Value("3 min"));
    assert_eq!(m.value_type.name(), "Duration");
    assert_eq!(m.scope, Scope::Streaming);
    assert_eq!(
        m.description,
        "How long a lookup may take.\n\nAfter this time the lookup fails.\nThe limit applies per request."
    );
    assert_eq!(m.summary(), "How long a lookup may take.");
    assert_eq!(m.paragraphs().count(), 2);
    let names =
        |keys: &[options_core::OptionKey]| keys.iter().map(|k| k.name()).collect::<Vec<_>>();
    assert_eq!(
        names(m.deprecated_keys),
        ["sample.lookup-timeout", "sample.timeout"]
    );
    assert_eq!(names(m.fallback_keys), ["sample.default-timeout"]);
    assert_eq!(m.since, Some("1.19"));
    assert!(!m.sensitive && !m.hidden && !m.deprecated && !m.startup_only);
}

#[test]
fn default_strings_are_canonical_config_strings() {
    let doc = |key| meta(key).default;
    assert_eq!(doc("sample.buffer-capacity"), DefaultDoc::Value("100"));
    assert_eq!(doc("sample.disabled-operators"), DefaultDoc::None);
    assert_eq!(doc("sample.key-mode"), DefaultDoc::Value("ALL_ENFORCED"));
    assert_eq!(doc("sample.buffer-size"), DefaultDoc::Value("64 mb"));
    assert_eq!(doc("sample.tags"), DefaultDoc::Value("a;b"));
    assert_eq!(doc("sample.props"), DefaultDoc::Value("k1:v1,k2:v2"));
    assert_eq!(doc("sample.ratio"), DefaultDoc::Value("0.5"));
    assert_eq!(doc("sample.enabled"), DefaultDoc::Value("true"));
    assert_eq!(
        doc("sample.tmp-dir"),
        DefaultDoc::Override("the system temp directory")
    );
}

#[test]
fn type_names_and_enum_values_come_from_the_field_types() {
    let ty = |key| meta(key).value_type;
    assert_eq!(ty("sample.buffer-capacity").kind, ValueKind::Integer);
    assert_eq!(ty("sample.disabled-operators").kind, ValueKind::String);
    assert_eq!(ty("sample.tags").name(), "List<String>");
    assert_eq!(ty("sample.props").kind, ValueKind::Map);
    let mode = ty("sample.key-mode");
    assert_eq!(mode.kind, ValueKind::Enum);
    assert_eq!(mode.enum_values, ["NONE", "DROP", "ALL_ENFORCED", "legacy"]);
    assert_eq!(ty("sample.modes").name(), "List<Enum>");
}

#[test]
fn flags_are_what_was_declared() {
    let access = meta("sample.access");
    assert!(access.sensitive && access.hidden && access.deprecated);
    assert!(meta("sample.key-mode").startup_only);
    assert_eq!(
        meta("sample.tmp-dir").description,
        "Where temporary files go."
    );
    assert_eq!(meta("sample.buffer-capacity").scope, Scope::Both);
    assert_eq!(meta("sample.ratio").scope, Scope::None);
}

#[test]
fn default_gives_the_declared_defaults() {
    let d = SampleOptions::default();
    assert_eq!(d.buffer_capacity, 100);
    assert_eq!(d.lookup_timeout, Duration::from_secs(180));
    assert_eq!(d.disabled_operators, None);
    assert_eq!(d.key_mode, KeyMode::AllEnforced);
    assert_eq!(d.access.expose(), "");
    assert_eq!(d.buffer_size, MemorySize::from_bytes(64 << 20));
    assert_eq!(d.tags, ["a", "b"]);
    assert_eq!(d.props.get("k2").map(String::as_str), Some("v2"));
    assert_eq!(d.ratio, 0.5);
    assert!(d.enabled);
    assert_eq!(d.tmp_dir, "");
    assert_eq!(d.modes, [KeyMode::Drop, KeyMode::Old]);
}

#[test]
fn handles_read_values_through_configuration_get() {
    let mut config = Configuration::new();
    assert_eq!(
        config.get(&SampleOptions::LOOKUP_TIMEOUT),
        Duration::from_secs(180)
    );
    config.set(&SampleOptions::BUFFER_CAPACITY, 7).unwrap();
    config.set_str("sample.key-mode", "drop").unwrap();
    config.set_str("sample.lookup-timeout", "10 s").unwrap();
    assert_eq!(config.get(&SampleOptions::BUFFER_CAPACITY), 7);
    assert_eq!(config.get(&SampleOptions::KEY_MODE), KeyMode::Drop);
    assert_eq!(
        config.get(&SampleOptions::LOOKUP_TIMEOUT),
        Duration::from_secs(10)
    );
    assert_eq!(SampleOptions::KEY_MODE.key(), "sample.key-mode");
    assert_eq!(KeyMode::Old.config_name(), "legacy");
}

#[test]
fn from_config_reads_a_snapshot() {
    let mut config = Configuration::new();
    config.set_str("sample.tags", "x;y;z").unwrap();
    config
        .set_str("sample.disabled-operators", "HashJoin")
        .unwrap();
    let snapshot = SampleOptions::from_config(&config).unwrap();
    assert_eq!(snapshot.tags, ["x", "y", "z"]);
    assert_eq!(snapshot.disabled_operators.as_deref(), Some("HashJoin"));
    assert_eq!(snapshot.buffer_capacity, 100);
}

#[test]
fn from_config_reports_every_bad_value_together() {
    let mut entries = BTreeMap::new();
    entries.insert("sample.buffer-capacity".to_owned(), "many".to_owned());
    entries.insert("sample.lookup.timeout".to_owned(), "3 mins".to_owned());
    let config = lenient(&entries);
    let errors = SampleOptions::from_config(&config).unwrap_err();
    let keys: Vec<_> = errors.errors().iter().map(ConfigError::key).collect();
    assert_eq!(keys, ["sample.buffer-capacity", "sample.lookup.timeout"]);
    let text = errors.to_string();
    assert!(text.starts_with("2 invalid options:"), "{text}");
    assert!(text.contains("\"many\""), "{text}");
    assert!(text.contains("\"3 mins\""), "{text}");
}

/// A configuration holding unvalidated strings: `set_str` checks values of known options, so the
/// bad values are stored under a configuration that does not know the group.
fn lenient(entries: &BTreeMap<String, String>) -> Configuration {
    let mut config = Configuration::new();
    for (k, v) in entries {
        config
            .set_str(k, v)
            .expect("a configuration without catalogue stores any string");
    }
    config
}

/// Fields whose names the generated code also uses.
#[derive(Debug, Options)]
#[options(section = "clash", title = "Clash Options")]
pub struct ClashOptions {
    /// Named like `from_config`'s parameter.
    #[option(key = "clash.config", default = 1)]
    pub config: i32,
    /// Named like the error list.
    #[option(key = "clash.errors", default = 2)]
    pub errors: i32,
    /// A raw identifier.
    #[option(key = "clash.type", default = "x")]
    pub r#type: String,
}

#[test]
fn field_names_do_not_clash_with_generated_code() {
    let mut config = Configuration::new();
    config.set_str("clash.errors", "bad").unwrap();
    config.set_str("clash.config", "also bad").unwrap();
    let errors = ClashOptions::from_config(&config).unwrap_err();
    assert_eq!(errors.errors().len(), 2);
    config.set_str("clash.errors", "5").unwrap();
    config.set_str("clash.config", "6").unwrap();
    let read = ClashOptions::from_config(&config).unwrap();
    assert_eq!(
        (read.config, read.errors, read.r#type.as_str()),
        (6, 5, "x")
    );
    assert_eq!(ClashOptions::TYPE.key(), "clash.type");
}
