//! Which file holds a configuration, as Flink 1.19 decides: a conf directory's `flink-conf.yaml`
//! when it has one (the legacy file wins over `config.yaml`), else its `config.yaml`; a file given
//! by name is legacy when it is called `flink-conf.yaml`, standard YAML otherwise.

use options_core::tool::TOOL;
use std::io::Read as _;
use std::path::{Path, PathBuf};

use options_core::yaml::limits::{check_bytes, MAX_FILE_BYTES};
use options_core::yaml::YamlError;
use options_core::Release;

/// The legacy file's name.
pub const LEGACY_FILE: &str = "flink-conf.yaml";
/// The standard file's name.
pub const STANDARD_FILE: &str = "config.yaml";

/// How a configuration file is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConfFormat {
    /// Standard YAML (`config.yaml`).
    Standard,
    /// The legacy line format (`flink-conf.yaml`).
    Legacy,
}

/// A configuration file found on disk and read within the limits. Its `Debug` shows the text's
/// size, not the text, which holds the configuration's secrets.
#[derive(Clone)]
pub struct ConfFile {
    /// The file (inside the directory, when a directory was given).
    pub path: PathBuf,
    /// How to read it.
    pub format: ConfFormat,
    /// Its text.
    pub text: String,
}

impl std::fmt::Debug for ConfFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ConfFile")
            .field("path", &self.path)
            .field("format", &self.format)
            .field("text_bytes", &self.text.len())
            .finish()
    }
}

/// The file `path` names whatever the release: itself when it is a file (legacy when named
/// `flink-conf.yaml`); for a directory, its `flink-conf.yaml` when present, else its
/// `config.yaml`. `Err` names what is missing.
fn named_file(path: &Path) -> Result<(PathBuf, ConfFormat), ReadError> {
    if path.is_dir() {
        let legacy = path.join(LEGACY_FILE);
        if legacy.is_file() {
            return Ok((legacy, ConfFormat::Legacy));
        }
        let standard = path.join(STANDARD_FILE);
        if standard.is_file() {
            return Ok((standard, ConfFormat::Standard));
        }
        return Err(ReadError::Io {
            path: path.to_owned(),
            message: format!(
                "the directory holds neither {STANDARD_FILE} nor {LEGACY_FILE}; give the configuration file or its directory"
            ),
        });
    }
    let format = match path.file_name().and_then(|n| n.to_str()) {
        Some(LEGACY_FILE) => ConfFormat::Legacy,
        _ => ConfFormat::Standard,
    };
    Ok((path.to_owned(), format))
}

/// The file `path` names as `release` chooses it: itself when it is a file (legacy when named
/// `flink-conf.yaml`); for a directory, its `flink-conf.yaml` when present, else its
/// `config.yaml` (no release, or one that reads the legacy file). A release that does not read it
/// (Flink 2.x) reads a directory's `config.yaml` and ignores its `flink-conf.yaml`; a
/// `flink-conf.yaml` it would have to read is refused, with how to convert it. `Err` names what
/// is missing.
pub fn conf_file(
    path: &Path,
    release: Option<Release>,
) -> Result<(PathBuf, ConfFormat), ReadError> {
    let Some(release) = release.filter(|r| !super::reads_legacy_file(Some(*r))) else {
        return named_file(path);
    };
    let refused = |file: PathBuf| ReadError::LegacyNotRead {
        message: legacy_file_refused(release, &file.display().to_string()),
        path: file,
    };
    if path.is_dir() {
        let standard = path.join(STANDARD_FILE);
        if standard.is_file() {
            return Ok((standard, ConfFormat::Standard));
        }
        let legacy = path.join(LEGACY_FILE);
        if legacy.is_file() {
            return Err(refused(legacy));
        }
        return named_file(path);
    }
    match named_file(path)? {
        (file, ConfFormat::Legacy) => Err(refused(file)),
        standard => Ok(standard),
    }
}

/// Finds the file as `release` does ([`conf_file`]) and reads it: a file over 16 MiB is refused
/// before it is read; invalid UTF-8, NUL bytes and overlong lines are errors with their position.
pub fn read_conf_file(path: &Path, release: Option<Release>) -> Result<ConfFile, ReadError> {
    read_found(conf_file(path, release)?)
}

fn read_found((path, format): (PathBuf, ConfFormat)) -> Result<ConfFile, ReadError> {
    let io = |e: std::io::Error| ReadError::Io {
        path: path.clone(),
        message: e.to_string(),
    };
    let file = std::fs::File::open(&path).map_err(io)?;
    // One byte more than allowed, so an oversized file is seen without reading all of it.
    let most = MAX_FILE_BYTES as u64 + 1;
    // Sized once from the file's length: read into a growing buffer, a file of megabytes was
    // copied several times over (and then once more into its text).
    let size = file.metadata().map_or(0, |m| m.len()).min(most);
    let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0).saturating_add(1));
    file.take(most).read_to_end(&mut bytes).map_err(io)?;
    if let Err(e) = check_bytes(&bytes) {
        return Err(ReadError::Limit(e.with_path(path.as_path().into())));
    }
    // Checked as UTF-8 just above: the bytes become the text without a copy.
    let text = String::from_utf8(bytes)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    Ok(ConfFile { path, format, text })
}

/// Why a configuration file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// Missing, unreadable, or a directory without a configuration file (the message says which).
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
    /// Beyond the loaders' limits, with the position.
    Limit(YamlError),
    /// A legacy `flink-conf.yaml` that the chosen release does not read (Flink 2.x).
    LegacyNotRead {
        /// The file.
        path: PathBuf,
        /// Why, and how to convert it.
        message: String,
    },
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Io { path, message } => {
                write!(f, "cannot read {}: {message}", path.display())
            }
            ReadError::Limit(e) => std::fmt::Display::fmt(e, f),
            ReadError::LegacyNotRead { path, message } => {
                write!(f, "{}: {message}", path.display())
            }
        }
    }
}

impl std::error::Error for ReadError {}

/// Why `release` refuses a legacy file, with the command that converts it.
pub fn legacy_file_refused(release: Release, file: &str) -> String {
    format!(
        "{engine} {version} does not read {legacy} (it was dropped in 2.0; only {standard} is read); convert it with `{TOOL} migrate {file} --from {last} --to {version} -o {standard}`, or choose --release {last} to check it as 1.x reads it",
        engine = release.line().engine(),
        version = release.version(),
        legacy = LEGACY_FILE,
        standard = STANDARD_FILE,
        last = super::LAST_LEGACY_RELEASE,
    )
}
