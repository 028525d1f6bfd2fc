//! One masking rule, every view: for keys and types drawn at random (secret words, typos of
//! them, harmless words; an option's own key, a deprecated spelling or an instance of a pattern
//! key; every kind of value), the views that show a value agree with the rule
//! (`options_core::sensitive::masks`, asked through `Catalogue::masks`):
//!
//! * a valid value: `Catalogue::is_secret`, the configuration's display map, `SET;` and
//!   `SET 'key';` in a session, and the docs model (`options_docs::keys::masks`, which `validate` and
//!   `explain` use; the Python package asks `Resolved::masks`, the catalogue's own);
//! * text that does not parse: the configuration's error, `SET`'s error and `flinkconf validate`.

use std::sync::Arc;

use options_core::key_index::KeyRole;
use options_core::sensitive::Reading;
use options_core::sensitive::MASK;
use options_core::{Catalogue, Configuration, GroupMeta, MemorySize, OptionKey, OptionMeta};
use options_flink::session::{EnvironmentSettings, TableEnvironment};
use proptest::prelude::*;

/// Words keys are made of: secret words, one typo from them, and harmless ones.
const WORDS: &[&str] = &[
    "password",
    "pasword",
    "token",
    "tokens",
    "secret",
    "secert",
    "apikey",
    "api",
    "key",
    "credential",
    "auth-params",
    "enabled",
    "port",
    "timeout",
    "size",
    "tokyo",
];

/// The kinds of value, with a valid value and, for kinds with a closed grammar, text that is
/// not one.
const KINDS: &[(&str, &str, Option<&str>)] = &[
    ("Boolean", "true", Some("CANARY-1")),
    ("Integer", "42", Some("CANARY-2")),
    ("Long", "42", Some("CANARY-3")),
    ("Double", "1.5", Some("CANARY-4")),
    ("Duration", "3 min", Some("CANARY-5")),
    ("MemorySize", "64 mb", Some("CANARY-6")),
    ("String", "plain", None),
    ("List<String>", "a;b", None),
    ("Map", "k:v", None),
];

/// How the key shown spells the option.
#[derive(Clone, Copy, Debug)]
enum Spelling {
    Own,
    Deprecated,
    Instance,
}

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

fn meta(kind: &str, key: &'static str) -> OptionMeta {
    match kind {
        "Boolean" => OptionMeta::new::<Option<bool>>(key),
        "Integer" => OptionMeta::new::<Option<i32>>(key),
        "Long" => OptionMeta::new::<Option<i64>>(key),
        "Double" => OptionMeta::new::<Option<f64>>(key),
        "Duration" => OptionMeta::new::<Option<std::time::Duration>>(key),
        "MemorySize" => OptionMeta::new::<Option<MemorySize>>(key),
        "String" => OptionMeta::new::<Option<String>>(key),
        "List<String>" => OptionMeta::new::<Option<Vec<String>>>(key),
        _ => OptionMeta::new::<Option<std::collections::BTreeMap<String, String>>>(key),
    }
}

/// A catalogue of one option built from the drawn words, and the key to show a value under.
fn case(
    n: u64,
    words: &[&str],
    kind: &str,
    spelling: Spelling,
    sensitive: bool,
) -> (Arc<Catalogue>, &'static str) {
    let [a, b, c] = [words[0], words[1], words[2]];
    let (own, shown) = match spelling {
        Spelling::Own => {
            let key = leak(format!("c{n}.{a}.{b}"));
            (key, key)
        }
        Spelling::Deprecated => (leak(format!("c{n}.{a}")), leak(format!("old{n}.{b}-{c}"))),
        Spelling::Instance => (
            leak(format!("c{n}.<name>.{a}")),
            leak(format!("c{n}.{b}{c}.{a}")),
        ),
    };
    let mut option = meta(kind, own);
    option.description = "An option drawn by the property test.";
    if let Spelling::Deprecated = spelling {
        let old: &'static [OptionKey] = Box::leak(Box::new([OptionKey::new(shown)]));
        option.deprecated_keys = old;
    }
    if sensitive {
        option.sensitive = true;
    }
    let options: &'static [OptionMeta] = Box::leak(Box::new([option]));
    let group: &'static GroupMeta = Box::leak(Box::new(GroupMeta {
        id: "drawn",
        title: "Drawn Options",
        description: "",
        family: "",
        options,
        releases: None,
    }));
    let catalogue = Catalogue::new().with_group(group).unwrap();
    (Arc::new(catalogue), shown)
}

fn session(catalogue: &Arc<Catalogue>) -> TableEnvironment {
    TableEnvironment::create(EnvironmentSettings::new().with_catalogue(catalogue.clone()))
}

/// What the docs model answers for `key` (the rule over the model's facts).
fn docs_model_masks(catalogue: &Arc<Catalogue>, key: &str, reading: Reading) -> bool {
    let doc = options_docs::CatalogueDoc::from_catalogue(catalogue);
    let index = options_docs::keys::ModelKeyIndex::new(&doc);
    let (_, option, role) = index.resolve(key).expect("the model resolves the key");
    options_docs::keys::masks(option, role, key, reading)
}

