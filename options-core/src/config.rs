//! [`Configuration`]: one layer of key -> value settings, read through typed handles.
//!
//! # How values are kept
//!
//! Entries are indexed by the compile-time hash of their key ([`key_hash`]), so a typed read never
//! hashes a string. A value set through a typed handle is stored typed. A value set by string
//! ([`Configuration::set_str`]) is **validated at set time when the key is known** (the configuration
//! has a [`Catalogue`] that declares it): the error reaches the person who typed it, and the typed
//! value is kept so reads never parse. A key the catalogue does not know is kept as a string and
//! parsed on the first typed read (then cached); a value that fails there is reported by
//! [`ReadableConfig::try_get`] and logged by [`ReadableConfig::get`], which falls back to the default.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use crate::catalogue::Catalogue;
use crate::error::ConfigError;
use crate::option::{key_hash, ConfigOption, OptionKey, OptionMeta, MASK};
use crate::value::{OptionValue, Stored};

/// Where a value came from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// The option's declared default.
    Default,
    /// A `config.yaml` file, with the 1-based line and column of the key.
    File {
        /// The file.
        path: Arc<Path>,
        /// 1-based line of the key.
        line: u32,
        /// 1-based column of the key.
        column: u32,
    },
    /// An environment variable.
    Env {
        /// The variable's name.
        var: String,
    },
    /// A `-D key=value` command-line argument.
    Argument,
    /// Set by the application (`set`, `set_str`).
    Application,
    /// Set by a session statement (`SET 'key' = 'value'`).
    Session,
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Default => f.write_str("default"),
            Source::File { path, line, column } => {
                write!(f, "file {}:{line}:{column}", path.display())
            }
            Source::Env { var } => write!(f, "environment variable {var}"),
            Source::Argument => f.write_str("command-line argument"),
            Source::Application => f.write_str("application"),
            Source::Session => f.write_str("session (SET)"),
        }
    }
}

/// One key's setting in a [`Configuration`]: the key as written, the value string and where it came
/// from.
pub struct ConfigEntry {
    key: Cow<'static, str>,
    raw: String,
    /// The typed value, when known at set time (typed sets, validated string sets).
    typed: Option<Stored>,
    /// The typed value parsed on first read, for strings set without validation.
    parsed: OnceLock<Stored>,
    source: Source,
    sensitive: bool,
    warned_deprecated: AtomicBool,
}

impl ConfigEntry {
    /// The key as it was set (possibly a deprecated or fallback spelling).
    pub fn key(&self) -> &str {
        &self.key
    }

    /// The value string as set (canonical form for typed sets). Unmasked: see
    /// [`display_value`](Self::display_value) for printing.
    pub fn value(&self) -> &str {
        &self.raw
    }

    /// The value for display: `******` for sensitive keys.
    pub fn display_value(&self) -> &str {
        if self.sensitive {
            MASK
        } else {
            &self.raw
        }
    }

    /// Whether the value is masked when displayed.
    pub fn is_sensitive(&self) -> bool {
        self.sensitive
    }

    /// Where the value came from.
    pub fn source(&self) -> &Source {
        &self.source
    }

    /// Reads the typed value: the cached one when it has this type, else parses (and caches).
    #[inline]
    fn read<T: OptionValue>(&self) -> Result<T, ConfigError> {
        if let Some(stored) = &self.typed {
            if let Some(v) = T::__from_stored(stored) {
                return Ok(v);
            }
        }
        self.read_slow()
    }

    #[cold]
    #[inline(never)]
    fn read_slow<T: OptionValue>(&self) -> Result<T, ConfigError> {
        if let Some(v) = self.parsed.get().and_then(T::__from_stored) {
            return Ok(v);
        }
        match T::parse_config(&self.raw) {
            Ok(v) => {
                let _ = self.parsed.set(v.clone().__into_stored());
                Ok(v)
            }
            Err(e) => Err(ConfigError::invalid_value(
                self.key.clone().into_owned(),
                e,
                self.sensitive,
            )),
        }
    }
}

impl Clone for ConfigEntry {
    fn clone(&self) -> Self {
        ConfigEntry {
            key: self.key.clone(),
            raw: self.raw.clone(),
            typed: self.typed.clone(),
            parsed: self.parsed.clone(),
            source: self.source.clone(),
            sensitive: self.sensitive,
            warned_deprecated: AtomicBool::new(self.warned_deprecated.load(Ordering::Relaxed)),
        }
    }
}

impl fmt::Debug for ConfigEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ConfigEntry")
            .field("key", &self.key)
            .field("value", &self.display_value())
            .field("source", &self.source)
            .finish()
    }
}

