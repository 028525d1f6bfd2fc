//! Pattern keys: options whose key holds a placeholder segment, such as
//! `metrics.reporter.<name>.interval` (one option per metrics reporter a user names).
//!
//! Flink documents these keys with the placeholder and reads them as suffixes under a prefix. Here
//! the placeholder is part of the declared key, so the option is declared and documented once,
//! and a concrete key (`metrics.reporter.prom.interval`) is recognised as an instance of it.
//!
//! # Matching rules
//!
//! * A placeholder is a whole segment, `<name>`; literal segments match exactly.
//! * An inner placeholder stands for exactly one segment (`prom`). A **trailing** placeholder
//!   stands for one or more segments (`flink.hadoop.<key>` matches `flink.hadoop.fs.s3a.endpoint`,
//!   `metrics.reporter.<name>.<parameter>` matches `metrics.reporter.jmx.port.range`): Hadoop keys
//!   and reporter parameters have dots of their own.
//! * A placeholder may not be empty: `metrics.reporter..port` is an error that names it
//!   ([`PatternMatch::EmptyPlaceholder`]).
//! * Exact keys win over patterns; among patterns the one with the most literal segments wins
//!   (`metrics.reporter.<name>.interval` over `metrics.reporter.<name>.<parameter>`), then the one
//!   declared first.
//!
//! # Typed access
//!
//! A pattern option's handle is a [`PatternOption`]; [`PatternOption::instance`] names the
//! placeholder value and gives an ordinary [`ConfigOption`], read like any other:
//! `config.get(&MetricsReporterOptions::INTERVAL.instance("prom"))`. The instance's key is built
//! and interned once (a process keeps one copy per distinct key), so keep the instance where it is
//! read often; reading it then costs what reading a declared option costs.

use std::collections::HashSet;
use std::marker::PhantomData;
use std::sync::Mutex;

use crate::error::{ConfigError, ConfigErrorKind};
use crate::option::{ConfigOption, DefaultValue, OptionKey, OptionMeta};
use crate::value::OptionValue;

/// Whether a declared key holds a placeholder segment, and the placeholder a segment names: the
/// key syntax, kept with the other key rules in `options-grammar`.
pub use options_grammar::key::{is_pattern, placeholder};

/// How a concrete key relates to a pattern key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PatternMatch {
    /// The key is no instance of the pattern.
    No,
    /// The key is an instance; `literals` counts the pattern's literal segments (more is more
    /// specific).
    Instance {
        /// Literal segments of the pattern.
        literals: usize,
    },
    /// The key would be an instance but leaves a placeholder empty (`metrics.reporter..port`).
    EmptyPlaceholder {
        /// The placeholder left empty, without brackets (`name`).
        placeholder: String,
        /// Literal segments of the pattern (the most specific pattern is named).
        literals: usize,
    },
}

/// Whether `key` is an instance of `pattern` (see the module's matching rules), one pattern at a
/// time. Resolving keys against many patterns is the [key index](crate::key_index)'s job, which
/// walks them all at once; this is the rule it follows (its property test compares the two).
pub fn match_key(pattern: &str, key: &str) -> PatternMatch {
    let mut segments = pattern.split('.').peekable();
    let mut rest = key;
    let mut literals = 0;
    let mut empty: Option<&str> = None;
    while let Some(segment) = segments.next() {
        let last = segments.peek().is_none();
        match placeholder(segment) {
            Some(name) if last => {
                // The trailing placeholder takes everything left, which must not be (or hold) an
                // empty segment.
                if rest.is_empty() || rest.split('.').any(str::is_empty) {
                    empty.get_or_insert(name);
                }
                rest = "";
            }
            Some(name) => {
                let Some((value, tail)) = rest.split_once('.') else {
                    return PatternMatch::No;
                };
                if value.is_empty() {
                    empty.get_or_insert(name);
                }
                rest = tail;
            }
            None if last => {
                if rest != segment {
                    return PatternMatch::No;
                }
                literals += 1;
                rest = "";
            }
            None => match rest.split_once('.') {
                Some((value, tail)) if value == segment => {
                    literals += 1;
                    rest = tail;
                }
                _ => return PatternMatch::No,
            },
        }
    }
    match empty {
        Some(name) => PatternMatch::EmptyPlaceholder {
            placeholder: name.to_owned(),
            literals,
        },
        None => PatternMatch::Instance { literals },
    }
}

/// The error for a key that leaves a placeholder of `pattern` empty.
pub fn empty_placeholder_error(key: &str, pattern: &str, placeholder: &str) -> ConfigError {
    let filler = format!("my-{placeholder}");
    let mut filled = false;
    let example: Vec<&str> = key
        .split('.')
        .map(|s| match s.is_empty() && !filled {
            true => {
                filled = true;
                filler.as_str()
            }
            false => s,
        })
        .filter(|s| !s.is_empty())
        .collect();
    ConfigError::from(ConfigErrorKind::EmptyPlaceholder {
        key: key.to_owned(),
        pattern: pattern.to_owned(),
        placeholder: placeholder.to_owned(),
        example: example.join("."),
    })
}

