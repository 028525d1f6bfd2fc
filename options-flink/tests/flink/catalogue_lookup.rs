//! Catalogue lookups by key, fallback key and deprecated key; conflicting declarations; free-form
//! prefixes; the unknown-key error. Uses small hand-declared groups so it does not depend on the
//! built-in catalogue.

use options_core::key_index::KeyRole;
use options_core::{
    Catalogue, ConfigErrorKind, DefaultDoc, GroupMeta, KeyStatus, OptionKey, OptionMeta, Scope,
};

/// `meta` with a documented default and a scope.
const fn declared(mut meta: OptionMeta, default: &'static str, scope: Scope) -> OptionMeta {
    meta.default = DefaultDoc::Value(default);
    meta.scope = scope;
    meta
}

const TIMEOUT: OptionMeta = {
    let mut m = declared(OptionMeta::new::<i64>("demo.timeout"), "30", Scope::Both);
    m.fallback_keys = &[OptionKey::new("demo.shared-timeout")];
    m.deprecated_keys = &[OptionKey::new("demo.old-timeout")];
    m
};
const NAME: OptionMeta = declared(OptionMeta::new::<String>("demo.name"), "x", Scope::None);

static DEMO_OPTIONS: [OptionMeta; 2] = [TIMEOUT, NAME];
static DEMO: GroupMeta = GroupMeta {
    id: "demo",
    title: "Demo Options",
    description: "",
    family: "",
    options: &DEMO_OPTIONS,
    releases: None,
};

/// Declares `demo.name` again, identically: not a conflict.
static SAME_OPTIONS: [OptionMeta; 1] = [NAME];
static SAME: GroupMeta = GroupMeta {
    id: "same",
    title: "Same",
    description: "",
    family: "",
    options: &SAME_OPTIONS,
    releases: None,
};

/// Declares `demo.timeout` again with another default.
static OTHER_DEFAULT_OPTIONS: [OptionMeta; 1] = [declared(
    OptionMeta::new::<i64>("demo.timeout"),
    "60",
    Scope::Both,
)];
static OTHER_DEFAULT: GroupMeta = GroupMeta {
    id: "other-default",
    title: "Other",
    description: "",
    family: "",
    options: &OTHER_DEFAULT_OPTIONS,
    releases: None,
};

/// Declares `demo.timeout` again with another type.
static OTHER_TYPE_OPTIONS: [OptionMeta; 1] = [declared(
    OptionMeta::new::<String>("demo.timeout"),
    "30",
    Scope::Both,
)];
static OTHER_TYPE: GroupMeta = GroupMeta {
    id: "other-type",
    title: "Other",
    description: "",
    family: "",
    options: &OTHER_TYPE_OPTIONS,
    releases: None,
};

/// Declares `demo.timeout` again with another scope.
static OTHER_SCOPE_OPTIONS: [OptionMeta; 1] = [declared(
    OptionMeta::new::<i64>("demo.timeout"),
    "30",
    Scope::Streaming,
)];
static OTHER_SCOPE: GroupMeta = GroupMeta {
    id: "other-scope",
    title: "Other",
    description: "",
    family: "",
    options: &OTHER_SCOPE_OPTIONS,
    releases: None,
};

fn demo() -> Catalogue {
    let mut catalogue = Catalogue::new();
    catalogue.add_group(&DEMO).unwrap();
    catalogue
}

#[test]
fn resolves_an_option_by_its_key() {
    let resolved = demo().resolve("demo.timeout").unwrap();
    assert_eq!(resolved.meta.key_str(), "demo.timeout");
    assert_eq!(resolved.group.id, "demo");
    assert_eq!(resolved.role, KeyRole::Key);
}

#[test]
fn resolves_an_option_by_its_fallback_key() {
    let resolved = demo().resolve("demo.shared-timeout").unwrap();
    assert_eq!(resolved.meta.key_str(), "demo.timeout");
    assert_eq!(resolved.role, KeyRole::Fallback);
}

#[test]
fn resolves_an_option_by_its_deprecated_key() {
    let resolved = demo().resolve("demo.old-timeout").unwrap();
    assert_eq!(resolved.meta.key_str(), "demo.timeout");
    assert_eq!(resolved.role, KeyRole::Deprecated);
}

#[test]
fn keys_are_case_sensitive() {
    assert!(demo().resolve("Demo.Timeout").is_none());
}

