//! Descriptions from a third party's catalogue cannot run script or make the pages load anything
//! from the network: disallowed links show as their text, remote images as their alt text.

use std::path::Path;

use options_docs::markdown::{neutralize, to_html, to_table_cell};

#[test]
fn javascript_and_other_scheme_links_render_as_plain_text() {
    for (source, text) in [
        ("[click](javascript:alert(1))", "click"),
        ("[click](JaVaScRiPt:alert(1))", "click"),
        ("[click]( javascript:alert(1))", "click"),
        ("[click](<java\tscript:alert(1)>)", "click"),
        ("[click](javascript&#58;alert(1))", "click"),
        ("[click](data:text/html,x)", "click"),
        ("[click](vbscript:x)", "click"),
        ("<javascript:alert(1)>", "javascript:alert(1)"),
        ("[click][r]\n\n[r]: javascript:alert(1)", "click"),
        ("[*bold* text](javascript:x)", "<em>bold</em> text"),
        ("[[inner](javascript:a)](javascript:b)", "inner"),
    ] {
        let html = to_html(source);
        assert_eq!(html, format!("<p>{text}</p>"), "{source}");
        assert!(
            !html.to_lowercase().contains("script:alert(1)\""),
            "{source}"
        );
    }
}

#[test]
fn web_mail_relative_and_fragment_links_are_kept() {
    for (source, href) in [
        (
            "[x](https://flink.apache.org/)",
            "https://flink.apache.org/",
        ),
        ("[x](http://example.com/a)", "http://example.com/a"),
        ("[x](mailto:dev@example.com)", "mailto:dev@example.com"),
        (
            "[x](execution.html#table-exec-state-ttl)",
            "execution.html#table-exec-state-ttl",
        ),
        ("[x](#anchor)", "#anchor"),
        ("[x](../other/page.html)", "../other/page.html"),
        ("[x](page.html?a=b:c)", "page.html?a=b:c"),
    ] {
        assert_eq!(
            to_html(source),
            format!("<p><a href=\"{href}\">x</a></p>"),
            "{source}"
        );
    }
}

#[test]
fn remote_images_render_as_their_alt_text_and_local_ones_are_kept() {
    assert_eq!(to_html("![diagram](http://evil/x.png)"), "<p>diagram</p>");
    assert_eq!(
        to_html("![](http://evil/x.png)"),
        "<p><code>http://evil/x.png</code></p>"
    );
    assert_eq!(to_html("![a](//evil/x.png)"), "<p>a</p>");
    assert_eq!(to_html("![a](https://cdn.example/x.png)"), "<p>a</p>");
    assert_eq!(to_html("![a](data:image/png;base64,AAAA)"), "<p>a</p>");
    assert_eq!(
        to_html("![a](/\\evil/x.png)"),
        "<p>a</p>",
        "backslashes read as slashes"
    );
    assert_eq!(
        to_html("[![a](http://evil/x.png)](https://ok.example/)"),
        "<p><a href=\"https://ok.example/\">a</a></p>"
    );
    assert_eq!(
        to_html("![local](assets/diagram.png)"),
        "<p><img src=\"assets/diagram.png\" alt=\"local\" /></p>"
    );
}

#[test]
fn safe_markdown_comes_back_unchanged() {
    let text = "See [the docs](https://example.com) and `[x](javascript:y)` in code.";
    assert_eq!(neutralize(text), text);
    assert!(to_html(text).contains("<code>[x](javascript:y)</code>"));
}

#[test]
fn markdown_table_cells_are_neutralized_too() {
    assert_eq!(
        to_table_cell("Run [this](javascript:alert(1)) or ![logo](http://evil/x.png)."),
        "Run this or logo."
    );
    assert_eq!(
        to_table_cell("See [docs](https://example.com/a)."),
        "See [docs](https://example.com/a)."
    );
}

#[test]
fn a_hostile_description_reaches_no_rendered_file() {
    let mut doc = crate::common::doc();
    doc.sections[0].description =
        "Intro [x](javascript:alert(1)) ![t](http://evil/track.png)".into();
    doc.sections[1].options[0].description =
        "Option [y](javascript:alert(2)) ![](//evil/pixel.gif)".into();
    let files = options_docs::render(&doc, &options_docs::Templates::builtin().unwrap()).unwrap();
    for (path, text) in &files {
        // The JSON files carry the description as data (plain text for editors), not as a page.
        if path == Path::new("catalogue.json") || path == Path::new("config.schema.json") {
            continue;
        }
        assert!(!text.contains("javascript:"), "{}", path.display());
        assert!(!text.contains("<img"), "{}", path.display());
        assert!(!text.contains("](//evil"), "{}", path.display());
        assert!(!text.contains("](http://evil"), "{}", path.display());
    }
}

#[test]
fn deeply_nested_links_still_end_as_text() {
    let source = "[".repeat(40) + "x" + &"](javascript:a)".repeat(40);
    let html = to_html(&source);
    assert!(!html.contains("<a"), "{html}");
    let cell = to_table_cell(&source);
    let links = pulldown_cmark::Parser::new(&cell)
        .filter(|e| {
            matches!(
                e,
                pulldown_cmark::Event::Start(pulldown_cmark::Tag::Link { .. })
            )
        })
        .count();
    assert_eq!(links, 0, "{cell}");
}
