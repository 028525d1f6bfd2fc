//! `flinkconf diff OLD NEW`: a Markdown changelog between two catalogue JSON files.

use serde_json::{json, Value};

fn edit(catalogue: &mut Value, key: &str, f: impl FnOnce(&mut Value)) {
    let option = catalogue["sections"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .flat_map(|s| s["options"].as_array_mut().unwrap().iter_mut())
        .find(|o| o["key"] == key)
        .unwrap();
    f(option);
}

#[test]
fn diff_lists_added_removed_changed_and_newly_deprecated_options() {
    let dir = tempfile::tempdir().unwrap();
    let old = crate::support::write_catalogue(dir.path());
    let mut new: Value = serde_json::from_str(&std::fs::read_to_string(&old).unwrap()).unwrap();
    edit(&mut new, "table.exec.async-lookup.timeout", |o| {
        o["default"]["text"] = json!("5 min")
    });
    edit(&mut new, "table.exec.resource.default-parallelism", |o| {
        o["type"]["name"] = json!("Long");
        o["scope"] = json!("streaming");
    });
    edit(&mut new, "python.executable", |o| {
        o["deprecated"] = json!(true)
    });
    edit(&mut new, "python.archives", |o| o["scope"] = json!("batch"));
    let options = new["sections"][0]["options"].as_array_mut().unwrap();
    options.retain(|o| o["key"] != "table.exec.mini-batch.allow-latency");
    let mut added = options[0].clone();
    added["key"] = json!("table.exec.async-lookup.buffer-capacity");
    added["type"] = json!({"name": "Integer", "kind": "Integer", "list": false, "enum_values": []});
    added["default"] = json!({"kind": "value", "text": "100"});
    options.push(added);
    let new_path = dir.path().join("new.json");
    std::fs::write(&new_path, serde_json::to_string(&new).unwrap()).unwrap();

    let o = crate::support::flinkconf()
        .args(["diff", old.to_str().unwrap(), new_path.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "# Configuration changes

## Added

- `table.exec.async-lookup.buffer-capacity` (Integer, default `100`, scope `batch, streaming`)

## Removed

- `table.exec.mini-batch.allow-latency`

## Changed

- `python.archives`: scope `-` → `batch`
- `table.exec.async-lookup.timeout`: default `3 min` → `5 min`
- `table.exec.resource.default-parallelism`: type `Integer` → `Long`; scope `batch, streaming` → `streaming`

## Newly deprecated

- `python.executable`
"
    );
}

#[test]
fn diff_of_identical_catalogues_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let path = crate::support::write_catalogue(dir.path());
    let o = crate::support::flinkconf()
        .args(["diff", path.to_str().unwrap(), path.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "# Configuration changes\n\nNo changes.\n"
    );
}

#[test]
fn diff_reports_changed_constraints_relations_and_lifecycle() {
    let dir = tempfile::tempdir().unwrap();
    let old = crate::support::write_catalogue(dir.path());
    let mut new: Value = serde_json::from_str(&std::fs::read_to_string(&old).unwrap()).unwrap();
    edit(&mut new, "table.exec.resource.default-parallelism", |o| {
        o["constraint"]["min"] = json!("-1");
        o["constraint"]["max"] = json!("32768");
        o["since"] = json!("1.11");
    });
    edit(&mut new, "table.exec.async-lookup.timeout", |o| {
        o["only_when"] = json!({"key": "table.exec.mini-batch.enabled", "value": "true"});
    });
    edit(&mut new, "python.executable", |o| {
        o["deprecated"] = json!(true);
        o["deprecation"] = json!({"since": "1.20", "note": "use python.client.executable"});
        o["startup_only"] = json!(false);
    });
    let new_path = dir.path().join("new.json");
    std::fs::write(&new_path, serde_json::to_string(&new).unwrap()).unwrap();
    let o = crate::support::flinkconf()
        .args(["diff", old.to_str().unwrap(), new_path.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "# Configuration changes

## Changed

- `python.executable`: startup only true → false
- `table.exec.async-lookup.timeout`: applies always → only used when `table.exec.mini-batch.enabled` is `true`
- `table.exec.resource.default-parallelism`: accepts any value → from `-1` to `32768`; since 1.10 → 1.11

## Newly deprecated

- `python.executable` (since 1.20: use python.client.executable)
"
    );
}
