//! Which release of an engine a configuration is checked against, and why: the one precedence
//! every front end uses (see [`super`] for the rule).

use std::fmt;
use std::path::PathBuf;

use options_core::{Release, ReleaseError};

use super::layer::{Origin, Sourced};
use crate::registry::{self, BuiltIn, Checked};
use options_docs::source::CatalogueLoadError;

/// Why a configuration is checked against its release.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Whence {
    /// `--release-override` (or the editor's `releaseOverride`): over everything, the
    /// document's own release included.
    Override(Origin),
    /// What the document says of itself (`spec.flinkVersion v1_20`), and the default it wins
    /// over, if one was set.
    Document {
        /// Where and how the document names it: `spec.flinkVersion v1_20`.
        said: String,
        /// The release a setting named for configurations that name none.
        over: Option<Sourced<String>>,
    },
    /// A setting for configurations that name no release (`--release`, `flinkconf.toml`'s
    /// `release`, the editor's `release`).
    Setting(Origin),
    /// Nothing named one: the newest release carried.
    Newest,
    /// The options of a `catalogue.json` (`--catalogue FILE`), which documents one release.
    CatalogueFile(PathBuf),
}

/// The catalogue a configuration is checked against: an engine's release, or a catalogue file.
#[derive(Clone, Debug)]
pub struct Choice {
    /// The built-in engine (`None` for a catalogue file).
    pub engine: Option<BuiltIn>,
    /// The release (`None` for a catalogue file that names none).
    pub release: Option<Release>,
    /// Its catalogue, model and key index.
    pub checked: Checked,
    /// Why this one.
    pub whence: Whence,
    /// What a report should add: a release named that is not carried and the nearest used
    /// instead, or a release a catalogue file does not document.
    pub note: Option<String>,
}

impl Choice {
    /// The release of `engine` for a configuration: `override_` over `document` (the release the
    /// document names, as a version and as written) over `setting` over the newest. A release a
    /// setting names must be carried (an error says which are); one a document names is read as
    /// the nearest carried, with a note.
    pub fn built_in(
        engine: BuiltIn,
        override_: Option<&Sourced<String>>,
        document: Option<(&str, String)>,
        setting: Option<&Sourced<String>>,
    ) -> Result<Choice, ReleaseError> {
        let choice = |release: Release, whence: Whence, note: Option<String>| Choice {
            engine: Some(engine),
            release: Some(release),
            checked: engine.checked(release),
            whence,
            note,
        };
        if let Some(o) = override_ {
            let release = engine.release(&o.value)?;
            return Ok(choice(release, Whence::Override(o.origin.clone()), None));
        }
        if let Some((version, said)) = document {
            if let Some(near) = engine.nearest(version) {
                let whence = Whence::Document {
                    said,
                    over: setting.cloned(),
                };
                return Ok(choice(near.release, whence, near.note));
            }
        }
        if let Some(s) = setting {
            let release = engine.release(&s.value)?;
            return Ok(choice(release, Whence::Setting(s.origin.clone()), None));
        }
        Ok(choice(engine.releases().newest(), Whence::Newest, None))
    }

    /// A catalogue file's options for a configuration whose release would otherwise be
    /// `wanted` (the same precedence): the file documents one release, so another is noted as
    /// not applied.
    pub fn catalogue_file(
        path: &std::path::Path,
        wanted: Option<&str>,
    ) -> Result<Choice, CatalogueLoadError> {
        let checked = registry::from_json_file(path)?;
        let note = wanted.and_then(|release| {
            checked
                .loaded
                .check_release(release)
                .err()
                .map(|e| format!("release {release} not applied: {e}"))
        });
        Ok(Choice {
            engine: None,
            release: checked.loaded.release(),
            checked,
            whence: Whence::CatalogueFile(path.to_path_buf()),
            note,
        })
    }

    /// The release's version (`2.3`), or `?` for a catalogue file that names none.
    fn version(&self) -> &str {
        self.release.map_or("?", |r| r.version())
    }
}

