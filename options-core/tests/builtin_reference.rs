//! Checks every built-in option against the reference tables in `tests/data/`:
//!
//! * `flink-1.19-all-options.tsv`: every option of Apache Flink 1.19.3. Each `kind=config` row is
//!   compared with its declaration (type, default, hidden, deprecated, fallback keys, deprecated
//!   keys, enum values); every difference, a missing declaration included, must be listed with its
//!   reason in `flink-differences.tsv`, and every listed difference must still exist;
//! * `flink-1.19-options.tsv`: the table options' group (docs section) and batch/streaming scope;
//! * `seed-only-options.tsv`: options the seeds list that Flink 1.19 does not (type, default, scope).
//!
//! A declared option that no table knows fails the test too.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::time::Duration;

use options_core::{DefaultDoc, MemorySize, OptionMeta, OptionValue, Scope};

const ALL: &str = include_str!("../../tests/data/flink-1.19-all-options.tsv");
const DIFFERENCES: &str = include_str!("../../tests/data/flink-differences.tsv");
const FLINK: &str = include_str!("../../tests/data/flink-1.19-options.tsv");
const SEED_ONLY: &str = include_str!("../../tests/data/seed-only-options.tsv");

/// The rows of a tab-separated table with a header, as (line number, cells).
fn rows(file: &str, text: &'static str, columns: usize) -> Vec<(usize, Vec<&'static str>)> {
    text.lines()
        .enumerate()
        .skip(1)
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            let cells: Vec<&str> = l.split('\t').collect();
            assert_eq!(
                cells.len(),
                columns,
                "{file}:{}: expected {columns} columns",
                i + 1
            );
            (i + 1, cells)
        })
        .collect()
}

fn rendered_default(meta: &OptionMeta) -> &'static str {
    match meta.default {
        DefaultDoc::None => "(none)",
        DefaultDoc::Value(s) | DefaultDoc::Override(s) => s,
    }
}

/// The same default spelled differently (`15mb` and `15 mb`, `1.0` and `1`) counts as equal.
fn same_default(type_name: &str, expected: &str, declared: &str) -> bool {
    if expected == declared {
        return true;
    }
    match type_name {
        "MemorySize" => matches!(
            (MemorySize::parse_config(expected), MemorySize::parse_config(declared)),
            (Ok(a), Ok(b)) if a == b
        ),
        "Duration" => matches!(
            (Duration::parse_config(expected), Duration::parse_config(declared)),
            (Ok(a), Ok(b)) if a == b
        ),
        "Float" | "Double" => matches!(
            (expected.parse::<f64>(), declared.parse::<f64>()),
            (Ok(a), Ok(b)) if a == b
        ),
        _ => false,
    }
}

fn declared() -> BTreeMap<&'static str, (&'static str, &'static OptionMeta)> {
    let catalogue = options_core::builtin::catalogue();
    let mut map = BTreeMap::new();
    for (group, meta) in catalogue.options() {
        assert!(
            map.insert(meta.key_str(), (group.id, meta)).is_none(),
            "{} is declared twice",
            meta.key_str()
        );
    }
    map
}

/// One difference between Flink's row and our declaration: (key, field, ours, flink).
type Difference = (String, String, String, String);

/// Every difference between the `kind=config` rows of the all-options table and the catalogue.
fn differences_from_flink() -> BTreeSet<Difference> {
    let declared = declared();
    let mut out = BTreeSet::new();
    for (_, c) in rows("flink-1.19-all-options.tsv", ALL, 10) {
        if c[8] != "config" {
            continue;
        }
        let key = c[0];
        let mut diff = |field: &str, ours: String, flink: &str| {
            out.insert((key.to_owned(), field.to_owned(), ours, flink.to_owned()));
        };
        let Some((_, meta)) = declared.get(key) else {
            diff("missing", "(not declared)".into(), "declared");
            continue;
        };
        let type_name = meta.value_type.name().into_owned();
        if type_name != c[1] {
            diff("type", type_name, c[1]);
        }
        let default = rendered_default(meta);
        if !same_default(c[1], c[2], default) {
            diff("default", default.to_owned(), c[2]);
        }
        // The rule, not a difference: `$internal.*` keys are hidden as undocumented ones.
        let hidden = c[3] == "false" || key.starts_with("$internal.");
        if meta.hidden != hidden {
            diff("hidden", meta.hidden.to_string(), &hidden.to_string());
        }
        if meta.deprecated.to_string() != c[4] {
            diff("deprecated", meta.deprecated.to_string(), c[4]);
        }
        let names = |keys: &[options_core::OptionKey]| {
            keys.iter().map(|k| k.name()).collect::<Vec<_>>().join(";")
        };
        if names(meta.fallback_keys) != c[5] {
            diff("fallback_keys", names(meta.fallback_keys), c[5]);
        }
        if names(meta.deprecated_keys) != c[6] {
            diff("deprecated_keys", names(meta.deprecated_keys), c[6]);
        }
        let values = meta.value_type.enum_values.join(";");
        if values != c[7] {
            diff("enum_values", values, c[7]);
        }
    }
    out
}

