//! `flinkconf migrate`: a realistic legacy file migrated (output and report snapshotted under
//! the workspace's `tests/data/`, refreshed with `BLESS=1`), and one case per promise of the migration.

use crate::migrate_support::{builtin, effective, Effective};
use options_check::migrate::{migrate, render_report, MigrateOptions};

fn run(text: &str, flat: bool) -> options_check::migrate::Migration {
    migrate(builtin(), text, MigrateOptions { flat }).unwrap()
}

fn snapshot(name: &str, actual: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data")
        .join(name);
    if std::env::var_os(options_docs::BLESS_VAR).is_some() {
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        expected == actual,
        "{} differs ({}=1 refreshes it):\n{actual}",
        path.display(),
        options_docs::BLESS_VAR
    );
}

const REALISTIC: &str = include_str!("../../../tests/data/flink-conf.yaml");

#[test]
fn a_realistic_legacy_file_migrates_as_snapshotted() {
    for (flat, name) in [(false, "config.yaml"), (true, "config.flat.yaml")] {
        let m = run(REALISTIC, flat);
        snapshot(name, &m.yaml);
        if !flat {
            let report = render_report(&m, "conf/flink-conf.yaml", Some("conf/config.yaml"));
            snapshot("migrate-report.txt", &report);
        }
    }
}

#[test]
fn the_realistic_file_loads_to_the_same_effective_configuration() {
    for flat in [false, true] {
        let m = run(REALISTIC, flat);
        let legacy = effective(REALISTIC, true);
        let migrated = effective(&m.yaml, false);
        let Effective::Invalid(errors) = &legacy else {
            panic!("the sample has an invalid time zone: {legacy:?}");
        };
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors.iter().all(|(key, _)| key == "table.local-time-zone"),
            "{errors:?}"
        );
        assert_eq!(migrated, legacy, "the migrated file fails the same way");
        let fixed = REALISTIC.replace("table.local-time-zone: null", "table.local-time-zone: UTC");
        let m = run(&fixed, flat);
        assert_eq!(effective(&fixed, true), effective(&m.yaml, false));
    }
}

#[test]
fn the_report_never_shows_a_secret() {
    let text =
        "s3.secret-key:hunter2\nmy.password: hunter3\nmy.password: hunter4\nsecret.token: x;y\n";
    let m = run(text, false);
    let report = render_report(&m, "flink-conf.yaml", None);
    assert!(!report.contains("hunter"), "{report}");
    // The file itself holds them: it is the configuration.
    assert!(m.yaml.contains("hunter4"));
}

#[test]
fn migrating_twice_changes_nothing() {
    for flat in [false, true] {
        let once = run(REALISTIC, flat);
        let twice = run(&once.yaml, flat);
        assert!(twice.already_migrated);
        assert_eq!(once.yaml, twice.yaml);
    }
}

#[test]
fn values_take_their_natural_yaml_form() {
    let text = "parallelism.default: +007\ntable.dml-sync: TRUE\ntable.exec.async-lookup.timeout: 180000\n\
                table.exec.resource.sort.memory: 1024k\nexecution.runtime-mode: batch\n\
                table.column-expansion-strategy: exclude_aliased_virtual_metadata_columns\n\
                python.job-options: b:2,a:1\n";
    let m = run(text, true);
    let body: Vec<&str> = m.yaml.lines().skip(1).collect();
    assert_eq!(
        body,
        [
            "parallelism.default: 7",
            "table.dml-sync: true",
            "table.exec.async-lookup.timeout: 3 min",
            "table.exec.resource.sort.memory: 1 mb",
            "execution.runtime-mode: BATCH",
            "table.column-expansion-strategy: [EXCLUDE_ALIASED_VIRTUAL_METADATA_COLUMNS]",
            "python.job-options: {a: 1, b: 2}",
        ]
    );
}

#[test]
fn text_yaml_would_read_differently_is_quoted() {
    let text = "a: null\nb: ~\nc: yes\nd: 'quoted'\ne: [a, b]\nf: 1.0\ng: plain text\nh: 42\ni: key: value\n";
    let m = run(text, true);
    let body: Vec<&str> = m.yaml.lines().skip(1).collect();
    assert_eq!(
        body,
        [
            "a: \"null\"",
            "b: \"~\"",
            "c: \"yes\"",
            "d: \"'quoted'\"",
            "e: \"[a, b]\"",
            "f: \"1.0\"",
            "g: plain text",
            "h: 42",
            "i: \"key: value\"",
        ]
    );
}

#[test]
fn a_deprecated_key_is_renamed_and_said_so() {
    let m = run("table.exec.topn-cache-size: 5\n", true);
    assert!(
        m.yaml.ends_with("table.exec.rank.topn-cache-size: 5\n"),
        "{}",
        m.yaml
    );
    let report = render_report(&m, "flink-conf.yaml", None);
    assert!(report.contains("flink-conf.yaml:1: note: renamed deprecated key \"table.exec.topn-cache-size\" to \"table.exec.rank.topn-cache-size\""), "{report}");
    assert!(!m.needs_attention());
}

#[test]
fn a_deprecated_key_hidden_by_the_current_key_is_dropped() {
    let text = "table.exec.rank.topn-cache-size: 7\ntable.exec.topn-cache-size: 5 # old\n";
    let m = run(text, true);
    // The dropped line's comment moves above the line that counts.
    assert_eq!(
        m.yaml.lines().skip(1).collect::<Vec<_>>(),
        ["# old", "table.exec.rank.topn-cache-size: 7"]
    );
    assert_eq!(effective(text, true), effective(&m.yaml, false));
    assert!(m.needs_attention());
}

#[test]
fn comments_stay_next_to_their_key() {
    let text =
        "# why two\nparallelism.default: 2 # trailing\n\n# mode\nexecution.runtime-mode: BATCH\n";
    let m = run(text, false);
    let body: Vec<&str> = m.yaml.lines().skip(1).collect();
    assert_eq!(
        body,
        [
            "# why two",
            "parallelism:",
            "  default: 2 # trailing",
            "",
            "# mode",
            "execution:",
            "  runtime-mode: BATCH"
        ]
    );
}

#[test]
fn duplicates_unknown_keys_and_ignored_lines_are_reported_with_lines() {
    let text = "a.b: 1\nparallelism.default: 2\nparallelism.default: 3\nnested:\n";
    let m = run(text, false);
    let report = render_report(&m, "f", None);
    assert!(
        report.contains("f:1: warning: unknown configuration key \"a.b\""),
        "{report}"
    );
    assert!(
        report.contains("f:2: warning: \"parallelism.default\" is set again at line 3"),
        "{report}"
    );
    assert!(report.contains("f:4: warning: no \": \""), "{report}");
    assert!(report.contains("Next:"), "{report}");
    assert!(m.needs_attention());
}

#[test]
fn a_key_with_a_value_and_children_nests_without_a_duplicate() {
    // Keys no option declares, so no rename or canonical value gets in the way of the shape.
    let text = "my.backend: rocksdb\nmy.backend.incremental: true\nmy.x: 1\n";
    let m = run(text, false);
    assert_eq!(effective(text, true), effective(&m.yaml, false));
    assert!(
        m.yaml
            .contains("my:\n  backend: rocksdb\n  backend.incremental: true\n  x: 1\n"),
        "{}",
        m.yaml
    );
}
