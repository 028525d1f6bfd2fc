//! The per-release facts behind the site's release picker (`assets/release-facts.js`).
//!
//! The pages are the documented (newest) release, complete; this file holds, for every earlier
//! release, only what differs from them, so six releases cost a fraction of six sites:
//!
//! * `diff[R][key]`: the facts of an option at release `R` that differ from its row on the pages
//!   (or, for an option without a row, from its entry in `extra`): `d` the default text, `n` set
//!   when that text means "no default", `t` the type, `v` the possible values, `k` the deprecated
//!   keys, `f` the fallback keys, `h` hidden from the docs, `x` deprecated, `b` the release badges
//!   (`New in R`, `Changed in R`, relative to `R`), `w` the lines of "How to set" (they show the
//!   default, so they change with it; rows only). A fact equal to the pages' is left out.
//! * `absent[R][key]`: the options `R` does not read, each with why (`arrives in 2.1`, `removed in
//!   2.0`), for both the options with a row and those in `extra`.
//! * `extra[key]`: the options documented by some earlier release but without a row on the pages
//!   (removed since, or hidden now): their section, anchor, scope, summary, facts at the newest
//!   release that documents them, and, when removed, what replaces them (HTML).
//!
//! The script `assets/release.js` reads it and re-renders the rows in place.

use std::collections::BTreeMap;

use serde::Serialize;

use super::rows::push_escaped;
use super::view::{data_scope, inline_html};
use crate::format::{default_text, flags, how_to_set, notes, release_badges, type_text};
use crate::links::{KeyLinks, LinkStyle};
use crate::markdown::{summary_text, to_html};
use crate::model::{CatalogueDoc, DefaultModel, OptionDoc, RemovedDoc};

/// The file the facts are written to, under the output directory.
pub const FACTS_FILE: &str = "assets/release-facts.js";

/// What one option is at one release, as its row shows it.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
struct Facts {
    #[serde(skip_serializing_if = "Option::is_none")]
    d: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    n: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    t: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    v: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    k: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    f: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    h: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    x: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    b: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    w: Option<Vec<String>>,
}

impl Facts {
    /// Every fact of `o` as `doc` (one release's model) shows it.
    fn of(o: &OptionDoc, doc: &CatalogueDoc) -> Self {
        let note = |label: &str| -> Vec<String> {
            notes(o)
                .into_iter()
                .find(|(l, _)| *l == label)
                .map(|(_, v)| v)
                .unwrap_or_default()
        };
        Facts {
            d: Some(default_text(o, &doc.engine)),
            n: Some(u8::from(o.default == DefaultModel::None)),
            t: Some(type_text(o).to_owned()),
            v: Some(note("Possible values")),
            k: Some(note("Deprecated keys")),
            f: Some(note("Fallback keys")),
            h: Some(u8::from(o.hidden)),
            x: Some(u8::from(flags(o).contains(&"Deprecated"))),
            b: Some(release_badges(o, doc.release.as_ref())),
            w: Some(
                how_to_set(o, &doc.engine)
                    .into_iter()
                    .map(|(_, text)| text)
                    .collect(),
            ),
        }
    }

    /// The facts of `self` that differ from `base`; `None` when none does.
    fn minus(&self, base: &Facts) -> Option<Facts> {
        fn keep<T: PartialEq + Clone>(mine: &Option<T>, base: &Option<T>) -> Option<T> {
            if mine == base {
                None
            } else {
                mine.clone()
            }
        }
        let diff = Facts {
            d: keep(&self.d, &base.d),
            n: keep(&self.n, &base.n),
            t: keep(&self.t, &base.t),
            v: keep(&self.v, &base.v),
            k: keep(&self.k, &base.k),
            f: keep(&self.f, &base.f),
            h: keep(&self.h, &base.h),
            x: keep(&self.x, &base.x),
            b: keep(&self.b, &base.b),
            // Only rows have a "How to set" to rewrite; an extra entry's facts carry none.
            w: base.w.as_ref().and_then(|_| keep(&self.w, &base.w)),
        };
        (diff != Facts::default()).then_some(diff)
    }
}

