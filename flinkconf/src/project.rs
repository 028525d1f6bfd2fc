//! The project settings file, `flinkconf.toml` ([`options_check::project`]): found by walking up
//! from the working directory, or named with `validate --config FILE`.

use std::path::{Path, PathBuf};

pub(crate) use options_check::project::Project;

use crate::failure::Failure;

/// The settings of `explicit`, or of the first `flinkconf.toml` found from the working directory
/// up; none when there is no file. A file that does not parse is a usage error (exit 2).
pub(crate) fn load(explicit: Option<&Path>) -> Result<Option<(PathBuf, Project)>, Failure> {
    let path = match explicit {
        Some(path) => path.to_path_buf(),
        None => match std::env::current_dir()
            .ok()
            .and_then(|cwd| options_check::project::find_from(&cwd))
        {
            Some(path) => path,
            None => return Ok(None),
        },
    };
    let text = std::fs::read_to_string(&path)
        .map_err(|e| Failure::Internal(format!("cannot read {}: {e}", path.display())))?;
    let project = options_check::project::parse(&text)
        .map_err(|e| Failure::Internal(format!("{}: {e}", path.display())))?;
    Ok(Some((path, project)))
}
