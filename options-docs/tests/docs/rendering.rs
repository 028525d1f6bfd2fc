//! Rendering rules a reader notices: defaults as Flink shows them, raw HTML escaped, Markdown cells
//! that never break the table, hidden options left out of the pages.

use std::path::Path;

use options_docs::format::default_text;
use options_docs::markdown::{to_html, to_table_cell};
use options_docs::model::DefaultModel;

fn file(name: &str) -> String {
    crate::common::files()[Path::new(name)].clone()
}

#[test]
fn raw_html_in_a_description_shows_as_text() {
    assert_eq!(
        to_html("Careful: <script>alert(1)</script> and <b>bold</b>."),
        "<p>Careful: &lt;script&gt;alert(1)&lt;/script&gt; and &lt;b&gt;bold&lt;/b&gt;.</p>"
    );
    assert_eq!(
        to_html("<div>\nblock\n</div>"),
        "&lt;div&gt;\nblock\n&lt;/div&gt;"
    );
    assert!(!file("execution.html").contains("<script>alert"));
    assert!(!file("markdown/execution.md").contains("<script>alert"));
}

#[test]
fn markdown_cells_escape_pipes_and_keep_paragraphs_on_one_line() {
    assert_eq!(
        to_table_cell("First | one\nwrapped.\n\nSecond `a|b` <i>x</i>.\n- item"),
        "First \\| one wrapped.<br>Second `a\\|b` &lt;i&gt;x&lt;/i&gt;.<br>- item"
    );
    assert_eq!(
        to_table_cell("Keeps `<T>` in code."),
        "Keeps `<T>` in code."
    );
}

#[test]
fn every_markdown_table_row_is_one_line_with_four_cells() {
    for name in ["markdown/execution.md", "markdown/python.md"] {
        for line in file(name).lines().filter(|l| l.starts_with('|')) {
            let cells = line.replace("\\|", "").matches('|').count();
            assert_eq!(cells, 5, "{line}");
        }
    }
}

#[test]
fn defaults_render_as_flink_renders_them() {
    let md = file("markdown/execution.md") + &file("markdown/python.md");
    for cell in [
        "| `3 min` | `Duration` |",
        "| `64 kb` | `MemorySize` |",
        "| `false` | `Boolean` |",
        "| (none) | `String` |",
        "| `\"python\"` | `String` |",
        "| `\"a.zip\";\"b.zip\"` | `List<String>` |",
        "| `the system temporary directory` | `String` |",
        "| `ALL_EDGES_BLOCKING` | `Enum` |",
    ] {
        assert!(md.contains(cell), "{cell}");
    }
}

#[test]
fn enum_values_deprecated_keys_and_badges_are_shown() {
    let html = file("execution.html");
    assert!(html.contains("<span class=\"note-label\">Possible values:</span> <code>ALL_EDGES_BLOCKING</code>, <code>ALL_EDGES_PIPELINED</code>"));
    assert!(html.contains("<span class=\"note-label\">Deprecated keys:</span> <code>table.exec.default-parallelism</code>"));
    assert!(html.contains("<tr id=\"table-exec-shuffle-mode\" data-key=\"table.exec.shuffle-mode\" data-scope=\"batch\" data-deprecated=\"true\">"));
    assert!(html.contains("<span class=\"badge badge-streaming\">Streaming</span>"));
    assert!(html.contains("href=\"#table-exec-mini-batch-enabled\""));
}

/// A hidden option is undocumented, but Flink reads it: the schema accepts it (and tells editors
/// not to offer it), so a file that sets it is not flagged.
#[test]
fn hidden_options_are_only_in_the_catalogue_json_and_the_schema() {
    let key = "table.exec.internal.debug-name";
    for (path, text) in crate::common::files() {
        let expected =
            path == Path::new("catalogue.json") || path == Path::new("config.schema.json");
        assert_eq!(text.contains(key), expected, "{}", path.display());
    }
    let schema: serde_json::Value = serde_json::from_str(&file("config.schema.json")).unwrap();
    assert_eq!(schema["$defs"][key]["doNotSuggest"], true);
    assert!(file("index.html").contains("<td class=\"count\">7</td>"));
}

#[test]
fn every_file_starts_with_the_generated_note() {
    for (path, text) in crate::common::files() {
        // The first line, or the first field of a JSON file.
        let first = text.lines().take(2).collect::<String>();
        assert!(
            first.contains("do not edit. Regenerate with: BLESS=1 cargo test"),
            "{}",
            path.display()
        );
        assert!(text.ends_with('\n'));
    }
}

#[test]
fn the_generated_note_names_the_command_the_caller_gives() {
    let mut doc = crate::common::doc();
    doc.regenerate = Some("make docs".to_owned());
    let files = options_docs::render(&doc, &options_docs::Templates::builtin().unwrap()).unwrap();
    for (path, text) in &files {
        let first = text.lines().take(2).collect::<String>();
        assert!(
            first.contains("do not edit. Regenerate with: make docs"),
            "{}",
            path.display()
        );
    }
}

#[test]
fn the_catalogue_json_reads_back_to_the_same_model() {
    let read = options_docs::render::read_catalogue_json(&file("catalogue.json")).unwrap();
    assert_eq!(read, crate::common::doc());
}

#[test]
fn pages_make_no_network_requests() {
    for (path, text) in crate::common::files() {
        if path
            .extension()
            .is_some_and(|e| e == "html" || e == "css" || e == "js")
        {
            assert!(
                !text.contains("http://") && !text.contains("https://"),
                "{}",
                path.display()
            );
        }
    }
}

