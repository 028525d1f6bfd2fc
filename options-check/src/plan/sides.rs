//! The two sides of a plan: the manifests as they were and as they will be, read from files,
//! from directories (every `.yaml` and `.yml` file under them), or from git revisions; and their
//! resources paired by kind, namespace and name.

use std::collections::BTreeMap;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::resource::{self, Kind, Resource};

/// One manifest file of a side.
#[derive(Clone, Debug)]
pub struct ManifestFile {
    /// The path as shown (relative to the directory or revision root given).
    pub path: String,
    /// What it holds.
    pub read: resource::Resources,
}

/// One side of a plan: its manifest files, in path order.
#[derive(Clone, Debug, Default)]
pub struct Side {
    /// The files read.
    pub files: Vec<ManifestFile>,
}

/// Why a side could not be read.
#[derive(Debug, thiserror::Error)]
pub enum SideError {
    /// A file or directory that could not be read.
    #[error("cannot read {path}: {message}")]
    Io {
        /// The path given.
        path: String,
        /// The operating system's message.
        message: String,
    },
    /// A git command that failed.
    #[error("git {command}: {message}")]
    Git {
        /// The command, without `git`.
        command: String,
        /// What git said.
        message: String,
    },
}

/// Whether `path` names a manifest a directory walk reads.
fn is_yaml(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("yaml" | "yml")
    )
}

impl Side {
    /// A side of texts already read: (path as shown, text).
    pub fn of_texts(files: impl IntoIterator<Item = (String, String)>) -> Side {
        let mut files: Vec<ManifestFile> = files
            .into_iter()
            .map(|(path, text)| ManifestFile {
                read: resource::read(&text),
                path,
            })
            .collect();
        files.sort_by(|a, b| a.path.cmp(&b.path));
        Side { files }
    }

    /// A file, or every `.yaml`/`.yml` file under a directory (paths shown relative to it).
    ///
    /// # Errors
    ///
    /// A path that does not exist, or a file that cannot be read.
    pub fn from_path(path: &Path) -> Result<Side, SideError> {
        let io = |p: &Path, e: std::io::Error| SideError::Io {
            path: p.display().to_string(),
            message: e.to_string(),
        };
        if path.is_file() {
            let text = std::fs::read_to_string(path).map_err(|e| io(path, e))?;
            let name = path.file_name().map_or_else(
                || path.display().to_string(),
                |n| n.to_string_lossy().into(),
            );
            return Ok(Side::of_texts([(name, text)]));
        }
        let mut found = Vec::new();
        walk(path, &mut found).map_err(|e| io(path, e))?;
        let mut texts = Vec::new();
        for file in found {
            let text = std::fs::read_to_string(&file).map_err(|e| io(&file, e))?;
            let shown = file.strip_prefix(path).unwrap_or(&file);
            texts.push((shown.to_string_lossy().replace('\\', "/"), text));
        }
        Ok(Side::of_texts(texts))
    }

    /// The manifests under `paths` (relative to the repository at `repo`) as revision `rev` has
    /// them: one `git ls-tree` and one `git cat-file --batch` for all files.
    ///
    /// # Errors
    ///
    /// Not a git repository, an unknown revision, or git not installed.
    pub fn from_git(repo: &Path, rev: &str, paths: &[PathBuf]) -> Result<Side, SideError> {
        let top = git(repo, &["rev-parse", "--show-toplevel"], None)?;
        let top = PathBuf::from(top.trim());
        let base = repo
            .canonicalize()
            .ok()
            .and_then(|r| top.canonicalize().ok().map(|t| (r, t)));
        let prefix = match base {
            Some((r, t)) => r
                .strip_prefix(&t)
                .map(Path::to_path_buf)
                .unwrap_or_default(),
            None => PathBuf::new(),
        };
        let mut args = vec![
            "ls-tree".to_owned(),
            "-r".to_owned(),
            "--full-tree".to_owned(),
            rev.to_owned(),
            "--".to_owned(),
        ];
        let wanted: Vec<String> = if paths.is_empty() {
            vec![prefix.to_string_lossy().into_owned()]
        } else {
            paths
                .iter()
                .map(|p| prefix.join(p).to_string_lossy().into_owned())
                .collect()
        };
        args.extend(wanted.iter().filter(|p| !p.is_empty()).cloned());
        let listed = git(
            &top,
            &args.iter().map(String::as_str).collect::<Vec<_>>(),
            None,
        )?;
        // `<mode> blob <id>\t<path>` per file.
        let blobs: Vec<(String, String)> = listed
            .lines()
            .filter_map(|line| {
                let (meta, path) = line.split_once('\t')?;
                let id = meta.split_whitespace().nth(2)?;
                is_yaml(Path::new(path)).then(|| (id.to_owned(), path.to_owned()))
            })
            .collect();
        if blobs.is_empty() {
            return Ok(Side::default());
        }
        let ids: String = blobs.iter().map(|(id, _)| format!("{id}\n")).collect();
        let out = git_bytes(&top, &["cat-file", "--batch"], Some(ids.as_bytes()))?;
        let texts = split_batch(&out)
            .into_iter()
            .zip(&blobs)
            .map(|(text, (_, path))| {
                let shown = Path::new(path)
                    .strip_prefix(&prefix)
                    .unwrap_or(Path::new(path));
                (shown.to_string_lossy().into_owned(), text)
            });
        Ok(Side::of_texts(texts))
    }

