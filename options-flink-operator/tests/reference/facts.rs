//! The test data, read: the six release tables, the listed differences, and how an option of the
//! catalogue is written in the tables' terms.

use std::collections::BTreeMap;
use std::time::Duration;

use options_core::{DefaultDoc, MemorySize, OptionKey, OptionMeta, OptionValue, Release};
use options_flink_operator::{catalogue_at, OPERATOR_RELEASES};

/// One release's table.
pub struct Table {
    /// The release as the file names it (`1.12.1`).
    pub full: &'static str,
    pub file: &'static str,
    pub text: &'static str,
}

macro_rules! table {
    ($full:literal) => {
        Table {
            full: $full,
            file: concat!("operator-", $full, "-options.tsv"),
            text: include_str!(concat!("../data/operator-", $full, "-options.tsv")),
        }
    };
}

pub const TABLES: [Table; 6] = [
    table!("1.10.0"),
    table!("1.11.0"),
    table!("1.12.1"),
    table!("1.13.0"),
    table!("1.14.0"),
    table!("1.15.0"),
];

pub const DIFFERENCES: &str = include_str!("../data/differences.tsv");
pub const CHANGES: &str = include_str!("../data/CHANGES.md");

impl Table {
    pub fn release(&self) -> Release {
        OPERATOR_RELEASES.release(self.full).unwrap()
    }

    pub fn rows(&self) -> Vec<Row> {
        rows(self.file, self.text, 8)
            .into_iter()
            .map(|(line, c)| Row {
                line,
                key: c[0],
                type_name: c[1],
                default: c[2],
                section: c[3],
                fallback_keys: c[4],
                deprecated_keys: c[5],
                enum_values: c[6],
                doc_section: c[7],
            })
            .collect()
    }
}

/// One row of a release table.
pub struct Row {
    pub line: usize,
    pub key: &'static str,
    pub type_name: &'static str,
    pub default: &'static str,
    pub section: &'static str,
    pub fallback_keys: &'static str,
    pub deprecated_keys: &'static str,
    pub enum_values: &'static str,
    pub doc_section: &'static str,
}

impl Row {
    /// The catalogue section this row's table (and, for operator options, docs heading) maps to.
    pub fn expected_section(&self) -> &'static str {
        section_of(self.section, self.doc_section)
            .unwrap_or_else(|| panic!("{}: unknown section {:?}", self.key, self.section))
    }
}

/// The section id for a table name and docs heading.
pub fn section_of(table: &str, doc_section: &str) -> Option<&'static str> {
    Some(match (table, doc_section) {
        ("auto_scaler_configuration", "") => "autoscaler",
        ("autoscaler_standalone_configuration", "") => "autoscaler-standalone",
        ("kubernetes_operator_config_configuration", "dynamic") => "operator-dynamic",
        ("kubernetes_operator_config_configuration", "system") => "operator-system",
        ("kubernetes_operator_config_configuration", "system_advanced") => {
            "operator-system-advanced"
        }
        ("kubernetes_operator_metric_configuration", "") => "operator-system-metrics",
        _ => return None,
    })
}

/// The sections whose options the tables list (the others hold undocumented key families).
pub const TABLE_SECTIONS: &[&str] = &[
    "autoscaler",
    "autoscaler-standalone",
    "operator-dynamic",
    "operator-system",
    "operator-system-advanced",
    "operator-system-metrics",
];

/// The rows of a tab-separated table with a header, as (line number, cells).
pub fn rows(file: &str, text: &'static str, columns: usize) -> Vec<(usize, Vec<&'static str>)> {
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

/// Every option `release` reads: key -> (section id, the option as that release has it).
pub fn declared(release: Release) -> BTreeMap<&'static str, (&'static str, &'static OptionMeta)> {
    let mut map = BTreeMap::new();
    for (group, meta) in catalogue_at(release).options() {
        assert!(
            map.insert(meta.key_str(), (group.id, meta)).is_none(),
            "{} is declared twice under {release}",
            meta.key_str()
        );
    }
    map
}

/// The options of `release` that its table should list: documented, in a table section.
pub fn documented(release: Release) -> BTreeMap<&'static str, (&'static str, &'static OptionMeta)> {
    declared(release)
        .into_iter()
        .filter(|(_, (section, meta))| !meta.hidden && TABLE_SECTIONS.contains(section))
        .collect()
}

/// The default as the tables write it.
pub fn rendered_default(meta: &OptionMeta) -> &'static str {
    match meta.default {
        DefaultDoc::None => "(none)",
        DefaultDoc::Value(s) | DefaultDoc::Override(s) => s,
    }
}

/// The same default spelled differently (`1 d` and `1d`, `1.0` and `1`) counts as equal.
pub fn same_default(type_name: &str, expected: &str, declared: &str) -> bool {
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
        "Double" => matches!(
            (expected.parse::<f64>(), declared.parse::<f64>()),
            (Ok(a), Ok(b)) if a == b
        ),
        _ => false,
    }
}

/// The closed set of values an option accepts: an enum's values, or a string option's `one_of`.
pub fn closed_set(meta: &OptionMeta) -> String {
    if meta.value_type.enum_values.is_empty() {
        meta.constraint.one_of.join(";")
    } else {
        meta.value_type.enum_values.join(";")
    }
}

pub fn names(keys: &[OptionKey]) -> String {
    keys.iter().map(|k| k.name()).collect::<Vec<_>>().join(";")
}

/// A key with each placeholder's name dropped (`a.<listener-name>.b` -> `a.<>.b`), to pair a
/// table key with a declared key that names its placeholder differently.
pub fn placeholders_blank(key: &str) -> String {
    key.split('.')
        .map(|s| {
            if s.starts_with('<') && s.ends_with('>') {
                "<>"
            } else {
                s
            }
        })
        .collect::<Vec<_>>()
        .join(".")
}

/// One difference between a table row and the declaration: (key, field, ours, the table's).
pub type Difference = (String, String, String, String);

/// One listed difference: the releases it holds in, and why.
pub struct Listed {
    pub line: usize,
    pub releases: Vec<Release>,
    pub difference: Difference,
    pub reason: &'static str,
}

/// The releases a `releases` cell names: `all`, one release, or an inclusive range `1.11..1.15`.
fn releases_of(cell: &str) -> Vec<Release> {
    let all: Vec<Release> = OPERATOR_RELEASES.iter().collect();
    if cell == "all" {
        return all;
    }
    let (first, last) = cell.split_once("..").unwrap_or((cell, cell));
    let first = OPERATOR_RELEASES.release(first).unwrap().index();
    let last = OPERATOR_RELEASES.release(last).unwrap().index();
    assert!(
        first <= last,
        "differences.tsv: range {cell} runs backwards"
    );
    all[first..=last].to_vec()
}

pub fn listed_differences() -> Vec<Listed> {
    rows("differences.tsv", DIFFERENCES, 6)
        .into_iter()
        .map(|(line, c)| {
            assert!(
                c[5].len() >= 20,
                "differences.tsv:{line}: give a reason for {} {}",
                c[1],
                c[2]
            );
            Listed {
                line,
                releases: releases_of(c[0]),
                difference: (c[1].into(), c[2].into(), c[3].into(), c[4].into()),
                reason: c[5],
            }
        })
        .collect()
}
