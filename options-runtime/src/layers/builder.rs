//! Loading sources into layers: `config.yaml`, environment variables, `-D` arguments and the
//! application's own settings.

use std::fmt;
#[cfg(feature = "yaml")]
use std::path::Path;
use std::path::PathBuf;
use std::sync::Arc;

use super::{LayerKind, LayeredConfig};
use crate::catalogue::{Catalogue, KeyRole, KeyStatus};
use crate::config::{Configuration, Source};
use crate::error::{ConfigError, ConfigErrorKind};
use crate::loading::{write_source_prefix, Notice, NoticeKind, Strictness};
#[cfg(feature = "yaml")]
use crate::yaml::{self, YamlError};

/// A source that could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LoadError {
    /// A problem in a configuration file (with its line and column).
    #[cfg(feature = "yaml")]
    Yaml(YamlError),
    /// A setting from the environment, an argument or the application that was rejected.
    Setting {
        /// Where it was given.
        source: Source,
        /// What is wrong (values of sensitive keys are masked).
        error: ConfigError,
    },
    /// A `-D` argument that is not `key=value`, or a `-D` with nothing after it.
    Argument {
        /// The argument as given (with its value masked when the key is sensitive); for the
        /// two-argument form, both joined by a space (`-D key`).
        argument: String,
    },
    /// A configuration file (or conf directory) that could not be read.
    Io {
        /// The file.
        path: PathBuf,
        /// The operating system's message.
        message: String,
    },
    /// The catalogue cannot be seen at the release asked for (its groups conflict there).
    Catalogue(ConfigError),
    /// A release was asked for without a catalogue to see at it
    /// ([`LayeredConfigBuilder::release`] needs [`LayeredConfigBuilder::catalogue`]).
    ReleaseWithoutCatalogue(crate::release::Release),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            #[cfg(feature = "yaml")]
            LoadError::Yaml(e) => fmt::Display::fmt(e, f),
            LoadError::Setting { source, error } => {
                write_source_prefix(f, source)?;
                fmt::Display::fmt(error, f)
            }
            LoadError::Argument { argument } => write!(
                f,
                "command-line argument \"{argument}\": expected -Dkey=value or -D key=value, e.g. -Dparallelism.default=4"
            ),
            LoadError::Io { path, message } => {
                write!(f, "cannot read {}: {message}", path.display())
            }
            LoadError::Catalogue(error) => fmt::Display::fmt(error, f),
            LoadError::ReleaseWithoutCatalogue(release) => write!(
                f,
                "release {release} was asked for without a catalogue: give the engine's catalogue \
                 too (LayeredConfigBuilder::catalogue)"
            ),
        }
    }
}

impl std::error::Error for LoadError {}

/// Every problem found while loading, in source order.
pub type LoadErrors = crate::error::ErrorList<LoadError>;

/// Splits one `-D` argument: `-Dkey=value` gives `Some(("key", "value"))`; an argument that does not
/// start with `-D` gives `None`. The value may contain `=`; the key is trimmed.
///
/// A lone `-D` gives `Some(Err(()))`: it is the first half of the two-argument form
/// `-D key=value`, which [`parse_arguments`] (and [`LayeredConfigBuilder::args`]) understand.
pub fn parse_argument(argument: &str) -> Option<Result<(&str, &str), ()>> {
    argument.strip_prefix("-D").map(split_pair)
}

/// `key=value` with a non-blank key (trimmed); the value may contain `=`.
fn split_pair(pair: &str) -> Result<(&str, &str), ()> {
    match pair.split_once('=') {
        Some((key, value)) if !key.trim().is_empty() => Ok((key.trim(), value)),
        _ => Err(()),
    }
}