/// How a setting's origin is named after its value: `--release 1.19`, `release 1.19 of
/// conf/flinkconf.toml`, `the editor's release 1.19`.
fn named(flag: &str, key: &str, s: &Sourced<String>) -> String {
    match &s.origin {
        Origin::Flag => format!("--{flag} {}", s.value),
        Origin::Project(path) => format!("{key} {} of {}", s.value, path.display()),
        Origin::Editor => format!("the editor's {key} {}", s.value),
    }
}

impl fmt::Display for Choice {
    /// `Flink 1.20 (spec.flinkVersion v1_20; it wins over --release 1.19)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, flag, key) = match self.engine {
            Some(BuiltIn::Operator) => (
                "the Kubernetes operator",
                "operator-release",
                "operator-release",
            ),
            _ => ("Flink", "release", "release"),
        };
        match &self.whence {
            Whence::CatalogueFile(path) => {
                return write!(f, "the catalogue {}", path.display());
            }
            _ => write!(f, "{name} {} ", self.version())?,
        }
        match &self.whence {
            Whence::Override(Origin::Flag) => write!(f, "(--{flag}-override)"),
            Whence::Override(Origin::Project(path)) => {
                write!(f, "({key}-override of {})", path.display())
            }
            Whence::Override(Origin::Editor) => write!(f, "(the editor's {key}Override)"),
            Whence::Document { said, over: None } => write!(f, "({said})"),
            Whence::Document {
                said,
                over: Some(over),
            } => write!(
                f,
                "({said}; a document's own release wins over {}, which applies to configurations \
                 that name none)",
                named(flag, key, over)
            ),
            Whence::Setting(Origin::Flag) => write!(f, "(--{flag})"),
            Whence::Setting(Origin::Project(path)) => write!(f, "({key} of {})", path.display()),
            Whence::Setting(Origin::Editor) => write!(f, "(the editor's `{key}` setting)"),
            Whence::Newest => f.write_str("(the newest carried; no release named)"),
            Whence::CatalogueFile(_) => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flag(v: &str) -> Sourced<String> {
        Sourced {
            value: v.to_owned(),
            origin: Origin::Flag,
        }
    }

    #[test]
    fn a_documents_own_release_wins_over_a_setting_and_says_so() {
        let setting = flag("1.19");
        let c = Choice::built_in(
            BuiltIn::Flink,
            None,
            Some(("1.20", "spec.flinkVersion v1_20".into())),
            Some(&setting),
        )
        .unwrap();
        assert_eq!(c.release.unwrap().version(), "1.20");
        let shown = c.to_string();
        assert!(
            shown.starts_with("Flink 1.20 (spec.flinkVersion v1_20;"),
            "{shown}"
        );
        assert!(shown.contains("--release 1.19"), "{shown}");
    }

    #[test]
    fn an_override_wins_over_the_document() {
        let o = flag("1.19");
        let c = Choice::built_in(
            BuiltIn::Flink,
            Some(&o),
            Some(("1.20", "spec.flinkVersion v1_20".into())),
            None,
        )
        .unwrap();
        assert_eq!(c.release.unwrap().version(), "1.19");
        assert_eq!(c.to_string(), "Flink 1.19 (--release-override)");
    }

    #[test]
    fn a_setting_applies_to_a_document_that_names_none() {
        let s = flag("1.20");
        let c = Choice::built_in(BuiltIn::Flink, None, None, Some(&s)).unwrap();
        assert_eq!(c.to_string(), "Flink 1.20 (--release)");
    }

    #[test]
    fn an_uncarried_document_release_is_the_nearest_with_a_note() {
        let c = Choice::built_in(
            BuiltIn::Flink,
            None,
            Some(("1.18", "spec.flinkVersion v1_18".into())),
            None,
        )
        .unwrap();
        assert_eq!(c.release.unwrap().version(), "1.19");
        assert!(c.note.unwrap().contains("not a release carried here"));
    }

    #[test]
    fn a_setting_naming_no_release_is_an_error() {
        let s = flag("1.7");
        assert!(Choice::built_in(BuiltIn::Flink, None, None, Some(&s)).is_err());
    }
}
