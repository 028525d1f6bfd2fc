//! Compares every declared option with DataFusion 55.0.0's own table
//! (`tests/data/datafusion-options.tsv`, copied from `shared/reference/datafusion/`): key,
//! namespace (the section), Rust type, default, deprecation and the values DataFusion accepts.
//!
//! DataFusion's range-checked wrappers are translated, not differences: `ConfigNonZeroUsize` is a
//! `usize` with `min = 1`, `ConfigMinTwoUsize` one with `min = 2`, `ConfigFilterSelectivity` one
//! with `max = 100`, `MaxRowGroupBytes` one with `min = 1`. Every other difference must be listed,
//! with its reason, in `tests/data/datafusion-differences.tsv`, and every listed difference must
//! still exist. A declared option the table does not know fails too.

use std::collections::{BTreeMap, BTreeSet};

use options_core::{Bound, DefaultDoc, OptionMeta, ReadableConfig};

const FACTS: &str = include_str!("data/datafusion-options.tsv");
const DIFFERENCES: &str = include_str!("data/datafusion-differences.tsv");

struct Row {
    key: &'static str,
    rust_type: &'static str,
    default: &'static str,
    deprecated: bool,
    allowed: Vec<&'static str>,
    namespace: &'static str,
}

fn facts() -> Vec<Row> {
    FACTS
        .lines()
        .skip(1)
        .map(|line| {
            let cells: Vec<&str> = line.split('\t').collect();
            assert_eq!(cells.len(), 6, "6 columns: {line:?}");
            Row {
                key: cells[0],
                rust_type: cells[1],
                default: cells[2],
                deprecated: cells[3] == "true",
                allowed: cells[4].split(';').filter(|v| !v.is_empty()).collect(),
                namespace: cells[5],
            }
        })
        .collect()
}

/// `core::option::Option<alloc::string::String>` -> `Option<String>`.
fn short_type(name: &str) -> String {
    let mut out = String::new();
    let mut word = String::new();
    for c in name.chars() {
        if c.is_alphanumeric() || c == '_' || c == ':' {
            word.push(c);
        } else {
            out.push_str(word.rsplit("::").next().unwrap_or(""));
            word.clear();
            out.push(c);
        }
    }
    out.push_str(word.rsplit("::").next().unwrap_or(""));
    out
}

/// DataFusion's range-checked wrapper types, as a Rust type and bounds of ours.
fn translated(rust_type: &str) -> (&str, Option<i64>, Option<i64>) {
    match rust_type {
        "ConfigNonZeroUsize" => ("usize", Some(1), None),
        "ConfigMinTwoUsize" => ("usize", Some(2), None),
        "ConfigFilterSelectivity" => ("usize", None, Some(100)),
        "Option<MaxRowGroupBytes>" => ("Option<usize>", Some(1), None),
        other => (other, None, None),
    }
}

fn bound(b: Option<Bound>) -> Option<i64> {
    match b {
        Some(Bound::Integer(n)) => Some(n),
        None => None,
        Some(other) => panic!("an integer bound, not {other:?}"),
    }
}

/// The default as DataFusion's `configs.md` writes it: `NULL` for none.
fn default_text(meta: &OptionMeta) -> &'static str {
    match meta.default {
        DefaultDoc::None => "NULL",
        DefaultDoc::Value(v) | DefaultDoc::Override(v) => v,
    }
}

/// The values of an `allowed_values` cell our parser must accept: names and their aliases
/// (`postgresql (alias postgres)`), a level filled in (`gzip(level)` -> `gzip(1)`), each
/// category of a list.
fn accepted_spellings(allowed: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for value in allowed {
        if let Some(rest) = value.strip_prefix("comma-separated subset of ") {
            out.extend(rest.split(',').map(str::to_owned));
            out.push(rest.to_owned());
        } else if let Some((name, alias)) = value.split_once(" (alias ") {
            out.push(name.to_owned());
            out.push(alias.trim_end_matches(')').to_owned());
        } else {
            out.push(value.replace("(level)", "(1)"));
        }
    }
    out
}

