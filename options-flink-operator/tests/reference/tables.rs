//! Each release's table against the catalogue at that release.

use std::collections::{BTreeMap, BTreeSet};

use options_core::Release;
use options_flink_operator::{catalogue, OPERATOR_RELEASES};

use crate::facts::{
    closed_set, declared, listed_differences, names, placeholders_blank, rendered_default,
    same_default, Difference, Table, TABLES,
};

/// Every difference between one release's table and the catalogue at that release.
fn differences(table: &Table) -> BTreeSet<Difference> {
    let mut declared = declared(table.release());
    let mut out = BTreeSet::new();
    let rows = table.rows();
    let in_table: BTreeSet<&str> = rows.iter().map(|r| r.key).collect();
    for row in &rows {
        let mut diff = |field: &str, ours: String, theirs: &str| {
            out.insert((row.key.to_owned(), field.into(), ours, theirs.to_owned()));
        };
        let found = match declared.remove(row.key) {
            Some(found) => Some(found),
            // A pattern key whose placeholder we name otherwise (placeholder names are letters,
            // digits and `_` here): one difference, and the rest of the row still compared.
            None => {
                let blank = placeholders_blank(row.key);
                let ours = declared
                    .keys()
                    .find(|k| !in_table.contains(*k) && placeholders_blank(k) == blank)
                    .copied();
                ours.and_then(|k| {
                    diff("key", k.to_owned(), row.key);
                    declared.remove(k)
                })
            }
        };
        let Some((section, meta)) = found else {
            diff("missing", "(not declared)".into(), "listed");
            continue;
        };
        let type_name = meta.value_type.name().into_owned();
        if type_name != row.type_name {
            diff("type", type_name, row.type_name);
        }
        let default = rendered_default(meta);
        if !same_default(row.type_name, row.default, default) {
            diff("default", default.to_owned(), row.default);
        }
        if names(meta.fallback_keys) != row.fallback_keys {
            diff(
                "fallback_keys",
                names(meta.fallback_keys),
                row.fallback_keys,
            );
        }
        if names(meta.deprecated_keys) != row.deprecated_keys {
            diff(
                "deprecated_keys",
                names(meta.deprecated_keys),
                row.deprecated_keys,
            );
        }
        if closed_set(meta) != row.enum_values {
            diff("enum_values", closed_set(meta), row.enum_values);
        }
        if meta.hidden {
            diff("hidden", "true".into(), "false");
        }
        if section != row.expected_section() {
            diff("section", section.to_owned(), row.expected_section());
        }
    }
    for (key, (_, meta)) in declared {
        let what = if meta.hidden { "hidden" } else { "documented" };
        out.insert((
            key.to_owned(),
            "extra".into(),
            what.into(),
            "(not in the table)".into(),
        ));
    }
    out
}

/// The listed differences, per release.
fn listed() -> BTreeMap<(String, Difference), (usize, &'static str)> {
    let mut out = BTreeMap::new();
    for listed in listed_differences() {
        for release in &listed.releases {
            let at = (release.version().to_owned(), listed.difference.clone());
            assert!(
                out.insert(at, (listed.line, listed.reason)).is_none(),
                "differences.tsv:{}: listed twice for {release}",
                listed.line
            );
        }
    }
    out
}

fn report(problems: &[String]) -> String {
    problems.iter().map(|p| format!("  - {p}\n")).collect()
}

#[test]
fn every_option_of_every_release_is_declared_as_its_table_says_or_the_difference_is_listed() {
    let listed = listed();
    let mut problems = Vec::new();
    for table in &TABLES {
        let release = table.release().version();
        for (key, field, ours, theirs) in differences(table) {
            let at = (release.to_owned(), (key, field, ours, theirs));
            if !listed.contains_key(&at) {
                let (release, (key, field, ours, theirs)) = at;
                problems.push(format!(
                    "{}: {release}\t{key}\t{field}\t{ours}\t{theirs}\t(reason?)",
                    table.file
                ));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} unlisted differences from the tables (add each, with its reason, to tests/data/differences.tsv):\n{}",
        problems.len(),
        report(&problems)
    );
}

#[test]
fn every_listed_difference_still_exists() {
    let actual: BTreeSet<(String, Difference)> = TABLES
        .iter()
        .flat_map(|t| {
            let release = t.release().version();
            differences(t)
                .into_iter()
                .map(move |d| (release.to_owned(), d))
        })
        .collect();
    let problems: Vec<String> = listed()
        .into_iter()
        .filter(|(at, _)| !actual.contains(at))
        .map(|((release, (key, field, ..)), (line, _))| {
            format!("differences.tsv:{line}: {key} {field} no longer differs in {release}")
        })
        .collect();
    assert!(
        problems.is_empty(),
        "{} listed differences no longer exist:\n{}",
        problems.len(),
        report(&problems)
    );
}

#[test]
fn the_tables_are_checked_under_the_releases_the_catalogue_knows() {
    let releases: Vec<Release> = TABLES.iter().map(Table::release).collect();
    assert_eq!(releases, OPERATOR_RELEASES.iter().collect::<Vec<_>>());
    for release in releases {
        let at = options_flink_operator::catalogue_at(release);
        assert_eq!(at.release(), Some(release));
        assert_eq!(at.engine(), &options_flink_operator::OPERATOR);
    }
    assert_eq!(catalogue().release(), Some(OPERATOR_RELEASES.newest()));
}

#[test]
fn every_declared_option_is_in_a_table_or_a_listed_extra() {
    let mut known: BTreeSet<String> = TABLES
        .iter()
        .flat_map(|t| t.rows().into_iter().map(|r| placeholders_blank(r.key)))
        .collect();
    known.extend(
        listed_differences()
            .into_iter()
            .filter(|l| l.difference.1 == "extra")
            .map(|l| placeholders_blank(&l.difference.0)),
    );
    let unknown: Vec<&str> = catalogue()
        .declared_groups()
        .iter()
        .flat_map(|g| g.options.iter())
        .map(|m| m.key_str())
        .filter(|k| !known.contains(&placeholders_blank(k)))
        .collect();
    assert!(unknown.is_empty(), "declared, but in no table: {unknown:?}");
}