/// The handle of a pattern option (declared with a placeholder in its key): names the
/// placeholder values to give a typed [`ConfigOption`] for one instance.
///
/// ```
/// use std::sync::Arc;
/// use std::time::Duration;
/// use options_core::prelude::*;
/// use options_core::Catalogue;
///
/// /// Reporters, each under its own name.
/// #[derive(Options)]
/// #[options(section = "reporters", title = "Reporters")]
/// struct MetricsReporterOptions {
///     /// How often the reporter named `<name>` reports.
///     #[option(key = "metrics.reporter.<name>.interval", default = "10 s")]
///     interval: Duration,
/// }
///
/// let catalogue = Arc::new(Catalogue::new().with::<MetricsReporterOptions>().unwrap());
/// let mut config = Configuration::with_catalogue(catalogue);
/// config.set_str("metrics.reporter.prom.interval", "15 s").unwrap();
/// let interval = MetricsReporterOptions::INTERVAL.instance("prom");
/// assert_eq!(interval.key(), "metrics.reporter.prom.interval");
/// assert_eq!(config.get(&interval), Duration::from_secs(15));
/// // Another reporter keeps the pattern's default.
/// assert_eq!(config.get(&MetricsReporterOptions::INTERVAL.instance("jmx")), Duration::from_secs(10));
/// ```
pub struct PatternOption<T: 'static> {
    meta: OptionMeta,
    default: DefaultValue<T>,
    _type: PhantomData<fn() -> T>,
}

impl<T: OptionValue + Clone> PatternOption<T> {
    /// A pattern option from prepared metadata (whose key holds the placeholders) and a default.
    pub const fn from_parts(meta: OptionMeta, default: DefaultValue<T>) -> Self {
        PatternOption {
            meta,
            default,
            _type: PhantomData,
        }
    }

    /// The pattern's metadata (its key holds the placeholders).
    pub const fn meta(&self) -> &OptionMeta {
        &self.meta
    }

    /// The key with its placeholders, e.g. `metrics.reporter.<name>.interval`.
    pub const fn pattern(&self) -> &'static str {
        self.meta.key.name()
    }

    /// The default every instance has.
    pub const fn default_value(&self) -> &DefaultValue<T> {
        &self.default
    }

    /// The placeholders, in key order (`["name"]`).
    pub fn placeholders(&self) -> Vec<&'static str> {
        self.pattern().split('.').filter_map(placeholder).collect()
    }

    /// The option for one instance of a pattern with one placeholder: `INTERVAL.instance("prom")`
    /// reads `metrics.reporter.prom.interval`.
    ///
    /// # Panics
    ///
    /// When the pattern has more than one placeholder, or `value` is not a valid placeholder value
    /// (see [`try_instance`](Self::try_instance), which reports instead).
    pub fn instance(&self, value: &str) -> ConfigOption<T> {
        self.try_instance(&[value])
            .unwrap_or_else(|e| panic!("{}: {e}", self.pattern()))
    }

    /// The option for one instance, naming every placeholder in key order. An error when the
    /// number of values differs from the number of placeholders, or a value is empty, or an inner
    /// placeholder's value holds a `.` (only the trailing placeholder spans segments).
    pub fn try_instance(&self, values: &[&str]) -> Result<ConfigOption<T>, ConfigError> {
        let key = instance_key(self.pattern(), values)?;
        let mut meta = self.meta.with_key(OptionKey::new(intern(key)));
        if meta.masks_instance(meta.key.name()) {
            meta.sensitive = true;
        }
        Ok(ConfigOption::from_parts(meta, self.default.clone()))
    }
}

/// `pattern` with its placeholders replaced by `values`, checked.
fn instance_key(pattern: &str, values: &[&str]) -> Result<String, ConfigError> {
    let segments: Vec<&str> = pattern.split('.').collect();
    let count = segments.iter().filter(|s| placeholder(s).is_some()).count();
    let bad = |detail: String| {
        ConfigError::from(ConfigErrorKind::InvalidSetting {
            key: pattern.to_owned(),
            value: values.join(", "),
            expected: detail,
        })
    };
    if count != values.len() {
        return Err(bad(format!(
            "{count} placeholder value(s), one per placeholder of the key"
        )));
    }
    let mut values = values.iter();
    let mut out = Vec::with_capacity(segments.len());
    for (i, segment) in segments.iter().enumerate() {
        let Some(name) = placeholder(segment) else {
            out.push((*segment).to_owned());
            continue;
        };
        let value = values.next().copied().unwrap_or_default();
        let last = i + 1 == segments.len();
        if value.is_empty() || value.split('.').any(str::is_empty) {
            return Err(bad(format!(
                "a non-empty value for <{name}>, e.g. \"my-{name}\""
            )));
        }
        if !last && value.contains('.') {
            return Err(bad(format!(
                "a value for <{name}> without '.' (only the last placeholder spans segments)"
            )));
        }
        out.push(value.to_owned());
    }
    Ok(out.join("."))
}

/// One `'static` copy of each distinct instance key: handles need `'static` keys, and a program
/// names a bounded set of instances, so each is kept for the life of the process.
fn intern(key: String) -> &'static str {
    static KEYS: Mutex<Option<HashSet<&'static str>>> = Mutex::new(None);
    let mut guard = KEYS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let keys = guard.get_or_insert_with(HashSet::new);
    if let Some(found) = keys.get(key.as_str()) {
        return found;
    }
    let leaked: &'static str = Box::leak(key.into_boxed_str());
    keys.insert(leaked);
    leaked
}

impl<T: OptionValue> std::fmt::Debug for PatternOption<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("PatternOption")
            .field(&self.meta.key)
            .finish()
    }
}
