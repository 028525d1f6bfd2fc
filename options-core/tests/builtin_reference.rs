//! Checks every built-in option against the reference tables in `tests/data/`:
//!
//! * `flink-1.19-options.tsv`: facts about Apache Flink 1.19.3's options;
//! * `seed-only-options.tsv`: options the seeds list that Flink 1.19 does not;
//! * `project-options.tsv`: options this project adds beyond both (the runtime group).
//!
//! Compared per option: group, key, type name, rendered default, scope, fallback keys, deprecated
//! keys, enum values, hidden and deprecated. The test fails listing every mismatch, every row with
//! no option and every option with no row.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::Duration;

use options_core::{DefaultDoc, MemorySize, OptionMeta, OptionValue};

const FLINK: &str = include_str!("../../tests/data/flink-1.19-options.tsv");
const SEED_ONLY: &str = include_str!("../../tests/data/seed-only-options.tsv");
const PROJECT: &str = include_str!("../../tests/data/project-options.tsv");

/// Differences between a row and the declaration that are deliberate, with the reason.
const KNOWN_DIFFERENCES: &[(&str, &str, &str, &str)] = &[
    (
        "seed-only-options.tsv",
        "table.exec.shuffle-mode",
        "default",
        "seed 001 shows an older Flink's default \"batch\"; Flink 1.19 (flink-1.19-options.tsv) has \
         none and marks the key deprecated and undocumented, and the declaration follows 1.19",
    ),
    (
        "flink-1.19-options.tsv",
        "table.local-time-zone",
        "fallback keys",
        COUNTERPARTS,
    ),
    (
        "seed-only-options.tsv",
        "sql.local-time-zone",
        "fallback keys",
        COUNTERPARTS,
    ),
    (
        "flink-1.19-options.tsv",
        "table.exec.state.ttl",
        "fallback keys",
        COUNTERPARTS,
    ),
    (
        "seed-only-options.tsv",
        "sql.state-ttl",
        "fallback keys",
        COUNTERPARTS,
    ),
];

/// Why the seed 004 counterparts declare each other as fallback keys.
const COUNTERPARTS: &str = "seed 004 describes sql.local-time-zone and sql.state-ttl as the \
     counterparts of table.local-time-zone and table.exec.state.ttl; each pair names the other as \
     its fallback key so the pair is one setting (issue 14)";

/// One row of a reference table. `None` means the table has no such column.
struct Row {
    file: &'static str,
    line: usize,
    group: String,
    key: String,
    type_name: String,
    default: String,
    scope: String,
    documented: Option<bool>,
    deprecated: Option<bool>,
    fallback_keys: Option<Vec<String>>,
    deprecated_keys: Option<Vec<String>>,
    enum_values: Option<Vec<String>>,
}

impl Row {
    fn at(&self) -> String {
        format!("{}:{}", self.file, self.line)
    }
}

fn list(cell: &str) -> Vec<String> {
    cell.split(';')
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}

fn flag(cell: &str, file: &str, line: usize) -> bool {
    match cell {
        "true" => true,
        "false" => false,
        other => panic!("{file}:{line}: expected true or false, found {other:?}"),
    }
}

/// Reads a table with the full column set (Flink's and the project's).
fn full_rows(file: &'static str, text: &str) -> Vec<Row> {
    rows(file, text, 10, |cells, line| Row {
        file,
        line,
        group: cells[0].to_owned(),
        key: cells[1].to_owned(),
        type_name: cells[2].to_owned(),
        default: cells[3].to_owned(),
        scope: cells[4].to_owned(),
        documented: Some(flag(cells[5], file, line)),
        deprecated: Some(flag(cells[6], file, line)),
        fallback_keys: Some(list(cells[7])),
        deprecated_keys: Some(list(cells[8])),
        enum_values: (!cells[9].is_empty()).then(|| list(cells[9])),
    })
}

/// Reads the seed-only table: group, key, type, default, scope, note.
fn seed_rows(file: &'static str, text: &str) -> Vec<Row> {
    rows(file, text, 6, |cells, line| Row {
        file,
        line,
        group: cells[0].to_owned(),
        key: cells[1].to_owned(),
        type_name: cells[2].to_owned(),
        default: cells[3].to_owned(),
        scope: cells[4].to_owned(),
        documented: None,
        deprecated: None,
        fallback_keys: Some(Vec::new()),
        deprecated_keys: Some(Vec::new()),
        enum_values: None,
    })
}

fn rows(
    file: &'static str,
    text: &str,
    columns: usize,
    make: impl Fn(&[&str], usize) -> Row,
) -> Vec<Row> {
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
            make(&cells, i + 1)
        })
        .collect()
}

fn rendered_default(meta: &OptionMeta) -> &'static str {
    match meta.default {
        DefaultDoc::None => "(none)",
        DefaultDoc::Value(s) | DefaultDoc::Override(s) => s,
    }
}

/// The same default spelled differently (`15mb` and `15 mb`) counts as equal.
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
        _ => false,
    }
}

fn is_known_difference(row: &Row, field: &str) -> bool {
    KNOWN_DIFFERENCES
        .iter()
        .any(|&(file, key, f, _)| file == row.file && key == row.key && f == field)
}