/// An option without a row on the pages.
#[derive(Debug, Serialize)]
struct Extra {
    /// The section id (its page is `<s>.html`).
    s: String,
    /// The anchor.
    a: String,
    /// `data-scope`.
    sc: String,
    /// The first paragraph of its description, HTML.
    sum: String,
    /// Its facts at the newest release that documents it.
    #[serde(flatten)]
    facts: Facts,
    /// The release that removed it, when it is removed.
    #[serde(skip_serializing_if = "Option::is_none")]
    gone: Option<String>,
    /// What replaces it, HTML (keys linked), when it is removed.
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
}

#[derive(Serialize)]
struct Written<'a> {
    engine: &'a str,
    newest: &'a str,
    releases: Vec<&'a str>,
    diff: BTreeMap<&'a str, BTreeMap<&'a str, Facts>>,
    absent: BTreeMap<&'a str, BTreeMap<&'a str, String>>,
    extra: BTreeMap<&'a str, Extra>,
}

/// The facts file for `doc` (the release the pages show) and `earlier` (the models of the
/// releases before it, any order); `None` when there is no earlier release to pick.
pub fn facts_script(doc: &CatalogueDoc, earlier: &[CatalogueDoc], note: &str) -> Option<String> {
    let newest = doc.release.as_ref()?;
    let mut views: Vec<&CatalogueDoc> = earlier
        .iter()
        .filter(|d| {
            d.release
                .as_ref()
                .is_some_and(|r| r.version != newest.version)
        })
        .collect();
    if views.is_empty() {
        return None;
    }
    let order = |v: &str| newest.versions.iter().position(|x| x == v);
    views.sort_by_key(|d| d.release.as_ref().and_then(|r| order(&r.version)));
    let all: Vec<&CatalogueDoc> = views.iter().copied().chain([doc]).collect();

    // The rows of the pages: the newest release's documented options.
    let mut base: BTreeMap<&str, Facts> = BTreeMap::new();
    for (_, o) in doc.options().filter(|(_, o)| !o.hidden) {
        base.insert(&o.key, Facts::of(o, doc));
    }
    // Options documented by an earlier release only: an extra row each, from the newest release
    // that documents it.
    let links = KeyLinks::new(doc);
    let mut extra: BTreeMap<&str, Extra> = BTreeMap::new();
    for view in all.iter().rev() {
        for (section, o) in view.options().filter(|(_, o)| !o.hidden) {
            if base.contains_key(o.key.as_str()) || extra.contains_key(o.key.as_str()) {
                continue;
            }
            let removed: Option<&RemovedDoc> = doc.removed.iter().find(|r| r.key == o.key);
            extra.insert(
                &o.key,
                Extra {
                    s: section.id.clone(),
                    a: o.anchor(),
                    sc: data_scope(o.scope),
                    sum: inline_html(to_html(&escape_md(&summary_text(&o.description))).trim_end()),
                    facts: Facts {
                        w: None,
                        ..Facts::of(o, view)
                    },
                    gone: removed.map(|r| r.release.clone()),
                    note: removed.map(|r| {
                        let mut text = crate::format::key_as_code(&r.note);
                        if !r.read_by.is_empty() {
                            let readers: Vec<String> =
                                r.read_by.iter().map(|k| format!("`{k}`")).collect();
                            text.push_str(&format!(
                                " Still read, as an old spelling, by {}.",
                                readers.join(" and ")
                            ));
                        }
                        inline_html(to_html(&links.link_keys(&text, LinkStyle::Html)).trim_end())
                    }),
                },
            );
        }
    }

    let mut diff = BTreeMap::new();
    let mut absent = BTreeMap::new();
    for (at, view) in all.iter().enumerate() {
        let mut changed = BTreeMap::new();
        let mut missing = BTreeMap::new();
        let here: BTreeMap<&str, &OptionDoc> =
            view.options().map(|(_, o)| (o.key.as_str(), o)).collect();
        let keys = base
            .iter()
            .map(|(k, f)| (*k, f))
            .chain(extra.iter().map(|(k, e)| (*k, &e.facts)));
        for (key, shown) in keys {
            match here.get(key) {
                Some(o) => {
                    if let Some(d) = Facts::of(o, view).minus(shown) {
                        changed.insert(key, d);
                    }
                }
                None => {
                    missing.insert(key, why_absent(key, at, &all, doc));
                }
            }
        }
        if !changed.is_empty() {
            diff.insert(version(view), changed);
        }
        if !missing.is_empty() {
            absent.insert(version(view), missing);
        }
    }
    let written = Written {
        engine: &newest.engine,
        newest: &newest.version,
        releases: all.iter().map(|d| version(d)).collect(),
        diff,
        absent,
        extra,
    };
    let json = serde_json::to_string(&written).expect("the facts serialize");
    Some(format!(
        "// {note}\n// Per-release facts of the options: what each earlier release differs in from the pages.\nwindow.releaseFacts = {json};\n"
    ))
}