#[test]
fn an_identical_second_declaration_is_accepted() {
    let mut catalogue = demo();
    catalogue.add_group(&SAME).unwrap();
    assert_eq!(catalogue.resolve("demo.name").unwrap().group.id, "demo");
}

#[test]
fn a_different_default_for_one_key_names_both_groups() {
    let err = demo().add_group(&OTHER_DEFAULT).map(drop).unwrap_err();
    assert!(matches!(
        err.kind(),
        ConfigErrorKind::ConflictingDeclarations { key, first, second, .. }
            if key == "demo.timeout" && first == "demo" && second == "other-default"
    ));
    assert_eq!(
        err.to_string(),
        "option demo.timeout is declared twice with different definitions: in group \"demo\" \
         and in group \"other-default\" (default Value(\"30\") vs Value(\"60\"))"
    );
}

#[test]
fn a_different_type_for_one_key_is_a_conflict() {
    let err = demo().add_group(&OTHER_TYPE).map(drop).unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("\"demo\"") && text.contains("\"other-type\""),
        "{text}"
    );
    assert!(text.contains("type Long vs String"), "{text}");
}

#[test]
fn a_different_scope_for_one_key_is_a_conflict() {
    let err = demo().add_group(&OTHER_SCOPE).map(drop).unwrap_err();
    assert!(
        err.to_string()
            .contains("scope \"batch, streaming\" vs \"streaming\""),
        "{err}"
    );
}

#[test]
fn a_conflicting_group_is_reported_by_the_builder_too() {
    let err = Catalogue::new()
        .with_group(&DEMO)
        .and_then(|c| c.with_group(&OTHER_DEFAULT))
        .unwrap_err();
    assert_eq!(err.key(), "demo.timeout");
}

#[test]
fn keys_under_an_allowed_prefix_are_free_form() {
    let mut catalogue = demo();
    catalogue.allow_prefix("connector.");
    assert!(catalogue.is_allowed_free_form("connector.kafka.topic"));
    assert!(!catalogue.is_allowed_free_form("connector."));
    assert!(!catalogue.is_allowed_free_form("connectors.x"));
    assert!(matches!(
        catalogue.classify("connector.kafka.topic"),
        KeyStatus::FreeForm
    ));
    assert_eq!(catalogue.free_form_prefixes(), ["connector."]);
}

#[test]
fn allowing_a_prefix_twice_keeps_one() {
    let mut catalogue = demo();
    catalogue
        .allow_prefix("connector.")
        .allow_prefix("connector.");
    assert_eq!(catalogue.free_form_prefixes().len(), 1);
}

#[test]
fn a_declared_key_under_a_free_form_prefix_is_still_known() {
    let mut catalogue = demo();
    catalogue.allow_prefix("demo.");
    assert!(
        matches!(catalogue.classify("demo.timeout"), KeyStatus::Known(r) if r.role == KeyRole::Key)
    );
    assert!(matches!(
        catalogue.classify("demo.anything"),
        KeyStatus::FreeForm
    ));
}

#[test]
fn an_unknown_key_is_classified_with_suggestions() {
    match demo().classify("demo.timeuot") {
        KeyStatus::Unknown { suggestions } => assert_eq!(suggestions, ["demo.timeout"]),
        other => panic!("expected Unknown, got {other:?}"),
    }
}

#[test]
fn a_deprecated_key_counts_as_known() {
    assert!(matches!(
        demo().classify("demo.old-timeout"),
        KeyStatus::Known(r) if r.role == KeyRole::Deprecated && r.meta.key_str() == "demo.timeout"
    ));
}

#[test]
fn the_unknown_key_error_says_what_was_meant() {
    let err = demo().unknown_key_error("demo.nmae");
    assert_eq!(
        err.to_string(),
        "unknown configuration key \"demo.nmae\"; did you mean \"demo.name\"?"
    );
}

#[test]
fn the_unknown_key_error_without_suggestions_is_short() {
    let err = demo().unknown_key_error("zzz");
    assert_eq!(err.to_string(), "unknown configuration key \"zzz\"");
}

/// Declares `demo.old-timeout`, a deprecated key of `demo.timeout`, as an option of its own.
static CLAIMS_DEPRECATED_OPTIONS: [OptionMeta; 1] = [OptionMeta::new::<i64>("demo.old-timeout")];
static CLAIMS_DEPRECATED: GroupMeta = GroupMeta {
    id: "claims-deprecated",
    title: "Other",
    description: "",
    family: "",
    options: &CLAIMS_DEPRECATED_OPTIONS,
    releases: None,
};