/// The `-D` settings of a whole argument list, in order: `-Dkey=value`, and `-D key=value` (a lone
/// `-D` takes the next argument as its pair). Arguments not starting with `-D` are skipped. An
/// error gives the argument as written (`-D key` for the two-argument form, `-D` for a lone `-D`
/// at the end), its value masked when the key names a secret.
///
/// ```
/// use options_core::layers::parse_arguments;
///
/// let args = ["run", "-Dpipeline.name=a=b", "-D", "parallelism.default=3", "-D"];
/// let parsed: Vec<_> = parse_arguments(&args).collect();
/// assert_eq!(parsed[0], Ok(("pipeline.name", "a=b")));
/// assert_eq!(parsed[1], Ok(("parallelism.default", "3")));
/// assert_eq!(parsed[2], Err("-D".to_owned()));
/// ```
pub fn parse_arguments<S: AsRef<str>>(
    args: &[S],
) -> impl Iterator<Item = Result<(&str, &str), String>> {
    let mut args = args.iter().map(AsRef::as_ref);
    std::iter::from_fn(move || loop {
        let arg = args.next()?;
        match parse_argument(arg) {
            None => continue,
            Some(Ok(pair)) => return Some(Ok(pair)),
            Some(Err(())) if arg == "-D" => {
                return Some(match args.next() {
                    Some(pair) => {
                        split_pair(pair).map_err(|()| masked_argument(&format!("-D {pair}")))
                    }
                    None => Err(arg.to_owned()),
                })
            }
            Some(Err(())) => return Some(Err(masked_argument(arg))),
        }
    })
}

/// One source to load, kept until [`LayeredConfigBuilder::build`].
enum Input {
    #[cfg(feature = "yaml")]
    YamlText {
        text: String,
        path: Arc<Path>,
    },
    /// A source an engine reads its own way (see [`LayeredConfigBuilder::source`]).
    Source(Box<SourceFn>),
    /// Variables as given (name, value), read with the catalogue's rule when building.
    Env(Vec<(String, String)>),
    Args(Vec<String>),
    Application(Configuration),
}

/// A source an engine loads its own way, called when building.
type SourceFn = dyn FnOnce(&mut LoadContext) -> Option<(LayerKind, Configuration)> + Send;

/// Loads sources into a [`LayeredConfig`]; see [`LayeredConfig::builder`].
///
/// ```
/// use options_core::layers::LayeredConfig;
/// use options_core::Configuration;
///
/// let mut application = Configuration::new();
/// application.set_str("parallelism.default", "5").unwrap();
/// let config = LayeredConfig::builder()
///     .args(["-Dparallelism.default=4"])
///     .build()
///     .unwrap();
/// assert_eq!(config.resolved().get_str("parallelism.default"), Some("4"));
/// // With the `yaml` feature, `.config_yaml(text, path)` adds a `config.yaml` below them; an
/// // engine adds its own files through `.source(...)`.
/// let config = LayeredConfig::builder()
///     .args(["-Dparallelism.default=4"])
///     .application(application)
///     .build()
///     .unwrap();
/// assert_eq!(config.resolved().get_str("parallelism.default"), Some("5"));
/// assert_eq!(config.layers().len(), 2);
/// ```
#[derive(Default)]
pub struct LayeredConfigBuilder {
    catalogue: Option<Arc<Catalogue>>,
    release: Option<crate::release::Release>,
    strictness: Strictness,
    inputs: Vec<Input>,
}

// `Debug` by hand: the inputs hold values. A YAML text shows only its path and size (its keys
// are not known before parsing); settings and arguments mask the values of secret keys.
impl fmt::Debug for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            #[cfg(feature = "yaml")]
            Input::YamlText { text, path } => f
                .debug_struct("YamlText")
                .field("path", path)
                .field("bytes", &text.len())
                .finish_non_exhaustive(),
            Input::Source(_) => f.write_str("Source(..)"),
            // Names and values of every variable given, configuration or not: only their number.
            Input::Env(vars) => f
                .debug_struct("Env")
                .field("variables", &vars.len())
                .finish(),
            Input::Args(args) => {
                let shown: Vec<String> = parse_arguments(args)
                    .map(|parsed| match parsed {
                        Ok((key, value)) => {
                            format!("-D{key}={}", crate::sensitive::shown(key, value))
                        }
                        Err(argument) => argument,
                    })
                    .collect();
                f.debug_tuple("Args").field(&shown).finish()
            }
            Input::Application(config) => f.debug_tuple("Application").field(config).finish(),
        }
    }
}

