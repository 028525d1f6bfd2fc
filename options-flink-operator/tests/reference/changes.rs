//! `CHANGES.md` reproduced from the catalogues of two releases.

use std::collections::{BTreeMap, BTreeSet};

use options_core::key_index::KeyRole;
use options_core::{OptionMeta, Release};
use options_flink_operator::{catalogue_at, OPERATOR_RELEASES};

use crate::facts::{documented, rendered_default, CHANGES};

/// One step of `CHANGES.md` (`## 1.10.0 → 1.11.0`, or the overall one).
#[derive(Debug, Default)]
struct Step {
    from: String,
    to: String,
    rows: (usize, usize),
    added: BTreeSet<String>,
    removed: BTreeMap<String, String>,
    default_changes: usize,
    type_changes: usize,
}

/// A cell of a Markdown table row, without the backticks around it.
fn cells(line: &str) -> Vec<&str> {
    line.trim()
        .trim_matches('|')
        .split('|')
        .map(|c| c.trim().trim_matches('`'))
        .collect()
}

/// Every step of `CHANGES.md`, in file order.
fn steps() -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    let mut table = "";
    for line in CHANGES.lines() {
        if let Some(heading) = line.strip_prefix("## ") {
            table = "";
            let heading = heading.strip_prefix("Overall, ").unwrap_or(heading);
            if let Some((from, to)) = heading.split_once(" → ") {
                steps.push(Step {
                    from: from.into(),
                    to: to.into(),
                    ..Step::default()
                });
            } else {
                // Rows per release, Docs subset tables: read by their own tests.
                table = "other";
            }
            continue;
        }
        let Some(step) = steps.last_mut().filter(|_| table != "other") else {
            continue;
        };
        if let Some((counts, rest)) = line.split_once(" rows: ") {
            let (a, b) = counts.split_once(" → ").unwrap();
            step.rows = (a.parse().unwrap(), b.parse().unwrap());
            let numbers: Vec<usize> = rest
                .split(", ")
                .map(|p| p.split(' ').next().unwrap().parse().unwrap())
                .collect();
            assert_eq!(numbers.len(), 4, "CHANGES.md: {line}");
            step.default_changes = numbers[2];
            step.type_changes = numbers[3];
        } else if line == "Added:" || line == "Removed:" {
            table = if line == "Added:" { "added" } else { "removed" };
        } else if line.starts_with("| `") {
            let c = cells(line);
            match table {
                "added" => {
                    step.added.insert(c[0].into());
                }
                "removed" => {
                    step.removed.insert(c[0].into(), c[3].into());
                }
                _ => panic!("CHANGES.md: a table row outside Added/Removed: {line}"),
            }
        }
    }
    assert_eq!(steps.len(), 6, "five steps and the overall one");
    steps
}

fn release(text: &str) -> Release {
    OPERATOR_RELEASES.release(text).unwrap()
}

fn report(problems: &[String]) -> String {
    problems.iter().map(|p| format!("  - {p}\n")).collect()
}

#[test]
fn the_keys_added_and_removed_between_releases_are_the_ones_changes_md_lists() {
    let mut problems = Vec::new();
    for step in steps() {
        let (from, to) = (release(&step.from), release(&step.to));
        let old = documented(from);
        let new = documented(to);
        let name = format!("{} → {}", step.from, step.to);
        if (old.len(), new.len()) != step.rows {
            problems.push(format!(
                "{name}: {} → {} documented options, CHANGES.md counts {:?}",
                old.len(),
                new.len(),
                step.rows
            ));
        }
        let added: BTreeSet<String> = new
            .keys()
            .filter(|k| !old.contains_key(*k))
            .map(|k| k.to_string())
            .collect();
        let removed: BTreeSet<String> = old
            .keys()
            .filter(|k| !new.contains_key(*k))
            .map(|k| k.to_string())
            .collect();
        if added != step.added {
            problems.push(format!(
                "{name}: added {added:?}, CHANGES.md lists {:?}",
                step.added
            ));
        }
        let listed_removed: BTreeSet<String> = step.removed.keys().cloned().collect();
        if removed != listed_removed {
            problems.push(format!(
                "{name}: removed {removed:?}, CHANGES.md lists {listed_removed:?}"
            ));
        }
        let changed = |f: fn(&OptionMeta) -> String| {
            old.iter()
                .filter(|(k, (_, m))| new.get(*k).is_some_and(|(_, n)| f(m) != f(n)))
                .count()
        };
        let defaults = changed(|m| rendered_default(m).to_owned());
        let types = changed(|m| m.value_type.name().into_owned());
        if (defaults, types) != (step.default_changes, step.type_changes) {
            problems.push(format!(
                "{name}: {defaults} default and {types} type changes, CHANGES.md counts {} and {}",
                step.default_changes, step.type_changes
            ));
        }
    }
    assert!(problems.is_empty(), "{}", report(&problems));
}