#[test]
fn summaries_are_the_first_paragraph_as_plain_text() {
    assert_eq!(
        options_docs::markdown::summary_text("Uses `a` and **b**.\nMore <i>.\n\nSecond."),
        "Uses a and b. More <i>."
    );
}

#[test]
fn the_schema_accepts_dotted_nested_and_mixed_keys() {
    let schema: serde_json::Value = serde_json::from_str(&file("config.schema.json")).unwrap();
    let option = "#/$defs/table.exec.mini-batch.enabled";
    assert_eq!(
        schema["properties"]["table.exec.mini-batch.enabled"]["$ref"],
        option
    );
    assert_eq!(schema["properties"]["table"]["$ref"], "#/$defs/table.*");
    assert_eq!(
        schema["properties"]["table.exec"]["$ref"],
        "#/$defs/table.exec.*"
    );
    let exec = &schema["$defs"]["table.exec.*"]["properties"];
    assert_eq!(exec["mini-batch.enabled"]["$ref"], option);
    assert_eq!(
        exec["mini-batch"]["$ref"],
        "#/$defs/table.exec.mini-batch.*"
    );
    // Closed at every depth: a typo is not an unknown option passed through.
    assert_eq!(schema["additionalProperties"], false);
    assert_eq!(
        schema["$defs"]["table.exec.*"]["additionalProperties"],
        false
    );
    // A boolean, or text Flink reads as one (`'true'`, `TRUE`).
    let enabled = &schema["$defs"]["table.exec.mini-batch.enabled"];
    assert_eq!(enabled["title"], "table.exec.mini-batch.enabled");
    assert_eq!(enabled["else"]["type"], "boolean");
    assert_eq!(enabled["then"]["type"], "string");
    assert_eq!(enabled["default"], false);
    let shuffle = &schema["$defs"]["table.exec.shuffle-mode"];
    assert_eq!(
        shuffle["oneOf"][0]["enum"],
        serde_json::json!(["ALL_EDGES_BLOCKING", "ALL_EDGES_PIPELINED"])
    );
    assert_eq!(shuffle["deprecated"], true);
    let old = &exec["default-parallelism"];
    assert_eq!(
        old["$ref"],
        "#/$defs/table.exec.default-parallelism (deprecated key)"
    );
    let wrapper = &schema["$defs"]["table.exec.default-parallelism (deprecated key)"];
    assert_eq!(wrapper["deprecated"], true);
    assert_eq!(wrapper["title"], "table.exec.default-parallelism");
}

#[test]
fn markdown_tables_parse_as_one_row_per_option_with_only_our_own_html() {
    use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
    let md = file("markdown/execution.md");
    let mut rows = 0;
    let mut cells = 0;
    for event in Parser::new_ext(&md, Options::ENABLE_TABLES) {
        match event {
            Event::Start(Tag::TableRow) => rows += 1,
            Event::End(TagEnd::TableCell) => cells += 1,
            Event::InlineHtml(html) | Event::Html(html) => {
                assert!(
                    html.starts_with("<a id=")
                        || html.starts_with("</a>")
                        || html.as_ref() == "<br>"
                        || html.starts_with("<!--"),
                    "{html}"
                );
            }
            _ => {}
        }
    }
    assert_eq!(rows, 7);
    assert_eq!(cells, (7 + 1) * 4);
}

/// The fixture with `edit` applied to the option `key`, rendered.
fn rendered_with(
    key: &str,
    edit: impl FnOnce(&mut options_docs::OptionDoc),
) -> options_docs::Files {
    let mut doc = crate::common::doc();
    let option = doc
        .sections
        .iter_mut()
        .flat_map(|s| s.options.iter_mut())
        .find(|o| o.key == key)
        .unwrap();
    edit(option);
    options_docs::render(&doc, &options_docs::Templates::builtin().unwrap()).unwrap()
}

fn table_row<'a>(files: &'a options_docs::Files, page: &str, key: &str) -> &'a str {
    files[Path::new(page)]
        .lines()
        .find(|l| l.contains(&format!("`{key}`")))
        .unwrap()
}

#[test]
fn a_multi_line_string_default_stays_on_its_table_row() {
    let files = rendered_with("python.executable", |o| {
        o.default = DefaultModel::Value("line one\nline two\r\nthree".into())
    });
    let row = table_row(&files, "markdown/python.md", "python.executable");
    assert!(
        row.contains("| `\"line one`<br>`line two`<br>`three\"` | `String` |"),
        "{row}"
    );
    for line in files[Path::new("markdown/python.md")]
        .lines()
        .filter(|l| l.starts_with('|'))
    {
        assert_eq!(line.replace("\\|", "").matches('|').count(), 5, "{line}");
    }
}

#[test]
fn list_defaults_are_split_with_the_list_grammar() {
    let files = rendered_with("python.archives", |o| {
        o.default = DefaultModel::Value("'a;b';c".into())
    });
    let row = table_row(&files, "markdown/python.md", "python.archives");
    assert!(
        row.contains("| `\"a;b\";\"c\"` | `List<String>` |"),
        "{row}"
    );
    let doc = crate::common::doc();
    let (_, archives) = doc.option("python.archives").unwrap();
    let mut archives = archives.clone();
    archives.default = DefaultModel::Value("'it''s';\"x\"\"y\"".into());
    assert_eq!(
        default_text(&archives, &Default::default()),
        "\"it's\";\"x\"y\""
    );
    // A default that does not split is shown whole.
    archives.default = DefaultModel::Value("'open".into());
    assert_eq!(default_text(&archives, &Default::default()), "\"'open\"");
}