impl fmt::Debug for LayeredConfigBuilder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LayeredConfigBuilder")
            .field("catalogue", &self.catalogue)
            .field("release", &self.release)
            .field("strictness", &self.strictness)
            .field("inputs", &self.inputs)
            .finish()
    }
}

impl LayeredConfigBuilder {
    /// Validates values and relates key spellings with this catalogue.
    pub fn catalogue(mut self, catalogue: Arc<Catalogue>) -> Self {
        self.catalogue = Some(catalogue);
        self
    }

    /// Reads every source as `release` does: the catalogue seen at that release, so keys of
    /// other releases are errors naming when they arrived or left (and an engine's own sources
    /// see the release in [`LoadContext::release`]). Needs a catalogue: without one, building
    /// fails with [`LoadError::ReleaseWithoutCatalogue`].
    pub fn release(mut self, release: crate::release::Release) -> Self {
        self.release = Some(release);
        self
    }

    /// How unknown keys are treated (needs a catalogue; without one every key is accepted). Unknown
    /// keys from environment variables are notices whatever the strictness.
    pub fn strictness(mut self, strictness: Strictness) -> Self {
        self.strictness = strictness;
        self
    }

    /// A `config.yaml` given as text; `path` names it in sources and messages.
    #[cfg(feature = "yaml")]
    pub fn config_yaml(mut self, text: impl Into<String>, path: impl AsRef<Path>) -> Self {
        self.inputs.push(Input::YamlText {
            text: text.into(),
            path: Arc::from(path.as_ref()),
        });
        self
    }

    /// A source the engine reads its own way (a file format of its own, a directory it
    /// searches): `load` runs when building, in the order sources were given, with the
    /// catalogue, strictness and release of the build, and gives the layer it read (or `None`
    /// after reporting errors through the context). Engine crates wrap it in methods of their
    /// own, as `options_flink::legacy::FlinkSources` does for Flink's `flink-conf.yaml`.
    pub fn source(
        mut self,
        load: impl FnOnce(&mut LoadContext) -> Option<(LayerKind, Configuration)> + Send + 'static,
    ) -> Self {
        self.inputs.push(Input::Source(Box::new(load)));
        self
    }

    /// Environment variables (name, value); only configuration variables are used, read with
    /// the rule of the catalogue's engine (none without a catalogue or an engine; see
    /// [`crate::env_vars`]).
    pub fn env<I, K, V>(mut self, vars: I) -> Self
    where
        I: IntoIterator<Item = (K, V)>,
        K: Into<String>,
        V: Into<String>,
    {
        let vars = vars
            .into_iter()
            .map(|(k, v)| (k.into(), v.into()))
            .collect();
        self.inputs.push(Input::Env(vars));
        self
    }

    /// This process's environment variables.
    pub fn process_env(mut self) -> Self {
        self.inputs
            .push(Input::Env(crate::env_vars::process_vars()));
        self
    }

    /// Command-line arguments: each `-Dkey=value`, or `-D` followed by a `key=value` argument, is a
    /// setting; other arguments are ignored, so a whole argument list can be passed. A `-D` at the
    /// end with nothing after it is an error (see [`parse_arguments`]).
    pub fn args<I, S>(mut self, args: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.inputs
            .push(Input::Args(args.into_iter().map(Into::into).collect()));
        self
    }

    /// The application's own settings (accepted as they are: no unknown-key check).
    pub fn application(mut self, config: Configuration) -> Self {
        self.inputs.push(Input::Application(config));
        self
    }