#[test]
fn a_removed_key_is_still_read_where_changes_md_says_so() {
    let mut problems = Vec::new();
    for step in steps() {
        let catalogue = catalogue_at(release(&step.to));
        for (key, still_read) in &step.removed {
            let resolved = catalogue.resolve(key);
            if let Some(new_key) = still_read.strip_suffix(" (renamed)") {
                let new_key = new_key.trim_matches('`');
                match resolved {
                    Some(r)
                        if r.meta.key_str() == new_key
                            && matches!(r.role, KeyRole::Fallback | KeyRole::Deprecated) => {}
                    other => problems.push(format!(
                        "{} reads {key} as {:?}, CHANGES.md says as a spelling of {new_key}",
                        step.to,
                        other.map(|r| (r.meta.key_str(), r.role))
                    )),
                }
            } else if still_read.starts_with("itself") {
                match resolved {
                    Some(r) if r.meta.key_str() == key && r.meta.hidden && r.meta.deprecated => {}
                    other => problems.push(format!(
                        "{} should still read {key} itself (hidden, deprecated), reads {:?}",
                        step.to,
                        other.map(|r| (r.meta.key_str(), r.meta.hidden, r.meta.deprecated))
                    )),
                }
            } else {
                if resolved.is_some() {
                    problems.push(format!("{} still reads {key}", step.to));
                }
            }
            if resolved.is_none() && catalogue.absent(key).is_none() {
                problems.push(format!("{} does not say why {key} is gone", step.to));
            }
        }
    }
    assert!(problems.is_empty(), "{}", report(&problems));
}

/// The `Rows per release` and `Docs subset tables` tables: release -> counts.
fn count_table(heading: &str, columns: usize) -> BTreeMap<String, Vec<usize>> {
    let section = CHANGES
        .split("\n## ")
        .find(|s| s.starts_with(heading))
        .unwrap_or_else(|| panic!("CHANGES.md has no section {heading}"));
    section
        .lines()
        .filter(|l| l.starts_with("| 1."))
        .map(|l| {
            let c = cells(l);
            assert_eq!(c.len(), columns, "CHANGES.md: {l}");
            let numbers = c[1..]
                .iter()
                .filter_map(|n| n.parse().ok())
                .collect::<Vec<usize>>();
            (c[0].to_owned(), numbers)
        })
        .collect()
}

/// How many documented options of `release` each section holds.
fn per_section(release: Release) -> BTreeMap<&'static str, usize> {
    let mut out = BTreeMap::new();
    for (section, _) in documented(release).values() {
        *out.entry(*section).or_default() += 1;
    }
    out
}

#[test]
fn each_release_has_as_many_options_per_table_and_docs_heading_as_changes_md_counts() {
    let rows = count_table("Rows per release", 7);
    let subsets = count_table("Docs subset tables", 5);
    assert_eq!(rows.len(), 6);
    assert_eq!(subsets.len(), 6);
    let mut problems = Vec::new();
    for (full, counts) in &rows {
        let sections = per_section(release(full));
        let n = |id: &str| sections.get(id).copied().unwrap_or(0);
        let operator = n("operator-dynamic") + n("operator-system") + n("operator-system-advanced");
        // total, autoscaler, standalone, operator, metrics
        let ours = vec![
            sections.values().sum(),
            n("autoscaler"),
            n("autoscaler-standalone"),
            operator,
            n("operator-system-metrics"),
        ];
        if &ours != counts {
            problems.push(format!("{full}: rows {ours:?}, CHANGES.md {counts:?}"));
        }
        // dynamic, system, system_advanced, in none
        let ours = vec![
            n("operator-dynamic"),
            n("operator-system"),
            n("operator-system-advanced"),
            0,
        ];
        if subsets[full] != ours {
            problems.push(format!(
                "{full}: subsets {ours:?}, CHANGES.md {:?}",
                subsets[full]
            ));
        }
    }
    assert!(problems.is_empty(), "{}", report(&problems));
}

