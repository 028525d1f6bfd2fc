//! Property: for random legacy files over every option type (with deprecated and fallback
//! spellings, unknown keys, duplicates, invalid values, comments and lines Flink ignores), the
//! legacy load and the load of the migrated file (nested and flat) give the same typed values or
//! the same errors, the report names every line set again (and every deprecated spelling hidden by
//! its current key), and migrating again changes nothing. Each file draws its keys from one to
//! three options, so that collisions are common.

use std::collections::{BTreeMap, BTreeSet};

use crate::migrate_support::{builtin, effective, Effective};
use options_check::migrate::{migrate, MigrateOptions, NoteKind};
use options_docs::model::OptionDoc;
use proptest::prelude::*;
use proptest::sample::select;

fn options() -> Vec<&'static OptionDoc> {
    builtin().doc.options().map(|(_, o)| o).collect()
}

/// The options with a fallback key: 17 of about a thousand, too few for a uniform draw to meet
/// one often, so a pool draws from them a quarter of the time.
fn options_with_fallback_keys() -> Vec<&'static OptionDoc> {
    builtin()
        .doc
        .options()
        .map(|(_, o)| o)
        .filter(|o| !o.fallback_keys.is_empty())
        .collect()
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

/// Every spelling of an option a legacy file may use: its key, fallback keys, deprecated keys.
fn spellings(option: &OptionDoc) -> Vec<String> {
    std::iter::once(&option.key)
        .chain(&option.fallback_keys)
        .chain(&option.deprecated_keys)
        .cloned()
        .collect()
}

/// A setting of one of `pool`'s options: any spelling, a value its type accepts, or now and then
/// text it may reject (so invalid files occur).
fn setting(pool: Vec<&'static OptionDoc>) -> BoxedStrategy<(String, String)> {
    select(pool)
        .prop_flat_map(|o| {
            let value = prop_oneof![7 => value_for(o), 1 => text()];
            (select(spellings(o)), value)
        })
        .boxed()
}

/// One line of a legacy file, and the key it sets when it is a setting line (by construction,
/// not by parsing it).
fn line(pool: Vec<&'static OptionDoc>) -> BoxedStrategy<(String, Option<String>)> {
    prop_oneof![
        8 => setting(pool).prop_map(|(k, v)| (format!("{k}: {v}"), Some(k))),
        1 => ("[a-z]{1,3}(\\.[a-z]{1,3}){0,2}", text())
            .prop_map(|(k, v)| (format!("{k}: {v}"), Some(k))),
        1 => "[ -\"$-~]{0,10}".prop_map(|c| (format!("#{c}"), None)),
        1 => Just((String::new(), None)),
        1 => select(vec!["nested:", "k:v", ": v"]).prop_map(|l| (l.to_owned(), None)),
        1 => Just(("  child: x".to_owned(), Some("child".to_owned()))),
    ]
    .boxed()
}

/// A legacy file over a pool of one to three options, so that one key is often set twice and a
/// deprecated spelling often meets its option's current key; some setting lines get a trailing
/// comment. Returns the text and, per line, the key it sets.
fn file() -> impl Strategy<Value = (String, Vec<Option<String>>)> {
    let option = prop_oneof![3 => select(options()), 1 => select(options_with_fallback_keys())];
    prop::collection::vec(option, 1..=3)
        .prop_flat_map(|pool| {
            prop::collection::vec((line(pool), prop::option::of("[ -~]{0,8}")), 0..12)
        })
        .prop_map(|lines| {
            let mut text = String::new();
            let mut keys = Vec::new();
            for ((line, key), comment) in lines {
                match comment {
                    Some(c) if !line.is_empty() && !line.starts_with('#') => {
                        text.push_str(&format!("{line} #{c}\n"));
                    }
                    _ => text.push_str(&format!("{line}\n")),
                }
                keys.push(key);
            }
            (text, keys)
        })
}

/// The "set again" notes the file must get: every setting line of a key set again later, with
/// the line that counts (1-based).
fn expected_overrides(keys: &[Option<String>]) -> BTreeSet<(u32, String, u32)> {
    let line = |i: usize| u32::try_from(i + 1).unwrap();
    let mut last: BTreeMap<&str, u32> = BTreeMap::new();
    for (i, key) in keys.iter().enumerate() {
        if let Some(k) = key {
            last.insert(k, line(i));
        }
    }
    keys.iter()
        .enumerate()
        .filter_map(|(i, key)| {
            let k = key.as_deref()?;
            (last[k] != line(i)).then(|| (line(i), k.to_owned(), last[k]))
        })
        .collect()
}

