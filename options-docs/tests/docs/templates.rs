//! User templates override single blocks of the built-in ones through Tera inheritance.

use std::fs;
use std::path::Path;

use options_docs::templates::{TemplateError, Templates};

fn render_with(overrides: &[(&str, &str)]) -> options_docs::Files {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in overrides {
        fs::write(dir.path().join(name), text).unwrap();
    }
    let templates = Templates::with_overrides(dir.path()).unwrap();
    options_docs::render(&crate::common::doc(), &templates).unwrap()
}

#[test]
fn overriding_one_block_of_base_changes_every_page_and_keeps_the_rest() {
    let files = render_with(&[(
        "base.html",
        r#"{% extends "builtin/base.html" %}{% block footer %}Ask #data-platform.{% endblock footer %}"#,
    )]);
    let builtin = crate::common::files();
    for page in ["index.html", "execution.html", "python.html"] {
        let page = Path::new(page);
        assert!(
            files[page].contains("<footer class=\"site-footer\">\nAsk #data-platform.\n</footer>")
        );
        let expected = builtin[page].replace(
            "Generated from the option declarations.\n</footer>",
            "Ask #data-platform.\n</footer>",
        );
        assert_eq!(files[page], expected);
    }
}

#[test]
fn overriding_a_block_of_one_page_leaves_the_other_pages_alone() {
    let files = render_with(&[(
        "section.html",
        r#"{% extends "builtin/section.html" %}{% block description %}<p>See also the runbook.</p>{% endblock description %}"#,
    )]);
    assert!(files[Path::new("execution.html")].contains("<p>See also the runbook.</p>"));
    assert!(!files[Path::new("execution.html")].contains("Options that tune how queries execute."));
    assert_eq!(
        files[Path::new("index.html")],
        crate::common::files()[Path::new("index.html")]
    );
}

#[test]
fn a_missing_override_directory_is_an_error() {
    let err = Templates::with_overrides(Path::new("/no/such/templates")).unwrap_err();
    assert!(matches!(err, TemplateError::MissingDir(_)));
}

#[test]
fn a_broken_override_names_the_template() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("index.html"),
        "{% extends \"builtin/index.html\" %}{% block content %}",
    )
    .unwrap();
    let err = Templates::with_overrides(dir.path())
        .unwrap_err()
        .to_string();
    assert!(err.contains("index.html"), "{err}");
}

#[test]
fn an_override_can_keep_the_builtin_block_with_super() {
    let files = render_with(&[(
        "section.html",
        r#"{% extends "builtin/section.html" %}{% block description %}{{ super() }}<p>Session values win.</p>{% endblock description %}"#,
    )]);
    let page = &files[Path::new("execution.html")];
    assert!(
        page.contains("<p>Options that tune how queries execute.</p><p>Session values win.</p>"),
        "{page}"
    );
}

#[test]
fn the_filter_is_written_once_in_base_and_an_override_reaches_every_page() {
    let files = render_with(&[(
        "base.html",
        r#"{% extends "builtin/base.html" %}{% block filter %}<div class="team-filter">{{ super() }}</div>{% endblock filter %}"#,
    )]);
    for (page, label, help) in [
        (
            "index.html",
            "Search all options",
            "Press <kbd>/</kbd> to search, <kbd>Enter</kbd> to open the first match.",
        ),
        ("execution.html", "Filter", "Press <kbd>/</kbd> to filter."),
        ("python.html", "Filter", "Press <kbd>/</kbd> to filter."),
    ] {
        let html = &files[Path::new(page)];
        let wrapped = html
            .split_once("<div class=\"team-filter\">")
            .and_then(|(_, rest)| rest.split_once("</form>"))
            .map(|(form, _)| form)
            .unwrap_or_else(|| panic!("{page}: the base's filter block was not used"));
        assert!(
            wrapped.contains(&format!("<label for=\"filter-text\">{label}</label>")),
            "{page}"
        );
        assert!(
            wrapped.contains(&format!(
                "<span id=\"filter-help\" class=\"filter-help\">{help}</span>"
            )),
            "{page}"
        );
    }
    assert!(files[Path::new("execution.html")].contains("<form class=\"filter filter-sticky\""));
    assert!(files[Path::new("index.html")]
        .contains("<form class=\"filter\" role=\"search\" aria-label=\"Search all options\""));
}
