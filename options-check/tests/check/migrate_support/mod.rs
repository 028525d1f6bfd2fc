//! The effective configuration of a file, as typed values in canonical form: what "loads to the
//! same configuration" means for the migration tests.
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use options_core::layers::Strictness;
use options_core::yaml::{YamlError, YamlErrorKind};
use options_core::{ConfigErrorKind, Configuration};
use options_docs::source::Loaded;
use options_docs::yaml::value::{convert_typed, YamlValue};

/// A file's effective settings, or why it does not load.
#[derive(PartialEq)]
pub enum Effective {
    /// Option key (or unknown key) -> canonical typed value.
    Loaded(BTreeMap<String, YamlValue>),
    /// The file does not load: each error as (the key's option, or the key when no option
    /// answers it; what is wrong, without file, line or spelling of the key).
    Invalid(BTreeSet<(String, String)>),
}

// By hand: `YamlValue` masks its text in `Debug`, and a failing comparison should show values
// (the test files hold no secrets).
impl std::fmt::Debug for Effective {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Effective::Loaded(values) => f
                .debug_map()
                .entries(values.iter().map(|(k, v)| (k, v.shown(k))))
                .finish(),
            Effective::Invalid(errors) => f.debug_tuple("Invalid").field(errors).finish(),
        }
    }
}

/// An error of either loader in a form both share: the option its key names (a renamed
/// deprecated key and its current key are one option) and the problem itself.
fn error_identity(catalogue: &options_core::Catalogue, e: &YamlError) -> (String, String) {
    let key = e.key().unwrap_or_default();
    let option = catalogue
        .resolve(key)
        .map_or_else(|| key.to_owned(), |r| r.meta.key_str().to_owned());
    let what = match e.kind() {
        YamlErrorKind::InvalidValue(config) => match config.kind() {
            ConfigErrorKind::InvalidValue { source, .. } => source.to_string(),
            other => other.to_string(),
        },
        other => format!("{other:?}"),
    };
    (option, what)
}

/// The built-in catalogue at Flink 1.19, built once per test binary: migrating a legacy
/// `flink-conf.yaml` within one release is a 1.x matter (2.x does not read the file), and 1.19
/// still reads the deprecated spellings these tests rename.
pub fn builtin() -> &'static Loaded {
    static LOADED: std::sync::LazyLock<Loaded> =
        std::sync::LazyLock::new(|| options_check::builtin::at(Some("1.19")).unwrap());
    &LOADED
}

/// Loads `text` as legacy (`legacy`) or as standard YAML with the built-in catalogue.
pub fn effective(text: &str, legacy: bool) -> Effective {
    let loaded = builtin();
    let catalogue = loaded.live.clone();
    let load = if legacy {
        options_flink::legacy::load_flink_conf(
            text,
            Path::new("f"),
            &catalogue,
            Strictness::Lenient,
        )
    } else {
        options_core::yaml::load_config_yaml(text, Path::new("f"), &catalogue, Strictness::Lenient)
    };
    let load = match load {
        Ok(load) => load,
        Err(errors) => {
            return Effective::Invalid(
                errors
                    .errors()
                    .iter()
                    .map(|e| error_identity(&catalogue, e))
                    .collect(),
            )
        }
    };
    let config: Configuration = load.to_configuration(Some(catalogue.clone()));
    let mut out = BTreeMap::new();
    let mut known = std::collections::HashSet::new();
    // A spelling that is some option's own key means that option (the catalogue's precedence),
    // even where another option lists it as an old key (Flink's `taskmanager.network.memory.max`).
    let own_keys: std::collections::HashSet<&String> =
        loaded.doc.options().map(|(_, o)| &o.key).collect();
    for (_, option) in loaded.doc.options() {
        let spellings = std::iter::once(&option.key).chain(
            option
                .fallback_keys
                .iter()
                .chain(&option.deprecated_keys)
                .filter(|k| !own_keys.contains(k)),
        );
        for k in spellings.clone() {
            known.insert(k.clone());
        }
        if let Some(entry) = spellings.clone().find_map(|k| config.entry(k)) {
            // A spelling shared by options of different types (Flink's `jobmanager.web.port`)
            // was checked against one of them only: compare the text for the others.
            let value = convert_typed(option, entry.value()).unwrap_or_else(|_| {
                YamlValue::Scalar(
                    entry.value().to_owned(),
                    options_docs::yaml::value::Style::Text,
                )
            });
            out.insert(option.key.clone(), value);
        }
    }
    for entry in config.iter() {
        if !known.contains(entry.key()) {
            out.insert(
                entry.key().to_owned(),
                YamlValue::Scalar(
                    entry.value().to_owned(),
                    options_docs::yaml::value::Style::Text,
                ),
            );
        }
    }
    Effective::Loaded(out)
}