/// A hasher for keys that are already hashed ([`key_hash`]).
#[derive(Default, Clone, Copy)]
pub(crate) struct PrehashedKey(u64);

impl Hasher for PrehashedKey {
    fn write(&mut self, bytes: &[u8]) {
        // Only u64 hashes are ever written; fold anything else so the hasher stays total.
        for b in bytes {
            self.0 = (self.0 ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

/// A map keyed by [`key_hash`] values, which need no second hashing.
pub(crate) type PrehashedMap<V> = HashMap<u64, V, BuildHasherDefault<PrehashedKey>>;

type EntryMap = PrehashedMap<ConfigEntry>;

/// Typed reads, shared by every kind of configuration ([`Configuration`], layered ones).
pub trait ReadableConfig {
    /// The entry that answers `key` (exactly that spelling), if set.
    fn entry_for(&self, key: &OptionKey) -> Option<&ConfigEntry>;

    /// The entry that answers an option: its key, then fallback keys, then deprecated keys (a
    /// deprecated key in use is logged once, naming the replacement).
    fn lookup(&self, meta: &OptionMeta) -> Option<&ConfigEntry> {
        lookup_in(meta, |k| self.entry_for(k))
    }

    /// The value of an option, or its default when unset. A stored value that does not parse is
    /// logged and the default is returned; use [`try_get`](Self::try_get) to see the error.
    #[inline]
    fn get<T: OptionValue>(&self, option: &ConfigOption<T>) -> T {
        match self.lookup(option.meta()) {
            None => option.default_value().get(),
            Some(entry) => entry.read().unwrap_or_else(|e| log_and_default(option, &e)),
        }
    }

    /// The value of an option when it is set (by its key, a fallback or a deprecated key), else
    /// `None`. A stored value that does not parse is logged and gives `None`.
    #[inline]
    fn get_optional<T: OptionValue>(&self, option: &ConfigOption<T>) -> Option<T> {
        let entry = self.lookup(option.meta())?;
        entry.read().map_err(|e| log::error!("{e}")).ok()
    }

    /// The value of an option, or its default when unset; an error when the stored value does not
    /// parse.
    fn try_get<T: OptionValue>(&self, option: &ConfigOption<T>) -> Result<T, ConfigError> {
        match self.lookup(option.meta()) {
            None => Ok(option.default_value().get()),
            Some(entry) => entry.read(),
        }
    }

    /// Whether an option is set, by its key, a fallback key or a deprecated key.
    fn contains_option(&self, meta: &OptionMeta) -> bool {
        self.lookup(meta).is_some()
    }
}

#[inline]
fn lookup_in<'a>(
    meta: &OptionMeta,
    find: impl Fn(&OptionKey) -> Option<&'a ConfigEntry>,
) -> Option<&'a ConfigEntry> {
    if let Some(e) = find(&meta.key) {
        return Some(e);
    }
    if meta.fallback_keys.is_empty() && meta.deprecated_keys.is_empty() {
        return None;
    }
    lookup_alternatives(meta, find)
}

#[cold]
fn lookup_alternatives<'a>(
    meta: &OptionMeta,
    find: impl Fn(&OptionKey) -> Option<&'a ConfigEntry>,
) -> Option<&'a ConfigEntry> {
    if let Some(e) = meta.fallback_keys.iter().find_map(&find) {
        return Some(e);
    }
    let e = meta.deprecated_keys.iter().find_map(&find)?;
    if !e.warned_deprecated.swap(true, Ordering::Relaxed) {
        log::warn!(
            "configuration key \"{}\" is deprecated; use \"{}\" instead",
            e.key,
            meta.key
        );
    }
    Some(e)
}

#[cold]
fn log_and_default<T: OptionValue>(option: &ConfigOption<T>, e: &ConfigError) -> T {
    log::error!("{e}; using the default instead");
    option.default_value().get()
}

/// A key -> value store: one layer of configuration.
///
/// ```
/// use std::time::Duration;
/// use options_core::{ConfigOption, Configuration, DefaultValue};
///
/// const TIMEOUT: ConfigOption<Duration> =
///     ConfigOption::new("my.timeout", DefaultValue::Value(Duration::from_secs(180)));
///
/// let mut config = Configuration::new();
/// assert_eq!(config.get(&TIMEOUT), Duration::from_secs(180));
/// config.set_str("my.timeout", "10 s").unwrap();
/// assert_eq!(config.get(&TIMEOUT), Duration::from_secs(10));
/// ```
#[derive(Clone, Default)]
pub struct Configuration {
    entries: EntryMap,
    /// Entries whose key hash collides with a different key already in `entries` (practically
    /// never; kept so a collision is never a wrong answer).
    collisions: Vec<ConfigEntry>,
    catalogue: Option<Arc<Catalogue>>,
}

