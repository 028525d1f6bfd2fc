//! The generated part of the Python package `declared_options` (in `python/declared_options/`):
//! `options.py`, a constant per option with its docstring, and `_keys.pyi`, the keys as `Literal`
//! types by value type. Both come from the same [`CatalogueDoc`] as the site, so
//! `flinkconf python --check` (and `options-docs/tests/docs/python_stubs.rs`) fail when they are stale.
//!
//! The pieces: [`names`] (key -> constant), [`types`] (option type -> Python type),
//! [`mod@docstring`] (the text under each constant, also its `__doc__` at run time), [`constants`]
//! (`options.py`), [`keys`] (`_keys.pyi`).

pub mod constants;
pub mod docstring;
pub mod keys;
pub mod names;
pub mod types;

use std::path::{Path, PathBuf};

use crate::model::CatalogueDoc;
use crate::output::{compare, write_file_atomically, CheckReport};
use crate::render::Files;

pub use docstring::docstring;

/// The command that regenerates the Python files, named in each of them.
pub const COMMAND: &str = concat!("cargo run -p ", options_core::tool_name!(), " -- python");

/// The package directory the command writes by default (relative to the repository root).
pub const DEFAULT_DIR: &str = "python/declared_options";

/// The generated files, by name inside the package directory; an error when two keys would share
/// one Python constant.
pub fn python_files(doc: &CatalogueDoc) -> Result<Files, String> {
    let note =
        format!("Generated from the option declarations; do not edit. Regenerate with: {COMMAND}");
    let mut files = Files::new();
    files.insert(
        PathBuf::from("options.py"),
        constants::options_module(doc, &note)?,
    );
    files.insert(PathBuf::from("_keys.pyi"), keys::keys_stub(doc, &note));
    Ok(files)
}

/// Compares the generated files with those in `dir` (the package's other files are its own).
pub fn compare_python(files: &Files, dir: &Path) -> CheckReport {
    let mut report = compare(files, dir);
    report.extra.clear();
    report
}

/// Writes each generated file into `dir`, each atomically (the package's other files stay),
/// readable by everyone like the rest of the package (a wheel keeps the mode).
pub fn write_python(files: &Files, dir: &Path) -> std::io::Result<()> {
    for (path, text) in files {
        let path = dir.join(path);
        write_file_atomically(&path, text)?;
        readable(&path)?;
    }
    Ok(())
}

#[cfg(unix)]
fn readable(path: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o644))
}

#[cfg(not(unix))]
fn readable(_path: &Path) -> std::io::Result<()> {
    Ok(())
}
