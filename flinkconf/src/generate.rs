//! `generate` and `check`: write every output of the catalogue atomically, or compare the output
//! directory with what `generate` would write.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use options_core::tool::TOOL;
use options_docs::output::{compare, write_atomically};
use options_docs::source::Loaded;
use options_docs::templates::Templates;
use options_docs::{render, render_site, CatalogueDoc, SiteLink, SiteParts};
use options_flink_operator::OPERATOR_RELEASES;

use crate::catalogue::load;
use crate::failure::{exit, Failure};
use crate::Cli;

/// The flags of `generate` and `check`.
#[derive(clap::Args, Debug, Clone)]
pub(crate) struct OutArgs {
    /// The output directory (relative to the current directory).
    #[arg(long, default_value = "site")]
    out: PathBuf,
}

/// `generate`: writes the site.
pub(crate) fn generate(cli: &Cli, args: &OutArgs) -> Result<ExitCode, Failure> {
    let out = &args.out;
    let files = render_files(cli)?;
    write_atomically(&files, out)
        .map_err(|e| Failure::Internal(format!("cannot write {}: {e}", out.display())))?;
    let index = std::fs::canonicalize(out)
        .unwrap_or_else(|_| out.clone())
        .join("index.html");
    crate::out::println(format_args!(
        "Wrote {} files to {}\nReference site: {}",
        files.len(),
        out.display(),
        index.display()
    ))?;
    Ok(ExitCode::SUCCESS)
}

/// `check`: compares the site with what `generate` would write; exit 1 when stale.
pub(crate) fn check(cli: &Cli, args: &OutArgs) -> Result<ExitCode, Failure> {
    let out = args.out.as_path();
    let files = render_files(cli)?;
    let report = compare(&files, out);
    let shown = out.display().to_string();
    crate::out::print(report.render(&shown, &fix_command(cli, out)))?;
    Ok(exit(!report.is_fresh()))
}

fn render_files(cli: &Cli) -> Result<options_docs::Files, Failure> {
    let mut loaded = load(cli)?;
    let regenerate = format!("cargo run -p {TOOL} -- generate");
    loaded.doc.regenerate = Some(regenerate.clone());
    let templates = match &cli.templates {
        Some(dir) => Templates::with_overrides(dir),
        None => Templates::builtin(),
    }
    .map_err(|e| Failure::Internal(e.to_string()))?;
    let internal = |e: options_docs::templates::TemplateError| Failure::Internal(e.to_string());
    // A catalogue file documents one release; the built-in catalogue every release up to the
    // documented one, for the release picker.
    if cli.catalogue.is_some() {
        return render(&loaded.doc, &templates).map_err(internal);
    }
    let earlier = earlier_flink(&loaded.doc)?;
    // The whole site (the newest release, as `generate` writes by default) also holds the
    // operator's options and the checker's rules.
    let whole = cli.release.is_none();
    let links = if whole {
        vec![
            SiteLink {
                title: "Kubernetes Operator".into(),
                href: format!("{OPERATOR_DIR}/index.html"),
            },
            SiteLink {
                title: "Checker rules".into(),
                href: format!("{RULES_DIR}/index.html"),
            },
        ]
    } else {
        Vec::new()
    };
    let parts = SiteParts {
        earlier: &earlier,
        links: &links,
    };
    let mut files = render_site(&loaded.doc, &templates, parts).map_err(internal)?;
    if whole {
        files.extend(operator_files(&templates, &regenerate)?);
        files.extend(
            rule_pages(&loaded.doc, &templates, &regenerate)
                .map_err(internal)?
                .into_iter()
                .map(|(path, text)| (Path::new(RULES_DIR).join(path), text)),
        );
    }
    Ok(files)
}

/// Where the operator's section of the site is written.
const OPERATOR_DIR: &str = "operator";

/// The operator section's page on the layers of a deployment's configuration.
const EFFECTIVE_PAGE: &str = "effective.html";

/// Where the checker's rule pages are written.
const RULES_DIR: &str = "rules";

/// The models of Flink's releases before the one `doc` documents (for the release picker).
fn earlier_flink(doc: &CatalogueDoc) -> Result<Vec<CatalogueDoc>, Failure> {
    let Some(release) = &doc.release else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for version in release
        .versions
        .iter()
        .take_while(|v| **v != release.version)
    {
        let loaded = options_check::builtin::for_checking(Some(version))
            .map_err(|e| Failure::Internal(e.to_string()))?;
        out.push(loaded.doc);
    }
    Ok(out)
}