/// Why the release `all[at]` does not read `key`: `arrives in V` (the next release that reads
/// it), or `removed in V` (the release after the last one that read it).
fn why_absent(key: &str, at: usize, all: &[&CatalogueDoc], doc: &CatalogueDoc) -> String {
    let has = |d: &CatalogueDoc| d.options().any(|(_, o)| o.key == key);
    if let Some(later) = all[at + 1..].iter().find(|d| has(d)) {
        return format!("arrives in {}", version(later));
    }
    if let Some(r) = doc.removed.iter().find(|r| r.key == key) {
        return format!("removed in {}", r.release);
    }
    match all[..at].iter().rposition(|d| has(d)) {
        Some(last) => format!("removed in {}", version(all[last + 1])),
        None => "not read".to_owned(),
    }
}

/// Plain text made safe to render as Markdown (no emphasis, links or HTML from it).
fn escape_md(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if "\\`*_[]<>&#!|".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The release picker every page shows in its header: the documented release as text, which is
/// all a reader without JavaScript sees, and a form choosing among `doc`'s release and the
/// `earlier` ones, which `assets/release.js` reveals; empty when there is nothing to pick.
pub fn picker_html(doc: &CatalogueDoc, earlier: &[CatalogueDoc]) -> String {
    let Some(newest) = &doc.release else {
        return String::new();
    };
    let picked: Vec<&str> = newest
        .versions
        .iter()
        .filter(|v| {
            **v == newest.version
                || earlier
                    .iter()
                    .any(|d| d.release.as_ref().is_some_and(|r| &r.version == *v))
        })
        .map(String::as_str)
        .collect();
    if picked.len() < 2 {
        return String::new();
    }
    let mut out = String::from("\n<div class=\"release-picker\">\n<p class=\"release-static\">");
    push_escaped(&mut out, &newest.engine);
    out.push(' ');
    push_escaped(&mut out, &newest.version);
    out.push_str("</p>\n<form class=\"release-form\" hidden><label for=\"release-select\">");
    push_escaped(&mut out, &newest.engine);
    out.push_str(" release</label>\n<select id=\"release-select\" data-newest=\"");
    push_escaped(&mut out, &newest.version);
    out.push_str("\">\n");
    for v in picked.iter().rev() {
        out.push_str("<option value=\"");
        push_escaped(&mut out, v);
        out.push('"');
        if *v == newest.version {
            out.push_str(" selected");
        }
        out.push('>');
        push_escaped(&mut out, v);
        if *v == newest.version {
            out.push_str(" (newest)");
        }
        out.push_str("</option>\n");
    }
    out.push_str("</select></form>\n</div>\n");
    out
}

/// The header's links to the other parts of the site.
pub fn links_html(links: &[super::SiteLink]) -> String {
    if links.is_empty() {
        return String::new();
    }
    let mut out = String::from("\n<ul class=\"site-parts\">\n");
    for link in links {
        out.push_str("<li><a href=\"");
        // An address keeps its slashes (escaped they would still work, but read badly).
        let mut href = String::new();
        push_escaped(&mut href, &link.href);
        out.push_str(&href.replace("&#x2F;", "/"));
        out.push_str("\">");
        push_escaped(&mut out, &link.title);
        out.push_str("</a></li>\n");
    }
    out.push_str("</ul>\n");
    out
}

/// The release `d` documents (`2.0`), empty when none.
fn version(d: &CatalogueDoc) -> &str {
    d.release.as_ref().map_or("", |r| r.version.as_str())
}
