//! The built-in templates and assets (ONE table), and the Tera instance that renders them, with a
//! user's overrides layered on top.
//!
//! # Overriding a template
//!
//! Every built-in page template `N` (`base.html`, `index.html`, `section.html`, `fragment.html`,
//! `section.md`) is registered twice: its contents as `builtin/N`, and `N` itself as the one-line
//! `{% extends "builtin/N" %}`. Pages render `N` and extend `base.html` (not `builtin/base.html`), so
//! a file `N` in the `--templates` directory replaces the alias and can override single blocks:
//!
//! ```text
//! {% extends "builtin/base.html" %}
//! {% block footer %}Internal build, ask #data-platform.{% endblock %}
//! ```
//!
//! in `base.html` changes the footer of every page. Partials (`table.html`) are included, and Tera
//! does not support inheritance in included templates, so an override of a partial replaces it
//! whole. Assets are copied as they are (not templates); any other file in the directory is added
//! as a template under its relative path, for overrides to include or extend.

use std::path::{Path, PathBuf};

use tera::Tera;

/// What a built-in file is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TemplateKind {
    /// A page template: overridable block by block (see the module docs).
    Page,
    /// An included template: overridable whole.
    Partial,
    /// A static file copied to the output under its name.
    Asset,
}

/// One built-in file.
#[derive(Clone, Copy, Debug)]
pub struct Builtin {
    /// Its name (a template name, or the output path of an asset).
    pub name: &'static str,
    /// What it is.
    pub kind: TemplateKind,
    /// Its contents.
    pub contents: &'static str,
}

macro_rules! builtin {
    ($kind:ident, $name:literal) => {
        Builtin {
            name: $name,
            kind: TemplateKind::$kind,
            contents: include_str!(concat!("../templates/", $name)),
        }
    };
}

/// Every built-in template and asset; the only list of them.
pub const BUILTINS: &[Builtin] = &[
    builtin!(Page, "base.html"),
    builtin!(Page, "index.html"),
    builtin!(Page, "section.html"),
    builtin!(Page, "fragment.html"),
    builtin!(Page, "section.md"),
    builtin!(Page, "release.html"),
    builtin!(Page, "article.html"),
    builtin!(Partial, "table.html"),
    builtin!(Asset, "assets/style.css"),
    builtin!(Asset, "assets/filter.js"),
    builtin!(Asset, "assets/release.js"),
];

/// Errors loading templates.
#[derive(Debug, thiserror::Error)]
pub enum TemplateError {
    /// The `--templates` directory does not exist or is not a directory.
    #[error("template directory {} does not exist (pass an existing directory to --templates, or leave it out to use the built-in templates)", .0.display())]
    MissingDir(PathBuf),
    /// A file in the override directory could not be read.
    #[error("cannot read template {}: {source}", .path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// Tera rejected a template (syntax error, unknown parent, ...).
    #[error("template error: {}", describe(.0))]
    Tera(#[from] tera::Error),
}

/// A Tera error with its causes, which carry the useful part (file and line).
pub fn describe(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

/// The templates a render uses: the built-ins, optionally with user overrides.
#[derive(Debug)]
pub struct Templates {
    tera: Tera,
}

impl Templates {
    /// The built-in templates only.
    pub fn builtin() -> Result<Self, TemplateError> {
        Self::load(Vec::new())
    }

    /// The built-in templates with every file under `dir` added on top (see the module docs).
    pub fn with_overrides(dir: &Path) -> Result<Self, TemplateError> {
        if !dir.is_dir() {
            return Err(TemplateError::MissingDir(dir.to_owned()));
        }
        let mut files = Vec::new();
        collect(dir, dir, &mut files)?;
        Self::load(files)
    }

    fn load(overrides: Vec<(String, String)>) -> Result<Self, TemplateError> {
        let mut tera = Tera::default();
        let mut all: Vec<(String, String)> = Vec::new();
        for b in BUILTINS.iter().filter(|b| b.kind != TemplateKind::Asset) {
            all.push((format!("builtin/{}", b.name), b.contents.to_owned()));
            let own = match b.kind {
                TemplateKind::Page => format!("{{% extends \"builtin/{}\" %}}", b.name),
                _ => b.contents.to_owned(),
            };
            all.push((b.name.to_owned(), own));
        }
        for (name, contents) in overrides {
            all.retain(|(n, _)| *n != name);
            all.push((name, contents));
        }
        tera.add_raw_templates(all)?;
        Ok(Templates { tera })
    }

    /// Renders the template `name` with `context`.
    pub fn render(&self, name: &str, context: &tera::Context) -> Result<String, TemplateError> {
        Ok(self.tera.render(name, context)?)
    }
}

fn collect(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) -> Result<(), TemplateError> {
    let read_err = |path: &Path| {
        let path = path.to_owned();
        move |source| TemplateError::Read { path, source }
    };
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .map_err(read_err(dir))?
        .collect::<Result<_, _>>()
        .map_err(read_err(dir))?;
    entries.sort_by_key(|e| e.path());
    for entry in entries {
        let path = entry.path();
        if path.is_dir() {
            collect(root, &path, out)?;
            continue;
        }
        let contents = std::fs::read_to_string(&path).map_err(read_err(&path))?;
        let name = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/");
        out.push((name, contents));
    }
    Ok(())
}
