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
config.yaml:5:5: error: invalid value \"foo\" for table.exec.shuffle-mode: must be one of batch, pipeline
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
