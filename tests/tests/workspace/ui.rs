//! Compile errors of the derives: one file per diagnostic in `tests/ui`, with its expected
//! `.stderr`. Refresh the snapshots with `BLESS=1 cargo test -p options-tests --test ui` (the
//! workspace's one snapshot-refresh variable; trybuild itself calls it `TRYBUILD=overwrite`).

#[test]
fn derive_errors() {
    if std::env::var_os("BLESS").is_some() {
        std::env::set_var("TRYBUILD", "overwrite");
    }
    let cases = trybuild::TestCases::new();
    cases.compile_fail("ui/*.rs");
}
