//! Handles and metadata are declarable in `const`/`static` context without allocation.

use std::time::Duration;

use options_core::{
    ConfigOption, DefaultDoc, DefaultValue, OptionKey, OptionMeta, ReadableConfig, Scope,
};

const META: OptionMeta = {
    let mut m = OptionMeta::new::<Option<String>>("a.b");
    m.scope = Scope::Batch;
    m.fallback_keys = &[OptionKey::new("a.old")];
    m.description = "Summary.\n\nMore.";
    m
};
const NAME: ConfigOption<Option<String>> =
    ConfigOption::from_parts(META, DefaultValue::Value(None));
const GREETING_META: OptionMeta = {
    let mut m = OptionMeta::new::<String>("a.greeting");
    m.default = DefaultDoc::Value("hi");
    m
};
const GREETING: ConfigOption<String> =
    ConfigOption::from_parts(GREETING_META, DefaultValue::Lazy(|| "hi".to_owned()));
const TIMEOUT: ConfigOption<Duration> =
    ConfigOption::new("a.timeout", DefaultValue::Value(Duration::from_secs(180)));
// A const holding a `String` default cannot be dropped in a static initializer, so metadata is
// declared as its own const and shared by the handle and the static list.
static ALL: [OptionMeta; 2] = [META, GREETING_META];

#[test]
fn const_handles_read_their_defaults() {
    let config = options_core::Configuration::new();
    assert_eq!(config.get(&NAME), None);
    assert_eq!(config.get(&GREETING), "hi");
    assert_eq!(config.get(&TIMEOUT), Duration::from_secs(180));
    assert_eq!(ALL[0].summary(), "Summary.");
    assert_eq!(ALL[1].key_str(), "a.greeting");
}

#[test]
fn fallback_key_answers_when_key_unset() {
    let mut config = options_core::Configuration::new();
    config.set_str("a.old", "x").unwrap();
    assert_eq!(config.get(&NAME).as_deref(), Some("x"));
    config.set(&NAME, Some("y".to_owned())).unwrap();
    assert_eq!(config.get(&NAME).as_deref(), Some("y"));
}