    /// Loads every source; all errors of all sources together when there is any.
    pub fn build(self) -> Result<LayeredConfig, LoadErrors> {
        let catalogue = match (self.catalogue, self.release) {
            (catalogue, None) => catalogue,
            (None, Some(release)) => {
                return Err(crate::error::ErrorList(vec![
                    LoadError::ReleaseWithoutCatalogue(release),
                ]))
            }
            (Some(c), Some(release)) if c.release() == Some(release) => Some(c),
            (Some(c), Some(release)) => match c.at_release(release) {
                Ok(c) => Some(Arc::new(c)),
                Err(error) => {
                    return Err(crate::error::ErrorList(vec![LoadError::Catalogue(error)]))
                }
            },
        };
        let mut loader = LoadContext {
            catalogue,
            strictness: self.strictness,
            errors: Vec::new(),
            notices: Vec::new(),
        };
        let mut layers = Vec::new();
        for input in self.inputs {
            if let Some(layer) = loader.load(input) {
                layers.push(layer);
            }
        }
        if !loader.errors.is_empty() {
            return Err(crate::error::ErrorList(loader.errors));
        }
        Ok(LayeredConfig::from_layers(layers, loader.catalogue).with_notices(loader.notices))
    }
}

/// What a source sees while it loads (see [`LayeredConfigBuilder::source`]): the build's
/// catalogue, strictness and release, and where its errors and notices go.
pub struct LoadContext {
    catalogue: Option<Arc<Catalogue>>,
    strictness: Strictness,
    errors: Vec<LoadError>,
    notices: Vec<Notice>,
}

impl fmt::Debug for LoadContext {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LoadContext")
            .field("catalogue", &self.catalogue)
            .field("strictness", &self.strictness)
            .field("errors", &self.errors.len())
            .field("notices", &self.notices.len())
            .finish()
    }
}

impl LoadContext {
    /// The catalogue values are checked with (seen at the build's release), if any.
    pub fn catalogue(&self) -> Option<&Arc<Catalogue>> {
        self.catalogue.as_ref()
    }

    /// How unknown keys are treated.
    pub fn strictness(&self) -> Strictness {
        self.strictness
    }

    /// Reports a problem; the build fails with every problem reported.
    pub fn error(&mut self, error: LoadError) {
        self.errors.push(error);
    }

    /// Keeps notices (deprecated or unknown keys, ...) for [`LayeredConfig::notices`].
    pub fn notices(&mut self, notices: impl IntoIterator<Item = Notice>) {
        self.notices.extend(notices);
    }

    /// An empty layer over the catalogue.
    pub fn empty(&self) -> Configuration {
        match &self.catalogue {
            Some(c) => Configuration::with_catalogue(c.clone()),
            None => Configuration::new(),
        }
    }

    fn load(&mut self, input: Input) -> Option<(LayerKind, Configuration)> {
        match input {
            #[cfg(feature = "yaml")]
            Input::YamlText { text, path } => self.config_yaml(text, path),
            Input::Source(load) => load(self),
            Input::Env(vars) => {
                let catalogue = self.catalogue.clone();
                // Without a catalogue there is no engine, so no rule: no variable is read.
                let rule = catalogue
                    .as_ref()
                    .map_or(crate::engine::EnvRule::NONE, |c| c.engine().env);
                let settings =
                    crate::env_vars::env_settings_with(&rule, catalogue.as_deref(), vars);
                let settings = settings.into_iter().map(|s| {
                    let source = Source::Env { var: s.var };
                    // A variable names a mixed-case key in upper case; read it as declared.
                    let key = catalogue
                        .as_ref()
                        .and_then(|c| c.declared_spelling(&s.key))
                        .map_or(s.key, str::to_owned);
                    (key, s.value, source)
                });
                // The environment is shared with other programs: an unknown key from it is
                // only a notice, even when loading is strict (see `crate::env_vars`).
                Some((LayerKind::Env, self.settings(settings, false)))
            }
            Input::Args(args) => {
                let mut settings = Vec::new();
                for parsed in parse_arguments(&args) {
                    match parsed {
                        Ok((key, value)) => {
                            settings.push((key.to_owned(), value.to_owned(), Source::Argument))
                        }
                        Err(argument) => self.errors.push(LoadError::Argument { argument }),
                    }
                }
                Some((LayerKind::Arguments, self.settings(settings, true)))
            }
            Input::Application(config) => Some((LayerKind::Application, config)),
        }
    }