#[test]
fn options_enter_and_leave_the_docs_headings_as_changes_md_says() {
    let section = CHANGES
        .split("\n## ")
        .find(|s| s.starts_with("Docs subset tables"))
        .unwrap();
    let mut problems = Vec::new();
    let mut step: Option<(Release, Release)> = None;
    let mut moves = 0;
    let mut members = 0;
    for line in section.lines() {
        if line.starts_with("Members in ") {
            step = None;
            continue;
        }
        if step.is_none() {
            // `- `dynamic_section` (35): `…a`, `…b`, ...`: the newest release's members.
            if let Some((heading, list)) = line
                .strip_prefix("- `")
                .and_then(|l| l.split_once("_section` ("))
            {
                let id =
                    crate::facts::section_of("kubernetes_operator_config_configuration", heading)
                        .unwrap_or_else(|| panic!("CHANGES.md: unknown heading in {line}"));
                let listed: BTreeSet<String> = list
                    .split_once("): ")
                    .unwrap()
                    .1
                    .split(", ")
                    .map(|k| k.trim_matches('`').replace('…', "kubernetes.operator."))
                    .collect();
                let ours: BTreeSet<String> = documented(OPERATOR_RELEASES.newest())
                    .into_iter()
                    .filter(|(_, (s, _))| *s == id)
                    .map(|(k, _)| k.replace("<listener_name>", "<listener-name>"))
                    .collect();
                if ours != listed {
                    problems.push(format!(
                        "{id} in the newest release: ours {ours:?}, CHANGES.md {listed:?}"
                    ));
                }
                members += 1;
            }
        }
        if let Some((from, to)) = line.strip_suffix(':').and_then(|l| l.split_once(" → ")) {
            step = Some((release(from), release(to)));
            continue;
        }
        let Some(rest) = line.strip_prefix("- `") else {
            continue;
        };
        let Some((key, rest)) = rest.split_once("` ") else {
            continue;
        };
        let Some((from, to)) = step else { continue };
        let (verb, heading) = rest.split_once(' ').unwrap();
        let heading = heading.trim_matches('`').trim_end_matches("_section");
        let id = crate::facts::section_of("kubernetes_operator_config_configuration", heading)
            .unwrap_or_else(|| panic!("CHANGES.md: unknown heading in {line}"));
        let (before, after) = (documented(from), documented(to));
        let (was, is) = (
            before.get(key).map(|(s, _)| *s),
            after.get(key).map(|(s, _)| *s),
        );
        let ok = match verb {
            "enters" => is == Some(id) && was != Some(id),
            "leaves" => was == Some(id) && is != Some(id),
            _ => panic!("CHANGES.md: {line}"),
        };
        moves += 1;
        if !ok {
            problems.push(format!("{line}: ours {was:?} -> {is:?}"));
        }
    }
    assert_eq!(moves, 10, "the moves CHANGES.md lists");
    assert_eq!(members, 3, "the three member lists of the newest release");
    assert!(problems.is_empty(), "{}", report(&problems));
}

#[test]
fn every_release_builds_and_reads_or_explains_every_key_of_the_newest() {
    // The catalogue of every release builds (no two groups claim one key) and reads every key
    // of the newest release, or says why not.
    let newest = documented(OPERATOR_RELEASES.newest());
    for release in OPERATOR_RELEASES.iter() {
        let catalogue = catalogue_at(release);
        for key in newest.keys() {
            assert!(
                catalogue.resolve(key).is_some() || catalogue.absent(key).is_some(),
                "{release}: {key} neither read nor explained"
            );
        }
    }
}
