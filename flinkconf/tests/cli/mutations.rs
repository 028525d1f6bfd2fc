//! Every kind of catalogue edit makes `check` fail (exit 1) with a diff that names the edited key.

use serde_json::{json, Value};

/// The fixture's catalogue JSON as a value, and the site generated from it in `dir`.
fn generated(dir: &std::path::Path) -> (Value, String) {
    let catalogue = crate::support::write_catalogue(dir);
    let out = dir.join("site").display().to_string();
    let o = crate::support::flinkconf()
        .args([
            "generate",
            "--out",
            &out,
            "--catalogue",
            catalogue.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(o.status.success());
    let value = serde_json::from_str(&std::fs::read_to_string(catalogue).unwrap()).unwrap();
    (value, out)
}

fn option<'a>(catalogue: &'a mut Value, key: &str) -> &'a mut Value {
    catalogue["sections"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .flat_map(|s| s["options"].as_array_mut().unwrap().iter_mut())
        .find(|o| o["key"] == key)
        .unwrap()
}

/// Applies `edit` to a copy of the catalogue, checks the committed site against it, and asserts
/// exit code 1 and a diff naming `key`.
fn assert_check_names(key: &str, edit: impl FnOnce(&mut Value)) {
    let dir = tempfile::tempdir().unwrap();
    let (mut catalogue, out) = generated(dir.path());
    edit(&mut catalogue);
    let edited = dir.path().join("edited.json");
    std::fs::write(&edited, serde_json::to_string_pretty(&catalogue).unwrap()).unwrap();
    let o = crate::support::flinkconf()
        .args([
            "check",
            "--out",
            &out,
            "--catalogue",
            edited.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{text}");
    let named = text
        .lines()
        .any(|l| (l.starts_with('-') || l.starts_with('+')) && l.contains(key));
    assert!(named, "no changed line names {key}:\n{text}");
}

#[test]
fn a_changed_default_fails_the_check() {
    assert_check_names("table.exec.async-lookup.timeout", |c| {
        option(c, "table.exec.async-lookup.timeout")["default"]["text"] = json!("5 min");
    });
}

#[test]
fn a_changed_description_fails_the_check() {
    assert_check_names("python.executable", |c| {
        option(c, "python.executable")["description"] = json!("Another interpreter.");
    });
}

#[test]
fn a_changed_type_fails_the_check() {
    assert_check_names("table.exec.resource.default-parallelism", |c| {
        let o = option(c, "table.exec.resource.default-parallelism");
        o["type"]["name"] = json!("Long");
        o["type"]["kind"] = json!("Long");
    });
}

#[test]
fn a_changed_scope_fails_the_check() {
    assert_check_names("table.exec.mini-batch.enabled", |c| {
        option(c, "table.exec.mini-batch.enabled")["scope"] = json!("both");
    });
}

#[test]
fn an_added_option_fails_the_check() {
    assert_check_names("python.fn-execution.bundle.size", |c| {
        let mut added = option(c, "python.executable").clone();
        added["key"] = json!("python.fn-execution.bundle.size");
        c["sections"][1]["options"]
            .as_array_mut()
            .unwrap()
            .push(added);
    });
}

#[test]
fn a_removed_option_fails_the_check() {
    assert_check_names("table.exec.mini-batch.allow-latency", |c| {
        c["sections"][0]["options"]
            .as_array_mut()
            .unwrap()
            .retain(|o| o["key"] != "table.exec.mini-batch.allow-latency");
    });
}
