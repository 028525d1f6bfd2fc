//! Putting rendered files on disk: an atomic replace of the whole output directory, and a
//! read-only comparison with what is there (`flinkconf check`).

use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use similar::TextDiff;

use crate::render::Files;
use options_core::tool::TOOL;

/// The file whose presence marks a directory as generated output (safe to replace).
const MARKER: &str = "catalogue.json";

/// Writes `files` as the complete contents of `out`, atomically: everything is written to a
/// temporary directory next to `out`, which then takes `out`'s place with a rename. A failure
/// leaves the old output as it was; files no longer produced disappear with the old directory.
///
/// Refuses to replace a non-empty directory that has no `catalogue.json` (it is not generated output).
pub fn write_atomically(files: &Files, out: &Path) -> io::Result<()> {
    let name = out.file_name().ok_or_else(|| {
        invalid(format!(
            "--out {} must name a directory, such as site",
            out.display()
        ))
    })?;
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_owned(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&parent)?;
    if out.exists() {
        if !out.is_dir() {
            return Err(invalid(format!(
                "{} exists and is not a directory",
                out.display()
            )));
        }
        if !out.join(MARKER).is_file() && fs::read_dir(out)?.next().is_some() {
            return Err(invalid(format!(
                "refusing to replace {}: it is not empty and has no {MARKER}, so it is not generated output; pass a new or empty directory to --out",
                out.display()
            )));
        }
    }
    if let Some(bad) = files.keys().find(|p| !is_plain_relative(p)) {
        return Err(invalid(format!(
            "refusing to write {}: output paths must stay inside --out (no \"..\", not absolute)",
            bad.display()
        )));
    }
    let staging = tempfile::Builder::new()
        .prefix(".generated-new-")
        .tempdir_in(&parent)?;
    let previous = out.is_dir().then_some(out);
    for (path, text) in files {
        let target = staging.path().join(path);
        if let Some(dir) = target.parent() {
            fs::create_dir_all(dir)?;
        }
        if !previous.is_some_and(|out| link_if_unchanged(&out.join(path), &target, text)) {
            fs::write(&target, text)?;
        }
    }
    open_permissions(staging.path())?;
    if !out.exists() {
        return fs::rename(staging.path(), out);
    }
    let retired = tempfile::Builder::new()
        .prefix(".generated-old-")
        .tempdir_in(&parent)?;
    let old = retired.path().join(name);
    fs::rename(out, &old)?;
    if let Err(error) = fs::rename(staging.path(), out) {
        fs::rename(&old, out)?;
        return Err(error);
    }
    Ok(())
}

/// Puts the file `old` (in the output being replaced) at `target` (in the staging directory) as a
/// second name of the same file, when it holds exactly `text`; says whether it did.
///
/// Regenerating after a small change leaves most files as they were: a link costs neither a new
/// inode nor a write of the contents, and removing the old directory then frees nothing. Anything
/// unexpected (a missing or unreadable file, a file system without hard links) answers `false`,
/// and the caller writes the text instead.
fn link_if_unchanged(old: &Path, target: &Path, text: &str) -> bool {
    let unchanged = fs::symlink_metadata(old)
        .is_ok_and(|meta| meta.is_file() && meta.len() == text.len() as u64)
        && fs::read(old).is_ok_and(|bytes| bytes == text.as_bytes());
    unchanged && fs::hard_link(old, target).is_ok()
}

/// Writes one file atomically: the text goes to a temporary file in the same directory, which then
/// takes `path`'s place with a rename, so a crash never leaves a half-written file.
pub fn write_file_atomically(path: &Path, text: &str) -> io::Result<()> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_owned(),
        _ => PathBuf::from("."),
    };
    if path.is_dir() {
        return Err(invalid(format!(
            "{} is a directory; name the file to write, such as {}/config.yaml",
            path.display(),
            path.display()
        )));
    }
    let mut staging = tempfile::Builder::new()
        .prefix(".generated-new-")
        .tempfile_in(&dir)?;
    io::Write::write_all(&mut staging, text.as_bytes())?;
    staging.as_file().sync_all()?;
    staging.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// A relative path made only of names (no `..`, `.`, root or prefix): it stays inside the
