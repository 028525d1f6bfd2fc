//! The release picker: the pages stay the newest release, and `assets/release-facts.js` holds
//! only what each earlier release differs in.

use options_docs::source::Loaded;
use options_docs::{render, render_site, CatalogueDoc, SiteParts, Templates};
use options_flink::builtin::catalogue_at;
use options_flink::FLINK_RELEASES;

fn flink_site() -> (CatalogueDoc, Vec<CatalogueDoc>) {
    let newest = Loaded::from_catalogue(options_flink::builtin::catalogue()).doc;
    let earlier = FLINK_RELEASES
        .iter()
        .filter(|r| !r.is_newest())
        .map(|r| Loaded::for_checking(catalogue_at(r)).doc)
        .collect();
    (newest, earlier)
}

/// The JSON object the facts file assigns.
fn facts(files: &options_docs::Files) -> serde_json::Value {
    let text = &files[std::path::Path::new("assets/release-facts.js")];
    let json = text
        .split_once("window.releaseFacts = ")
        .and_then(|(_, rest)| rest.trim_end().strip_suffix(';'))
        .expect("the facts file assigns window.releaseFacts");
    serde_json::from_str(json).expect("the facts are JSON")
}

#[test]
fn an_earlier_default_is_stored_as_a_difference_and_the_page_keeps_the_newest() {
    let (newest, earlier) = flink_site();
    let templates = Templates::builtin().unwrap();
    let parts = SiteParts {
        earlier: &earlier,
        ..SiteParts::default()
    };
    let files = render_site(&newest, &templates, parts).unwrap();
    let facts = facts(&files);
    let key = "kubernetes.transactional-operation.max-retries";
    assert_eq!(facts["diff"]["1.19"][key]["d"], "5");
    // Unchanged facts are left out: the type is the same in 1.19.
    assert!(facts["diff"]["1.19"][key].get("t").is_none());
    assert!(facts["diff"]["2.0"].get(key).is_none());
    let page = &files[std::path::Path::new("kubernetes.html")];
    let row = page.split(&format!("data-key=\"{key}\"")).nth(1).unwrap();
    assert!(
        row.contains("<code>15</code>"),
        "the page shows 2.3's default"
    );
}

#[test]
fn a_removed_option_is_an_extra_row_of_the_releases_that_read_it() {
    let (newest, earlier) = flink_site();
    let templates = Templates::builtin().unwrap();
    let parts = SiteParts {
        earlier: &earlier,
        ..SiteParts::default()
    };
    let facts = facts(&render_site(&newest, &templates, parts).unwrap());
    let extra = &facts["extra"]["table.exec.shuffle-mode"];
    assert_eq!(extra["gone"], "2.0");
    assert!(extra["note"]
        .as_str()
        .unwrap()
        .contains("execution.batch-shuffle-mode"));
    assert!(facts["absent"]["1.19"]
        .get("table.exec.shuffle-mode")
        .is_none());
    assert_eq!(
        facts["absent"]["2.3"]["table.exec.shuffle-mode"],
        "removed in 2.0"
    );
}

#[test]
fn every_page_names_the_newest_release_without_javascript_and_offers_the_others() {
    let (newest, earlier) = flink_site();
    let templates = Templates::builtin().unwrap();
    let parts = SiteParts {
        earlier: &earlier,
        ..SiteParts::default()
    };
    let files = render_site(&newest, &templates, parts).unwrap();
    for page in ["index.html", "execution.html", "changes-2.0.html"] {
        let html = &files[std::path::Path::new(page)];
        assert!(
            html.contains("<p class=\"release-static\">Apache Flink 2.3</p>"),
            "{page}"
        );
        for v in ["1.19", "1.20", "2.0", "2.1", "2.2"] {
            assert!(
                html.contains(&format!("<option value=\"{v}\">")),
                "{page}: {v}"
            );
        }
        assert!(html.contains("assets/release.js"), "{page}");
    }
}

#[test]
fn one_release_alone_gets_no_picker_and_no_script() {
    let (newest, _) = flink_site();
    let files = render(&newest, &Templates::builtin().unwrap()).unwrap();
    assert!(!files.contains_key(std::path::Path::new("assets/release-facts.js")));
    assert!(!files.contains_key(std::path::Path::new("assets/release.js")));
    let index = &files[std::path::Path::new("index.html")];
    assert!(!index.contains("release-select"));
}

#[test]
fn the_facts_of_six_releases_weigh_less_than_a_fifth_of_the_pages() {
    let (newest, earlier) = flink_site();
    let templates = Templates::builtin().unwrap();
    let parts = SiteParts {
        earlier: &earlier,
        ..SiteParts::default()
    };
    let files = render_site(&newest, &templates, parts).unwrap();
    let pages: usize = files
        .iter()
        .filter(|(p, _)| p.extension().is_some_and(|e| e == "html"))
        .map(|(_, t)| t.len())
        .sum();
    let facts = files[std::path::Path::new("assets/release-facts.js")].len();
    assert!(
        facts * 5 < pages,
        "facts {facts} bytes, pages {pages} bytes"
    );
}
