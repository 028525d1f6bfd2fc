//! Sensitive values never show: listings, Debug, display maps, explain and errors print `******`.

use options_core::layers::LayeredConfig;
use options_core::layers::Strictness;
use options_core::yaml::{load_config_yaml, YamlReader};
use options_core::{ConfigError, ConfigOption, DefaultValue, OptionMeta, ReadableConfig};
use options_flink::builtin;
use options_flink::env::env_settings;
use options_flink::shared_table_config::SharedTableConfig;
use options_flink::startup::StartupConfig;
use options_flink::TableConfig;

const SECRET: &str = "hunter2";

/// Declared sensitive although its key names no secret.
const SIGNING_META: OptionMeta = {
    let mut m = OptionMeta::new::<Option<String>>("my.signing-material");
    m.sensitive = true;
    m
};
const SIGNING: ConfigOption<Option<String>> =
    ConfigOption::from_parts(SIGNING_META, DefaultValue::Value(None));

fn assert_masked(text: &str) {
    assert!(!text.contains(SECRET), "leaked: {text}");
    assert!(text.contains("******"), "not masked: {text}");
}

fn config_with_secrets() -> TableConfig {
    let root = LayeredConfig::builder()
        .catalogue(builtin::catalogue())
        .config_yaml(format!("s3.secret-key: {SECRET}\n"), "config.yaml")
        .build()
        .unwrap();
    let mut config = TableConfig::with_root(root);
    config.set_str("db.password", SECRET).unwrap();
    config
}

#[test]
fn display_maps_mask_and_to_map_does_not() {
    let config = config_with_secrets();
    let display = config.to_display_map();
    assert_eq!(display["db.password"], "******");
    assert_eq!(display["s3.secret-key"], "******");
    assert_eq!(
        config.to_map()["db.password"],
        SECRET,
        "the engine still gets the value"
    );
}

#[test]
fn debug_output_masks() {
    let config = config_with_secrets();
    assert_masked(&format!("{config:?}"));
    assert_masked(&format!("{:?}", config.root_configuration()));
    assert_masked(&format!("{:?}", SharedTableConfig::new(config.clone())));
    let startup = StartupConfig::new();
    startup.set("api.token", SECRET).unwrap();
    assert_masked(&format!("{startup:?}"));
    let settings = YamlReader::new(&format!("db.password: {SECRET}\n"))
        .settings()
        .into_result()
        .unwrap();
    assert_masked(&format!("{settings:?}"));
    let env = env_settings([("FLINK_DB_PASSWORD", SECRET)]);
    assert_masked(&format!("{env:?}"));
}

#[test]
fn declared_sensitive_options_are_masked_too() {
    let mut config = TableConfig::default();
    config.set(&SIGNING, Some(SECRET.to_owned())).unwrap();
    assert_eq!(config.to_display_map()["my.signing-material"], "******");
    assert_masked(&format!("{config:?}"));
}

#[test]
fn explain_masks() {
    let config = config_with_secrets();
    assert_masked(&config.explain("db.password").to_string());
    assert_masked(&config.explain("s3.secret-key").to_string());
}

#[test]
fn errors_mask_invalid_sensitive_values() {
    let err = ConfigError::invalid_setting("db.password", SECRET, "something else");
    assert_masked(&err.to_string());
    let mut config = TableConfig::default();
    config.set_str("db.password", SECRET).unwrap();
    // A typed read of a sensitive key whose value does not parse.
    const AS_NUMBER: ConfigOption<i32> = ConfigOption::new("db.password", DefaultValue::Value(0));
    assert_masked(&config.try_get(&AS_NUMBER).unwrap_err().to_string());
}

