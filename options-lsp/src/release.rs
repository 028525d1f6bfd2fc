//! Which Flink release a document is checked against, and why: a manifest's `spec.flinkVersion`;
//! else the project settings file `flinkconf.toml` found from the document's folder up (its
//! `release`, read as `flinkconf validate` reads it); else the client's initialization option
//! `release`; else the newest release.

use std::fmt;
use std::path::{Path, PathBuf};

use options_check::project::Project;
use serde::Deserialize;

/// The first `flinkconf.toml` from `dir` up ([`options_check::project`]), with what it sets; a
/// file that does not parse sets nothing here (`flinkconf validate` reports it).
pub fn project_file(dir: &Path) -> Option<(PathBuf, Project)> {
    let path = options_check::project::find_from(dir)?;
    let text = std::fs::read_to_string(&path).ok()?;
    let project = options_check::project::parse(&text).unwrap_or_default();
    Some((path, project))
}

/// Where a document's release comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Whence {
    /// A manifest's `spec.flinkVersion`, as written.
    Manifest(String),
    /// The project settings file at this path.
    Project(PathBuf),
    /// The client's initialization option `release`.
    Client,
    /// None named one: the newest.
    Newest,
}

/// A document's release and where it comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chosen {
    /// The release (`1.20`); `None` for the newest.
    pub release: Option<String>,
    /// Why this one.
    pub whence: Whence,
}

impl Chosen {
    /// The release of a document that names none itself: the project's, the client's, or the
    /// newest.
    pub fn outside(project: Option<&(PathBuf, Project)>, client: Option<&str>) -> Chosen {
        if let Some((
            path,
            Project {
                release: Some(release),
                ..
            },
        )) = project
        {
            return Chosen {
                release: Some(release.clone()),
                whence: Whence::Project(path.clone()),
            };
        }
        match client {
            Some(release) => Chosen {
                release: Some(release.to_owned()),
                whence: Whence::Client,
            },
            None => Chosen {
                release: None,
                whence: Whence::Newest,
            },
        }
    }

    /// A manifest's own release (`1.20`, written `v1_20`).
    pub fn manifest(version: &str, written: &str) -> Chosen {
        Chosen {
            release: Some(version.to_owned()),
            whence: Whence::Manifest(written.to_owned()),
        }
    }
}

impl fmt::Display for Chosen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let release = match &self.release {
            Some(r) => r.clone(),
            None => crate::catalogues::newest_flink(),
        };
        match &self.whence {
            Whence::Manifest(written) => {
                write!(f, "Flink {release} (spec.flinkVersion {written})")
            }
            Whence::Project(path) => write!(f, "Flink {release} ({})", path.display()),
            Whence::Client => write!(f, "Flink {release} (the editor's `release` setting)"),
            Whence::Newest => write!(f, "Flink {release} (the newest; no release named)"),
        }
    }
}

/// What the client sets when it starts the server (`initializationOptions`), every field
/// optional: `{"release": "1.20", "strict": true, "operatorRelease": "1.13"}`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Client {
    /// The release of documents that name none and have no project file.
    pub release: Option<String>,
    /// Whether unknown keys are errors, unless the project file says.
    pub strict: Option<bool>,
    /// The Kubernetes operator's release.
    pub operator_release: Option<String>,
}
