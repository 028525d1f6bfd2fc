//! The Python constant that names an option: its key upper-cased, every run of characters other
//! than ASCII letters and digits written as one `_` (`table.exec.mini-batch.enabled` ->
//! `TABLE_EXEC_MINI_BATCH_ENABLED`, `metrics.reporter.<name>.interval` ->
//! `METRICS_REPORTER_NAME_INTERVAL`).

use std::collections::BTreeMap;

/// The constant name of `key`.
pub fn constant_name(key: &str) -> String {
    let mut name = String::with_capacity(key.len());
    let mut gap = false;
    for c in key.chars() {
        if c.is_ascii_alphanumeric() {
            if gap && !name.is_empty() {
                name.push('_');
            }
            gap = false;
            name.push(c.to_ascii_uppercase());
        } else {
            gap = true;
        }
    }
    if name.starts_with(|c: char| c.is_ascii_digit()) {
        name.insert(0, '_');
    }
    name
}

/// The constant of every key, sorted by constant; an error naming both keys when two keys would
/// share one constant (`a.b-c` and `a.b.c`).
pub fn constants<'a>(
    keys: impl IntoIterator<Item = &'a str>,
) -> Result<BTreeMap<String, &'a str>, String> {
    let mut by_name: BTreeMap<String, &'a str> = BTreeMap::new();
    for key in keys {
        let name = constant_name(key);
        if name.is_empty() {
            return Err(format!(
                "option key \"{key}\" has no letter or digit to name a Python constant after"
            ));
        }
        if let Some(other) = by_name.insert(name.clone(), key) {
            return Err(format!(
                "option keys \"{other}\" and \"{key}\" would both be the Python constant {name}; \
                 rename one of the keys"
            ));
        }
    }
    Ok(by_name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_become_upper_case_identifiers() {
        assert_eq!(
            constant_name("table.exec.mini-batch.enabled"),
            "TABLE_EXEC_MINI_BATCH_ENABLED"
        );
        assert_eq!(
            constant_name("taskmanager.numberOfTaskSlots"),
            "TASKMANAGER_NUMBEROFTASKSLOTS"
        );
        assert_eq!(
            constant_name("metrics.reporter.<name>.interval"),
            "METRICS_REPORTER_NAME_INTERVAL"
        );
        assert_eq!(constant_name("$internal.job-id"), "INTERNAL_JOB_ID");
        assert_eq!(constant_name("2nd.key"), "_2ND_KEY");
    }

    #[test]
    fn two_keys_with_one_constant_are_an_error() {
        let error = constants(["a.b-c", "a.b.c"]).unwrap_err();
        assert!(error.contains("\"a.b-c\" and \"a.b.c\""), "{error}");
        assert!(error.contains("A_B_C"), "{error}");
    }
}
