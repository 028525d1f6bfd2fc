//! The `config.yaml` loader: Apache Flink 1.19's standard YAML, with line and column for every
//! setting and every error.
//!
//! # What a file means
//!
//! * A nested mapping flattens to dotted keys, and both forms may be mixed:
//!   `table:` / `  exec.state.ttl: 1 h` sets `table.exec.state.ttl`.
//! * Scalars are kept as written (`1.0` stays `1.0`, `yes` stays `yes`); quotes only delimit.
//! * A sequence (`[a, b]`, or `- a` lines) becomes a list string: the items joined by `;`, each
//!   quoted when it needs to be, so the list grammar reads the same items back.
//! * A **flow** mapping (`{k1: v1, k2: v2}`) is a map value and becomes `k1:v1,k2:v2`.
//! * A **block** mapping (indented `key: value` lines) is more keys, except under a key that the
//!   catalogue declares as a Map-typed option ([`load_config_yaml`] only): there it is that option's
//!   map value. [`parse_config_yaml`] has no catalogue, so every block mapping is more keys.
//! * Errors, each with line and column: invalid YAML; one key set twice, also through two spellings
//!   (`a.b: 1` and `a:` / `  b: 2`, naming the first line); a key without a value (`a:`, `a: ~`,
//!   `a: null`); nested lists or mappings inside a list or map value; aliases; a second document.
//!
//! Messages never contain a value, so a sensitive key's value is never echoed (a value the catalogue
//! rejects is reported through [`ConfigError`](crate::ConfigError), which masks sensitive values).

mod check;
mod error;
mod flatten;
pub mod limits;
mod pipelined;
mod seen;
mod tree;

use std::fmt;
use std::path::Path;
use std::sync::Arc;

pub use check::{check_into_layer, check_settings};
pub use error::{YamlError, YamlErrorKind, YamlErrors};

use crate::catalogue::Catalogue;
use crate::config::Configuration;
use crate::loading::{Notice, Strictness};
use crate::value::ValueKind;

/// One `key: value` setting read from a `config.yaml`.
#[derive(Clone, PartialEq, Eq)]
pub struct YamlSetting {
    /// The full dotted key.
    pub key: String,
    /// The value as a config string: scalars as written, sequences as `;`-joined lists, maps as
    /// `k:v,k:v`.
    pub value: String,
    /// 1-based line of the key.
    pub line: u32,
    /// 1-based column of the key.
    pub column: u32,
}

impl fmt::Debug for YamlSetting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let value = crate::sensitive::shown(&self.key, &self.value);
        f.debug_struct("YamlSetting")
            .field("key", &self.key)
            .field("value", &value)
            .field("line", &self.line)
            .field("column", &self.column)
            .finish()
    }
}

/// Reads a `config.yaml` text into flat settings, in file order; the first error (in file order)
/// when there is any. Every block mapping is flattened; see [`load_config_yaml`] for a loader that
/// knows which keys are Map-typed options.
///
/// ```
/// let settings = options_core::yaml::parse_config_yaml("table:\n  exec.state.ttl: 1 h\n").unwrap();
/// assert_eq!(settings[0].key, "table.exec.state.ttl");
/// assert_eq!((settings[0].line, settings[0].column), (2, 3));
/// ```
pub fn parse_config_yaml(text: &str) -> Result<Vec<YamlSetting>, YamlError> {
    let (settings, mut errors) = parse_all(text, &|_| false);
    if errors.is_empty() {
        Ok(settings)
    } else {
        Err(errors.swap_remove(0))
    }
}

/// Reads a `config.yaml` text into flat settings and **every** error found, in file order, without
/// checking values: a block mapping under a key for which `is_map_option` is true is that key's map
/// value (as [`load_config_yaml`] does with a catalogue's Map-typed options). The settings are the
/// ones read without error; a syntax error stops the reading. For tools (such as a linter) that
/// check the settings against a catalogue of their own and report every problem at once.
///
/// ```
/// let (settings, errors) = options_core::yaml::read_config_yaml(
///     "python.job-options:\n  url: \"http://x:8080\"\na: 1\na: 2\n",
///     &|key| key == "python.job-options",
/// );
/// assert_eq!(settings[0].value, "url:'http://x:8080'");
/// assert_eq!(errors.len(), 1);
/// ```
pub fn read_config_yaml(
    text: &str,
    is_map_option: &dyn Fn(&str) -> bool,
) -> (Vec<YamlSetting>, Vec<YamlError>) {
    parse_all(text, is_map_option)
}

/// [`read_config_yaml`] handing each setting to `each`, in file order, as soon as it is read,
/// instead of collecting them: a large text (256 KiB or more) is read on this thread while `each`
/// runs on a second one, so the caller's work on the settings (checking them against a catalogue)
/// costs little more than the reading. The errors, in file order; `Err` is the error that stopped
/// the reading (invalid YAML, a limit, an alias, a second document): then the file has no
/// settings, and whatever `each` was given before it is to be dropped.
///
/// ```
/// let mut keys = Vec::new();
/// let errors = options_core::yaml::read_config_yaml_with(
///     "a: 1\nb:\n  c: 2\na: 3\n",
///     &|_| false,
///     &mut |s| keys.push(s.key),
/// )
/// .unwrap();
/// assert_eq!(keys, ["a", "b.c"]);
/// assert_eq!(errors.len(), 1);
/// ```
pub fn read_config_yaml_with(
    text: &str,
    is_map_option: &dyn Fn(&str) -> bool,
    each: &mut (dyn FnMut(YamlSetting) + Send),
) -> Result<Vec<YamlError>, YamlError> {
    let read = match text.len() >= pipelined::MIN_BYTES {
        true => pipelined::read_beside(text, is_map_option, each),
        false => None,
    };
    let mut errors = match read {
        Some(read) => read?,
        None => flatten::flatten(text, is_map_option, each)?,
    };
    errors.sort_by_key(|e| (e.line(), e.column()));
    Ok(errors)
}

