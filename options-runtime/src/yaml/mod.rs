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
//!   catalogue declares as a Map-typed option ([`load_config_yaml`], or a [`YamlReader`] told
//!   with [`map_options`](YamlReader::map_options)): there it is that option's map value; for a
//!   plain [`YamlReader`] every block mapping is more keys.
//! * Errors, each with line and column: invalid YAML; one key set twice, also through two spellings
//!   (`a.b: 1` and `a:` / `  b: 2`, naming the first line); a key without a value (`a:`, `a: ~`,
//!   `a: null`); nested lists or mappings inside a list or map value; aliases; a second document.
//!
//! Messages never contain a value, so a sensitive key's value is never echoed (a value the catalogue
//! rejects is reported through [`ConfigError`](crate::ConfigError), which masks sensitive values).
//!
//! # One function per job
//!
//! * Reading, without a catalogue: [`YamlReader`], which collects the settings and every error
//!   ([`settings`](YamlReader::settings)) or hands each setting over as it is read
//!   ([`each`](YamlReader::each), on a second thread for a large text).
//! * Reading and checking against a catalogue: [`load_config_yaml`] (and, straight into a layer,
//!   `LayeredConfigBuilder::config_yaml`).
//! * Checking settings an engine read from a file of its own (Flink's legacy `flink-conf.yaml`) as
//!   a `config.yaml`'s are checked: [`check_settings`], or [`check_into_layer`] for a layer.

mod check;
mod error;
mod flatten;
mod flow_text;
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
use crate::setting::Setting;
use crate::value::ValueKind;

/// Reads a `config.yaml` text into flat settings, in file order, with every error found, without
/// checking keys or values against a catalogue (that is [`load_config_yaml`]'s job). For tools
/// that check the settings their own way, such as a linter reporting every problem at once.
///
/// Say which keys are Map-typed options with [`map_options`](Self::map_options) (a block mapping
/// under one is that option's map value; by default every block mapping is more keys), then
/// either collect the settings ([`settings`](Self::settings)) or take each one as it is read
/// ([`each`](Self::each), which reads a large text beside the caller's work on a second thread).
///
/// ```
/// use options_core::yaml::YamlReader;
///
/// let read = YamlReader::new("table:\n  exec.state.ttl: 1 h\n").settings();
/// assert!(read.errors.is_empty());
/// assert_eq!(read.settings[0].key, "table.exec.state.ttl");
/// assert_eq!((read.settings[0].line, read.settings[0].column), (2, 3));
///
/// // The first error, if any, else the settings:
/// let error = YamlReader::new("a: 1\na: 2\n").settings().into_result().unwrap_err();
/// assert_eq!(error.to_string(), "config.yaml:2:1: duplicate key \"a\" (first at line 1)");
/// ```
#[derive(Clone, Copy)]
pub struct YamlReader<'t, M = fn(&str) -> bool> {
    text: &'t str,
    is_map_option: M,
}

impl<'t> YamlReader<'t> {
    /// A reader of `text` that flattens every block mapping into more keys.
    pub fn new(text: &'t str) -> Self {
        YamlReader {
            text,
            is_map_option: no_map_options,
        }
    }
}

/// The default of [`YamlReader`]: no key is a Map-typed option.
fn no_map_options(_: &str) -> bool {
    false
}

