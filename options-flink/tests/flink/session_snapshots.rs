//! Every session snapshot belongs to a test: a file under `tests/snapshots/session/` whose name no
//! test names is a leftover (a renamed or deleted test) and fails here, so the directory never
//! keeps output nothing checks.

use std::fs;
use std::path::Path;

#[test]
fn every_session_snapshot_is_named_by_a_test() {
    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let sources: String = fs::read_dir(tests.join("flink"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .map(|p| fs::read_to_string(p).unwrap())
        .collect();
    let mut leftovers = Vec::new();
    for entry in fs::read_dir(tests.join("snapshots/session")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if path.extension().is_none_or(|e| e != "txt") || !sources.contains(&format!("\"{name}\""))
        {
            leftovers.push(path.file_name().unwrap().to_string_lossy().into_owned());
        }
    }
    assert!(
        leftovers.is_empty(),
        "snapshots no test names (delete them, or name them in a test): {leftovers:?}"
    );
}
