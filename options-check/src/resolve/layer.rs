//! What each source of settings says, and the settings in force once they are merged: the
//! command line's flags over the project file (`flinkconf.toml`) over the editor's settings over
//! the defaults.

use std::fmt;
use std::path::{Path, PathBuf};

use options_core::layers::Strictness;

use crate::input::Format;
use crate::project::Project;
use crate::rules::{Level, Rule};

/// Where a setting comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A flag of the command line (or an argument of a Python function).
    Flag,
    /// The project settings file at this path.
    Project(PathBuf),
    /// The editor's settings (the language server's initialization options).
    Editor,
}

/// What one source of settings says; every field is optional.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingsLayer {
    /// The Flink release of configurations that name none (`--release`, `release`).
    pub release: Option<String>,
    /// The Flink release of every configuration, even one that names its own
    /// (`--release-override`): the one way to check a manifest against another release than the
    /// one it runs.
    pub release_override: Option<String>,
    /// The Kubernetes operator's release (`--operator-release`, `operator-release`).
    pub operator_release: Option<String>,
    /// Unknown keys are errors.
    pub strict: Option<bool>,
    /// Report only these rules.
    pub select: Option<Vec<Rule>>,
    /// Never report these rules.
    pub ignore: Option<Vec<Rule>>,
    /// The level that fails a run.
    pub fail_on: Option<Level>,
    /// Globs of files and folders left out of a walk (added up over the layers).
    pub exclude: Vec<String>,
    /// Read files as this format instead of telling it by content.
    pub format: Option<Format>,
    /// Check against this `catalogue.json` instead of Flink's built-in catalogue.
    pub catalogue: Option<PathBuf>,
    /// Where rule pages are published (links in SARIF and the editor).
    pub docs_url: Option<String>,
    /// The Kubernetes operator's default configuration (its `config.yaml`, ConfigMap or Helm
    /// values): manifests are also checked as the operator merges them.
    pub operator_config: Option<PathBuf>,
}

impl SettingsLayer {
    /// What a parsed `flinkconf.toml` says; a rule id or level it does not know is an error
    /// naming the file.
    pub fn from_project(project: &Project, path: &Path) -> Result<SettingsLayer, String> {
        let rules = |ids: &[String]| -> Result<Option<Vec<Rule>>, String> {
            if ids.is_empty() {
                return Ok(None);
            }
            ids.iter()
                .map(|id| id.parse::<Rule>())
                .collect::<Result<Vec<_>, _>>()
                .map(Some)
                .map_err(|e| format!("{}: {e}", path.display()))
        };
        let fail_on = match project.fail_on.as_deref() {
            None => None,
            Some(text) => {
                Some(parse_fail_on(text).map_err(|e| format!("{}: fail-on {e}", path.display()))?)
            }
        };
        Ok(SettingsLayer {
            release: project.release.clone(),
            release_override: None,
            operator_release: project.operator_release.clone(),
            strict: project.strict,
            select: rules(&project.select)?,
            ignore: rules(&project.ignore)?,
            fail_on,
            exclude: project.exclude.clone(),
            format: None,
            catalogue: None,
            docs_url: project.docs_url.clone(),
            // Relative to the settings file's folder.
            operator_config: project
                .operator_config
                .as_ref()
                .map(|named| path.parent().unwrap_or(Path::new(".")).join(named)),
        })
    }
}

/// `--fail-on`'s words: `error` or `warning`.
pub fn parse_fail_on(s: &str) -> Result<Level, String> {
    match s {
        "error" => Ok(Level::Error),
        "warning" => Ok(Level::Warning),
        _ => Err(format!("\"{s}\": expected error or warning")),
    }
}

/// A setting's value and where it comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sourced<T> {
    /// The value.
    pub value: T,
    /// Where it was set.
    pub origin: Origin,
}

/// Which rules a run reports.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RuleFilter {
    /// Only these (every rule when empty); notes about the run and unreadable files always show.
    pub select: Vec<Rule>,
    /// Never these.
    pub ignore: Vec<Rule>,
}

impl RuleFilter {
    /// Whether a finding of `rule` is reported.
    pub fn keeps(&self, rule: Rule) -> bool {
        let chosen = self.select.is_empty()
            || self.select.contains(&rule)
            || matches!(rule, Rule::Note | Rule::Unreadable);
        chosen && !self.ignore.contains(&rule)
    }

    /// Whether every finding is reported.
    pub fn keeps_all(&self) -> bool {
        self.select.is_empty() && self.ignore.is_empty()
    }
}