/// The listed differences, each with its reason.
fn listed_differences() -> BTreeMap<Difference, &'static str> {
    let mut out = BTreeMap::new();
    for (line, c) in rows("flink-differences.tsv", DIFFERENCES, 5) {
        assert!(
            c[4].len() >= 10,
            "flink-differences.tsv:{line}: give a reason for {} {}",
            c[0],
            c[1]
        );
        let difference = (
            c[0].to_owned(),
            c[1].to_owned(),
            c[2].to_owned(),
            c[3].to_owned(),
        );
        assert!(
            out.insert(difference, c[4]).is_none(),
            "flink-differences.tsv:{line}: listed twice"
        );
    }
    out
}

fn report(problems: &[String]) -> String {
    let mut text = String::new();
    for p in problems {
        let _ = writeln!(text, "  - {p}");
    }
    text
}

#[test]
fn every_flink_config_option_is_declared_as_flink_declares_it_or_the_difference_is_listed() {
    let listed = listed_differences();
    let problems: Vec<String> = differences_from_flink()
        .into_iter()
        .filter(|d| !listed.contains_key(d))
        .map(|(key, field, ours, flink)| {
            format!("{key}\t{field}\t{ours}\t{flink}\t(reason?)  <- not in flink-differences.tsv")
        })
        .collect();
    assert!(
        problems.is_empty(),
        "{} unlisted differences from Flink 1.19:\n{}",
        problems.len(),
        report(&problems)
    );
}

#[test]
fn every_listed_difference_still_exists() {
    let actual = differences_from_flink();
    let problems: Vec<String> = listed_differences()
        .into_keys()
        .filter(|d| !actual.contains(d))
        .map(|(key, field, ours, flink)| {
            format!("{key} {field}: ours {ours:?}, Flink {flink:?}; remove it from flink-differences.tsv")
        })
        .collect();
    assert!(
        problems.is_empty(),
        "{} listed differences no longer exist:\n{}",
        problems.len(),
        report(&problems)
    );
}

/// A scope column of the tables: empty, or the declaration spelling without spaces.
fn table_scope(text: &str) -> Scope {
    if text.is_empty() {
        Scope::None
    } else {
        Scope::parse(text).unwrap_or_else(|e| panic!("scope column {text:?}: {e}"))
    }
}

#[test]
fn table_options_keep_their_group_and_scope() {
    let declared = declared();
    let mut problems = Vec::new();
    for (line, c) in rows("flink-1.19-options.tsv", FLINK, 10) {
        let (group, key, scope) = (c[0], c[1], table_scope(c[4]));
        match declared.get(key) {
            None => problems.push(format!(
                "{key} (flink-1.19-options.tsv:{line}): not declared"
            )),
            Some((g, meta)) => {
                if *g != group {
                    problems.push(format!("{key}: group {g:?}, table says {group:?}"));
                }
                if meta.scope != scope {
                    problems.push(format!("{key}: scope {}, table says {scope}", meta.scope));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", report(&problems));
}

#[test]
fn seed_only_options_match_the_seeds() {
    let declared = declared();
    let mut problems = Vec::new();
    for (line, c) in rows("seed-only-options.tsv", SEED_ONLY, 6) {
        let (group, key, type_name, default) = (c[0], c[1], c[2], c[3]);
        let scope = table_scope(c[4]).to_string();
        let Some((g, meta)) = declared.get(key) else {
            problems.push(format!(
                "{key} (seed-only-options.tsv:{line}): not declared"
            ));
            continue;
        };
        let declared_type = meta.value_type.name();
        let checks = [
            ("group", *g == group, g.to_string(), group),
            (
                "type",
                declared_type == type_name,
                declared_type.into_owned(),
                type_name,
            ),
            (
                "default",
                same_default(type_name, default, rendered_default(meta)),
                rendered_default(meta).to_owned(),
                default,
            ),
            (
                "scope",
                meta.scope.to_string() == scope,
                meta.scope.as_str().to_owned(),
                &scope,
            ),
        ];
        for (field, ok, ours, seed) in checks {
            if !ok {
                problems.push(format!("{key}: {field} {ours:?}, the seed says {seed:?}"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", report(&problems));
}

#[test]
fn every_declared_option_is_in_a_reference_table() {
    let known: BTreeSet<&str> = rows("flink-1.19-all-options.tsv", ALL, 10)
        .into_iter()
        .map(|(_, c)| c[0])
        .chain(
            rows("seed-only-options.tsv", SEED_ONLY, 6)
                .into_iter()
                .map(|(_, c)| c[1]),
        )
        .collect();
    let unknown: Vec<&str> = declared()
        .into_keys()
        .filter(|k| !known.contains(k))
        .collect();
    assert!(
        unknown.is_empty(),
        "declared, but in no reference table: {unknown:?}"
    );
}

#[test]
fn every_builtin_option_has_a_description_of_its_own() {
    let catalogue = options_core::builtin::catalogue();
    let mut short = Vec::new();
    for (_, meta) in catalogue.options() {
        if meta.summary().len() < 20 {
            short.push(meta.key_str());
        }
    }
    assert!(
        short.is_empty(),
        "options without a real description: {short:?}"
    );
}
