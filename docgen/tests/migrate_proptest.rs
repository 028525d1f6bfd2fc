//! Property: for random legacy files over every option type (with deprecated spellings, unknown
//! keys, duplicates, comments and lines Flink ignores), the legacy load and the load of the
//! migrated file (nested and flat) give the same typed values, and migrating again changes nothing.

mod migrate_support;

use docgen::migrate::{migrate, MigrateOptions};
use docgen::model::OptionDoc;
use migrate_support::{builtin, effective};
use proptest::prelude::*;
use proptest::sample::select;

fn options() -> Vec<&'static OptionDoc> {
    builtin().doc.options().map(|(_, o)| o).collect()
}

fn random_case(s: String) -> BoxedStrategy<String> {
    (Just(s), any::<u32>())
        .prop_map(|(s, bits)| {
            s.chars()
                .enumerate()
                .map(|(i, c)| {
                    if bits >> (i % 32) & 1 == 1 {
                        c.to_ascii_lowercase()
                    } else {
                        c
                    }
                })
                .collect()
        })
        .boxed()
}

/// Text as a legacy value can hold it: no `#`, no line break, not blank, trimmed.
fn text() -> BoxedStrategy<String> {
    prop_oneof![
        select(vec![
            "null",
            "~",
            "yes",
            "No",
            "'quoted'",
            "\"dq\"",
            "[a, b]",
            "{k: v}",
            "a: b",
            "1.0",
            "007",
            "0x1F",
            "2024-01-31",
            "1:20",
            "-",
            "- x",
            "? q",
            "*ref",
            "&a",
            "!tag",
            "|",
            ">",
            "%x",
            "@at",
            "`tick`",
            "a,b",
            "x;y",
            "k:v",
            "UTC",
            "default",
            "true",
            "42",
            "-7",
            "é ü",
            "tab\there",
            "back\\slash",
            "---",
            "...",
            "=",
            "<<",
        ])
        .prop_map(str::to_owned),
        "[ -\"$-~]{1,12}",
    ]
    .prop_map(|s| s.trim_matches(|c: char| c <= ' ').to_owned())
    .prop_filter("a legacy value is never blank", |s| !s.is_empty())
    .boxed()
}

/// A value in a spelling the option's type accepts (often not the canonical one).
fn scalar_value(kind: &str, enum_values: &[String]) -> BoxedStrategy<String> {
    match kind {
        "Boolean" => select(vec!["true", "false", "TRUE", "False"])
            .prop_map(str::to_owned)
            .boxed(),
        "Integer" => prop_oneof![
            any::<i32>().prop_map(|n| n.to_string()),
            (0..1000i32).prop_map(|n| format!("+{n:04}")),
        ]
        .boxed(),
        "Long" => any::<i64>().prop_map(|n| n.to_string()).boxed(),
        "Float" | "Double" => prop_oneof![
            (-1.0e6..1.0e6f64).prop_map(|f| f.to_string()),
            (-1.0e6..1.0e6f64).prop_map(|f| format!("{f:e}")),
        ]
        .boxed(),
        "Duration" => (
            0..100_000u64,
            select(vec!["", " ms", "s", " min", "h", " d", "MIN"]),
        )
            .prop_map(|(n, unit)| format!("{n}{unit}"))
            .boxed(),
        "MemorySize" => (
            0..100_000u64,
            select(vec!["", "b", "k", " kb", "m", " mb", "g"]),
        )
            .prop_map(|(n, unit)| format!("{n}{unit}"))
            .boxed(),
        "Enum" if !enum_values.is_empty() => select(enum_values.to_vec())
            .prop_flat_map(random_case)
            .boxed(),
        "Map" => prop::collection::vec(("[a-z]{1,4}", "[a-z0-9]{1,4}"), 0..3)
            .prop_map(|entries| {
                let mut seen = std::collections::HashSet::new();
                entries
                    .into_iter()
                    .filter(|(k, _)| seen.insert(k.clone()))
                    .map(|(k, v)| format!("{k}:{v}"))
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .prop_filter("a legacy value is never blank", |s| !s.is_empty())
            .boxed(),
        _ => text(),
    }
}

fn value_for(option: &OptionDoc) -> BoxedStrategy<String> {
    let t = &option.value_type;
    if t.list {
        let item = match t.kind.as_str() {
            "String" => "[a-z0-9 ]{1,5}".prop_map(|s| s.trim().to_owned()).boxed(),
            kind => scalar_value(kind, &t.enum_values),
        };
        prop::collection::vec(item, 1..4)
            .prop_map(|items| items.join(";"))
            .prop_filter("a legacy value is never blank", |s| !s.trim().is_empty())
            .boxed()
    } else {
        scalar_value(&t.kind, &t.enum_values)
    }
}

/// One line of a legacy file.
fn line() -> BoxedStrategy<String> {
    let options = options();
    let setting = select(options).prop_flat_map(|o| {
        let mut keys = vec![o.key.clone()];
        keys.extend(o.deprecated_keys.iter().cloned());
        (select(keys), value_for(o))
    });
    prop_oneof![
        6 => setting.prop_map(|(k, v)| format!("{k}: {v}")),
        1 => ("[a-z]{1,3}(\\.[a-z]{1,3}){0,2}", text()).prop_map(|(k, v)| format!("{k}: {v}")),
        1 => "[ -\"$-~]{0,10}".prop_map(|c| format!("#{c}")),
        1 => Just(String::new()),
        1 => select(vec!["nested:", "k:v", ": v", "  child: x"]).prop_map(str::to_owned),
    ]
    .boxed()
}

/// Adds a trailing comment to some setting lines.
fn file() -> impl Strategy<Value = String> {
    prop::collection::vec((line(), prop::option::of("[ -~]{0,8}")), 0..12).prop_map(|lines| {
        lines
            .into_iter()
            .map(|(line, comment)| match comment {
                Some(c) if !line.is_empty() && !line.starts_with('#') => format!("{line} #{c}\n"),
                _ => format!("{line}\n"),
            })
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(192))]

    #[test]
    fn legacy_and_migrated_loads_give_the_same_typed_values(text in file()) {
        let legacy = effective(&text, true);
        for flat in [false, true] {
            let m = migrate(builtin(), &text, MigrateOptions { flat }).unwrap();
            prop_assert_eq!(&legacy, &effective(&m.yaml, false), "flat: {}\n{}", flat, m.yaml);
            let again = migrate(builtin(), &m.yaml, MigrateOptions { flat }).unwrap();
            prop_assert_eq!(&m.yaml, &again.yaml);
        }
    }
}
