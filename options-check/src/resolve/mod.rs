//! The one place that decides how a file is checked: for a path or an editor's document and the
//! settings in force, what kind of file it is, which configurations it holds, the Flink release
//! and Kubernetes operator release of each, their catalogues, the rules reported and how strict
//! the check is. The command line (`flinkconf validate`), the language server, the shell and the
//! Python package each turn their input into a [`Document`] and their options into a [`SettingsLayer`],
//! and ask a [`Resolver`]; none decides on its own, so all give the same answer.
//!
//! # Precedence
//!
//! Settings, highest first (each setting from the first source that sets it; `exclude` adds up):
//! 1. the command line's flags (or a Python function's arguments);
//! 2. the project settings file, `flinkconf.toml`: `--config FILE`, else the first found from the
//!    file's folder up, else the first found from the folder the run started in;
//! 3. the editor's settings (the language server's initialization options);
//! 4. the defaults: lenient, every rule, the newest release.
//!
//! The release of each configuration, highest first:
//! 1. `--release-override` (or the editor's `releaseOverride`): the one way to check a
//!    configuration against another release than the one it names;
//! 2. what the document says of itself: a manifest's `spec.flinkVersion`, the operator release
//!    the operator's Helm values name (`image.tag`). A release the document names that is not
//!    carried is read as the nearest one carried, with a note;
//! 3. the release the settings name for configurations that name none (`--release`,
//!    `flinkconf.toml`'s `release`, the editor's `release`; `--operator-release` and
//!    `operator-release` for the operator);
//! 4. the newest release carried.
//!
//! Each configuration of a manifest, Helm values or compose file gets a note saying which
//! release it was checked against and why ([`Choice`]'s text).

mod choice;
mod layer;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

pub use choice::{Choice, Whence};
pub use layer::{parse_fail_on, Origin, RuleFilter, Settings, SettingsLayer, Sourced};

use crate::classify::{self, Recognised};
use crate::effective::OperatorConfig;
use crate::finding::Finding;
use crate::input::{self, Embedded, Extracted, Format, PositionMap, Reader};
use crate::project;
use crate::registry::BuiltIn;
use crate::report::FileKind;

/// A file or an editor's document to check.
#[derive(Clone, Copy)]
pub struct Document<'a> {
    /// The path it is known and recognised by (standard input's `--stdin-filename`, the
    /// editor's document path).
    pub path: &'a Path,
    /// Its text.
    pub text: &'a str,
    /// How it came to be checked.
    pub came: Came,
    /// Read with the legacy `flink-conf.yaml` rules (Flink's loader chose so by its name).
    pub legacy: bool,
}

// `Debug` by hand: the text holds the configuration's secrets.
impl std::fmt::Debug for Document<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Document")
            .field("path", &self.path)
            .field("text_bytes", &self.text.len())
            .field("came", &self.came)
            .field("legacy", &self.legacy)
            .finish()
    }
}

/// How a document came to be checked, which decides how it is told apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Came {
    /// Named by the user (on the command line, or to a Python function): read by content,
    /// whatever its name.
    Given,
    /// Found under a folder, or opened in an editor: checked only when its name and content
    /// say it holds Flink configuration; other YAML files are left alone.
    Found,
    /// Opened in an editor whose language for it is SQL.
    Sql,
}

/// One configuration of a document, with the catalogues it is checked against.
#[derive(Clone, Debug)]
pub struct Target {
    /// Its text and where it is in the document.
    pub embedded: Embedded,
    /// Flink's catalogue (or a catalogue file's) at its release.
    pub flink: Choice,
    /// The Kubernetes operator's catalogue, for a configuration the operator reads too
    /// ([`Reader::Resource`], [`Reader::Operator`]).
    pub operator: Option<Choice>,
}

impl Target {
    /// Whether line `line` (from 1) of the document is one of this configuration's.
    pub fn holds(&self, line: u32) -> bool {
        self.embedded.map.from_file(line, 1).is_some()
    }
}

