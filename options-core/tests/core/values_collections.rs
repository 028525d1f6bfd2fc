//! Lists and maps: Flink 1.19's quoting (`StructuredOptionsSplitter`) and the minimal-quoting
//! canonical output.

use std::collections::BTreeMap;
use std::time::Duration;

use options_core::grammar::{join_list, join_map, parse_map, split_list};
use options_core::{MemorySize, OptionValue};

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| (*s).to_owned()).collect()
}

fn pairs(entries: &[(&str, &str)]) -> Vec<(String, String)> {
    entries
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect()
}

#[test]
fn lists_split_on_semicolons_and_trim_unquoted_items() {
    let table: &[(&str, &[&str])] = &[
        ("a;b;c", &["a", "b", "c"]),
        ("  a ; b\t;\nc  ", &["a", "b", "c"]),
        ("a b;c", &["a b", "c"]),
        ("a'b;c\"d", &["a'b", "c\"d"]),
        ("x'", &["x'"]),
    ];
    for (text, items) in table {
        assert_eq!(split_list(text), Ok(strings(items)), "{text:?}");
    }
}

#[test]
fn empty_items_count_only_between_delimiters() {
    let table: &[(&str, &[&str])] = &[
        ("", &[]),
        ("   ", &[]),
        (";", &[]),
        (";a", &["a"]),
        ("a;", &["a"]),
        ("a;;b", &["a", "", "b"]),
        ("a; ;b", &["a", "", "b"]),
        (";;", &[""]),
        (";;a", &["", "a"]),
        ("a;;", &["a", ""]),
        ("''", &[""]),
        ("'';''", &["", ""]),
    ];
    for (text, items) in table {
        assert_eq!(split_list(text), Ok(strings(items)), "{text:?}");
    }
}

#[test]
fn quotes_protect_delimiters_whitespace_and_themselves() {
    let table: &[(&str, &[&str])] = &[
        ("'a;b';c", &["a;b", "c"]),
        ("\"a;b\";c", &["a;b", "c"]),
        ("' padded '", &[" padded "]),
        ("'it''s'", &["it's"]),
        ("\"it's\"", &["it's"]),
        ("\"say \"\"hi\"\"\"", &["say \"hi\""]),
        ("'a' ;  \"b\"  ", &["a", "b"]),
        ("  'a'", &["a"]),
    ];
    for (text, items) in table {
        assert_eq!(split_list(text), Ok(strings(items)), "{text:?}");
    }
}

#[test]
fn bad_quoting_is_rejected_with_its_position() {
    let table = [
        (
            "'a'b",
            "the item quoted at character 1 must be followed by \";\" or the end",
        ),
        (
            "x;'a' 'b'",
            "the item quoted at character 3 must be followed by \";\" or the end",
        ),
        ("'a", "the quote ' at character 1 is never closed"),
        ("x;\"a\"\"", "the quote \" at character 3 is never closed"),
    ];
    for (text, detail) in table {
        assert_eq!(split_list(text).unwrap_err().detail, detail, "{text:?}");
    }
}

#[test]
fn joining_quotes_only_items_that_need_it() {
    let table: &[(&[&str], &str)] = &[
        (&[], ""),
        (&["a", "b"], "a;b"),
        (&["a b", "c"], "a b;c"),
        (&["a;b"], "'a;b'"),
        (&["it's"], "it's"),
        (&["'q'"], "\"'q'\""),
        (&["\"q\""], "'\"q\"'"),
        (&["'both\""], "'''both\"'"),
        (&[" x"], "' x'"),
        (&["x\t"], "'x\t'"),
        (&[""], "''"),
        (&["", "a"], "'';a"),
        (&["a", ""], "a;''"),
        (&["a", "", "b"], "a;;b"),
        (&["", ""], "'';''"),
    ];
    for (items, text) in table {
        let items = strings(items);
        assert_eq!(join_list(&items), *text, "{items:?}");
        assert_eq!(split_list(text), Ok(items));
    }
}