impl<'t, M: Fn(&str) -> bool> YamlReader<'t, M> {
    /// Reads a block mapping under a key for which `is_map_option` is true as that key's map
    /// value (`k1:v1,k2:v2`), as [`load_config_yaml`] does with a catalogue's Map-typed options.
    ///
    /// ```
    /// use options_core::yaml::YamlReader;
    ///
    /// let text = "python.job-options:\n  url: \"http://x:8080\"\n";
    /// let read = YamlReader::new(text)
    ///     .map_options(|key: &str| key == "python.job-options")
    ///     .settings();
    /// assert_eq!(read.settings[0].value, "url:'http://x:8080'");
    /// ```
    pub fn map_options<N: Fn(&str) -> bool>(self, is_map_option: N) -> YamlReader<'t, N> {
        YamlReader {
            text: self.text,
            is_map_option,
        }
    }

    /// Every setting read without error, in file order, and every error, in file order. A
    /// syntax error (invalid YAML, a limit, an alias, a second document) stops the reading: then
    /// it is the only error and there are no settings; the others do not.
    ///
    /// ```
    /// use options_core::yaml::YamlReader;
    ///
    /// let read = YamlReader::new("a: 1\nb: ~\nc: 3\n").settings();
    /// let keys: Vec<_> = read.settings.iter().map(|s| s.key.as_str()).collect();
    /// assert_eq!(keys, ["a", "c"]);
    /// assert_eq!(read.errors.len(), 1);
    /// ```
    pub fn settings(&self) -> YamlRead {
        let mut settings = Vec::with_capacity(flatten::expected_keys(self.text));
        match flatten::flatten(self.text, &self.is_map_option, &mut |s| settings.push(s)) {
            Err(stop) => YamlRead {
                settings: Vec::new(),
                errors: vec![stop],
            },
            Ok(mut errors) => {
                errors.sort_by_key(|e| (e.line(), e.column()));
                YamlRead { settings, errors }
            }
        }
    }

    /// Hands each setting to `each`, in file order, as soon as it is read, instead of collecting
    /// them: a large text (256 KiB or more) is read on this thread while `each` runs on a second
    /// one, so the caller's work on the settings (checking them against a catalogue) costs little
    /// more than the reading. Gives the errors, in file order; `Err` is the error that stopped the
    /// reading (as in [`settings`](Self::settings)): then the file has no settings, and whatever
    /// `each` was given before it is to be dropped.
    ///
    /// ```
    /// use options_core::yaml::YamlReader;
    ///
    /// let mut keys = Vec::new();
    /// let errors = YamlReader::new("a: 1\nb:\n  c: 2\na: 3\n")
    ///     .each(|s| keys.push(s.key))
    ///     .unwrap();
    /// assert_eq!(keys, ["a", "b.c"]);
    /// assert_eq!(errors.len(), 1);
    /// ```
    pub fn each(&self, mut each: impl FnMut(Setting) + Send) -> Result<Vec<YamlError>, YamlError> {
        let each: &mut (dyn FnMut(Setting) + Send) = &mut each;
        let read = match self.text.len() >= pipelined::MIN_BYTES {
            true => pipelined::read_beside(self.text, &self.is_map_option, each),
            false => None,
        };
        let mut errors = match read {
            Some(read) => read?,
            None => flatten::flatten(self.text, &self.is_map_option, each)?,
        };
        errors.sort_by_key(|e| (e.line(), e.column()));
        Ok(errors)
    }
}

impl<M> fmt::Debug for YamlReader<'_, M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The text may hold secrets: only its size.
        f.debug_struct("YamlReader")
            .field("bytes", &self.text.len())
            .finish_non_exhaustive()
    }
}

/// What [`YamlReader::settings`] read: the settings read without error and every error, each in
/// file order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct YamlRead {
    /// The settings read without error, in file order.
    pub settings: Vec<Setting>,
    /// Every error, in file order.
    pub errors: Vec<YamlError>,
}

impl YamlRead {
    /// The settings when the text has no error, else its first error (in file order).
    pub fn into_result(mut self) -> Result<Vec<Setting>, YamlError> {
        match self.errors.is_empty() {
            true => Ok(self.settings),
            false => Err(self.errors.swap_remove(0)),
        }
    }
}

/// A `config.yaml` checked against a catalogue: its settings and notices.
#[derive(Clone, Debug)]
pub struct YamlLoad {
    path: Arc<Path>,
    settings: Vec<Setting>,
    notices: Vec<Notice>,
}

impl YamlLoad {
    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The settings, in file order (unknown keys included).
    pub fn settings(&self) -> &[Setting] {
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

/// Reads a `config.yaml` (as [`YamlReader`] does, with `catalogue`'s Map-typed options) and checks
/// it against `catalogue`: the one checked loader. Values must parse as their option's type;
/// unknown keys are kept and reported as notices ([`Strictness::Lenient`]) or rejected with
/// suggestions ([`Strictness::Strict`]); deprecated keys are reported as notices. A block mapping
/// under a Map-typed option is that option's value. Returns every error found, in file order.
pub fn load_config_yaml(
    text: &str,
    path: &Path,
    catalogue: &Catalogue,
    strictness: Strictness,
) -> Result<YamlLoad, YamlErrors> {
    let path: Arc<Path> = Arc::from(path);
    let read = YamlReader::new(text)
        .map_options(|key: &str| is_map_option(catalogue, key))
        .settings();
    check_settings(path, read.settings, read.errors, catalogue, strictness)
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
    let YamlRead { settings, errors } =
        YamlReader::new(&text).map_options(is_map_option).settings();
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
