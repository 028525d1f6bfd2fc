//! The pages of a catalogue's releases: for each release step, what changed (the changelog
//! `flinkconf diff --release V` prints) and which options it removed with what replaces each; and
//! the index's list of them.

use serde::Serialize;

use super::rows::push_escaped;
use crate::links::{KeyLinks, LinkStyle};
use crate::markdown::to_html;
use crate::model::{CatalogueDoc, ReleaseDoc, RemovedDoc};
use options_core::tool::TOOL;

/// One release page as the template sees it.
#[derive(Debug, Serialize)]
pub struct ReleasePage {
    /// The file name (`changes-2.0.html`).
    pub file: String,
    /// The heading and title (`What changed in Apache Flink 2.0`).
    pub title: String,
    /// The text above the body, HTML (safe to insert).
    pub intro_html: String,
    /// The body, HTML (safe to insert).
    pub body_html: String,
}

/// The page of the options removed in `release` (`removed-2.0.html`).
pub fn removed_file(release: &str) -> String {
    format!("removed-{release}.html")
}

/// The page of what changed in `release` (`changes-2.0.html`).
pub fn changes_file(release: &str) -> String {
    format!("changes-{release}.html")
}

/// Every release page of `doc`: one "what changed" page per step, one "removed" page per release
/// that removed options.
pub fn pages(doc: &CatalogueDoc, links: &KeyLinks) -> Vec<ReleasePage> {
    let Some(release) = &doc.release else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for step in &doc.steps {
        let removed = doc.removed.iter().filter(|r| r.release == step.to).count();
        let mut intro = format!(
            "<p>{} {} compared with {}: options added and removed, changed defaults, types and accepted values, and new deprecations, as <code>{TOOL} diff --release {}</code> prints them.",
            esc(&release.engine),
            esc(&step.to),
            esc(&step.from),
            esc(&step.to)
        );
        if removed > 0 {
            intro.push_str(&format!(
                " What replaces each of the {} removed: <a href=\"{}\">Options removed in {}</a>.",
                crate::format::plural(removed, "option"),
                removed_file(&step.to),
                esc(&step.to)
            ));
        }
        intro.push_str("</p>");
        // The changelog's own heading is replaced by the page's.
        let body = step.changelog.split_once('\n').map_or("", |(_, rest)| rest);
        out.push(ReleasePage {
            file: changes_file(&step.to),
            title: format!("What changed in {} {}", release.engine, step.to),
            intro_html: intro,
            body_html: to_html(&links.link_keys(body, LinkStyle::Html)),
        });
    }
    let mut releases: Vec<&str> = doc.removed.iter().map(|r| r.release.as_str()).collect();
    releases.dedup();
    for at in releases {
        let removed: Vec<&RemovedDoc> = doc.removed.iter().filter(|r| r.release == at).collect();
        out.push(removed_page(release, at, &removed, links));
    }
    out
}

fn removed_page(
    release: &ReleaseDoc,
    at: &str,
    removed: &[&RemovedDoc],
    links: &KeyLinks,
) -> ReleasePage {
    let previous = release
        .versions
        .iter()
        .position(|v| v == at)
        .and_then(|i| i.checked_sub(1))
        .and_then(|i| release.versions.get(i))
        .map_or("the release before", String::as_str);
    let intro = format!(
        "<p>{count} that {engine} {previous} reads and {engine} {at} does not. A key that another option still reads keeps working through it (a deprecated spelling: rename it when you can); every other key is ignored from {at} on. <code>{TOOL} migrate config.yaml --from {previous} --to {documented}</code> rewrites a file: renamed keys renamed, the rest commented out with the reason.</p>",
        count = crate::format::plural(removed.len(), "option"),
        engine = esc(&release.engine),
        previous = esc(previous),
        at = esc(at),
        documented = esc(&release.version),
    );
    let mut body = String::from(
        "<table class=\"configuration removed\">\n<caption class=\"visually-hidden\">Removed options: key, what to use instead, and the section that declared it</caption>\n<thead>\n<tr><th scope=\"col\" class=\"col-key\">Key</th><th scope=\"col\">What to use instead</th><th scope=\"col\">Section</th></tr>\n</thead>\n<tbody>\n",
    );
    for r in removed {
        body.push_str("<tr id=\"");
        push_escaped(&mut body, &crate::model::anchor_for(&r.key));
        body.push_str("\"><th scope=\"row\" class=\"key\"><code>");
        push_escaped(&mut body, &r.key);
        body.push_str("</code></th><td>");
        let mut instead = crate::format::key_as_code(&r.note);
        if !r.read_by.is_empty() {
            let readers: Vec<String> = r.read_by.iter().map(|k| format!("`{k}`")).collect();
            instead.push_str(&format!(
                "\n\nStill read, as an old spelling, by {}.",
                readers.join(" and ")
            ));
        }
        body.push_str(&to_html(&links.link_keys(&instead, LinkStyle::Html)));
        body.push_str("</td><td>");
        push_escaped(&mut body, &r.section);
        body.push_str("</td></tr>\n");
    }
    body.push_str("</tbody>\n</table>\n");
    ReleasePage {
        file: removed_file(at),
        title: format!("Options removed in {} {at}", release.engine),
        intro_html: intro,
        body_html: body,
    }
}

/// The index's section on releases: which release the reference documents, and links to every
/// release page; empty for a catalogue without releases.
pub fn index_html(doc: &CatalogueDoc) -> String {
    let Some(release) = &doc.release else {
        return String::new();
    };
    // The release shown is in a span the release picker rewrites (`release.js`), so the sentence
    // stays true when another release is chosen.
    let span = match release.versions.first() {
        Some(first) if *first != release.version => {
            format!("{} to {}", esc(first), esc(&release.version))
        }
        _ => esc(&release.version),
    };
    let mut out = format!(
        "<section class=\"releases\" aria-labelledby=\"releases\">\n<h2 id=\"releases\">Releases</h2>\n<p>This reference documents {} {span} and shows <span class=\"release-shown\">{}</span>. Every option keeps its history here: when it arrived, deprecations, and changed defaults and types.</p>\n<ul class=\"release-list\">\n",
        esc(&release.engine),
        esc(&release.version)
    );
    for step in doc.steps.iter().rev() {
        out.push_str(&format!(
            "<li><a href=\"{}\">What changed in {}</a>",
            changes_file(&step.to),
            esc(&step.to)
        ));
        let removed = doc.removed.iter().filter(|r| r.release == step.to).count();
        if removed > 0 {
            out.push_str(&format!(
                " · <a href=\"{}\">{} removed in {}</a>",
                removed_file(&step.to),
                crate::format::plural(removed, "option"),
                esc(&step.to)
            ));
        }
        out.push_str("</li>\n");
    }
    out.push_str("</ul>\n</section>\n");
    out
}

fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    push_escaped(&mut out, text);
    out
}
