//! A live catalogue built from a catalogue file (`options_docs::runtime`) accepts and refuses what the
//! declarations it was written from accept and refuse, so `options-shell --catalogue FILE`
//! checks values as the engine itself would.

use std::collections::BTreeSet;

use options_core::{Catalogue, DefaultDoc};
use options_docs::runtime::runtime_catalogue;
use options_docs::source::read_catalogue_json;

/// The built-in catalogue, written to `catalogue.json` and read back.
fn from_file() -> Catalogue {
    let doc = options_docs::CatalogueDoc::from_catalogue(&options_flink::builtin::catalogue());
    let json = options_docs::render::catalogue_json(&doc);
    runtime_catalogue(&read_catalogue_json(&json).unwrap()).unwrap()
}

#[test]
fn every_option_accepts_and_refuses_what_its_declaration_does() {
    let live = options_flink::builtin::catalogue();
    let read = from_file();
    let samples = [
        "",
        "x",
        "true",
        "TRUE",
        "0",
        "-1",
        "1",
        "42",
        "0.5",
        "3 min",
        "64 mb",
        "a;b",
        "k:v",
        "batch",
        "NONE",
        "AUTO",
        "UTC",
        "America/Los_Angeles",
        "9999999999999",
    ];
    let mut differ = BTreeSet::new();
    for (_, meta) in live.options() {
        let twin = read
            .resolve(meta.key_str())
            .unwrap_or_else(|| panic!("{} is in the file's catalogue", meta.key_str()))
            .meta;
        let default = match meta.default {
            DefaultDoc::Value(v) => Some(v),
            _ => None,
        };
        for value in samples.iter().copied().chain(default) {
            if meta.parse_value(value).is_ok() != twin.parse_value(value).is_ok() {
                differ.insert(meta.key_str());
            }
        }
        assert_eq!(
            meta.value_type.name(),
            twin.value_type.name(),
            "{}",
            meta.key_str()
        );
        assert_eq!(
            meta.is_sensitive(),
            twin.is_sensitive(),
            "{}",
            meta.key_str()
        );
    }
    // A file cannot carry a declaration's `validate` function: only the built-in options that
    // declare one may differ.
    assert_eq!(
        differ.into_iter().collect::<Vec<_>>(),
        [
            "metrics.reporter.<name>.port",
            "sql.local-time-zone",
            "table.local-time-zone",
            "table.sql-dialect"
        ]
    );
}

#[test]
fn unknown_keys_get_the_same_suggestions() {
    let live = options_flink::builtin::catalogue();
    let read = from_file();
    for typo in [
        "table.exec.mini-batch.enable",
        "parallelism.defualt",
        "state.backend.typ",
    ] {
        assert_eq!(live.suggest(typo), read.suggest(typo), "{typo}");
    }
}

#[test]
fn the_engine_comes_from_the_file() {
    let doc = options_docs::CatalogueDoc::from_catalogue(&options_flink::builtin::catalogue());
    let mut doc = read_catalogue_json(&options_docs::render::catalogue_json(&doc)).unwrap();
    doc.engine.env.prefix = "ACME_".into();
    let catalogue = runtime_catalogue(&doc).unwrap();
    assert_eq!(
        catalogue
            .engine()
            .env_var_for_key("parallelism.default")
            .as_deref(),
        Some("ACME_PARALLELISM_DEFAULT")
    );
}

#[test]
fn change_classes_come_from_the_file() {
    let (file, live) = (from_file(), options_flink::builtin::catalogue());
    for group in live.groups() {
        for meta in group.options {
            let read = file.resolve(meta.key_str()).unwrap().meta;
            assert_eq!(
                read.change_class.copied(),
                meta.change_class.copied(),
                "{}",
                meta.key_str()
            );
        }
    }
    let meta = file.resolve("jobmanager.memory.process.size").unwrap().meta;
    assert_eq!(meta.reach(), options_core::Reach::Restart);
}
