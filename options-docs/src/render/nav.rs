//! The entries of the navigation every page shows: one link per section, grouped by family,
//! written in Rust for the same reason as the rows (see [`super::rows`]): every page lists every
//! section, so a catalogue of S sections renders S x S entries, and in Tera each cost a copy of
//! the whole family list. `base.html` owns the `<nav>` around them (`nav_html`).

use super::rows::push_escaped;
use super::view::{FamilyView, NavView};

/// The `<li>` entries of the navigation on the page of `current_section` (in family
/// `current_family`; both empty on the index).
pub fn nav_items(
    families: &[FamilyView<'_, NavView<'_>>],
    current_section: &str,
    current_family: &str,
) -> String {
    let mut out = String::with_capacity(families.len() * 256);
    for family in families {
        if family.single {
            for s in &family.sections {
                out.push_str("<li class=\"nav-single\">");
                link(&mut out, s, current_section);
                out.push_str("</li>\n");
            }
            continue;
        }
        out.push_str("<li><details class=\"nav-family\"><summary");
        if family.name == current_family {
            out.push_str(" class=\"current\"");
        }
        out.push('>');
        push_escaped(&mut out, family.name);
        out.push_str(" <span class=\"nav-count\">");
        out.push_str(&family.count.to_string());
        out.push_str("</span></summary>\n<ul class=\"nav-sections\">\n");
        for s in &family.sections {
            out.push_str("<li>");
            link(&mut out, s, current_section);
            out.push_str("</li>\n");
        }
        out.push_str("</ul></details></li>\n");
    }
    out
}

/// A section's link with its option count, marked as the current page when it is.
fn link(out: &mut String, s: &NavView<'_>, current_section: &str) {
    out.push_str("<a href=\"");
    push_escaped(out, s.page);
    out.push('"');
    if s.id == current_section {
        out.push_str(" aria-current=\"page\"");
    }
    out.push('>');
    push_escaped(out, s.title);
    out.push_str(" <span class=\"nav-count\">");
    out.push_str(&s.count.to_string());
    out.push_str("</span></a>");
}