#[test]
fn yaml_errors_never_echo_sensitive_values() {
    let text = format!("a.password: {SECRET}\na:\n  password: {SECRET}\n");
    let err = YamlReader::new(&text)
        .settings()
        .into_result()
        .unwrap_err()
        .to_string();
    assert!(!err.contains(SECRET), "{err}");
    let strict = load_config_yaml(
        &text,
        std::path::Path::new("config.yaml"),
        &builtin::catalogue(),
        Strictness::Strict,
    )
    .unwrap_err()
    .to_string();
    assert!(!strict.contains(SECRET), "{strict}");
}

#[test]
fn argument_errors_mask_sensitive_values() {
    let errors = LayeredConfig::builder()
        .catalogue(builtin::catalogue())
        .strictness(Strictness::Strict)
        .args([format!("-Ddb.password={SECRET}")])
        .build()
        .unwrap_err();
    assert!(!errors.to_string().contains(SECRET), "{errors}");
}

/// `token` in the key, but a Boolean: no value of it is a secret.
const TOKENS: &str = "security.delegation.tokens.enabled";

#[test]
fn a_boolean_whose_key_names_a_secret_shows_its_values_where_the_catalogue_knows_it() {
    let catalogue = builtin::catalogue();
    assert!(!catalogue.resolve(TOKENS).unwrap().meta.is_sensitive());
    // So do its old key and the Boolean pattern of the per-provider switches.
    assert!(!catalogue
        .resolve("security.kerberos.fetch.delegation-token")
        .unwrap()
        .meta
        .is_sensitive());
    let root = LayeredConfig::builder()
        .catalogue(catalogue)
        .config_yaml(
            format!("{TOKENS}: false\nsecurity.delegation.token.provider.hbase.enabled: false\n"),
            "config.yaml",
        )
        .build()
        .unwrap();
    let config = TableConfig::with_root(root);
    let display = config.to_display_map();
    assert_eq!(display[TOKENS], "false");
    assert_eq!(
        display["security.delegation.token.provider.hbase.enabled"],
        "false"
    );
    assert!(config.explain(TOKENS).to_string().contains("false"));
}

#[test]
fn set_and_show_options_show_such_a_boolean() {
    let mut env = options_flink::session::TableEnvironment::create(Default::default());
    let (out, ok) = env.execute_to_string(&format!(
        "SET '{TOKENS}' = 'false';\nSET;\nSHOW OPTIONS LIKE '{TOKENS}';\nSET '{TOKENS}';"
    ));
    assert!(ok, "{out}");
    assert!(!out.contains("******"), "{out}");
    assert!(out.contains(&format!("| {TOKENS} | false")), "{out}");
    assert!(!out.contains("sensitive:"), "{out}");
}

#[test]
fn text_under_such_a_key_that_is_no_boolean_is_still_masked() {
    // A token pasted into the wrong key is still a token: the type vouches only for values it
    // has read.
    let mut config = TableConfig::default();
    let err = config.set_str(TOKENS, SECRET).unwrap_err().to_string();
    assert_masked(&err);
    let err = config
        .set_str("security.delegation.token.provider.hbase.enabled", SECRET)
        .unwrap_err()
        .to_string();
    assert_masked(&err);
    let strict = load_config_yaml(
        &format!("{TOKENS}: {SECRET}\n"),
        std::path::Path::new("config.yaml"),
        &builtin::catalogue(),
        Strictness::Strict,
    )
    .unwrap_err()
    .to_string();
    assert_masked(&strict);
}

#[test]
fn text_options_whose_key_names_a_secret_stay_masked() {
    let catalogue = builtin::catalogue();
    for key in [
        "security.ssl.keystore-password",
        "kubernetes.secrets",
        "kubernetes.container.image.pull-secrets",
    ] {
        assert!(catalogue.resolve(key).unwrap().meta.is_sensitive(), "{key}");
    }
    // A hand-made handle: the key decides for a String, the type for an Integer.
    assert!(OptionMeta::new::<String>("my.api-key").is_sensitive());
    assert!(!OptionMeta::new::<i32>("my.api-key.retries").is_sensitive());
}
