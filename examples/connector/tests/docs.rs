//! The connector documents its own options with options-docs: the reference under `docs/` is rendered
//! from the same declarations, and this test fails when it is stale (refresh with
//! `BLESS=1 cargo test -p example-connector --test docs`).

use std::path::Path;

#[test]
fn committed_reference_matches_the_declarations() {
    let doc = options_docs::CatalogueDoc::from_catalogue(&example_connector::catalogue());
    // The earlier releases, for the release picker on every page.
    let earlier: Vec<options_docs::CatalogueDoc> = ["0.1", "0.2"]
        .iter()
        .map(|r| {
            options_docs::CatalogueDoc::for_checking(&example_connector::catalogue_at(r).unwrap())
        })
        .collect();
    let parts = options_docs::SiteParts {
        earlier: &earlier,
        ..options_docs::SiteParts::default()
    };
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    if let Err(report) = options_docs::check_or_bless_site(&doc, parts, &dir) {
        panic!("{report}");
    }
}

#[test]
fn reference_documents_every_option_of_both_groups() {
    let doc = options_docs::CatalogueDoc::from_catalogue(&example_connector::catalogue());
    let keys: Vec<&str> = doc
        .sections
        .iter()
        .flat_map(|s| s.options.iter().map(|o| o.key.as_str()))
        .collect();
    assert!(keys.contains(&"connector.request-timeout"), "{keys:?}");
    assert!(keys.contains(&"connector.auth.token"), "{keys:?}");
    let ids: Vec<&str> = doc.sections.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["connector", "connector-source"]);
}