impl Configuration {
    /// An empty configuration that validates only on typed reads.
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty configuration that validates string values of the catalogue's keys when set.
    pub fn with_catalogue(catalogue: Arc<Catalogue>) -> Self {
        Configuration {
            catalogue: Some(catalogue),
            ..Self::default()
        }
    }

    /// The catalogue used to validate string values, if any.
    pub fn catalogue(&self) -> Option<&Arc<Catalogue>> {
        self.catalogue.as_ref()
    }

    /// Sets a typed value (as set by the application). Setting `None` on an `Option<T>` option
    /// removes it.
    pub fn set<T: OptionValue>(&mut self, option: &ConfigOption<T>, value: T) -> &mut Self {
        self.set_with_source(option, value, Source::Application)
    }

    /// Sets a typed value with its provenance.
    pub fn set_with_source<T: OptionValue>(
        &mut self,
        option: &ConfigOption<T>,
        value: T,
        source: Source,
    ) -> &mut Self {
        let meta = option.meta();
        if value.__is_absent() {
            self.remove_key(meta.key.hash(), meta.key.name());
            return self;
        }
        let raw = value.to_config_string();
        let stored = value.__into_stored();
        self.insert(
            meta.key.hash(),
            Cow::Borrowed(meta.key.name()),
            &raw,
            Some(stored),
            source,
            meta.is_sensitive(),
        );
        self
    }

    /// Sets a value by key and string (as set by the application). When the catalogue knows the key,
    /// the value is validated now; otherwise it is kept and parsed on the first typed read.
    pub fn set_str(&mut self, key: &str, value: &str) -> Result<&mut Self, ConfigError> {
        self.set_str_with_source(key, value, Source::Application)
    }

    /// Sets a value by key and string, with its provenance.
    pub fn set_str_with_source(
        &mut self,
        key: &str,
        value: &str,
        source: Source,
    ) -> Result<&mut Self, ConfigError> {
        let hash = key_hash(key);
        let known = self
            .catalogue
            .as_ref()
            .and_then(|c| c.resolve_spelled(key, hash));
        let (stored, sensitive, static_key) = match known {
            Some((resolved, spelled)) => {
                let meta = resolved.meta;
                let stored = meta
                    .__parse_stored(value)
                    .map_err(|e| ConfigError::invalid_value(key, e, meta.is_sensitive()))?;
                (Some(stored), meta.is_sensitive(), Some(spelled))
            }
            None => (None, crate::option::is_sensitive_key(key), None),
        };
        let key_cow = match static_key {
            Some(k) => Cow::Borrowed(k),
            None => Cow::Owned(key.to_owned()),
        };
        self.insert(hash, key_cow, value, stored, source, sensitive);
        Ok(self)
    }

    fn insert(
        &mut self,
        hash: u64,
        name: Cow<'static, str>,
        raw: &str,
        stored: Option<Stored>,
        source: Source,
        sensitive: bool,
    ) {
        let typed = stored;
        match self.entries.get_mut(&hash) {
            Some(e) if same_key(&e.key, &name) => {
                // Reuse the string buffer: repeated sets of one key do not allocate.
                e.raw.clear();
                e.raw.push_str(raw);
                e.typed = typed;
                e.parsed = OnceLock::new();
                e.source = source;
                e.sensitive = sensitive;
            }
            Some(_) => {
                let entry = new_entry(name, raw, typed, source, sensitive);
                match self.collisions.iter_mut().find(|e| e.key == entry.key) {
                    Some(slot) => *slot = entry,
                    None => self.collisions.push(entry),
                }
            }
            None => {
                let entry = new_entry(name, raw, typed, source, sensitive);
                self.entries.insert(hash, entry);
            }
        }
    }

    /// Removes the setting of exactly this key; returns whether it was set.
    pub fn remove_str(&mut self, key: &str) -> bool {
        self.remove_key(key_hash(key), key)
    }

    /// Removes an option's setting under its key, fallback keys and deprecated keys; returns whether
    /// anything was set.
    pub fn remove<T: OptionValue>(&mut self, option: &ConfigOption<T>) -> bool {
        let meta = *option.meta();
        let mut removed = false;
        for k in meta.all_keys() {
            removed |= self.remove_key(k.hash(), k.name());
        }
        removed
    }

