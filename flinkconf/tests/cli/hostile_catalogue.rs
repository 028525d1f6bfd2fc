//! A catalogue JSON from a third party cannot make `generate` write outside `--out`, lose a
//! section, or put markup in key names: such files are rejected (exit 1) naming the id or key.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::Value;

/// The fixture catalogue JSON, edited by `edit`, written to `dir/edited.json`.
fn edited(dir: &Path, edit: impl FnOnce(&mut Value)) -> PathBuf {
    let mut catalogue: Value =
        serde_json::from_str(&fs::read_to_string(crate::support::write_catalogue(dir)).unwrap())
            .unwrap();
    edit(&mut catalogue);
    let path = dir.join("edited.json");
    fs::write(&path, serde_json::to_string_pretty(&catalogue).unwrap()).unwrap();
    path
}

/// `flinkconf generate --catalogue FILE --out DIR/work/site`.
fn generate(dir: &Path, catalogue: &Path) -> Output {
    let out = dir.join("work").join("site");
    crate::support::flinkconf()
        .args(["generate", "--catalogue", catalogue.to_str().unwrap()])
        .args(["--out", out.to_str().unwrap()])
        .output()
        .unwrap()
}

fn assert_rejected(o: &Output, message: &str) {
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains(message), "{stderr}");
}

#[test]
fn a_section_id_that_leaves_the_output_directory_is_rejected() {
    for id in [
        "../pwned",
        "/tmp/pwned",
        "a/b",
        "Execution",
        "",
        "-x",
        "a.b",
    ] {
        let dir = tempfile::tempdir().unwrap();
        let catalogue = edited(dir.path(), |c| c["sections"][0]["id"] = id.into());
        let o = generate(dir.path(), &catalogue);
        assert_rejected(
            &o,
            &format!("section id \"{id}\" is not allowed: section ids name output files, so they must match [a-z0-9][a-z0-9_-]*"),
        );
        assert!(
            !dir.path().join("work").exists(),
            "{id}: nothing is written"
        );
        assert!(!dir.path().join("pwned.html").exists());
        assert!(!dir.path().join("work").join("pwned.html").exists());
    }
}

#[test]
fn two_sections_with_one_id_are_rejected_instead_of_one_vanishing() {
    let dir = tempfile::tempdir().unwrap();
    let catalogue = edited(dir.path(), |c| c["sections"][1]["id"] = "execution".into());
    assert_rejected(
        &generate(dir.path(), &catalogue),
        "section id \"execution\" is used by two sections; give each section its own id",
    );
}

#[test]
fn a_key_declared_twice_is_rejected() {
    let dir = tempfile::tempdir().unwrap();
    let catalogue = edited(dir.path(), |c| {
        c["sections"][1]["options"][0]["key"] = "table.exec.async-lookup.timeout".into()
    });
    assert_rejected(
        &generate(dir.path(), &catalogue),
        "option key \"table.exec.async-lookup.timeout\" is declared twice (in sections \"execution\" and \"python\")",
    );
}

#[test]
fn keys_with_whitespace_quotes_or_angle_brackets_are_rejected() {
    for key in [
        "a b",
        "a\tb",
        "a\"b",
        "a'b",
        "a`b",
        "<img src=x>",
        "a>b",
        "",
    ] {
        let dir = tempfile::tempdir().unwrap();
        let catalogue = edited(dir.path(), |c| {
            c["sections"][1]["options"][0]["key"] = key.into()
        });
        let shown = serde_json::to_string(key).unwrap();
        let shown = &shown[1..shown.len() - 1];
        let o = generate(dir.path(), &catalogue);
        assert_eq!(o.status.code(), Some(1), "{key:?}");
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert!(stderr.contains("in section \"python\" is not allowed: keys must be non-empty and may not contain whitespace, quotes, backticks, \"<\" or \">\""), "{stderr}");
        assert!(
            stderr.contains(&format!("key \"{key}\"")) || stderr.contains(shown),
            "{stderr}"
        );
    }
}

#[test]
fn deprecated_and_fallback_keys_are_checked_too() {
    let dir = tempfile::tempdir().unwrap();
    let catalogue = edited(dir.path(), |c| {
        let options = c["sections"][0]["options"].as_array_mut().unwrap();
        let option = options
            .iter_mut()
            .find(|o| o["key"] == "table.exec.disabled-operators")
            .unwrap();
        option["fallback_keys"][0] = "<b>x</b>".into();
    });
    assert_rejected(
        &generate(dir.path(), &catalogue),
        "key \"<b>x</b>\" in section \"execution\" is not allowed",
    );
}

#[test]
fn writing_refuses_paths_outside_the_output_directory() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("site");
    for bad in [
        "../escaped.html",
        "/tmp/escaped.html",
        "a/../../escaped.html",
    ] {
        let mut files = options_docs::Files::new();
        files.insert("catalogue.json".into(), "{}".into());
        files.insert(bad.into(), "x".into());
        let error = options_docs::output::write_atomically(&files, &out).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("output paths must stay inside --out"),
            "{error}"
        );
        assert!(!out.exists());
        assert!(!dir.path().join("escaped.html").exists());
        // `check` never reads such a path either: it is reported as missing.
        let report = options_docs::output::compare(&files, &out);
        assert!(report.missing.contains(&PathBuf::from(bad)));
    }
}

#[test]
fn a_clean_edited_catalogue_still_generates() {
    let dir = tempfile::tempdir().unwrap();
    let catalogue = edited(dir.path(), |c| c["sections"][1]["id"] = "python_2-x".into());
    let o = generate(dir.path(), &catalogue);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(dir.path().join("work/site/python_2-x.html").is_file());
}
