//! Options of a table's `WITH (...)` clause named where configuration goes: Flink's
//! `kind=table-with` options (`sink.parallelism`, `format`, `json.ignore-parse-errors`, ...) are
//! not configuration keys, so a `SET` or a config file naming one does nothing in Flink. They stay
//! out of the catalogue; this list lets `SET` and `validate` say where such a key belongs instead
//! of calling it unknown.

use std::sync::LazyLock;

use options_core::key_hash;

mod keys;

pub use keys::{TABLE_WITH_FIELD_KEYS, TABLE_WITH_KEYS};

/// Whether `key` is one of Flink's table options (any release 1.19 to 2.3), compared exactly; a
/// `#` of [`TABLE_WITH_FIELD_KEYS`] stands for one field name (`fields.id.kind`).
///
/// ```
/// use options_flink::table_with::is_table_option;
///
/// assert!(is_table_option("sink.parallelism"));
/// assert!(is_table_option("fields.user_id.kind"));
/// assert!(!is_table_option("parallelism.default"));
/// ```
pub fn is_table_option(key: &str) -> bool {
    // Every unknown key of a file is asked about: a search of the keys' hashes, where a binary
    // search of the keys compared about eight strings.
    static BY_HASH: LazyLock<Vec<(u64, &'static str)>> = LazyLock::new(|| {
        let mut keys: Vec<(u64, &str)> =
            TABLE_WITH_KEYS.iter().map(|k| (key_hash(k), *k)).collect();
        keys.sort_unstable();
        keys
    });
    let hash = key_hash(key);
    let at = BY_HASH.partition_point(|&(h, _)| h < hash);
    BY_HASH[at..]
        .iter()
        .take_while(|&&(h, _)| h == hash)
        .any(|&(_, k)| k == key)
        // Every field key has a `fields.` segment (checked by a test): most keys are ruled out
        // without splitting them once per pattern, which every unknown key of a file pays.
        || (key.contains("fields.") && TABLE_WITH_FIELD_KEYS.iter().any(|pattern| {
            let mut typed = key.split('.');
            pattern.split('.').all(|p| {
                typed
                    .next()
                    .is_some_and(|t| if p == "#" { !t.is_empty() } else { p == t })
            }) && typed.next().is_none()
        }))
}

/// The message for a table option named where configuration goes: where it belongs instead.
/// `place` names where it was written (`SET`, `a configuration file`).
pub fn table_option_message(key: &str, place: &str) -> String {
    format!(
        "\"{key}\" is a table option, not a configuration key: {place} naming it does nothing in \
         Flink; write it in the table's definition, CREATE TABLE ... WITH ('{key}' = '...')"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_is_sorted_for_binary_search() {
        assert!(TABLE_WITH_KEYS.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn every_field_key_has_a_fields_segment() {
        assert!(TABLE_WITH_FIELD_KEYS
            .iter()
            .all(|k| k.starts_with("fields.") || k.contains(".fields.")));
    }

    #[test]
    fn a_field_key_needs_exactly_one_field_name() {
        assert!(is_table_option("fields.f0.max"));
        assert!(!is_table_option("fields.max"));
        assert!(!is_table_option("fields.a.b.max"));
        assert!(!is_table_option("fields..max"));
    }
}
