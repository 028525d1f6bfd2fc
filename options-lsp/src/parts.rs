//! What a document is and where its configurations are: a `config.yaml` or `flink-conf.yaml`
//! whole, each `spec.flinkConfiguration` of a manifest, each `config.yaml: |` block of Helm
//! values, each `FLINK_PROPERTIES` of a compose file, or a SQL script's `SET` statements; each
//! with the release it is checked against. Told as `flinkconf validate` tells a file found in a
//! folder ([`options_check::classify::found`]): other YAML files are left alone.

use crate::catalogues::{Catalogues, IndexedCatalogue};
use crate::documents::Document;
use crate::release::{project_file, Chosen, Client};
use options_check::classify::{self, Recognised};
use options_check::input::{self, Embedded, Extracted, Format, PositionMap, Reader};
use std::path::Path;

/// What kind of document it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DocumentKind {
    /// Configuration, read as this format.
    Conf(Format),
    /// A SQL script.
    Sql,
    /// Not Flink configuration, and why.
    Skipped(String),
}

/// One configuration of a document.
#[derive(Clone, Debug)]
pub struct Part {
    /// Its text and where it is in the document.
    pub embedded: Embedded,
    /// Its release and why.
    pub chosen: Chosen,
    /// Flink's catalogue at that release.
    pub flink: IndexedCatalogue,
}

impl Part {
    /// Whether line `line` (from 1) of the document is one of this configuration's.
    pub fn holds(&self, line: u32) -> bool {
        self.embedded.map.from_file(line, 1).is_some()
    }
}

/// A document read: its kind, its configurations, and what kept parts of it from being read.
#[derive(Debug)]
pub struct Parts {
    /// Its kind.
    pub kind: DocumentKind,
    /// Its configurations, in document order.
    pub parts: Vec<Part>,
    /// The extraction's notes and structure errors (manifests, Helm values, compose files).
    pub extracted: Extracted,
    /// Whether unknown keys are errors.
    pub strict: bool,
    /// A release named (by the project file or the client) that Flink never had: why, and the
    /// newest is used instead.
    pub release_error: Option<String>,
}

impl Parts {
    /// The configuration holding line `line` (from 1).
    pub fn at_line(&self, line: u32) -> Option<&Part> {
        self.parts.iter().find(|p| p.holds(line))
    }
}

/// Reads `doc`: its kind by name and content, its configurations, each with its release.
pub fn read(doc: &Document, catalogues: &mut Catalogues, client: &Client) -> Parts {
    let path = doc.path();
    let name_path = path
        .clone()
        .unwrap_or_else(|| Path::new(doc.uri.path().as_str()).to_path_buf());
    let text = doc.text();
    let recognised = match doc.language.as_str() {
        "sql" => Recognised::Sql,
        _ => classify::found(&name_path, text),
    };
    let project = path
        .as_deref()
        .and_then(Path::parent)
        .and_then(project_file);
    let strict = project
        .as_ref()
        .and_then(|(_, p)| p.strict)
        .or(client.strict)
        .unwrap_or(false);
    let outside = Chosen::outside(project.as_ref(), client.release.as_deref());
    let mut release_error = None;
    let mut flink_at = |chosen: &Chosen| -> (Chosen, IndexedCatalogue) {
        match catalogues.flink(chosen.release.as_deref()) {
            Ok(loaded) => (chosen.clone(), loaded),
            Err(e) => {
                release_error.get_or_insert(e);
                let newest = Chosen::outside(None, None);
                let loaded = catalogues
                    .flink(None)
                    .expect("the newest release has a catalogue");
                (newest, loaded)
            }
        }
    };
    let whole = |legacy: bool| Embedded {
        text: text.to_owned(),
        legacy,
        what: String::new(),
        release: None,
        reader: Reader::Flink,
        map: PositionMap::identity(text),
    };
    let (kind, extracted, embedded) = match recognised {
        Recognised::Skip(why) | Recognised::Template(why) => {
            (DocumentKind::Skipped(why), Extracted::default(), Vec::new())
        }
        Recognised::Sql => (DocumentKind::Sql, Extracted::default(), vec![whole(false)]),
        Recognised::Conf(format @ (Format::Config | Format::FlinkConf)) => (
            DocumentKind::Conf(format),
            Extracted::default(),
            vec![whole(format == Format::FlinkConf)],
        ),
        Recognised::Conf(format) => {
            let mut extracted = input::extract(format, text);
            let embedded = std::mem::take(&mut extracted.embedded);
            (DocumentKind::Conf(format), extracted, embedded)
        }
    };
    let parts = embedded
        .into_iter()
        .map(|embedded| {
            let wanted = match &embedded.release {
                Some(r) => Chosen::manifest(&r.version, &r.written),
                None => outside.clone(),
            };
            let (chosen, flink) = flink_at(&wanted);
            Part {
                embedded,
                chosen,
                flink,
            }
        })
        .collect();
    Parts {
        kind,
        parts,
        extracted,
        strict,
        release_error,
    }
}
