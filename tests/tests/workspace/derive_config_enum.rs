//! `#[derive(ConfigEnum)]`: config names, case-insensitive parsing, canonical formatting.

use options_core::{ConfigEnum, OptionValue, TypeInfo, ValueKind};

/// How a planner joins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ConfigEnum)]
pub enum JoinStrategy {
    /// Broadcast the smaller side.
    BroadcastHash,
    /// Shuffle both sides.
    ShuffleHash,
    /// Sort both sides and merge.
    #[config(name = "SORT-MERGE")]
    SortMerge,
    /// HTTP-style acronym.
    HTTPLookup,
}

#[test]
fn variants_are_named_in_screaming_snake_case_unless_renamed() {
    assert_eq!(
        JoinStrategy::NAMES,
        [
            "BROADCAST_HASH",
            "SHUFFLE_HASH",
            "SORT-MERGE",
            "HTTP_LOOKUP"
        ]
    );
    assert_eq!(JoinStrategy::VARIANTS[2], JoinStrategy::SortMerge);
    assert_eq!(JoinStrategy::ShuffleHash.index(), 1);
}

#[test]
fn parsing_ignores_case_and_formatting_is_canonical() {
    assert_eq!(
        JoinStrategy::parse_config("broadcast_hash").unwrap(),
        JoinStrategy::BroadcastHash
    );
    assert_eq!(
        JoinStrategy::parse_config("Sort-Merge").unwrap(),
        JoinStrategy::SortMerge
    );
    assert_eq!(JoinStrategy::SortMerge.to_config_string(), "SORT-MERGE");
}

#[test]
fn an_unknown_name_lists_the_accepted_ones() {
    let err = JoinStrategy::parse_config("nested_loop").unwrap_err();
    let text = err.to_string();
    assert!(text.contains("\"nested_loop\""), "{text}");
    assert!(
        text.contains("BROADCAST_HASH, SHUFFLE_HASH, SORT-MERGE, HTTP_LOOKUP"),
        "{text}"
    );
}

#[test]
fn the_type_is_an_enum_with_its_names() {
    assert_eq!(
        JoinStrategy::TYPE,
        TypeInfo::enumeration(JoinStrategy::NAMES)
    );
    assert_eq!(JoinStrategy::TYPE.kind, ValueKind::Enum);
}