    /// Every resource of the side with its file, by kind, namespace and name (a later one of
    /// the same identity wins, with a note).
    pub fn resources(&self, notes: &mut Vec<String>) -> BTreeMap<Identity, (&Resource, &str)> {
        let mut out = BTreeMap::new();
        for file in &self.files {
            for r in &file.read.resources {
                let id = Identity::of(r);
                if let Some((_, earlier)) = out.insert(id.clone(), (r, file.path.as_str())) {
                    notes.push(format!(
                        "{} is defined twice ({earlier} and {}): the later one is planned",
                        id, file.path
                    ));
                }
            }
        }
        out
    }
}

/// Every `.yaml`/`.yml` file under `dir`, skipping hidden directories (`.git`).
fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)?.collect::<Result<_, _>>()?;
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let path = entry.path();
        let hidden = entry.file_name().to_string_lossy().starts_with('.');
        if path.is_dir() && !hidden {
            walk(&path, out)?;
        } else if path.is_file() && is_yaml(&path) {
            out.push(path);
        }
    }
    Ok(())
}

fn git(dir: &Path, args: &[&str], input: Option<&[u8]>) -> Result<String, SideError> {
    let bytes = git_bytes(dir, args, input)?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

fn git_bytes(dir: &Path, args: &[&str], input: Option<&[u8]>) -> Result<Vec<u8>, SideError> {
    let failed = |message: String| SideError::Git {
        command: args.join(" "),
        message,
    };
    let mut child = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| failed(e.to_string()))?;
    if let (Some(input), Some(mut stdin)) = (input, child.stdin.take()) {
        // Written from a thread: git answers while it reads, and a full pipe would block both.
        let input = input.to_vec();
        std::thread::spawn(move || stdin.write_all(&input));
    }
    let out = child
        .wait_with_output()
        .map_err(|e| failed(e.to_string()))?;
    if !out.status.success() {
        return Err(failed(
            String::from_utf8_lossy(&out.stderr).trim().to_owned(),
        ));
    }
    Ok(out.stdout)
}

/// The blobs of `git cat-file --batch` output, in order: `<id> blob <size>\n<content>\n` each.
fn split_batch(mut out: &[u8]) -> Vec<String> {
    let mut texts = Vec::new();
    while let Some(end) = out.iter().position(|&b| b == b'\n') {
        let header = String::from_utf8_lossy(&out[..end]).into_owned();
        let size: usize = header
            .split_whitespace()
            .nth(2)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let body = out.get(end + 1..end + 1 + size).unwrap_or_default();
        texts.push(String::from_utf8_lossy(body).into_owned());
        out = out.get(end + 2 + size..).unwrap_or_default();
    }
    texts
}

/// A resource's identity across versions: what the operator keys it by.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Identity {
    /// `FlinkDeployment` or `FlinkSessionJob`.
    pub kind: Kind,
    /// `metadata.namespace` (`default` when not written).
    pub namespace: String,
    /// `metadata.name`.
    pub name: String,
}

impl Identity {
    /// The identity of `r`.
    pub fn of(r: &Resource) -> Identity {
        Identity {
            kind: r.kind,
            namespace: r.namespace().to_owned(),
            name: r.name().to_owned(),
        }
    }
}

impl std::fmt::Display for Identity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}/{}", self.kind, self.namespace, self.name)
    }
}
