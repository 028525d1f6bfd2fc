//! Checks the built-in catalogue against the option tables of every Flink release it knows, in
//! `tests/data/`:
//!
//! * `flink-versions/flink-VERSION-all-options.tsv`: every option of one Flink release. Under that
//!   release (`builtin::catalogue_at`), every row is compared with the catalogue: the key set, and
//!   for each key its type, default, hidden, deprecated, fallback keys, deprecated keys and closed
//!   set of values (an enum's values, or a string option's `one_of`). Every difference must be
//!   listed with its reason in `differences/flink-RELEASE.tsv` (rows that are not options of a
//!   configuration file, `kind=table-with`, and the `$internal.*` keys kept hidden included), and
//!   every listed difference must still exist;
//! * `flink-1.19-options.tsv`: the table options' group (docs section) and batch/streaming scope;
//! * `seed-only-options.tsv`: options the seeds list that Flink does not (type, default, scope),
//!   read under every release (seed 001's `table.exec.shuffle-mode` until Flink removes it).
//!
//! A declared option that no table knows fails the test too, unless its group belongs to the
//! plugin family (`builtin::PLUGIN_FAMILY`): plugin jars are not in flink-dist, so no table lists
//! their options. Skipping by family rather than listing each plugin key per release in the
//! differences files keeps one rule in one place, and a plugin key a table does list (the SQL
//! gateway's `sql-gateway.endpoint.type`) is still compared field by field.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::time::Duration;

use options_core::AbsentReason;
use options_core::{DefaultDoc, MemorySize, OptionKey, OptionMeta, OptionValue, Release, Scope};
use options_flink::builtin::{catalogue, catalogue_at, PLUGIN_FAMILY};
use options_flink::FLINK_RELEASES;

/// One release's option table and its listed differences.
struct ReleaseFacts {
    release: &'static str,
    table_file: &'static str,
    table: &'static str,
    differences_file: &'static str,
    differences: &'static str,
}

macro_rules! release_facts {
    ($release:literal, $full:literal) => {
        ReleaseFacts {
            release: $release,
            table_file: concat!("flink-versions/flink-", $full, "-all-options.tsv"),
            table: include_str!(concat!(
                "../../../tests/data/flink-versions/flink-",
                $full,
                "-all-options.tsv"
            )),
            differences_file: concat!("differences/flink-", $release, ".tsv"),
            differences: include_str!(concat!(
                "../../../tests/data/differences/flink-",
                $release,
                ".tsv"
            )),
        }
    };
}

const RELEASES: [ReleaseFacts; 6] = [
    release_facts!("1.19", "1.19.3"),
    release_facts!("1.20", "1.20.5"),
    release_facts!("2.0", "2.0.2"),
    release_facts!("2.1", "2.1.3"),
    release_facts!("2.2", "2.2.1"),
    release_facts!("2.3", "2.3.0"),
];

const TABLE_OPTIONS: &str = include_str!("../../../tests/data/flink-1.19-options.tsv");
const SEED_ONLY: &str = include_str!("../../../tests/data/seed-only-options.tsv");

/// Keys Flink declares relative to the prefix it reads them under (`MetricOptions.REPORTER_CLASS`
/// is `class`, read under `metrics.reporter.<name>.`), with the key a configuration writes, which
/// is the one declared (`scripts/gen_builtin.py` reads the tables through the same map).
const RELATIVE_KEYS: [(&str, &str); 1] = [("class", "metrics.reporter.<name>.class")];

/// The declared key of a table's key.
fn declared_key(table_key: &'static str) -> &'static str {
    RELATIVE_KEYS
        .iter()
        .find(|(relative, _)| *relative == table_key)
        .map_or(table_key, |(_, full)| full)
}

fn release(facts: &ReleaseFacts) -> Release {
    FLINK_RELEASES.release(facts.release).unwrap()
}

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

/// Every option the catalogue of `release` reads: key -> (group id, metadata as that release has it).
fn declared(release: Release) -> BTreeMap<&'static str, (&'static str, &'static OptionMeta)> {
    let catalogue = catalogue_at(release);
    let mut map = BTreeMap::new();
    for (group, meta) in catalogue.options() {
        assert!(
            map.insert(meta.key_str(), (group.id, meta)).is_none(),
            "{} is declared twice under {release}",
            meta.key_str()
        );
    }
    map
}

