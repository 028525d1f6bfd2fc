//! Compile errors of the derives: one file per diagnostic in `tests/ui`, with its expected
//! `.stderr`. Refresh the snapshots with `TRYBUILD=overwrite cargo test -p options-tests --test ui`.

#[test]
fn derive_errors() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("ui/*.rs");
}