/// Appends one line per field of `row` that `meta` (in group `group`) declares differently.
fn compare(row: &Row, group: &str, meta: &OptionMeta, governed: bool, out: &mut Vec<String>) {
    let mut check = |field: &str, expected: String, declared: String, equal: bool| {
        if !equal && !is_known_difference(row, field) {
            out.push(format!(
                "{} ({}): {field}: reference says {expected:?}, declared {declared:?}",
                row.key,
                row.at()
            ));
        }
    };
    check(
        "group",
        row.group.clone(),
        group.to_owned(),
        row.group == group,
    );
    let type_name = meta.value_type.name().into_owned();
    check(
        "type",
        row.type_name.clone(),
        type_name.clone(),
        row.type_name == type_name,
    );
    let default = rendered_default(meta);
    let equal = same_default(&row.type_name, &row.default, default);
    check("default", row.default.clone(), default.to_owned(), equal);
    let scope = row.scope.replace(',', ", ");
    check(
        "scope",
        scope.clone(),
        meta.scope.as_str().to_owned(),
        scope == meta.scope.as_str(),
    );
    let names = |keys: &[options_core::OptionKey]| {
        keys.iter().map(|k| k.name().to_owned()).collect::<Vec<_>>()
    };
    if let Some(expected) = &row.fallback_keys {
        let declared = names(meta.fallback_keys);
        check(
            "fallback keys",
            expected.join(";"),
            declared.join(";"),
            *expected == declared,
        );
    }
    if let Some(expected) = &row.deprecated_keys {
        let declared = names(meta.deprecated_keys);
        check(
            "deprecated keys",
            expected.join(";"),
            declared.join(";"),
            *expected == declared,
        );
    }
    if let Some(expected) = &row.enum_values {
        let declared = meta.value_type.enum_values.join(";");
        check(
            "enum values",
            expected.join(";"),
            declared.clone(),
            expected.join(";") == declared,
        );
    }
    // A seed-only row for a key Flink 1.19 also lists does not govern the flags: Flink's row does.
    if !governed {
        return;
    }
    let hidden = !row.documented.unwrap_or(true);
    check(
        "hidden",
        hidden.to_string(),
        meta.hidden.to_string(),
        hidden == meta.hidden,
    );
    let deprecated = row.deprecated.unwrap_or(false);
    check(
        "deprecated",
        deprecated.to_string(),
        meta.deprecated.to_string(),
        deprecated == meta.deprecated,
    );
}

#[test]
fn every_builtin_option_matches_the_reference_tables() {
    let flink = full_rows("flink-1.19-options.tsv", FLINK);
    let project = full_rows("project-options.tsv", PROJECT);
    let seed = seed_rows("seed-only-options.tsv", SEED_ONLY);
    assert_eq!(flink.len(), 101, "rows in flink-1.19-options.tsv");
    assert_eq!(seed.len(), 17, "rows in seed-only-options.tsv");

    let catalogue = options_core::builtin::catalogue();
    let declared: BTreeMap<&str, (&str, &OptionMeta)> = catalogue
        .options()
        .map(|(g, m)| (m.key_str(), (g.id, m)))
        .collect();
    assert_eq!(
        declared.len(),
        catalogue.options().count(),
        "a key is declared twice"
    );

    let mut problems = Vec::new();
    let governing: Vec<&str> = flink
        .iter()
        .chain(&project)
        .map(|r| r.key.as_str())
        .collect();
    for row in flink.iter().chain(&project).chain(&seed) {
        let governed =
            row.file != "seed-only-options.tsv" || !governing.contains(&row.key.as_str());
        match declared.get(row.key.as_str()) {
            Some((group, meta)) => compare(row, group, meta, governed, &mut problems),
            None => problems.push(format!(
                "{} ({}): no built-in option declares it",
                row.key,
                row.at()
            )),
        }
    }
    for key in declared.keys() {
        if !flink
            .iter()
            .chain(&project)
            .chain(&seed)
            .any(|r| r.key == *key)
        {
            problems.push(format!("{key}: declared, but in no reference table"));
        }
    }
    let mut report = String::new();
    for p in &problems {
        let _ = writeln!(report, "  - {p}");
    }
    assert!(
        problems.is_empty(),
        "{} mismatches:\n{report}",
        problems.len()
    );
}

#[test]
fn known_differences_are_still_different() {
    // Drop an entry from KNOWN_DIFFERENCES once the declaration and the table agree.
    let seed = seed_rows("seed-only-options.tsv", SEED_ONLY);
    let catalogue = options_core::builtin::catalogue();
    for &(file, key, field, reason) in KNOWN_DIFFERENCES {
        let meta = catalogue.resolve(key).unwrap().meta;
        match field {
            "default" => {
                let row = seed
                    .iter()
                    .find(|r| r.file == file && r.key == key)
                    .unwrap();
                assert!(
                    !same_default(&row.type_name, &row.default, rendered_default(meta)),
                    "{key}: the default now matches {file}; remove the known difference ({reason})"
                );
            }
            // Neither reference table lists fallback keys for these options.
            "fallback keys" => assert!(
                !meta.fallback_keys.is_empty(),
                "{key}: no fallback keys any more; remove the known difference ({reason})"
            ),
            other => panic!("unexpected known difference in {other}"),
        }
    }
}
