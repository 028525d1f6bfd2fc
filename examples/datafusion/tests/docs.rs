//! DataFusion's reference under `docs/` is rendered from the declarations, and this test fails
//! when it is stale (refresh with `BLESS=1 cargo test -p example-datafusion --test docs`).

use std::path::Path;

fn doc() -> options_docs::CatalogueDoc {
    options_docs::CatalogueDoc::from_catalogue(&example_datafusion::catalogue())
}

#[test]
fn committed_reference_matches_the_declarations() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    if let Err(report) = options_docs::check_or_bless(&doc(), &dir) {
        panic!("{report}");
    }
}

#[test]
fn no_page_names_flink() {
    let files = options_docs::render(&doc(), &options_docs::Templates::builtin().unwrap()).unwrap();
    for (path, text) in &files {
        assert!(
            !text.to_ascii_lowercase().contains("flink"),
            "{} names Flink",
            path.display()
        );
    }
}

#[test]
fn pages_say_how_datafusion_sets_an_option() {
    let files = options_docs::render(&doc(), &options_docs::Templates::builtin().unwrap()).unwrap();
    let page = &files[Path::new("execution.html")];
    assert!(page.contains("<code>SET datafusion.execution.batch_size = 8192</code>"));
    assert!(page.contains("<code>DATAFUSION_EXECUTION_BATCH_SIZE=8192</code>"));
    assert!(
        !page.contains("-Ddatafusion"),
        "DataFusion takes no -D arguments"
    );
    let markdown = &files[Path::new("markdown/execution.md")];
    assert!(
        markdown.contains("| `NULL` |") || markdown.contains("| NULL |"),
        "no value shows as NULL"
    );
    let index = &files[Path::new("index.html")];
    assert!(index.contains("<title>DataFusion Configuration Reference</title>"));
    assert!(
        !index.contains("filter-scope"),
        "no option has a batch/streaming scope"
    );
}

#[test]
fn the_catalogue_file_names_the_engine() {
    let json = options_docs::render::catalogue_json(&doc());
    let read = options_docs::source::read_catalogue_json(&json).unwrap();
    assert_eq!(read.engine.name, "Apache DataFusion");
    assert_eq!(
        read.engine
            .env_var_for_key("datafusion.execution.batch_size")
            .as_deref(),
        Some("DATAFUSION_EXECUTION_BATCH_SIZE")
    );
}
