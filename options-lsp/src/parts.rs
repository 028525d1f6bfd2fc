//! What a document is and where its configurations are, each with the catalogues it is checked
//! against: the resolver's answer ([`options_check::resolve`]), the same one `flinkconf validate`
//! gets for the file. An editor's document is told as a file found in a folder
//! ([`Came::Found`]): other YAML files are left alone; a document the editor calls SQL is a SQL
//! script whatever its name.

use std::path::{Path, PathBuf};

use options_check::classify::Recognised;
use options_check::resolve::{
    Came, Document as Checked, Resolution, Resolver, SettingsLayer, Target,
};

use crate::release::Client;

use crate::documents::Document;

/// One configuration of a document, with its catalogues.
pub type Part = Target;

/// A document read: the resolver's answer, and what of the settings could not be applied.
#[derive(Debug)]
pub struct Parts {
    /// How the document is checked.
    pub resolution: Resolution,
    /// A project file above the document that does not read: why, and the document is checked
    /// without it.
    pub settings_error: Option<String>,
}

impl Parts {
    /// The configuration holding line `line` (from 1).
    pub fn at_line(&self, line: u32) -> Option<&Part> {
        self.resolution.at_line(line)
    }

    /// Its configurations, in document order.
    pub fn parts(&self) -> &[Part] {
        &self.resolution.targets
    }

    /// Whether the document is a SQL script.
    pub fn is_sql(&self) -> bool {
        self.resolution.recognised == Recognised::Sql
    }
}

/// The path a document is known by: its file's, else its address's path.
pub fn name_path(doc: &Document) -> PathBuf {
    doc.path()
        .unwrap_or_else(|| Path::new(doc.uri.path().as_str()).to_path_buf())
}

/// The resolvers of a server: with the project files above each document, and without them for
/// a document whose project file does not read; and why the editor's settings could not be
/// applied, if they could not.
#[derive(Debug)]
pub struct Resolvers {
    resolver: Resolver,
    fallback: Resolver,
    editor_error: Option<String>,
}

impl Resolvers {
    /// The resolvers for the editor's settings `client`; `release` is the release of documents
    /// that name none when the client names none (`flinkconf lsp --release V`).
    pub fn new(client: &Client, release: Option<&str>) -> Resolvers {
        let mut layer = client.layer();
        if layer.release.is_none() {
            layer.release = release.map(str::to_owned);
        }
        let build = |layer: SettingsLayer| {
            let base = Resolver::new(SettingsLayer::default()).expect("no flag names a release");
            base.with_editor(layer)
        };
        let (resolver, editor_error) = build(layer.clone());
        let (fallback, _) = build(layer);
        Resolvers {
            resolver,
            fallback: fallback.ignoring_project_files(),
            editor_error,
        }
    }
}

/// Reads `doc` as `resolvers` resolve it (without project files when the one above it does not
/// read).
pub fn read(doc: &Document, resolvers: &Resolvers) -> Parts {
    let (resolver, fallback) = (&resolvers.resolver, &resolvers.fallback);
    let path = name_path(doc);
    let checked = Checked {
        path: &path,
        text: doc.text(),
        came: match doc.language.as_str() {
            "sql" => Came::Sql,
            _ => Came::Found,
        },
        legacy: false,
    };
    match resolver.resolve(&checked) {
        Ok(resolution) => Parts {
            resolution,
            settings_error: resolvers.editor_error.clone(),
        },
        Err(e) => Parts {
            resolution: fallback
                .resolve(&checked)
                .expect("a resolver without project files reads every document"),
            settings_error: Some(e),
        },
    }
}
