//! `docgen validate` reports values outside their constraint as errors and settings whose
//! `only_when` condition does not hold as warnings, each with line and column, whether the
//! catalogue is live or read back from `catalogue.json`.

use docgen::source::Loaded;
use docgen::validate::{check_text, render_report};

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
config.yaml:5:5: warning: option \"table.exec.shuffle-mode\" is deprecated; see `docgen explain table.exec.shuffle-mode`
config.yaml:6:5: warning: \"table.exec.mini-batch.allow-latency\" is only used when \"table.exec.mini-batch.enabled\" is \"true\", but it is \"false\" (the default): this setting has no effect
config.yaml: 2 errors and 2 warnings
";

#[test]
fn a_live_catalogue_reports_bounds_closed_sets_and_relations() {
    let problems = check_text(&Loaded::builtin(), CONFIG);
    assert_eq!(render_report("config.yaml", &problems), EXPECTED);
}

#[test]
fn a_catalogue_read_from_json_reports_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("catalogue.json");
    let doc = docgen::CatalogueDoc::from_catalogue(&options_core::builtin::catalogue());
    std::fs::write(&path, docgen::render::catalogue_json(&doc)).unwrap();
    let loaded = Loaded::from_json_file(&path).unwrap();
    assert!(loaded.live.is_none());
    let problems = check_text(&loaded, CONFIG);
    assert_eq!(render_report("config.yaml", &problems), EXPECTED);
}

#[test]
fn no_relation_warning_when_the_file_enables_the_condition() {
    let config = "table.exec.mini-batch.enabled: TRUE\ntable.exec.mini-batch.allow-latency: 5 s\n";
    let problems = check_text(&Loaded::builtin(), config);
    assert!(problems.is_empty(), "{problems:?}");
}

#[test]
fn bounds_read_from_json_compare_large_integers_exactly() {
    // 2^53 + 1: as floating point it equals 2^53 + 2, so only an exact comparison tells them apart.
    let doc = docgen::CatalogueDoc::from_catalogue(&options_core::builtin::catalogue());
    let mut json: serde_json::Value =
        serde_json::from_str(&docgen::render::catalogue_json(&doc)).unwrap();
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
        format!("table.exec.mini-batch.enabled: true\ntable.exec.mini-batch.size: {size}\n")
    };
    let at_bound = check_text(&loaded, &file("9007199254740993"));
    assert!(at_bound.is_empty(), "{at_bound:?}");
    let above = check_text(&loaded, &file("9007199254740994"));
    assert_eq!(
        render_report("config.yaml", &above),
        "config.yaml:2:1: error: invalid value \"9007199254740994\" for table.exec.mini-batch.size: must be at most 9007199254740993\nconfig.yaml: 1 error and 0 warnings\n"
    );
}