/// The keys of seed-only-options.tsv: options of the seeds, not of Flink, read under every release.
fn seed_only_keys() -> BTreeSet<&'static str> {
    rows("seed-only-options.tsv", SEED_ONLY, 6)
        .into_iter()
        .map(|(_, c)| c[1])
        .collect()
}

/// The closed set of values an option accepts: an enum's values, or a string option's `one_of`.
fn closed_set(meta: &OptionMeta) -> String {
    if meta.value_type.enum_values.is_empty() {
        meta.constraint.one_of.join(";")
    } else {
        meta.value_type.enum_values.join(";")
    }
}

fn names(keys: &[OptionKey]) -> String {
    keys.iter().map(|k| k.name()).collect::<Vec<_>>().join(";")
}

/// One difference between Flink's row and our declaration: (key, field, ours, flink).
type Difference = (String, String, String, String);

/// Every difference between one release's table and the catalogue at that release.
fn differences_from_flink(facts: &ReleaseFacts) -> BTreeSet<Difference> {
    let declared = declared(release(facts));
    let mut out = BTreeSet::new();
    let mut in_table = BTreeSet::new();
    for (_, c) in rows(facts.table_file, facts.table, 10) {
        let key = declared_key(c[0]);
        in_table.insert(key);
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
        let hidden = c[3] == "false";
        if meta.hidden != hidden {
            diff("hidden", meta.hidden.to_string(), &hidden.to_string());
        }
        if meta.deprecated.to_string() != c[4] {
            diff("deprecated", meta.deprecated.to_string(), c[4]);
        }
        if names(meta.fallback_keys) != c[5] {
            diff("fallback_keys", names(meta.fallback_keys), c[5]);
        }
        if names(meta.deprecated_keys) != c[6] {
            diff("deprecated_keys", names(meta.deprecated_keys), c[6]);
        }
        if closed_set(meta) != c[7] {
            diff("enum_values", closed_set(meta), c[7]);
        }
    }
    let seeds = seed_only_keys();
    let plugins: BTreeSet<&str> = catalogue_at(release(facts))
        .options()
        .filter(|(group, _)| group.family == PLUGIN_FAMILY)
        .map(|(_, meta)| meta.key_str())
        .collect();
    for key in declared.keys() {
        // Plugin and module options (S3, reporters, the SQL gateway's endpoints) are read by jars
        // outside flink-dist, whose options the release tables do not list: known, not extra.
        if !in_table.contains(key) && !seeds.contains(key) && !plugins.contains(key) {
            out.insert((
                key.to_string(),
                "extra".into(),
                "declared".into(),
                "(not an option of this release)".into(),
            ));
        }
    }
    out
}