/// How a document is checked.
#[derive(Debug)]
pub struct Resolution {
    /// What the document is.
    pub recognised: Recognised,
    /// Its configurations, in document order.
    pub targets: Vec<Target>,
    /// Notes and structure errors of the extraction (manifests, Helm values, compose files).
    pub extracted: Extracted,
    /// Notes on how each configuration is checked (which release, and why).
    pub notes: Vec<Finding>,
    /// The settings in force.
    pub settings: Settings,
    /// The Kubernetes operator's default configuration the settings name, read.
    pub operator_config: Option<Arc<OperatorConfig>>,
    /// The path the document is known by.
    pub path: PathBuf,
}

impl Resolution {
    /// What reports call the file's kind.
    pub fn kind(&self) -> FileKind {
        match &self.recognised {
            Recognised::Skip(_) | Recognised::Template(_) => FileKind::Skipped,
            Recognised::Sql => FileKind::Sql,
            Recognised::Conf(Format::Config) => FileKind::Config,
            Recognised::Conf(Format::FlinkConf) => FileKind::FlinkConf,
            Recognised::Conf(Format::Kubernetes) => FileKind::Kubernetes,
            Recognised::Conf(Format::Helm) => FileKind::Helm,
            Recognised::Conf(Format::Compose) => FileKind::Compose,
        }
    }

    /// The configuration holding line `line` (from 1).
    pub fn at_line(&self, line: u32) -> Option<&Target> {
        self.targets.iter().find(|t| t.holds(line))
    }
}

/// A project settings file found (or named), and what it says; or why it does not read.
type ProjectAt = Result<Option<Arc<(PathBuf, SettingsLayer)>>, String>;

/// Decides how documents are checked, from the settings of the command line, the editor and
/// the project files it finds. Built once per run (or per editor session) and shared by every
/// thread: project files are read once per folder.
pub struct Resolver {
    flags: SettingsLayer,
    editor: SettingsLayer,
    /// `--config FILE`: this project file for every document.
    explicit: Option<Arc<(PathBuf, SettingsLayer)>>,
    /// The folder whose project file applies to documents with none above them.
    fallback: Option<PathBuf>,
    /// The project file in force for each folder met.
    projects: Mutex<HashMap<PathBuf, ProjectAt>>,
    /// Whether project files are looked for at all.
    discover: bool,
    /// Every operator configuration read, by path.
    operator_configs: Mutex<HashMap<PathBuf, Result<Arc<OperatorConfig>, String>>>,
}

impl std::fmt::Debug for Resolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Resolver")
            .field("flags", &self.flags)
            .field("editor", &self.editor)
            .field("explicit", &self.explicit.as_ref().map(|p| &p.0))
            .field("fallback", &self.fallback)
            .finish()
    }
}

impl Resolver {
    /// A resolver over the command line's `flags`; a release they name that is not carried is
    /// an error naming the releases there are.
    pub fn new(flags: SettingsLayer) -> Result<Resolver, String> {
        check_releases(&flags, &Origin::Flag)?;
        if let Some(path) = &flags.catalogue {
            crate::registry::from_json_file(path).map_err(|e| e.to_string())?;
        }
        Ok(Resolver {
            flags,
            editor: SettingsLayer::default(),
            explicit: None,
            fallback: None,
            projects: Mutex::default(),
            discover: true,
            operator_configs: Mutex::default(),
        })
    }

    /// The same, with the editor's settings under the project files, and why they were left
    /// out when a release they name is not carried (the editor shows it).
    pub fn with_editor(mut self, editor: SettingsLayer) -> (Resolver, Option<String>) {
        match check_releases(&editor, &Origin::Editor) {
            Ok(()) => {
                self.editor = editor;
                (self, None)
            }
            Err(e) => (self, Some(e)),
        }
    }

    /// The same, with `path` as the project settings file of every document (`--config FILE`);
    /// a file that cannot be read, does not parse or names what is not there is an error
    /// naming it.
    pub fn with_project_file(mut self, path: &Path) -> Result<Resolver, String> {
        self.explicit = Some(load_project(path)?);
        Ok(self)
    }