/// The settings in force for one file, each with where it comes from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// The Flink release of configurations that name none.
    pub release: Option<Sourced<String>>,
    /// The Flink release of every configuration.
    pub release_override: Option<Sourced<String>>,
    /// The Kubernetes operator's release of configurations that name none.
    pub operator_release: Option<Sourced<String>>,
    /// How unknown keys count.
    pub strictness: Strictness,
    /// Which rules are reported.
    pub rules: RuleFilter,
    /// The level that fails a run (`error` unless set).
    pub fail_on: Option<Level>,
    /// Globs left out of a walk.
    pub exclude: Vec<String>,
    /// The format files are read as, when not told by content.
    pub format: Option<Format>,
    /// A `catalogue.json` to check against instead of Flink's.
    pub catalogue: Option<PathBuf>,
    /// Where rule pages are published.
    pub docs_url: Option<String>,
    /// The Kubernetes operator's default configuration.
    pub operator_config: Option<PathBuf>,
    /// The project settings file in force, if any.
    pub project: Option<PathBuf>,
}

impl Settings {
    /// The settings of `layers`, highest precedence first: each setting from the first layer that
    /// sets it; excludes from all of them.
    pub fn merge(layers: &[(&SettingsLayer, Origin)]) -> Settings {
        fn first<T: Clone>(
            layers: &[(&SettingsLayer, Origin)],
            field: impl Fn(&SettingsLayer) -> Option<&T>,
        ) -> Option<Sourced<T>> {
            layers.iter().find_map(|(layer, origin)| {
                field(layer).map(|value| Sourced {
                    value: value.clone(),
                    origin: origin.clone(),
                })
            })
        }
        fn value<T>(s: Option<Sourced<T>>) -> Option<T> {
            s.map(|s| s.value)
        }
        let strict = value(first(layers, |l| l.strict.as_ref())).unwrap_or(false);
        Settings {
            release: first(layers, |l| l.release.as_ref()),
            release_override: first(layers, |l| l.release_override.as_ref()),
            operator_release: first(layers, |l| l.operator_release.as_ref()),
            strictness: match strict {
                true => Strictness::Strict,
                false => Strictness::Lenient,
            },
            rules: RuleFilter {
                select: value(first(layers, |l| l.select.as_ref())).unwrap_or_default(),
                ignore: value(first(layers, |l| l.ignore.as_ref())).unwrap_or_default(),
            },
            fail_on: value(first(layers, |l| l.fail_on.as_ref())),
            exclude: layers
                .iter()
                .rev()
                .flat_map(|(l, _)| l.exclude.iter().cloned())
                .collect(),
            format: value(first(layers, |l| l.format.as_ref())),
            catalogue: value(first(layers, |l| l.catalogue.as_ref())),
            docs_url: value(first(layers, |l| l.docs_url.as_ref())),
            operator_config: value(first(layers, |l| l.operator_config.as_ref())),
            project: layers.iter().find_map(|(_, o)| match o {
                Origin::Project(path) => Some(path.clone()),
                _ => None,
            }),
        }
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Flag => f.write_str("the command line"),
            Origin::Project(path) => write!(f, "{}", path.display()),
            Origin::Editor => f.write_str("the editor's settings"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flag_wins_over_the_project_file_which_wins_over_the_editor() {
        let flags = SettingsLayer {
            strict: Some(true),
            ..SettingsLayer::default()
        };
        let project = SettingsLayer {
            release: Some("1.20".into()),
            strict: Some(false),
            exclude: vec!["vendor/**".into()],
            ..SettingsLayer::default()
        };
        let editor = SettingsLayer {
            release: Some("1.19".into()),
            operator_release: Some("1.13".into()),
            exclude: vec!["tmp".into()],
            ..SettingsLayer::default()
        };
        let path = PathBuf::from("flinkconf.toml");
        let s = Settings::merge(&[
            (&flags, Origin::Flag),
            (&project, Origin::Project(path.clone())),
            (&editor, Origin::Editor),
        ]);
        assert_eq!(s.strictness, Strictness::Strict);
        assert_eq!(
            s.release,
            Some(Sourced {
                value: "1.20".into(),
                origin: Origin::Project(path.clone())
            })
        );
        assert_eq!(s.operator_release.unwrap().origin, Origin::Editor);
        assert_eq!(s.exclude, vec!["tmp".to_owned(), "vendor/**".to_owned()]);
        assert_eq!(s.project, Some(path));
    }

    #[test]
    fn notes_and_unreadable_files_survive_a_selection() {
        let filter = RuleFilter {
            select: vec![Rule::UnknownKey],
            ignore: vec![Rule::Placeholder],
        };
        assert!(filter.keeps(Rule::UnknownKey));
        assert!(filter.keeps(Rule::Note));
        assert!(filter.keeps(Rule::Unreadable));
        assert!(!filter.keeps(Rule::InvalidValue));
        assert!(!filter.keeps(Rule::Placeholder));
    }
}