/// The operator's section (`operator/`): its pages, catalogue.json and JSON Schema, with the
/// picker over its releases.
fn operator_files(templates: &Templates, regenerate: &str) -> Result<options_docs::Files, Failure> {
    let mut doc = Loaded::from_catalogue(options_flink_operator::catalogue()).doc;
    doc.regenerate = Some(regenerate.to_owned());
    let earlier: Vec<CatalogueDoc> = OPERATOR_RELEASES
        .iter()
        .filter(|r| !r.is_newest())
        .map(|r| Loaded::for_checking(options_flink_operator::catalogue_at(r)).doc)
        .collect();
    let links = [
        SiteLink {
            title: "Apache Flink".into(),
            href: "../index.html".into(),
        },
        SiteLink {
            title: "What Flink receives".into(),
            href: EFFECTIVE_PAGE.into(),
        },
        SiteLink {
            title: "Checker rules".into(),
            href: format!("../{RULES_DIR}/index.html"),
        },
    ];
    let parts = SiteParts {
        earlier: &earlier,
        links: &links,
    };
    let internal = |e: options_docs::templates::TemplateError| Failure::Internal(e.to_string());
    let mut files = render_site(&doc, templates, parts).map_err(internal)?;
    // How the operator builds a deployment's configuration: its layers and what it writes per
    // release (options_check::effective::docs).
    let page = options_docs::render::Article {
        file: EFFECTIVE_PAGE.into(),
        title: "What Flink receives from the operator".into(),
        markdown: options_check::effective::docs::layers_markdown(),
    };
    files.extend(
        options_docs::render::render_articles(
            &doc,
            "Kubernetes Operator",
            &[page],
            &links,
            templates,
        )
        .map_err(internal)?,
    );
    Ok(files
        .into_iter()
        .map(|(path, text)| (Path::new(OPERATOR_DIR).join(path), text))
        .collect())
}

/// The exact command that makes `check` pass: through cargo when cargo ran this one (it sets
/// `CARGO` for `cargo run` and `cargo test`), else the installed command itself (a wheel,
/// `cargo install`, a pre-commit hook).
fn fix_command(cli: &Cli, out: &Path) -> String {
    let program = match std::env::var_os("CARGO") {
        Some(_) => format!("cargo run -p {TOOL} --"),
        None => TOOL.to_owned(),
    };
    let mut command = format!("{program} generate --out {}", out.display());
    if let Some(c) = &cli.catalogue {
        command.push_str(&format!(" --catalogue {}", c.display()));
    }
    if let Some(r) = &cli.release {
        command.push_str(&format!(" --release {r}"));
    }
    if let Some(t) = &cli.templates {
        command.push_str(&format!(" --templates {}", t.display()));
    }
    command
}

/// The checker's rule pages (`rules/`): the index of rules and a page per rule, each linked to
/// the others as the Markdown files are.
fn rule_pages(
    doc: &CatalogueDoc,
    templates: &Templates,
    regenerate: &str,
) -> Result<options_docs::Files, options_docs::templates::TemplateError> {
    use options_check::rules::{Rule, RULES_INDEX};
    // Links between the Markdown files (`(unknown-key.md)`) point at the pages instead.
    let linked = |markdown: &str| {
        let mut text = markdown.to_owned();
        for rule in Rule::ALL {
            text = text.replace(
                &format!("]({}.md)", rule.id()),
                &format!("]({}.html)", rule.id()),
            );
        }
        text
    };
    let mut articles = vec![options_docs::render::Article {
        file: "index.html".into(),
        title: format!("Rules of {TOOL} validate"),
        markdown: linked(RULES_INDEX),
    }];
    for rule in Rule::ALL {
        articles.push(options_docs::render::Article {
            file: format!("{}.html", rule.id()),
            title: rule.id().to_owned(),
            markdown: linked(rule.page_text()),
        });
    }
    let links = [
        SiteLink {
            title: "Apache Flink".into(),
            href: "../index.html".into(),
        },
        SiteLink {
            title: "Kubernetes Operator".into(),
            href: format!("../{OPERATOR_DIR}/index.html"),
        },
    ];
    let mut doc = doc.clone();
    doc.regenerate = Some(regenerate.to_owned());
    options_docs::render::render_articles(&doc, "Checker rules", &articles, &links, templates)
}
