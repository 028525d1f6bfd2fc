//! Suggestions for unknown keys, on a small hand-declared group shaped like Flink's keys.

use options_core::{Catalogue, GroupMeta, OptionKey, OptionMeta};

static OPTIONS: [OptionMeta; 7] = [
    OptionMeta::new::<bool>("table.exec.mini-batch.enabled"),
    OptionMeta::new::<i64>("table.exec.mini-batch.size"),
    OptionMeta::new::<std::time::Duration>("table.exec.mini-batch.allow-latency"),
    OptionMeta::new::<std::time::Duration>("table.exec.state.ttl"),
    {
        let mut m = OptionMeta::new::<i64>("table.exec.rank.topn-cache-size");
        m.deprecated_keys = &[OptionKey::new("table.exec.topn-cache-size")];
        m
    },
    {
        let mut m = OptionMeta::new::<i32>("table.generated-code.max-members");
        m.hidden = true;
        m
    },
    OptionMeta::new::<bool>("table.exec.deduplicate.mini-batch.compact-changes-enabled"),
];
static GROUP: GroupMeta = GroupMeta {
    id: "demo",
    title: "Demo",
    description: "",
    family: "",
    options: &OPTIONS,
    releases: None,
};

fn catalogue() -> Catalogue {
    Catalogue::new().with_group(&GROUP).unwrap()
}

#[test]
fn a_transposed_letter_suggests_the_key() {
    assert_eq!(
        catalogue().suggest("table.exec.mini-batch.enabeld"),
        ["table.exec.mini-batch.enabled"]
    );
}

#[test]
fn a_wrong_separator_suggests_the_key() {
    assert_eq!(
        catalogue().suggest("table.exec.mini_batch.size"),
        ["table.exec.mini-batch.size"]
    );
}

#[test]
fn different_case_suggests_the_key() {
    assert_eq!(
        catalogue().suggest("TABLE.EXEC.STATE.TTL"),
        ["table.exec.state.ttl"]
    );
}

#[test]
fn a_partial_key_lists_the_keys_under_it() {
    assert_eq!(
        catalogue().suggest("table.exec.mini-batch"),
        [
            "table.exec.mini-batch.size",
            "table.exec.mini-batch.enabled",
            "table.exec.mini-batch.allow-latency",
        ]
    );
}

#[test]
fn a_partial_key_with_a_trailing_dot_lists_the_keys_under_it() {
    assert_eq!(catalogue().suggest("table.exec.mini-batch.").len(), 3);
}

#[test]
fn a_key_without_its_group_prefix_suggests_the_full_key() {
    assert_eq!(
        catalogue().suggest("mini-batch.enabled"),
        ["table.exec.mini-batch.enabled"]
    );
}

#[test]
fn a_typo_of_a_deprecated_key_suggests_the_current_key() {
    assert_eq!(
        catalogue().suggest("table.exec.topn-cache-sise"),
        ["table.exec.rank.topn-cache-size"]
    );
}

#[test]
fn a_hidden_key_is_suggested_for_a_typo_only() {
    assert_eq!(
        catalogue().suggest("table.generated-code.max-member"),
        ["table.generated-code.max-members"]
    );
    assert!(catalogue().suggest("table.generated-code").is_empty());
}

#[test]
fn an_unrelated_key_gets_no_suggestions() {
    assert!(catalogue().suggest("pipeline.name").is_empty());
    assert!(catalogue()
        .suggest("table.exec.sink.not-null-enforcer")
        .is_empty());
}

#[test]
fn a_lone_group_word_over_many_keys_gets_no_suggestions() {
    assert!(catalogue().suggest("table").is_empty());
}
