//! The generated files of the Python package (`python/declared_options/options.py` and
//! `_keys.pyi`) match the built-in catalogue; `BLESS=1` rewrites them (as
//! `cargo run -p flinkconf -- python` does).

use std::path::Path;

use options_docs::python::{compare_python, python_files, write_python, COMMAND};
use options_docs::source::Loaded;

#[test]
fn the_committed_python_files_are_fresh() {
    let files = python_files(&Loaded::from_catalogue(options_flink::builtin::catalogue()).doc)
        .expect("every key names its own constant");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../python/declared_options");
    if std::env::var_os(options_docs::BLESS_VAR).is_some() {
        write_python(&files, &dir).unwrap();
        return;
    }
    let report = compare_python(&files, &dir);
    assert!(
        report.is_fresh(),
        "{}",
        report.render("python/declared_options", COMMAND)
    );
}

#[test]
fn every_documented_option_has_a_constant_with_its_docstring() {
    let files =
        python_files(&Loaded::from_catalogue(options_flink::builtin::catalogue()).doc).unwrap();
    let module = &files[Path::new("options.py")];
    let documented = Loaded::from_catalogue(options_flink::builtin::catalogue())
        .doc
        .options()
        .filter(|(_, o)| !o.hidden)
        .count();
    assert_eq!(module.matches(": Final[ConfigOption[").count(), documented);
    assert!(module.contains(
        "TABLE_EXEC_MINI_BATCH_ENABLED: Final[ConfigOption[bool]] = ConfigOption(\"table.exec.mini-batch.enabled\")\n\"\"\""
    ));
    assert!(module.contains(
        "TABLE_EXEC_DISABLED_OPERATORS: Final[ConfigOption[Optional[str]]] = ConfigOption(\"table.exec.disabled-operators\")"
    ));
}

#[test]
fn a_stale_file_is_reported_with_the_command_that_fixes_it() {
    let files =
        python_files(&Loaded::from_catalogue(options_flink::builtin::catalogue()).doc).unwrap();
    let dir = tempfile::tempdir().unwrap();
    write_python(&files, dir.path()).unwrap();
    assert!(compare_python(&files, dir.path()).is_fresh());
    std::fs::write(dir.path().join("options.py"), "stale\n").unwrap();
    std::fs::write(dir.path().join("__init__.py"), "# the package's own file\n").unwrap();
    let report = compare_python(&files, dir.path());
    assert!(!report.is_fresh());
    let text = report.render("pkg", COMMAND);
    assert!(text.contains("pkg/options.py (on disk)"), "{text}");
    assert!(!text.contains("__init__.py"), "{text}");
    assert!(text.contains(COMMAND), "{text}");
}
