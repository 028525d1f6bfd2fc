//! `flinkconf validate` reports values outside their constraint as errors and settings whose
//! `only_when` condition does not hold as warnings, each with line and column, whether the
//! catalogue is live or read back from `catalogue.json`.

use options_check::report::text::render_findings as render_report;
use options_check::validate::check_text;
use options_docs::source::Loaded;

const CONFIG: &str = "\
table:
  exec:
    async-lookup:
      buffer-capacity: 0
    shuffle-mode: foo
    mini-batch.allow-latency: 5 s
";

const EXPECTED: &str = "\
config.yaml:4:7: error: invalid value \"0\" for table.exec.async-lookup.buffer-capacity: must be at least 1
config.yaml:5:5: error: invalid value \"foo\" for table.exec.shuffle-mode: must be one of ALL_EDGES_BLOCKING, FORWARD_EDGES_PIPELINED, POINTWISE_EDGES_PIPELINED, ALL_EDGES_PIPELINED, batch, pipelined, pipeline
config.yaml:5:5: warning: option \"table.exec.shuffle-mode\" is deprecated since 1.14: use execution.batch-shuffle-mode; see `flinkconf explain table.exec.shuffle-mode`
config.yaml:6:5: warning: \"table.exec.mini-batch.allow-latency\" is only used when \"table.exec.mini-batch.enabled\" is \"true\", but it is \"false\" (the default): this setting has no effect
config.yaml: 2 errors and 2 warnings
";

/// Flink 1.19, which still reads seed 001's `table.exec.shuffle-mode` and its closed set.
fn flink_1_19() -> Loaded {
    options_check::builtin::at(Some("1.19")).unwrap()
}

#[test]
fn a_live_catalogue_reports_bounds_closed_sets_and_relations() {
    let problems = check_text(&flink_1_19(), CONFIG);
    assert_eq!(render_report("config.yaml", &problems), EXPECTED);
}

#[test]
fn a_catalogue_read_from_json_reports_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("catalogue.json");
    let doc = options_docs::CatalogueDoc::from_catalogue(&flink_1_19().live);
    std::fs::write(&path, options_docs::render::catalogue_json(&doc)).unwrap();
    let loaded = Loaded::from_json_file(&path).unwrap();
    // Built from the file: no release, as a file documents one.
    assert!(loaded.live.release().is_none());
    let problems = check_text(&loaded, CONFIG);
    assert_eq!(render_report("config.yaml", &problems), EXPECTED);
}

#[test]
fn no_relation_warning_when_the_file_enables_the_condition() {
    let config = "table.exec.mini-batch.enabled: TRUE\ntable.exec.mini-batch.allow-latency: 5 s\ntable.exec.mini-batch.size: 1000\n";
    let problems = check_text(&options_check::builtin::at(None).unwrap(), config);
    assert!(problems.is_empty(), "{problems:?}");
}

