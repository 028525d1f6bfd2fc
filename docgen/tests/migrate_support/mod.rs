//! The effective configuration of a file, as typed values in canonical form: what "loads to the
//! same configuration" means for the migration tests.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::Path;

use docgen::migrate::value::{convert_typed, YamlValue};
use docgen::source::Loaded;
use options_core::{Configuration, Strictness};

/// A file's effective settings, or the fact that it does not load.
#[derive(Debug, PartialEq)]
pub enum Effective {
    /// Option key (or unknown key) -> canonical typed value.
    Loaded(BTreeMap<String, YamlValue>),
    /// The file has an invalid value.
    Invalid,
}

/// The built-in catalogue at Flink 1.19, built once per test binary: migrating a legacy
/// `flink-conf.yaml` within one release is a 1.x matter (2.x does not read the file), and 1.19
/// still reads the deprecated spellings these tests rename.
pub fn builtin() -> &'static Loaded {
    static LOADED: std::sync::LazyLock<Loaded> =
        std::sync::LazyLock::new(|| Loaded::builtin_at(Some("1.19")).unwrap());
    &LOADED
}

/// Loads `text` as legacy (`legacy`) or as standard YAML with the built-in catalogue.
pub fn effective(text: &str, legacy: bool) -> Effective {
    let loaded = builtin();
    let catalogue = loaded.live.clone().unwrap();
    let load = if legacy {
        options_core::legacy::load_flink_conf(text, Path::new("f"), &catalogue, Strictness::Lenient)
    } else {
        options_core::yaml::load_config_yaml(text, Path::new("f"), &catalogue, Strictness::Lenient)
    };
    let Ok(load) = load else {
        return Effective::Invalid;
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
                    docgen::migrate::value::Style::Text,
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
                    docgen::migrate::value::Style::Text,
                ),
            );
        }
    }
    Effective::Loaded(out)
}