/// Deprecated spellings that count in the file (their last line) while their option's own key
/// is set too: (line, deprecated key). The lookup reads the current key first, so each must be
/// reported as hidden. Spellings shared by several options are kept as written instead.
fn expected_hidden(keys: &[Option<String>]) -> BTreeSet<(u32, String)> {
    let doc = &builtin().doc;
    let set: BTreeSet<&str> = keys.iter().flatten().map(String::as_str).collect();
    let mut out = BTreeSet::new();
    for (i, key) in keys.iter().enumerate() {
        let Some(k) = key.as_deref() else { continue };
        let is_last = !keys[i + 1..]
            .iter()
            .any(|later| later.as_deref() == Some(k));
        let owners: Vec<&OptionDoc> = doc
            .options()
            .map(|(_, o)| o)
            .filter(|o| {
                o.deprecated_keys
                    .iter()
                    .chain(&o.fallback_keys)
                    .any(|d| d == k)
            })
            .collect();
        let own_key = doc.options().any(|(_, o)| o.key == k);
        if let [option] = owners.as_slice() {
            if is_last
                && !own_key
                && option.deprecated_keys.iter().any(|d| d == k)
                && set.contains(option.key.as_str())
            {
                out.insert((u32::try_from(i + 1).unwrap(), k.to_owned()));
            }
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(192))]

    #[test]
    fn legacy_and_migrated_loads_give_the_same_typed_values((text, keys) in file()) {
        for flat in [false, true] {
            let m = migrate(builtin(), &text, MigrateOptions { flat }).unwrap();
            // A deprecated spelling hidden by its option's current key never counts (Flink's
            // lookup reads the current key first) and the migration drops it; our legacy loader,
            // unlike Flink, still checks its value, so the legacy side is loaded without it.
            let legacy = effective(&without_hidden(&text, &keys, &m.notes), true);
            prop_assert_eq!(&legacy, &effective(&m.yaml, false), "flat: {}\n{}", flat, m.yaml);
            let again = migrate(builtin(), &m.yaml, MigrateOptions { flat }).unwrap();
            prop_assert_eq!(&m.yaml, &again.yaml);

            let overridden: BTreeSet<(u32, String, u32)> = m
                .notes
                .iter()
                .filter_map(|n| match &n.kind {
                    NoteKind::Overridden { key, by } => Some((n.line, key.clone(), *by)),
                    _ => None,
                })
                .collect();
            prop_assert_eq!(overridden, expected_overrides(&keys), "{}", text);
            let hidden: BTreeSet<(u32, String)> = m
                .notes
                .iter()
                .filter_map(|n| match &n.kind {
                    NoteKind::Hidden { key, .. } => Some((n.line, key.clone())),
                    _ => None,
                })
                .collect();
            let expected = expected_hidden(&keys);
            prop_assert!(expected.is_subset(&hidden), "hidden {:?}, expected at least {:?}\n{}", hidden, expected, text);
        }
    }
}

/// `text` with every line of a spelling the migration reports as hidden made blank (its earlier
/// lines are overridden by the hidden one, so none of them ever counts). `keys` is the key of
/// each line.
fn without_hidden(
    text: &str,
    keys: &[Option<String>],
    notes: &[options_check::migrate::Note],
) -> String {
    let hidden: BTreeSet<&str> = notes
        .iter()
        .filter_map(|n| match &n.kind {
            NoteKind::Hidden { key, .. } => Some(key.as_str()),
            _ => None,
        })
        .collect();
    text.lines()
        .zip(keys)
        .map(|(line, key)| {
            let drop = key.as_deref().is_some_and(|k| hidden.contains(k));
            format!("{}\n", if drop { "" } else { line })
        })
        .collect()
}

/// The generator does what the property needs: across cases, files set one key twice, meet a
/// deprecated spelling with its current key, use fallback keys, and fail to load.
#[test]
fn the_files_drawn_hold_duplicates_collisions_fallbacks_and_invalid_values() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let (mut duplicates, mut collisions, mut fallbacks, mut invalid) = (0, 0, 0, 0);
    let doc = &builtin().doc;
    for _ in 0..256 {
        let (text, keys) = file().new_tree(&mut runner).unwrap().current();
        duplicates += usize::from(!expected_overrides(&keys).is_empty());
        collisions += usize::from(!expected_hidden(&keys).is_empty());
        fallbacks += usize::from(
            keys.iter()
                .flatten()
                .any(|k| doc.options().any(|(_, o)| o.fallback_keys.contains(k))),
        );
        invalid += usize::from(matches!(effective(&text, true), Effective::Invalid(_)));
    }
    for (what, n) in [
        ("a key set twice", duplicates),
        ("a deprecated key beside its current key", collisions),
        ("a fallback key", fallbacks),
        ("an invalid value", invalid),
    ] {
        assert!(n >= 10, "only {n} of 256 files hold {what}");
    }
}