#[test]
fn every_option_matches_datafusion_or_is_a_listed_difference() {
    let catalogue = example_datafusion::catalogue();
    let mut declared: BTreeMap<&str, (&str, &OptionMeta)> = BTreeMap::new();
    for (group, meta) in catalogue.options() {
        declared.insert(meta.key_str(), (group.id, meta));
    }
    let mut found: BTreeSet<(String, String, String, String)> = BTreeSet::new();
    let mut note = |key: &str, field: &str, ours: String, theirs: &str| {
        found.insert((key.to_owned(), field.to_owned(), ours, theirs.to_owned()));
    };
    let rows = facts();
    for row in &rows {
        let Some((section, meta)) = declared.remove(row.key) else {
            note(row.key, "declared", "no".into(), "yes");
            continue;
        };
        if section != row.namespace.replace('.', "-") {
            note(row.key, "section", section.into(), row.namespace);
        }
        let (rust_type, min, max) = translated(row.rust_type);
        let ours = short_type(meta.rust_type());
        if ours != rust_type {
            note(row.key, "type", ours, row.rust_type);
        }
        if (bound(meta.constraint.min), bound(meta.constraint.max)) != (min, max) {
            let ours = format!("{:?}..{:?}", meta.constraint.min, meta.constraint.max);
            note(row.key, "bounds", ours, row.rust_type);
        }
        if default_text(meta) != row.default {
            note(row.key, "default", default_text(meta).into(), row.default);
        }
        if meta.deprecated != row.deprecated {
            note(row.key, "deprecated", meta.deprecated.to_string(), "");
        }
        for value in accepted_spellings(&row.allowed) {
            if !value.starts_with("integer") {
                if let Err(e) = meta.parse_value(&value) {
                    note(row.key, "accepts", e.to_string(), &value);
                }
            }
        }
    }
    for key in declared.keys() {
        note(key, "in the facts", "no".into(), "");
    }
    let listed: BTreeSet<(String, String, String, String)> = DIFFERENCES
        .lines()
        .skip(1)
        .map(|line| {
            let c: Vec<&str> = line.split('\t').collect();
            assert_eq!(c.len(), 5, "5 columns: {line:?}");
            assert!(
                !c[4].trim().is_empty(),
                "a difference needs a reason: {line:?}"
            );
            (c[0].into(), c[1].into(), c[2].into(), c[3].into())
        })
        .collect();
    let unlisted: Vec<_> = found.difference(&listed).collect();
    let gone: Vec<_> = listed.difference(&found).collect();
    assert!(
        unlisted.is_empty() && gone.is_empty(),
        "differences not listed in tests/data/datafusion-differences.tsv (key, field, ours, datafusion): {unlisted:#?}\nlisted but no longer found: {gone:#?}"
    );
    assert_eq!(rows.len(), 148, "DataFusion 55.0.0 has 148 options");
}

#[test]
fn a_value_outside_a_wrapper_range_is_refused_as_datafusion_refuses_it() {
    let mut config = example_datafusion::configuration();
    let zero = config.set_str("datafusion.sql_parser.recursion_limit", "0");
    assert_eq!(
        zero.unwrap_err().to_string(),
        "invalid value \"0\" for datafusion.sql_parser.recursion_limit: must be at least 1"
    );
    let one = config.set_str(
        "datafusion.execution.max_buffered_batches_per_output_file",
        "1",
    );
    assert!(one.is_err());
    let percent = config.set_str("datafusion.optimizer.default_filter_selectivity", "101");
    assert_eq!(
        percent.unwrap_err().to_string(),
        "invalid value \"101\" for datafusion.optimizer.default_filter_selectivity: must be at most 100"
    );
    let negative = config.set_str("datafusion.execution.batch_size", "-1");
    assert!(negative
        .unwrap_err()
        .to_string()
        .contains("must be at least 0"));
}

#[test]
fn enum_values_read_in_any_case_and_aliases_name_their_variant() {
    use example_datafusion::{enums::Dialect, SqlParserOptions};
    let mut config = example_datafusion::configuration();
    config
        .set_str("datafusion.sql_parser.dialect", "Postgres")
        .unwrap();
    assert_eq!(config.get(&SqlParserOptions::DIALECT), Dialect::PostgreSql);
    config
        .set_str("datafusion.sql_parser.dialect", "SPARKSQL")
        .unwrap();
    assert_eq!(config.get(&SqlParserOptions::DIALECT), Dialect::Spark);
}
