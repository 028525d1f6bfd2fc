//! Pages of prose in the site's frame: Markdown documents (the checker's rule pages) rendered
//! with `article.html`, in a directory of their own under the site.

use serde::Serialize;
use tera::Context;

use super::{generated_note, pages::tidied, release_facts, Files, SiteLink};
use crate::markdown::to_html;
use crate::model::CatalogueDoc;
use crate::templates::{TemplateError, Templates};

/// A Markdown document to render as a page.
#[derive(Clone, Debug)]
pub struct Article {
    /// The file name in the part's directory (`unknown-key.html`; `index.html` for its front
    /// page).
    pub file: String,
    /// The page title (`unknown-key`).
    pub title: String,
    /// The body, Markdown; its first `# heading` is the page's.
    pub markdown: String,
}

/// The page as `article.html` sees it.
#[derive(Serialize)]
struct ArticlePage<'a> {
    file: &'a str,
    title: &'a str,
    body_html: String,
}

/// Renders `articles` as one part of the site, titled `part_title`, in a directory one level
/// below the site of `doc` (whose title the header shows and whose front page it links);
/// `links` go in every page's header. Paths in the result are relative to that directory.
pub fn render_articles(
    doc: &CatalogueDoc,
    part_title: &str,
    articles: &[Article],
    links: &[SiteLink],
    templates: &Templates,
) -> Result<Files, TemplateError> {
    let mut ctx = Context::new();
    ctx.insert("site_title", &doc.engine.site_title);
    ctx.insert("part_title", part_title);
    ctx.insert("root", "../");
    ctx.insert("nav_html", "");
    ctx.insert("release_picker_html", "");
    ctx.insert("site_links_html", &release_facts::links_html(links));
    let note = format!("<!-- {} -->\n", generated_note(doc));
    let mut files = Files::new();
    for article in articles {
        let page = ArticlePage {
            file: &article.file,
            title: &article.title,
            body_html: to_html(&article.markdown),
        };
        ctx.insert("page", &page);
        files.insert(
            article.file.clone().into(),
            tidied(&note, &templates.render("article.html", &ctx)?),
        );
    }
    Ok(files)
}
