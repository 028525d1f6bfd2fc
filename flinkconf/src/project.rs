//! The project settings file, `flinkconf.toml`: found by walking up from the working directory
//! (or named with `validate --config FILE`), it sets what a team would otherwise repeat on every
//! command line. A flag given on the command line wins over the file; `--exclude` adds to the
//! file's excludes.
//!
//! ```toml
//! release = "1.20"            # check against this release
//! strict = true               # unknown keys are errors
//! exclude = ["vendor/**", "*.generated.yaml"]
//! select = []                 # only these rules (empty: every rule)
//! ignore = ["deprecated-key"] # never these rules
//! fail-on = "warning"         # error (the default) or warning
//! ```

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::failure::Failure;

/// The file's name.
pub(crate) const FILE_NAME: &str = "flinkconf.toml";

/// What `flinkconf.toml` sets (every field optional).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct Project {
    /// `--release`.
    pub(crate) release: Option<String>,
    /// `--strict`.
    pub(crate) strict: Option<bool>,
    /// `--exclude`, each.
    #[serde(default)]
    pub(crate) exclude: Vec<String>,
    /// `--select`, each.
    #[serde(default)]
    pub(crate) select: Vec<String>,
    /// `--ignore`, each.
    #[serde(default)]
    pub(crate) ignore: Vec<String>,
    /// `--fail-on`.
    pub(crate) fail_on: Option<String>,
}

/// The settings of `explicit`, or of the first `flinkconf.toml` found from the working directory
/// up; none when there is no file. A file that does not parse is a usage error (exit 2).
pub(crate) fn load(explicit: Option<&Path>) -> Result<Option<(PathBuf, Project)>, Failure> {
    let path = match explicit {
        Some(path) => path.to_path_buf(),
        None => match find() {
            Some(path) => path,
            None => return Ok(None),
        },
    };
    let text = std::fs::read_to_string(&path)
        .map_err(|e| Failure::Internal(format!("cannot read {}: {e}", path.display())))?;
    let project: Project =
        toml::from_str(&text).map_err(|e| Failure::Internal(format!("{}: {e}", path.display())))?;
    Ok(Some((path, project)))
}

fn find() -> Option<PathBuf> {
    let cwd = std::env::current_dir().ok()?;
    cwd.ancestors()
        .map(|dir| dir.join(FILE_NAME))
        .find(|p| p.is_file())
}