/// Reads settings and every error found (a syntax error stops the reading; the others do not).
fn parse_all(
    text: &str,
    is_map_option: &dyn Fn(&str) -> bool,
) -> (Vec<YamlSetting>, Vec<YamlError>) {
    let mut settings = Vec::with_capacity(flatten::expected_keys(text));
    match flatten::flatten(text, is_map_option, &mut |s| settings.push(s)) {
        Err(e) => (Vec::new(), vec![e]),
        Ok(mut errors) => {
            errors.sort_by_key(|e| (e.line(), e.column()));
            (settings, errors)
        }
    }
}

/// A `config.yaml` checked against a catalogue: its settings and notices.
#[derive(Clone, Debug)]
pub struct YamlLoad {
    path: Arc<Path>,
    settings: Vec<YamlSetting>,
    notices: Vec<Notice>,
}

impl YamlLoad {
    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The settings, in file order (unknown keys included).
    pub fn settings(&self) -> &[YamlSetting] {
        &self.settings
    }

    /// Unknown keys (lenient loading) and deprecated keys, in file order.
    pub fn notices(&self) -> &[Notice] {
        &self.notices
    }

    /// The settings as a configuration layer; each entry's source is the file, line and column.
    /// Pass the catalogue the file was loaded with, so values are kept typed.
    pub fn to_configuration(&self, catalogue: Option<Arc<Catalogue>>) -> Configuration {
        let mut config = match catalogue {
            Some(c) => Configuration::with_catalogue(c),
            None => Configuration::new(),
        };
        for s in &self.settings {
            let source = check::file_source(&self.path, s);
            // `load_config_yaml` validated every value against its catalogue; a different catalogue
            // given here may reject one, which is then left out (and logged).
            if let Err(e) = config.set_str_with_source(&s.key, &s.value, source) {
                log::error!("{e}");
            }
        }
        config
    }
}

/// Reads a `config.yaml` and checks it against `catalogue`: values must parse as their option's
/// type; unknown keys are kept and reported as notices ([`Strictness::Lenient`]) or rejected with
/// suggestions ([`Strictness::Strict`]); deprecated keys are reported as notices. A block mapping
/// under a Map-typed option is that option's value. Returns every error found, in file order.
pub fn load_config_yaml(
    text: &str,
    path: &Path,
    catalogue: &Catalogue,
    strictness: Strictness,
) -> Result<YamlLoad, YamlErrors> {
    let path: Arc<Path> = Arc::from(path);
    let (settings, errors) = parse_all(text, &|key| is_map_option(catalogue, key));
    check_settings(path, settings, errors, catalogue, strictness)
}

/// [`load_config_yaml`] straight into a configuration layer validating with `catalogue`, with
/// its notices: the layer [`YamlLoad::to_configuration`] gives, each key resolved and each value
/// parsed once, and no setting copied. A large text is read on this thread while a second one
/// checks and stores its settings ([`pipelined`]); the result is the same.
pub(crate) fn load_config_layer(
    text: String,
    path: &Path,
    catalogue: &Arc<Catalogue>,
    strictness: Strictness,
) -> Result<(Configuration, Vec<Notice>), YamlErrors> {
    let path: Arc<Path> = Arc::from(path);
    let is_map = |key: &str| is_map_option(catalogue, key);
    let text = if text.len() >= pipelined::MIN_BYTES {
        match pipelined::load_layer(text, &is_map, &path, catalogue, strictness) {
            Ok(layer) => return layer,
            Err(text) => text,
        }
    } else {
        text
    };
    load_layer_on_one_thread(text, &is_map, path, catalogue, strictness)
}

/// [`load_config_layer`] without a second thread: the whole text is read, then every setting
/// checked and stored.
fn load_layer_on_one_thread(
    text: String,
    is_map_option: &dyn Fn(&str) -> bool,
    path: Arc<Path>,
    catalogue: &Arc<Catalogue>,
    strictness: Strictness,
) -> Result<(Configuration, Vec<Notice>), YamlErrors> {
    let (settings, errors) = parse_all(&text, is_map_option);
    // Parsed: the settings own their keys and values, the text is no longer needed while the
    // layer is built (a large file is then not held twice at the peak).
    drop(text);
    check::check_into_layer(path, settings, errors, catalogue, strictness)
}

/// Whether `key` names a Map-typed option, whose block mapping is its value.
fn is_map_option(catalogue: &Catalogue, key: &str) -> bool {
    catalogue
        .resolve(key)
        .is_some_and(|r| r.meta.value_type.kind == ValueKind::Map && !r.meta.value_type.list)
}