    /// The release the catalogue answers for.
    pub fn release(&self) -> Option<crate::release::Release> {
        self.catalogue.as_ref().and_then(|c| c.release())
    }

    /// Reads a `config.yaml` text into a layer, as [`LayeredConfigBuilder::config_yaml`] does.
    #[cfg(feature = "yaml")]
    pub fn config_yaml(
        &mut self,
        text: String,
        path: Arc<Path>,
    ) -> Option<(LayerKind, Configuration)> {
        match &self.catalogue {
            Some(catalogue) => {
                match yaml::load_config_layer(text, &path, catalogue, self.strictness) {
                    Ok((config, notices)) => {
                        self.notices.extend(notices);
                        Some((LayerKind::File, config))
                    }
                    Err(errors) => {
                        self.errors
                            .extend(errors.0.into_iter().map(LoadError::Yaml));
                        None
                    }
                }
            }
            None => match yaml::YamlReader::new(&text).settings().into_result() {
                Ok(settings) => {
                    let settings = settings.into_iter().map(|s| {
                        let source = Source::File {
                            path: path.clone(),
                            line: s.line,
                            column: s.column,
                        };
                        (s.key, s.value, source)
                    });
                    Some((LayerKind::File, self.settings(settings, true)))
                }
                Err(e) => {
                    self.errors.push(LoadError::Yaml(e.with_path(path)));
                    None
                }
            },
        }
    }

    /// One layer from string settings, checking keys and values against the catalogue. An unknown
    /// key is an error when loading is strict and `strict_applies`; otherwise it is kept with a
    /// notice.
    pub fn settings(
        &mut self,
        settings: impl IntoIterator<Item = (String, String, Source)>,
        strict_applies: bool,
    ) -> Configuration {
        let mut config = self.empty();
        for (key, value, source) in settings {
            if let Some(catalogue) = &self.catalogue {
                match catalogue.classify(&key) {
                    KeyStatus::Known(r) if r.role == KeyRole::Deprecated => {
                        self.notices.push(Notice {
                            source: source.clone(),
                            kind: NoticeKind::DeprecatedKey {
                                key: key.clone(),
                                replacement: r.meta.key_str().to_owned(),
                            },
                        })
                    }
                    KeyStatus::Known(_) | KeyStatus::FreeForm => {}
                    KeyStatus::EmptyPlaceholder { .. } | KeyStatus::Absent(_) => {
                        let error = catalogue.unknown_key_error(&key);
                        self.errors.push(LoadError::Setting { source, error });
                        continue;
                    }
                    KeyStatus::Unknown { suggestions } => {
                        let suggestions = suggestions.iter().map(|s| (*s).to_owned()).collect();
                        if strict_applies && self.strictness == Strictness::Strict {
                            self.errors.push(LoadError::Setting {
                                source,
                                error: ConfigError::from(ConfigErrorKind::UnknownKey {
                                    key,
                                    suggestions,
                                }),
                            });
                            continue;
                        }
                        self.notices.push(Notice {
                            source: source.clone(),
                            kind: NoticeKind::UnknownKey {
                                key: key.clone(),
                                suggestions,
                            },
                        });
                    }
                }
            }
            if let Err(error) = config.set_str_with_source(&key, &value, source.clone()) {
                self.errors.push(LoadError::Setting { source, error });
            }
        }
        config
    }
}

/// The argument for an error message, its value masked when the key holds a secret (see
/// [`crate::sensitivity`]): everything after the key (`-Dkey=******`, `-D key ******`).
fn masked_argument(arg: &str) -> String {
    let body = arg.strip_prefix("-D").unwrap_or(arg).trim_start();
    let key_end = body
        .find(|c: char| c == '=' || c.is_whitespace())
        .unwrap_or(body.len());
    let split = arg.len() - body.len() + key_end;
    let (head, rest) = arg.split_at(split);
    let secret =
        crate::sensitive::is_sensitive_key(arg) || crate::sensitive::is_secret(&body[..key_end]);
    match rest.chars().next() {
        Some(separator) if secret => format!("{head}{separator}{}", crate::sensitive::MASK),
        _ => arg.to_owned(),
    }
}
