//! Every output format of the fixture catalogue, compared with `tests/expected/`. Refresh with
//! `DOCGEN_BLESS=1 cargo test -p docgen --test snapshots`; leftover expected files fail the test.

mod common;

use std::path::Path;

#[test]
fn every_rendered_file_matches_its_snapshot() {
    let files = common::files();
    let expected = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/expected");
    if std::env::var_os("DOCGEN_BLESS").is_some() {
        docgen::output::write_atomically(&files, &expected).unwrap();
        return;
    }
    let report = docgen::output::compare(&files, &expected);
    assert!(
        report.is_fresh(),
        "{}",
        report.render(
            "docgen/tests/expected",
            "DOCGEN_BLESS=1 cargo test -p docgen --test snapshots"
        )
    );
}

#[test]
fn rendering_twice_gives_identical_files() {
    assert_eq!(common::files(), common::files());
}
