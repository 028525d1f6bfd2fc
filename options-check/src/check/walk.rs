//! Which files a run checks: the paths given, directories walked as ripgrep walks them
//! (`.gitignore` and hidden folders respected, `--exclude` globs), each file found kept when its
//! name says it may hold configuration, the others counted as passed over.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use globset::{Glob, GlobSet, GlobSetBuilder};

use crate::classify;
use crate::finding::Finding;
use crate::report::{FileKind, FileReport};
use crate::rules::Rule;

/// A file to check.
#[derive(Clone, Debug)]
pub enum Source {
    /// A path as given or found, shown as `shown`; `given` when named by the user.
    Path {
        /// The path to read.
        path: PathBuf,
        /// How reports show it.
        shown: String,
        /// Named by the user (read by content whatever its name), not found under a folder.
        given: bool,
    },
    /// Text read by the front end (standard input), shown and recognised as `shown`.
    Text {
        /// How reports show it, and the name it is recognised by.
        shown: String,
        /// The text.
        text: String,
    },
}

impl Source {
    /// How reports show it.
    pub fn shown(&self) -> &str {
        match self {
            Source::Path { shown, .. } | Source::Text { shown, .. } => shown,
        }
    }
}

/// What the paths of a run hold.
#[derive(Debug, Default)]
pub struct Found {
    /// The files to check, sorted by how they are shown, each once.
    pub sources: Vec<Source>,
    /// Files found under a directory and passed over by their name, as shown.
    pub passed_over: Vec<String>,
    /// Folders that could not be listed, reported like unreadable files.
    pub unwalkable: Vec<FileReport>,
}

/// The files of `paths` (files, conf directories, directories to walk) and of `text` (standard
/// input, already read), leaving out what `exclude` matches; only the `shard` (the K-th of N
/// parts, from 1) when given. One path naming a file or a conf directory when `single`.
pub fn find(
    paths: &[PathBuf],
    text: Option<Source>,
    exclude: &[String],
    shard: Option<(usize, usize)>,
    single: bool,
) -> Result<Found, String> {
    let excludes = Arc::new(Excludes::new(exclude)?);
    let mut found = Found::default();
    for path in paths {
        if path == Path::new("-") {
            continue;
        }
        if path.is_dir() && !single {
            walk(path, &excludes, &mut found);
        } else {
            found.sources.push(Source::Path {
                path: path.clone(),
                shown: path.display().to_string(),
                given: true,
            });
        }
    }
    found.sources.extend(text);
    found.sources.sort_by(|a, b| a.shown().cmp(b.shown()));
    found.sources.dedup_by(|a, b| a.shown() == b.shown());
    if let Some((k, n)) = shard {
        found.sources = std::mem::take(&mut found.sources)
            .into_iter()
            .enumerate()
            .filter(|(i, _)| i % n == k - 1)
            .map(|(_, s)| s)
            .collect();
    }
    Ok(found)
}

/// Whether the paths of a run are one file or one conf directory: its report is exactly what
/// `validate FILE` prints, with no total.
pub fn is_single(paths: &[PathBuf]) -> bool {
    paths.len() == 1 && paths[0] != Path::new("-") && (!paths[0].is_dir() || is_conf_dir(&paths[0]))
}

/// `--shard K/N`: the K-th of N parts (from 1).
pub fn parse_shard(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("\"{s}\": expected K/N with 1 <= K <= N, such as 2/4");
    let (k, n) = s.split_once('/').ok_or_else(bad)?;
    let (k, n): (usize, usize) = (
        k.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if k == 0 || n == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

/// Whether `dir` is a conf directory: it holds `config.yaml` or `flink-conf.yaml` and no folder
/// (hidden ones aside).
pub fn is_conf_dir(dir: &Path) -> bool {
    let holds = ["config.yaml", "flink-conf.yaml"]
        .iter()
        .any(|n| dir.join(n).is_file());
    holds
        && std::fs::read_dir(dir).is_ok_and(|entries| {
            entries.flatten().all(|e| {
                e.file_name().to_string_lossy().starts_with('.')
                    || !e.file_type().is_ok_and(|t| t.is_dir())
            })
        })
}

/// The globs of `--exclude` and the project file: a glob without `/` matches a file or folder
/// name at any depth, one with `/` the path under the directory given or the path as shown.
struct Excludes {
    names: GlobSet,
    paths: GlobSet,
}

impl Excludes {
    fn new(globs: &[String]) -> Result<Self, String> {
        let mut names = GlobSetBuilder::new();
        let mut paths = GlobSetBuilder::new();
        for g in globs {
            let glob =
                Glob::new(g.trim_start_matches("./")).map_err(|e| format!("--exclude {g}: {e}"))?;
            if g.contains('/') {
                paths.add(glob);
            } else {
                names.add(glob);
            }
        }
        let build = |b: GlobSetBuilder| b.build().map_err(|e| format!("--exclude: {e}"));
        Ok(Excludes {
            names: build(names)?,
            paths: build(paths)?,
        })
    }

    /// Whether `path`, found under `root`, is excluded: by its name, its path under `root` or
    /// its path as shown.
    fn excludes(&self, path: &Path, root: &Path) -> bool {
        let shown = path.strip_prefix(".").unwrap_or(path);
        let under = path.strip_prefix(root).unwrap_or(shown);
        path.file_name().is_some_and(|n| self.names.is_match(n))
            || self.paths.is_match(shown)
            || self.paths.is_match(under)
    }
}

/// Every file under `dir` that may hold configuration (by name) into `found`, the others into
/// its passed over, and a folder that cannot be listed into its unwalkable.
fn walk(dir: &Path, excludes: &Arc<Excludes>, found: &mut Found) {
    let filter = Arc::clone(excludes);
    let root = dir.to_path_buf();
    let walker = ignore::WalkBuilder::new(dir)
        .hidden(true)
        .git_ignore(true)
        .git_exclude(true)
        .require_git(false)
        .parents(true)
        .filter_entry(move |e| !filter.excludes(e.path(), &root))
        .build();
    for entry in walker {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                let shown = match &e {
                    ignore::Error::WithPath { path, .. } => shown(path),
                    _ => shown(dir),
                };
                let finding = Finding::at_level(
                    Rule::Unreadable,
                    Rule::Unreadable.default_level(),
                    0,
                    None,
                    e.to_string(),
                );
                found
                    .unwalkable
                    .push(FileReport::new(shown, FileKind::Unreadable, vec![finding]));
                continue;
            }
        };
        if !entry.file_type().is_some_and(|t| t.is_file()) {
            continue;
        }
        let path = entry.into_path();
        let shown = shown(&path);
        if classify::by_name(&path) {
            found.sources.push(Source::Path {
                path,
                shown,
                given: false,
            });
        } else {
            found.passed_over.push(shown);
        }
    }
}

/// A path as reports show it: as found, without a leading `./`.
fn shown(path: &Path) -> String {
    let text = path.display().to_string();
    match text.strip_prefix("./") {
        Some(rest) if !rest.is_empty() => rest.to_owned(),
        _ => text,
    }
}