    fn remove_key(&mut self, hash: u64, name: &str) -> bool {
        if matches!(self.entries.get(&hash), Some(e) if e.key == name) {
            self.entries.remove(&hash);
            return true;
        }
        let before = self.collisions.len();
        self.collisions.retain(|e| e.key != name);
        before != self.collisions.len()
    }

    /// Whether an option is set, by its key, a fallback key or a deprecated key.
    pub fn contains<T: OptionValue>(&self, option: &ConfigOption<T>) -> bool {
        self.lookup(option.meta()).is_some()
    }

    /// Whether exactly this key is set.
    pub fn contains_key(&self, key: &str) -> bool {
        self.entry(key).is_some()
    }

    /// The entry of exactly this key.
    pub fn entry(&self, key: &str) -> Option<&ConfigEntry> {
        let hash = key_hash(key);
        match self.entries.get(&hash) {
            Some(e) if e.key == key => Some(e),
            _ => self.collisions.iter().find(|e| e.key == key),
        }
    }

    /// The value string of exactly this key (unmasked).
    pub fn get_str(&self, key: &str) -> Option<&str> {
        self.entry(key).map(ConfigEntry::value)
    }

    /// The entries in key order.
    pub fn iter(&self) -> impl Iterator<Item = &ConfigEntry> {
        let mut all: Vec<&ConfigEntry> = self.entries.values().chain(&self.collisions).collect();
        all.sort_unstable_by(|a, b| a.key.cmp(&b.key));
        all.into_iter()
    }

    /// Number of keys set.
    pub fn len(&self) -> usize {
        self.entries.len() + self.collisions.len()
    }

    /// Whether no key is set.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Key -> value, in key order, unmasked (for handing to an engine).
    pub fn to_map(&self) -> std::collections::BTreeMap<String, String> {
        self.iter()
            .map(|e| (e.key().to_owned(), e.value().to_owned()))
            .collect()
    }

    /// Key -> value for display: sensitive values are `******`.
    pub fn to_display_map(&self) -> std::collections::BTreeMap<String, String> {
        self.iter()
            .map(|e| (e.key().to_owned(), e.display_value().to_owned()))
            .collect()
    }

    /// Copies every entry of `other` into this configuration (its values win).
    pub fn add_all(&mut self, other: &Configuration) {
        for e in other.entries.values().chain(&other.collisions) {
            self.insert(
                key_hash(&e.key),
                e.key.clone(),
                &e.raw,
                e.typed.clone().or_else(|| e.parsed.get().cloned()),
                e.source.clone(),
                e.sensitive,
            );
        }
    }

    /// Reads an option (inherent shortcut of [`ReadableConfig::get`]).
    #[inline]
    pub fn get<T: OptionValue>(&self, option: &ConfigOption<T>) -> T {
        ReadableConfig::get(self, option)
    }

    /// Reads an option when set (inherent shortcut of [`ReadableConfig::get_optional`]).
    #[inline]
    pub fn get_optional<T: OptionValue>(&self, option: &ConfigOption<T>) -> Option<T> {
        ReadableConfig::get_optional(self, option)
    }

    /// Reads an option, reporting a bad stored value (inherent shortcut of
    /// [`ReadableConfig::try_get`]).
    pub fn try_get<T: OptionValue>(&self, option: &ConfigOption<T>) -> Result<T, ConfigError> {
        ReadableConfig::try_get(self, option)
    }
}

fn new_entry(
    key: Cow<'static, str>,
    raw: &str,
    typed: Option<Stored>,
    source: Source,
    sensitive: bool,
) -> ConfigEntry {
    ConfigEntry {
        key,
        raw: raw.to_owned(),
        typed,
        parsed: OnceLock::new(),
        source,
        sensitive,
        warned_deprecated: AtomicBool::new(false),
    }
}

impl ReadableConfig for Configuration {
    #[inline]
    fn entry_for(&self, key: &OptionKey) -> Option<&ConfigEntry> {
        match self.entries.get(&key.hash()) {
            Some(e) if same_key(&e.key, key.name()) => Some(e),
            _ if self.collisions.is_empty() => None,
            _ => self.collisions.iter().find(|e| e.key == key.name()),
        }
    }
}

#[inline]
fn same_key(a: &str, b: &str) -> bool {
    a.len() == b.len() && (core::ptr::eq(a.as_ptr(), b.as_ptr()) || a == b)
}

impl fmt::Debug for Configuration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(self.iter().map(|e| (e.key(), e.display_value())))
            .finish()
    }
}