#[test]
fn bounds_read_from_json_compare_large_integers_exactly() {
    // 2^53 + 1: as floating point it equals 2^53 + 2, so only an exact comparison tells them apart.
    let doc = options_docs::CatalogueDoc::from_catalogue(&options_flink::builtin::catalogue());
    let mut json: serde_json::Value =
        serde_json::from_str(&options_docs::render::catalogue_json(&doc)).unwrap();
    let option = json["sections"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .flat_map(|s| s["options"].as_array_mut().unwrap().iter_mut())
        .find(|o| o["key"] == "table.exec.mini-batch.size")
        .unwrap();
    option["constraint"]["max"] = "9007199254740993".into();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("catalogue.json");
    std::fs::write(&path, json.to_string()).unwrap();
    let loaded = Loaded::from_json_file(&path).unwrap();

    let file = |size: &str| {
        format!("table.exec.mini-batch.enabled: true\ntable.exec.mini-batch.allow-latency: 5 s\ntable.exec.mini-batch.size: {size}\n")
    };
    let at_bound = check_text(&loaded, &file("9007199254740993"));
    assert!(at_bound.is_empty(), "{at_bound:?}");
    let above = check_text(&loaded, &file("9007199254740994"));
    assert_eq!(
        render_report("config.yaml", &above),
        "config.yaml:3:1: error: invalid value \"9007199254740994\" for table.exec.mini-batch.size: must be at most 9007199254740993\nconfig.yaml: 1 error and 0 warnings\n"
    );
}

#[test]
fn every_relation_warns_at_the_setting_when_the_file_switches_its_condition_off() {
    let catalogue = options_flink::builtin::catalogue();
    let mut checked = 0;
    for (_, dependent) in catalogue.options() {
        let Some(relation) = dependent.only_when else {
            continue;
        };
        let condition = catalogue.resolve(relation.key).unwrap().meta;
        let off = match condition.value_type.enum_values {
            [] if relation.value.eq_ignore_ascii_case("true") => "false",
            [] => "true",
            values => values
                .iter()
                .find(|v| !v.eq_ignore_ascii_case(relation.value))
                .unwrap(),
        };
        let value = match dependent.default {
            options_core::DefaultDoc::Value(v) if !v.is_empty() => v,
            _ => "1",
        };
        let config = format!(
            "{}: \"{value}\"\n{}: {off}\n",
            dependent.key_str(),
            relation.key
        );
        let report = render_report(
            "config.yaml",
            &check_text(&options_check::builtin::at(None).unwrap(), &config),
        );
        let expected = format!(
            "config.yaml:1:1: warning: \"{}\" is only used when \"{}\" is \"{}\", but it is \"{off}\" (line 2): this setting has no effect",
            dependent.key_str(),
            relation.key,
            relation.value
        );
        assert!(report.contains(&expected), "{report}");
        checked += 1;
    }
    assert!(checked >= 6);
}

const NEEDS: &str = "\
table.exec.mini-batch.enabled: true
table.exec.async-scalar.retry-delay: 0 ms
";

const NEEDS_EXPECTED: &str = "\
config.yaml:1:1: warning: \"table.exec.mini-batch.enabled\" is \"true\", but \"table.exec.mini-batch.allow-latency\" is \"0 ms\" (the default), and it must be above \"0 ms\" then; Apache Flink refuses to plan such a job
config.yaml:1:1: warning: \"table.exec.mini-batch.enabled\" is \"true\", but \"table.exec.mini-batch.size\" is \"-1\" (the default), and it must be above \"0\" then; Apache Flink refuses to plan such a job
config.yaml:2:1: warning: \"table.exec.async-scalar.retry-strategy\" is \"FIXED_DELAY\" (the default), but \"table.exec.async-scalar.retry-delay\" is \"0 ms\", and it must be above \"0 ms\" then; Apache Flink refuses to plan such a job
config.yaml: 0 errors and 3 warnings
";

#[test]
fn turning_a_feature_on_without_what_it_needs_warns_with_a_live_catalogue_and_from_json() {
    let report = render_report(
        "config.yaml",
        &check_text(&options_check::builtin::at(None).unwrap(), NEEDS),
    );
    assert_eq!(report, NEEDS_EXPECTED);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("catalogue.json");
    let doc = options_docs::CatalogueDoc::from_catalogue(&options_flink::builtin::catalogue());
    std::fs::write(&path, options_docs::render::catalogue_json(&doc)).unwrap();
    let loaded = Loaded::from_json_file(&path).unwrap();
    assert_eq!(
        render_report("config.yaml", &check_text(&loaded, NEEDS)),
        NEEDS_EXPECTED
    );
}

#[test]
fn a_needed_value_set_too_low_is_reported_at_its_own_line() {
    let config = "table.exec.mini-batch.enabled: true\ntable.exec.mini-batch.size: 1000\ntable:\n  exec.mini-batch.allow-latency: 0 ms\n";
    let report = render_report(
        "config.yaml",
        &check_text(&options_check::builtin::at(None).unwrap(), config),
    );
    assert_eq!(
        report,
        "config.yaml:4:3: warning: \"table.exec.mini-batch.enabled\" is \"true\" (line 1), but \"table.exec.mini-batch.allow-latency\" is \"0 ms\", and it must be above \"0 ms\" then; Apache Flink refuses to plan such a job\nconfig.yaml: 0 errors and 1 warning\n"
    );
}