/// directory it is joined to.
pub fn is_plain_relative(path: &Path) -> bool {
    path.components().next().is_some()
        && path
            .components()
            .all(|c| matches!(c, std::path::Component::Normal(_)))
}

fn invalid(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, message)
}

/// Temporary directories are private (0700); the output should be readable like any other.
#[cfg(unix)]
fn open_permissions(dir: &Path) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(dir, fs::Permissions::from_mode(0o755))
}

#[cfg(not(unix))]
fn open_permissions(_dir: &Path) -> io::Result<()> {
    Ok(())
}

/// How the files on disk differ from freshly rendered ones.
#[derive(Debug, Default)]
pub struct CheckReport {
    /// Files whose contents differ: path, contents on disk, rendered contents.
    pub stale: Vec<(PathBuf, String, String)>,
    /// Files the renderer writes that are not on disk.
    pub missing: Vec<PathBuf>,
    /// Files on disk that the renderer no longer writes.
    pub extra: Vec<PathBuf>,
}

impl CheckReport {
    /// Nothing differs.
    pub fn is_fresh(&self) -> bool {
        self.stale.is_empty() && self.missing.is_empty() && self.extra.is_empty()
    }

    /// A unified diff (3 lines of context) per stale file, then the missing and extra files, then
    /// a summary ending with `fix_command`. `out` is the output directory as the user named it.
    pub fn render(&self, out: &str, fix_command: &str) -> String {
        let mut text = String::new();
        let shown = |p: &Path| format!("{}/{}", out.trim_end_matches('/'), p.display());
        for (path, old, new) in &self.stale {
            let name = shown(path);
            let diff = TextDiff::from_lines(old, new);
            let unified = diff
                .unified_diff()
                .context_radius(3)
                .header(&format!("{name} (on disk)"), &format!("{name} (generated)"))
                .to_string();
            text.push_str(&unified);
        }
        for path in &self.missing {
            let _ = writeln!(text, "missing: {} ({TOOL} generates it)", shown(path));
        }
        for path in &self.extra {
            let _ = writeln!(
                text,
                "extra: {} ({TOOL} no longer generates it)",
                shown(path)
            );
        }
        if self.is_fresh() {
            let _ = writeln!(text, "{out} is up to date.");
        } else {
            let _ = writeln!(
                text,
                "\n{out} is stale: {} changed, {} missing, {} extra. To fix it, run:\n    {fix_command}",
                self.stale.len(),
                self.missing.len(),
                self.extra.len()
            );
        }
        text
    }
}

/// Compares rendered `files` with the directory `out` without writing anything.
pub fn compare(files: &Files, out: &Path) -> CheckReport {
    let mut on_disk = Vec::new();
    list(out, Path::new(""), &mut on_disk);
    let mut report = CheckReport::default();
    for (path, new) in files {
        if !is_plain_relative(path) {
            // Never read outside `out`; such a file cannot be there.
            report.missing.push(path.clone());
            continue;
        }
        match fs::read(out.join(path)) {
            Ok(bytes) => {
                let old = String::from_utf8_lossy(&bytes);
                if old != *new {
                    report
                        .stale
                        .push((path.clone(), old.into_owned(), new.clone()));
                }
            }
            Err(_) => report.missing.push(path.clone()),
        }
    }
    report.extra = on_disk
        .into_iter()
        .filter(|p| !files.contains_key(p))
        .collect();
    report
}

/// Every file under `dir`, as paths relative to the start, sorted.
fn list(dir: &Path, relative: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).collect();
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let rel = relative.join(entry.file_name());
        if entry.path().is_dir() {
            list(&entry.path(), &rel, out);
        } else {
            out.push(rel);
        }
    }
}