#[test]
fn typed_lists_parse_each_item_with_its_grammar() {
    assert_eq!(
        Vec::<Duration>::parse_config("1 min; 30 s;500").unwrap(),
        [
            Duration::from_secs(60),
            Duration::from_secs(30),
            Duration::from_millis(500)
        ]
    );
    assert_eq!(Vec::<i64>::parse_config("1;-2;+3").unwrap(), [1, -2, 3]);
    assert_eq!(Vec::<i32>::parse_config("").unwrap(), Vec::<i32>::new());
    let sizes = vec![MemorySize::from_kibibytes(64), MemorySize::from_bytes(3)];
    assert_eq!(sizes.to_config_string(), "64 kb;3 bytes");
    assert_eq!(
        Vec::<MemorySize>::parse_config("64 kb;3 bytes").unwrap(),
        sizes
    );
    assert_eq!(Vec::<String>::type_name(), "List<String>");
    assert_eq!(Vec::<Duration>::type_name(), "List<Duration>");
}

#[test]
fn list_errors_name_the_bad_item() {
    let table = [
        (
            Vec::<Duration>::parse_config("1 s;3 mins").unwrap_err(),
            r#"invalid value "1 s;3 mins": expected a List<Duration> such as items separated by ';' ("3 min" or "500 ms" each) (item 2 "3 mins": unknown unit "mins")"#,
        ),
        (
            Vec::<bool>::parse_config("true;yes").unwrap_err(),
            r#"invalid value "true;yes": expected a List<Boolean> such as items separated by ';' ("true" or "false" each) (item 2 "yes" is invalid)"#,
        ),
        (
            Vec::<String>::parse_config("'open").unwrap_err(),
            r#"invalid value "'open": expected a List<String> such as items separated by ';' ("text" each) (the quote ' at character 1 is never closed)"#,
        ),
    ];
    for (err, expected) in table {
        assert_eq!(err.to_string(), expected);
    }
}

#[test]
fn maps_parse_key_value_pairs() {
    let table: &[(&str, &[(&str, &str)])] = &[
        ("", &[]),
        ("k1:v1,k2:v2", &[("k1", "v1"), ("k2", "v2")]),
        (" k1 : v1 , k2:v2 ", &[("k1", "v1"), ("k2", "v2")]),
        ("k:''", &[("k", "")]),
        ("'x,y:z'", &[("x,y", "z")]),
        ("\"'a:b':v\"", &[("a:b", "v")]),
        ("b:2,a:1", &[("b", "2"), ("a", "1")]),
    ];
    for (text, entries) in table {
        assert_eq!(parse_map(text), Ok(pairs(entries)), "{text:?}");
    }
}

#[test]
fn malformed_maps_and_duplicate_keys_are_rejected() {
    let table = [
        ("a:1,a:2", "duplicate key \"a\""),
        ("a", "entry \"a\" is not one key:value pair"),
        ("a:b:c", "entry \"a:b:c\" is not one key:value pair"),
        ("a:", "entry \"a:\" is not one key:value pair"),
        (
            "a:'x",
            "entry \"a:'x\": the quote ' at character 3 is never closed",
        ),
        (
            "'a:b':v",
            "the item quoted at character 1 must be followed by \",\" or the end",
        ),
    ];
    for (text, detail) in table {
        assert_eq!(parse_map(text).unwrap_err().detail, detail, "{text:?}");
    }
}

#[test]
fn joining_maps_quotes_in_two_levels_only_when_needed() {
    let table: &[(&[(&str, &str)], &str)] = &[
        (&[], ""),
        (&[("k1", "v1"), ("k2", "v2")], "k1:v1,k2:v2"),
        (&[("k", "")], "k:''"),
        (&[("", "v")], "\"'':v\""),
        (&[("a:b", "v")], "\"'a:b':v\""),
        (&[("x,y", "z")], "'x,y:z'"),
        (&[("k", " v ")], "k:' v '"),
    ];
    for (entries, text) in table {
        let entries = pairs(entries);
        assert_eq!(join_map(&entries), *text, "{entries:?}");
        assert_eq!(parse_map(text), Ok(entries));
    }
}

#[test]
fn typed_maps_round_trip_in_key_order() {
    let map = BTreeMap::<String, String>::parse_config("b:2, a:1").unwrap();
    assert_eq!(map.to_config_string(), "a:1,b:2");
    assert_eq!(BTreeMap::<String, String>::type_name(), "Map");
    assert_eq!(
        BTreeMap::<String, String>::parse_config("a:1,a:2")
            .unwrap_err()
            .to_string(),
        r#"invalid value "a:1,a:2": expected a Map such as "k1:v1,k2:v2" (duplicate key "a")"#
    );
}