/// The masking views of a valid value, in order: the rule, `Catalogue::is_secret`, the display
/// map, `SET;`, `SET 'key';`, the docs model.
fn typed_views(catalogue: &Arc<Catalogue>, key: &str, value: &str) -> Vec<(&'static str, bool)> {
    let rule = catalogue.masks(key, Reading::Typed);
    let mut config = Configuration::with_catalogue(catalogue.clone());
    config.set_str(key, value).expect("a valid value");
    let display = config.to_display_map();
    let shown = display.values().next().expect("the value is listed");
    let mut env = session(catalogue);
    let (set, ok) = env.execute_to_string(&format!("SET '{key}' = '{value}';\nSET;"));
    assert!(ok, "{set}");
    let (describe, ok) = env.execute_to_string(&format!("SET '{key}';"));
    assert!(ok, "{describe}");
    vec![
        ("the rule", rule),
        ("Catalogue::is_secret", catalogue.is_secret(key)),
        (
            "TableEnvironment::is_sensitive_key",
            env.is_sensitive_key(key),
        ),
        ("the display map", shown == MASK),
        ("SET;", set.contains(MASK)),
        ("SET 'key';", describe.contains(MASK)),
        (
            "the docs model",
            docs_model_masks(catalogue, key, Reading::Typed),
        ),
    ]
}

/// The masking views of text that does not parse, in order: the rule, the configuration's
/// error, `SET`'s error, `flinkconf validate`.
fn raw_views(catalogue: &Arc<Catalogue>, key: &str, text: &str) -> Vec<(&'static str, bool)> {
    let rule = catalogue.masks(key, Reading::Raw);
    let hides = |message: &str| !message.contains(text);
    let mut config = Configuration::with_catalogue(catalogue.clone());
    let error = config.set_str(key, text).unwrap_err().to_string();
    let (set, ok) = session(catalogue).execute_to_string(&format!("SET '{key}' = '{text}';"));
    assert!(!ok, "{set}");
    let loaded = options_docs::source::Loaded::for_checking(catalogue.clone());
    let problems = options_check::validate::check_text(&loaded, &format!("{key}: {text}\n"));
    let validate: Vec<String> = problems.iter().map(|p| p.message.clone()).collect();
    assert!(!validate.is_empty(), "validate finds the bad value");
    vec![
        ("the rule", rule),
        (
            "TableEnvironment::masks_text",
            session(catalogue).masks_text(key),
        ),
        ("the configuration's error", hides(&error)),
        ("SET's error", hides(&set)),
        ("flinkconf validate", validate.iter().all(|m| hides(m))),
        (
            "the docs model",
            docs_model_masks(catalogue, key, Reading::Raw),
        ),
    ]
}

fn agree(views: &[(&'static str, bool)]) -> Result<(), String> {
    let (_, rule) = views[0];
    let disagree: Vec<_> = views.iter().filter(|(_, v)| *v != rule).collect();
    match disagree.is_empty() {
        true => Ok(()),
        false => Err(format!("the rule says {rule}; {disagree:?} disagree")),
    }
}

fn spelling() -> impl Strategy<Value = Spelling> {
    prop_oneof![
        Just(Spelling::Own),
        Just(Spelling::Deprecated),
        Just(Spelling::Instance)
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_view_masks_as_the_one_rule_says(
        n in any::<u64>(),
        words in prop::collection::vec(prop::sample::select(WORDS), 3),
        kind in prop::sample::select(KINDS),
        spelling in spelling(),
        sensitive in prop::bool::weighted(0.2),
    ) {
        let (name, valid, invalid) = kind;
        let (catalogue, key) = case(n, &words, name, spelling, sensitive);
        agree(&typed_views(&catalogue, key, valid))
            .map_err(|e| TestCaseError::fail(format!("{key} ({name}, valid): {e}")))?;
        if let Some(text) = invalid {
            agree(&raw_views(&catalogue, key, text))
                .map_err(|e| TestCaseError::fail(format!("{key} ({name}, raw): {e}")))?;
        }
    }
}

/// The case of the issue: a Boolean whose key names a secret shows its valid values in every
/// view, and text under it that is no Boolean stays masked in every view.
#[test]
fn a_boolean_named_like_a_secret_shows_its_values_everywhere() {
    let key = "security.delegation.tokens.enabled";
    let catalogue = options_flink::builtin::catalogue();
    let typed = typed_views(&catalogue, key, "true");
    assert!(typed.iter().all(|(_, masked)| !masked), "{typed:?}");
    let raw = raw_views(&catalogue, key, "CANARY-7");
    assert!(raw.iter().all(|(_, masked)| *masked), "{raw:?}");
    let role = catalogue.resolve(key).unwrap().role;
    assert_eq!(role, KeyRole::Key);
}