/// Declares `demo.name`, an option of the demo group, as its own deprecated key; and a fresh key
/// before it, which must not stay behind when the group is rejected.
static RENAMES_OPTIONS: [OptionMeta; 2] = [OptionMeta::new::<bool>("other.fresh"), {
    let mut m = OptionMeta::new::<String>("other.name");
    m.deprecated_keys = &[OptionKey::new("demo.name")];
    m
}];
static RENAMES: GroupMeta = GroupMeta {
    id: "renames",
    title: "Other",
    description: "",
    family: "",
    options: &RENAMES_OPTIONS,
    releases: None,
};

#[test]
fn an_option_on_another_options_deprecated_key_is_a_conflict() {
    let err = demo().add_group(&CLAIMS_DEPRECATED).map(drop).unwrap_err();
    assert_eq!(
        err.to_string(),
        "option demo.old-timeout is declared twice with different definitions: in group \"demo\" \
         and in group \"claims-deprecated\" (a deprecated key of demo.timeout vs an option)"
    );
}

#[test]
fn a_deprecated_key_on_another_options_key_is_a_conflict() {
    let err = demo().add_group(&RENAMES).map(drop).unwrap_err();
    assert_eq!(
        err.to_string(),
        "option demo.name is declared twice with different definitions: in group \"demo\" \
         and in group \"renames\" (an option vs a deprecated key of other.name)"
    );
}

#[test]
fn a_rejected_group_leaves_the_catalogue_unchanged() {
    let mut catalogue = demo();
    assert!(catalogue.add_group(&RENAMES).is_err());
    assert_eq!(catalogue.groups().len(), 1);
    assert!(catalogue.resolve("other.fresh").is_none());
    assert_eq!(catalogue.resolve("demo.name").unwrap().group.id, "demo");
}

/// The id of [`DEMO`] with the same options, declared separately.
static DEMO_AGAIN: GroupMeta = GroupMeta {
    id: "demo",
    title: "Demo Options (again)",
    description: "",
    family: "",
    options: &DEMO_OPTIONS,
    releases: None,
};

/// The id of [`DEMO`] with other options.
static DEMO_IMPOSTOR_OPTIONS: [OptionMeta; 1] = [TIMEOUT];
static DEMO_IMPOSTOR: GroupMeta = GroupMeta {
    id: "demo",
    title: "Demo",
    description: "",
    family: "",
    options: &DEMO_IMPOSTOR_OPTIONS,
    releases: None,
};

#[test]
fn adding_a_group_twice_changes_nothing() {
    let mut catalogue = demo();
    catalogue.add_group(&DEMO).unwrap();
    assert_eq!(catalogue.groups().len(), 1);
    assert_eq!(catalogue.options().count(), 2);
    assert_eq!(
        catalogue.suggest("demo.nme"),
        ["demo.name"],
        "one candidate per key"
    );
}

#[test]
fn adding_a_group_with_the_same_id_and_options_changes_nothing() {
    let mut catalogue = demo();
    catalogue.add_group(&DEMO_AGAIN).unwrap();
    assert_eq!(catalogue.groups().len(), 1);
    assert_eq!(catalogue.groups()[0].title, "Demo Options");
    assert_eq!(catalogue.options().count(), 2);
}

#[test]
fn a_group_with_the_id_of_another_but_other_options_is_an_error_naming_the_id() {
    let mut catalogue = demo();
    let err = catalogue.add_group(&DEMO_IMPOSTOR).map(drop).unwrap_err();
    assert_eq!(
        err.to_string(),
        "option group \"demo\" is added twice with different options (2 options vs 1); give one of \
         the groups another id"
    );
    assert!(matches!(err.kind(), ConfigErrorKind::DuplicateGroup { id, .. } if id == "demo"));
    assert_eq!(catalogue.groups().len(), 1);
}

#[test]
fn the_built_in_catalogue_with_one_of_its_groups_again_is_unchanged() {
    use options_flink::builtin::{self, ExecutionOptions};
    let before = builtin::catalogue();
    let again = before.as_ref().clone().with::<ExecutionOptions>().unwrap();
    assert_eq!(again.groups().len(), before.groups().len());
    assert_eq!(again.options().count(), before.options().count());
    let keys: std::collections::BTreeSet<&str> =
        again.options().map(|(_, meta)| meta.key_str()).collect();
    assert_eq!(keys.len(), again.options().count());
}