    /// The same, with the project file found from `dir` up applying to documents that have none
    /// above them (the folder the run started in).
    pub fn discovering_from(mut self, dir: &Path) -> Resolver {
        self.fallback = Some(std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf()));
        self
    }

    /// The same, reading no project file: what an editor checks with while the project file
    /// above a document does not read.
    pub fn ignoring_project_files(mut self) -> Resolver {
        self.discover = false;
        self.explicit = None;
        self
    }

    /// The project file in force for a document at `path` (`None`: the run's own), if any.
    fn project_for(&self, path: Option<&Path>) -> ProjectAt {
        if let Some(explicit) = &self.explicit {
            return Ok(Some(Arc::clone(explicit)));
        }
        if !self.discover {
            return Ok(None);
        }
        // Absolute, so a relative path's folders above the working directory are walked too.
        let dir = path.map(|p| match p.parent().filter(|d| !d.as_os_str().is_empty()) {
            Some(dir) => std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf()),
            None => std::env::current_dir().unwrap_or_default(),
        });
        for dir in dir.iter().chain(self.fallback.iter()) {
            if let Some(found) = self.project_in(dir)? {
                return Ok(Some(found));
            }
        }
        Ok(None)
    }

    /// The first project file from `dir` up, read once per folder.
    fn project_in(&self, dir: &Path) -> ProjectAt {
        let mut projects = self
            .projects
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(known) = projects.get(dir) {
            return known.clone();
        }
        let found = match project::find_from(dir) {
            Some(path) => load_project(&path).map(Some),
            None => Ok(None),
        };
        projects.insert(dir.to_path_buf(), found.clone());
        found
    }

    /// The settings in force for a document at `path`; `None` for the run as a whole (its
    /// excludes and the level that fails it), from the explicit or fallback project file.
    pub fn settings(&self, path: Option<&Path>) -> Result<Settings, String> {
        let project = match path {
            Some(_) => self.project_for(path)?,
            None => match &self.explicit {
                Some(explicit) => Some(Arc::clone(explicit)),
                None if !self.discover => None,
                None => match &self.fallback {
                    Some(dir) => self.project_in(dir)?,
                    None => None,
                },
            },
        };
        let mut layers = vec![(&self.flags, Origin::Flag)];
        if let Some(p) = &project {
            layers.push((&p.1, Origin::Project(p.0.clone())));
        }
        layers.push((&self.editor, Origin::Editor));
        Ok(Settings::merge(&layers))
    }

    /// How `doc` is checked: its kind, its configurations and the catalogue of each, the
    /// settings in force. An error only when a project file above it does not read.
    pub fn resolve(&self, doc: &Document<'_>) -> Result<Resolution, String> {
        let settings = self.settings(Some(doc.path))?;
        let operator_config = match &settings.operator_config {
            Some(path) => Some(self.operator_config(path)?),
            None => None,
        };
        let mut resolution = resolve_with(doc, settings);
        resolution.operator_config = operator_config;
        Ok(resolution)
    }

    /// The operator's configuration at `path`, read once per run; a file that cannot be read or
    /// holds none is an error naming it.
    pub fn operator_config(&self, path: &Path) -> Result<Arc<OperatorConfig>, String> {
        let mut read = self
            .operator_configs
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        read.entry(path.to_path_buf())
            .or_insert_with(|| {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                crate::effective::operator_config::read(&path.display().to_string(), &text)
                    .map(Arc::new)
            })
            .clone()
    }
}