/// The listed differences of one release, each with its reason.
fn listed_differences(facts: &ReleaseFacts) -> BTreeMap<Difference, &'static str> {
    let file = facts.differences_file;
    let mut out = BTreeMap::new();
    for (line, c) in rows(file, facts.differences, 5) {
        assert!(
            c[4].len() >= 10,
            "{file}:{line}: give a reason for {} {}",
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
            "{file}:{line}: listed twice"
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
fn every_flink_option_of_every_release_is_declared_as_that_release_declares_it_or_the_difference_is_listed(
) {
    let mut problems = Vec::new();
    for facts in &RELEASES {
        let listed = listed_differences(facts);
        for (key, field, ours, flink) in differences_from_flink(facts) {
            if !listed.contains_key(&(key.clone(), field.clone(), ours.clone(), flink.clone())) {
                problems.push(format!(
                    "{}: {key}\t{field}\t{ours}\t{flink}\t(reason?)",
                    facts.differences_file
                ));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} unlisted differences from Flink (add each, with its reason, to the file named):\n{}",
        problems.len(),
        report(&problems)
    );
}

#[test]
fn every_listed_difference_still_exists() {
    let mut problems = Vec::new();
    for facts in &RELEASES {
        let actual = differences_from_flink(facts);
        for (key, field, ours, flink) in listed_differences(facts).into_keys() {
            if !actual.contains(&(key.clone(), field.clone(), ours.clone(), flink.clone())) {
                problems.push(format!(
                    "{}: {key} {field}: ours {ours:?}, Flink {flink:?}; remove the row",
                    facts.differences_file
                ));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} listed differences no longer exist:\n{}",
        problems.len(),
        report(&problems)
    );
}

#[test]
fn each_release_file_is_checked_under_the_release_it_names() {
    let versions: Vec<&str> = RELEASES.iter().map(|f| f.release).collect();
    assert_eq!(versions, FLINK_RELEASES.versions());
    for facts in &RELEASES {
        assert_eq!(catalogue_at(release(facts)).release(), Some(release(facts)));
    }
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
fn table_options_of_1_19_keep_their_group_and_scope() {
    let declared = declared(FLINK_RELEASES.release("1.19").unwrap());
    let mut problems = Vec::new();
    for (line, c) in rows("flink-1.19-options.tsv", TABLE_OPTIONS, 10) {
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
fn seed_only_options_match_the_seeds_under_every_release() {
    let mut problems = Vec::new();
    for r in FLINK_RELEASES.iter() {
        let declared = declared(r);
        for (line, c) in rows("seed-only-options.tsv", SEED_ONLY, 6) {
            let (group, key, type_name, default) = (c[0], c[1], c[2], c[3]);
            let scope = table_scope(c[4]).to_string();
            let Some((g, meta)) = declared.get(key) else {
                // Seed 001's table.exec.shuffle-mode is Flink's too, and Flink 2.0 removed it.
                let removed = catalogue_at(r)
                    .absent(key)
                    .is_some_and(|a| matches!(a.reason, AbsentReason::Removed(_)));
                if !removed {
                    problems.push(format!(
                        "{key} (seed-only-options.tsv:{line}): not declared under {r}"
                    ));
                }
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
                    problems.push(format!(
                        "{key} under {r}: {field} {ours:?}, the seed says {seed:?}"
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", report(&problems));
}

/// Every option declared for any release, removed ones included, plugin options left out (no
/// release table lists them; see `PLUGIN_FAMILY`).
fn declared_ever() -> Vec<&'static OptionMeta> {
    catalogue()
        .declared_groups()
        .iter()
        .filter(|g| g.family != PLUGIN_FAMILY)
        .flat_map(|g| g.options.iter())
        .collect()
}

#[test]
fn every_declared_option_is_in_a_reference_table() {
    let mut known: BTreeSet<&str> = seed_only_keys();
    for facts in &RELEASES {
        known.extend(
            rows(facts.table_file, facts.table, 10)
                .into_iter()
                .map(|(_, c)| declared_key(c[0])),
        );
        // Keys a release reads without a ConfigOption (its launch scripts' own keys, a catalog
        // store's prefixed option), each listed with its reason.
        known.extend(
            rows(facts.differences_file, facts.differences, 5)
                .into_iter()
                .filter(|(_, c)| c[1] == "extra")
                .map(|(_, c)| c[0]),
        );
    }
    let unknown: Vec<&str> = declared_ever()
        .into_iter()
        .map(|m| m.key_str())
        .filter(|k| !known.contains(k))
        .collect();
    assert!(
        unknown.is_empty(),
        "declared, but in no reference table: {unknown:?}"
    );
}

#[test]
fn every_builtin_option_has_a_description_of_its_own() {
    let short: Vec<&str> = declared_ever()
        .into_iter()
        .filter(|m| m.summary().len() < 20)
        .map(|m| m.key_str())
        .collect();
    assert!(
        short.is_empty(),
        "options without a real description: {short:?}"
    );
}

#[test]
fn every_table_with_row_is_a_known_table_option() {
    // Issue 43: SET and validate name these keys as table options; scripts/gen_table_with.py
    // writes the list from these tables, so a table added without running it fails here.
    let mut problems = Vec::new();
    for facts in &RELEASES {
        for (line, c) in rows(facts.table_file, facts.table, 10) {
            // A key Flink also reads from the configuration (gen_table_with.py's
            // CONFIGURATION_TOO) is declared as a configuration option instead.
            let configuration_too = catalogue().resolve(c[0]).is_some();
            if c[8] == "table-with"
                && !configuration_too
                && !options_flink::table_with::is_table_option(c[0])
            {
                problems.push(format!(
                    "{} ({}:{line}): not in options_flink::table_with (run scripts/gen_table_with.py)",
                    c[0], facts.table_file
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", report(&problems));
    assert!(options_flink::table_with::is_table_option(
        "json.ignore-parse-errors"
    ));
}
