//! Every output format of the fixture catalogue, compared with `tests/expected/`. Refresh with
//! `BLESS=1 cargo test -p flinkconf --test snapshots`; leftover expected files fail the test.

use std::path::Path;

#[test]
fn every_rendered_file_matches_its_snapshot() {
    let expected = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/expected");
    if let Err(diff) = options_docs::check_or_bless(&crate::common::doc(), &expected) {
        panic!("{diff}");
    }
}

#[test]
fn rendering_twice_gives_identical_files() {
    assert_eq!(crate::common::files(), crate::common::files());
}

#[test]
fn a_leftover_expected_file_fails_the_snapshot_check() {
    let dir = tempfile::tempdir().unwrap();
    let expected = dir.path().join("expected");
    options_docs::output::write_atomically(&crate::common::files(), &expected).unwrap();
    assert_eq!(
        options_docs::check_dir(&crate::common::doc(), &expected),
        Ok(())
    );
    std::fs::write(expected.join("markdown/removed.md"), "old").unwrap();
    let diff = options_docs::check_dir(&crate::common::doc(), &expected).unwrap_err();
    assert!(diff.contains("extra: "), "{diff}");
    assert!(
        diff.contains("markdown/removed.md (flinkconf no longer generates it)"),
        "{diff}"
    );
}