/// How `doc` is checked under `settings`.
fn resolve_with(doc: &Document<'_>, settings: Settings) -> Resolution {
    let (recognised, reader) = match doc.came {
        Came::Sql => (Recognised::Sql, None),
        Came::Given => classify::given_read(doc.path, doc.text, doc.legacy, settings.format),
        Came::Found => classify::found_read(doc.path, doc.text),
    };
    let whole = |legacy: bool| Embedded {
        text: doc.text.to_owned(),
        legacy,
        what: String::new(),
        release: None,
        reader: Reader::Flink,
        map: PositionMap::identity(doc.text),
    };
    let (mut extracted, embedded) = match &recognised {
        Recognised::Skip(_) | Recognised::Template(_) => (Extracted::default(), Vec::new()),
        Recognised::Sql => (Extracted::default(), vec![whole(false)]),
        Recognised::Conf(format @ (Format::Config | Format::FlinkConf)) => (
            Extracted::default(),
            vec![whole(*format == Format::FlinkConf)],
        ),
        Recognised::Conf(format) => {
            let mut extracted = input::extract(*format, doc.text);
            let embedded = std::mem::take(&mut extracted.embedded);
            (extracted, embedded)
        }
    };
    let operator_said = extracted
        .operator_release
        .take()
        .map(|r| (r.version, format!("image.tag {}", r.written)));
    let mut notes = Vec::new();
    // Which reader a configuration file is read with, and why, when its name does not say.
    if matches!(
        recognised,
        Recognised::Conf(Format::Config | Format::FlinkConf)
    ) && settings.format.is_none()
    {
        notes.extend(reader.map(|choice| Finding::note(1, choice.note())));
    }
    let targets = embedded
        .into_iter()
        .map(|embedded| {
            let target = target(embedded, &settings, operator_said.as_ref());
            let (first, _) = target.embedded.map.to_file(1, 1);
            if !target.embedded.what.is_empty() {
                let against = match &target.operator {
                    Some(operator) => format!("{} and {operator}", target.flink),
                    None => target.flink.to_string(),
                };
                notes.push(Finding::note(
                    first,
                    format!("checking {} against {against}", target.embedded.what),
                ));
            }
            for choice in std::iter::once(&target.flink).chain(&target.operator) {
                if let Some(note) = &choice.note {
                    notes.push(Finding::note(first, note.clone()));
                }
            }
            target
        })
        .collect();
    Resolution {
        recognised,
        targets,
        extracted,
        notes,
        settings,
        operator_config: None,
        path: doc.path.to_path_buf(),
    }
}

/// One configuration with its catalogues, by the precedence of the module's docs.
fn target(
    embedded: Embedded,
    settings: &Settings,
    operator_said: Option<&(String, String)>,
) -> Target {
    let said = embedded.release.as_ref().map(|r| {
        (
            r.version.as_str(),
            format!("spec.flinkVersion {}", r.written),
        )
    });
    let flink = match &settings.catalogue {
        Some(path) => {
            let wanted = settings
                .release_override
                .as_ref()
                .map(|s| s.value.as_str())
                .or(said.as_ref().map(|s| s.0))
                .or(settings.release.as_ref().map(|s| s.value.as_str()));
            // The run read the file before any document (`check::Run::new`): it reads.
            Choice::catalogue_file(path, wanted).expect("the catalogue file was read at the start")
        }
        None => Choice::built_in(
            BuiltIn::Flink,
            settings.release_override.as_ref(),
            said,
            settings.release.as_ref(),
        )
        // Every release a setting names was checked when the settings were read.
        .expect("settings name carried releases"),
    };
    let operator = matches!(embedded.reader, Reader::Resource | Reader::Operator).then(|| {
        Choice::built_in(
            BuiltIn::Operator,
            None,
            operator_said.map(|(v, w)| (v.as_str(), w.clone())),
            settings.operator_release.as_ref(),
        )
        .expect("settings name carried releases")
    });
    Target {
        embedded,
        flink,
        operator,
    }
}

/// Every release `layer` names is one its engine carries.
fn check_releases(layer: &SettingsLayer, origin: &Origin) -> Result<(), String> {
    let whose = |what: &str| match origin {
        Origin::Flag => format!("--{what}"),
        Origin::Project(path) => format!("{}: {what}", path.display()),
        Origin::Editor => format!("the editor's {what} setting"),
    };
    for (value, engine, what) in [
        (&layer.release, BuiltIn::Flink, "release"),
        (&layer.release_override, BuiltIn::Flink, "release-override"),
        (
            &layer.operator_release,
            BuiltIn::Operator,
            "operator-release",
        ),
    ] {
        if let Some(value) = value {
            if layer.catalogue.is_none() || engine == BuiltIn::Operator {
                engine
                    .release(value)
                    .map_err(|e| format!("{}: {e}", whose(what)))?;
            }
        }
    }
    Ok(())
}

/// A project settings file, read and checked.
fn load_project(path: &Path) -> Result<Arc<(PathBuf, SettingsLayer)>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let parsed = project::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let layer = SettingsLayer::from_project(&parsed, path)?;
    check_releases(&layer, &Origin::Project(path.to_path_buf()))?;
    Ok(Arc::new((path.to_path_buf(), layer)))
}
