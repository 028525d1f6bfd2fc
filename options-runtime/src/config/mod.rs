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

mod entry;
mod group_read;
mod read;
mod source;

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

pub use entry::ConfigEntry;
#[doc(hidden)]
pub use group_read::GroupReader;
pub use read::ReadableConfig;
pub use source::Source;

use crate::catalogue::{Catalogue, KeyRole};
use crate::error::ConfigError;
use crate::option::{key_hash, ConfigOption, OptionKey, OptionMeta};
use crate::prehashed::PrehashedMap;
use crate::sensitive::Reading;
use crate::value::{OptionValue, Stored};
use entry::{new_entry, Typed};
use source::SetSource;

type EntryMap = PrehashedMap<ConfigEntry>;

/// How a file loader resolved a key through a configuration's catalogue (see
/// [`Configuration::store_loaded`]).
#[cfg_attr(not(feature = "yaml"), allow(dead_code))] // used by the `config.yaml` loader
pub(crate) enum LoadedKey {
    /// An option's key, fallback key or deprecated key, with its declared spelling.
    Declared(&'static OptionMeta, &'static str),
    /// An instance of this pattern option.
    Instance(&'static OptionMeta),
    /// No option's (kept as a string, parsed on first read).
    Undeclared,
}

/// A key -> value store: one layer of configuration.
///
/// ```
/// use std::time::Duration;
/// use options_core::prelude::*;
/// use options_core::DefaultValue;
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
    ///
    /// # Errors
    ///
    /// A value outside the option's declared constraint (`min`, `max`, `one_of`) is refused, as
    /// `set_str` refuses it: the typed API is fallible so that no entry lets such a value in.
    pub fn set<T: OptionValue>(
        &mut self,
        option: &ConfigOption<T>,
        value: T,
    ) -> Result<&mut Self, ConfigError> {
        self.set_with_source(option, value, Source::Application)
    }

    /// Sets a typed value with its provenance; refused like [`set`](Self::set).
    pub fn set_with_source<T: OptionValue>(
        &mut self,
        option: &ConfigOption<T>,
        value: T,
        source: Source,
    ) -> Result<&mut Self, ConfigError> {
        let meta = option.meta();
        if value.__is_absent() {
            self.remove_key(meta.key.hash(), meta.key.name());
            return Ok(self);
        }
        let raw = value.to_config_string();
        let stored = value.__into_stored();
        meta.check_stored(&raw, &stored)
            .map_err(|e| ConfigError::invalid_value(meta.key.name(), e, meta.is_sensitive()))?;
        self.insert(
            meta.key.hash(),
            Cow::Borrowed(meta.key.name()),
            &raw,
            Typed::unresolved(Some(stored)),
            source,
            meta.is_sensitive(),
        );
        Ok(self)
    }

    /// Sets a value by key and string (as set by the application). When the catalogue knows the key,
    /// the value is validated now; otherwise it is kept and parsed on the first typed read.
    // A hint, not a rule: where the compiler judges it worth it (a loop of sets), the call and
    // its register saves go (13.1 -> 11.8 ns a set of four values in turn); elsewhere it stays a
    // call. The release `flinkconf` binary grew by 672 bytes with it.
    #[inline]
    pub fn set_str(&mut self, key: &str, value: &str) -> Result<&mut Self, ConfigError> {
        // Its own copy of the set, where the source is a constant: comparing it with the entry's
        // and dropping it are a few instructions rather than a jump table and a call.
        self.set_str_from(key, value, source::Application)
    }

    /// Sets a value by key and string, with its provenance.
    pub fn set_str_with_source(
        &mut self,
        key: &str,
        value: &str,
        source: Source,
    ) -> Result<&mut Self, ConfigError> {
        self.set_str_from(key, value, &source)
    }

    /// [`set_str_with_source`](Self::set_str_with_source), expanded in each of its two callers.
    #[inline(always)]
    fn set_str_from(
        &mut self,
        key: &str,
        value: &str,
        source: impl SetSource,
    ) -> Result<&mut Self, ConfigError> {
        // The common cases in straight-line code. A key already set by string under this
        // catalogue: validated with the option found then, and replaced in place.
        let hash = key_hash(key);
        if let Some(e) = self.entries.get_mut(&hash) {
            if let Some(meta) = e.declared.filter(|_| same_key_words(&e.key, key)) {
                let typed = Typed::declared_as(meta, e.declared_parse, key, value)?;
                e.replace(value, typed, source, meta.is_sensitive());
                return Ok(self);
            }
        }
        self.set_str_resolving(hash, key, value, source.to_source())
    }

    /// [`set_str_with_source`](Self::set_str_with_source) for a key not yet set by string here:
    /// resolved through the catalogue.
    #[inline(never)]
    fn set_str_resolving(
        &mut self,
        hash: u64,
        key: &str,
        value: &str,
        source: Source,
    ) -> Result<&mut Self, ConfigError> {
        // An option's own key (or a fallback or deprecated spelling of it), stored under the
        // declared spelling. Pattern instances and undeclared keys take the paths below.
        let known = self
            .catalogue
            .as_ref()
            .and_then(|c| c.resolve_spelled(key, hash));
        let Some((resolved, spelled)) = known else {
            return self.set_undeclared(hash, key, value, source);
        };
        if resolved.role == KeyRole::Pattern {
            return self.set_pattern_instance(resolved.meta, hash, key, value, source);
        }
        let meta = resolved.meta;
        let typed = Typed::declared(meta, key, value)?;
        // The one rule (`Resolved::masks`); for an own key its answer is the declared flag.
        let sensitive = match resolved.role {
            KeyRole::Key => meta.is_sensitive(),
            _ => resolved.masks(key, Reading::Typed),
        };
        self.insert(
            hash,
            Cow::Borrowed(spelled),
            value,
            typed,
            source,
            sensitive,
        );
        Ok(self)
    }

    /// A key the catalogue does not declare: kept as a string, parsed on the first typed read;
    /// refused when the catalogue's release does not read it though another release does (an
    /// option added later or removed): such a value would silently do nothing.
    #[cold]
    #[inline(never)]
    fn set_undeclared(
        &mut self,
        hash: u64,
        key: &str,
        value: &str,
        source: Source,
    ) -> Result<&mut Self, ConfigError> {
        if let Some(absent) = self.catalogue.as_ref().and_then(|c| c.absent(key)) {
            return Err(absent.error(key));
        }
        let sensitive = match &self.catalogue {
            Some(catalogue) => catalogue.is_secret(key),
            None => crate::sensitive::is_secret(key),
        };
        let name = Cow::Owned(key.to_owned());
        self.insert(
            hash,
            name,
            value,
            Typed::unresolved(None),
            source,
            sensitive,
        );
        Ok(self)
    }

    /// An instance of a pattern key: validated by the pattern's option, kept under its own
    /// spelling, and a secret when the pattern is, or when the instance's key names one and the
    /// type can hold it ([`OptionMeta::masks`]).
    #[cold]
    #[inline(never)]
    fn set_pattern_instance(
        &mut self,
        meta: &OptionMeta,
        hash: u64,
        key: &str,
        value: &str,
        source: Source,
    ) -> Result<&mut Self, ConfigError> {
        let sensitive = meta.masks_instance(key);
        let stored = meta
            .__parse_stored(value)
            .map_err(|e| ConfigError::invalid_value(key, e, sensitive))?;
        let name = Cow::Owned(key.to_owned());
        let typed = Typed::unresolved(Some(stored));
        self.insert(hash, name, value, typed, source, sensitive);
        Ok(self)
    }

    /// Makes room for `additional` more keys at once (a loader that knows how many it stores).
    #[cfg_attr(not(feature = "yaml"), allow(dead_code))] // used by the `config.yaml` loader
    pub(crate) fn reserve(&mut self, additional: usize) {
        self.entries.reserve(additional);
    }

    /// Stores a setting a file loader has already resolved through this configuration's
    /// catalogue and parsed (`stored`), as [`set_str_with_source`](Self::set_str_with_source)
    /// would store it, but moving the key and value strings in rather than copying them.
    #[cfg_attr(not(feature = "yaml"), allow(dead_code))] // used by the `config.yaml` loader
    pub(crate) fn store_loaded(
        &mut self,
        key: String,
        value: String,
        how: LoadedKey,
        stored: Option<Stored>,
        source: Source,
    ) {
        let hash = key_hash(&key);
        let (name, typed, sensitive) = match how {
            LoadedKey::Declared(meta, spelled) => {
                let typed = Typed::loaded(meta, stored);
                (Cow::Borrowed(spelled), typed, meta.masks(spelled))
            }
            LoadedKey::Instance(meta) => {
                let sensitive = meta.masks_instance(&key);
                (Cow::Owned(key), Typed::unresolved(stored), sensitive)
            }
            LoadedKey::Undeclared => {
                let sensitive = crate::sensitive::is_secret(&key);
                (Cow::Owned(key), Typed::unresolved(None), sensitive)
            }
        };
        let entry = new_entry(name, value, typed, source, sensitive);
        if let Err(entry) = self.entries.insert_new(hash, entry) {
            self.store_taken(hash, entry);
        }
    }

    /// Stores `entry` where its hash is taken already: over the same key's entry, else among the
    /// collisions.
    #[cold]
    fn store_taken(&mut self, hash: u64, entry: ConfigEntry) {
        match self.entries.get_mut(&hash) {
            Some(e) if e.key == entry.key => {
                // Sticky, as in a re-set: a key once known sensitive stays masked.
                let sensitive = e.is_sensitive() || entry.is_sensitive();
                *e = entry;
                *e.sensitive.get_mut() = sensitive;
            }
            _ => match self.collisions.iter_mut().find(|e| e.key == entry.key) {
                Some(slot) => *slot = entry,
                None => self.collisions.push(entry),
            },
        }
    }

    /// Stores a setting: in place when the key is already set (repeated sets of one key do not
    /// allocate), else as a new entry.
    #[inline(always)]
    fn insert(
        &mut self,
        hash: u64,
        name: Cow<'static, str>,
        raw: &str,
        typed: Typed,
        source: Source,
        sensitive: bool,
    ) {
        match self.entries.get_mut(&hash) {
            Some(e) if same_key(&e.key, &name) => e.replace(raw, typed, &source, sensitive),
            _ => self.insert_new(hash, name, raw, typed, source, sensitive),
        }
    }

    #[cold]
    #[inline(never)]
    fn insert_new(
        &mut self,
        hash: u64,
        name: Cow<'static, str>,
        raw: impl Into<String>,
        typed: Typed,
        source: Source,
        sensitive: bool,
    ) {
        let entry = new_entry(name, raw, typed, source, sensitive);
        match self.entries.get(&hash) {
            // Another key with the same hash is set already.
            Some(_) => match self.collisions.iter_mut().find(|e| e.key == entry.key) {
                Some(slot) => *slot = entry,
                None => self.collisions.push(entry),
            },
            None => {
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
                Typed::unresolved(
                    e.typed
                        .clone()
                        .or_else(|| e.parsed.get().map(|s| Stored::clone(s))),
                ),
                e.source.clone(),
                e.is_sensitive(),
            );
        }
    }
}

impl ReadableConfig for Configuration {
    fn release(&self) -> Option<crate::release::Release> {
        self.catalogue.as_ref().and_then(|c| c.release())
    }

    // Always inline: a typed read is this probe, once per layer.
    #[inline(always)]
    fn entry_for(&self, key: &OptionKey) -> Option<&ConfigEntry> {
        match self.entries.get(&key.hash()) {
            Some(e) if same_key(&e.key, key.name()) => Some(e),
            _ if self.collisions.is_empty() => None,
            _ => self.collision(key.name()),
        }
    }
}

impl Configuration {
    /// The entry of a key whose hash another key's entry holds (out of line: practically never).
    #[cold]
    #[inline(never)]
    fn collision(&self, key: &str) -> Option<&ConfigEntry> {
        self.collisions.iter().find(|e| e.key == key)
    }
}

/// Whether an entry's key is `b`. Typed reads inline this with the handle's key, whose length is
/// a constant, so the byte comparison becomes a few inline loads rather than a call.
///
/// No test of the two addresses first: a handle's key is a literal of the crate that reads it,
/// and the entry's is the catalogue's or the file's, so they nearly never share one; the test
/// cost every read three instructions (`get_duration_typed` 2.80 -> 2.70 ns without it).
#[inline(always)]
fn same_key(a: &str, b: &str) -> bool {
    a.len() == b.len() && a == b
}

/// [`same_key`] for a key of unknown length (a string-keyed set): after the length and the
/// address, a key of 8 to 32 bytes (nearly every key) is compared as its first and last 8 or 16
/// bytes, without a call.
#[inline]
fn same_key_words(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    match a.len() {
        16..=32 => ends_equal::<16>(a, b),
        8..16 => ends_equal::<8>(a, b),
        _ => a == b,
    }
}

/// Whether the first and the last `N` bytes of `a` and `b` agree (both at least `N` long), as
/// XORs of whole words and one branch for both ends.
#[inline(always)]
fn ends_equal<const N: usize>(a: &[u8], b: &[u8]) -> bool
where
    [u8; N]: Word,
{
    match (
        a.first_chunk::<N>(),
        b.first_chunk::<N>(),
        a.last_chunk::<N>(),
        b.last_chunk::<N>(),
    ) {
        (Some(a0), Some(b0), Some(a1), Some(b1)) => a0.differ(b0) | a1.differ(b1) == 0,
        _ => false,
    }
}

/// A chunk of key bytes compared as one integer (not as a loop over bytes, whose inlining the
/// compiler may decide against in a large caller).
trait Word {
    /// The bits in which `self` and `other` differ.
    fn differ(&self, other: &Self) -> u128;
}

impl Word for [u8; 8] {
    #[inline(always)]
    fn differ(&self, other: &Self) -> u128 {
        u128::from(u64::from_le_bytes(*self) ^ u64::from_le_bytes(*other))
    }
}

impl Word for [u8; 16] {
    #[inline(always)]
    fn differ(&self, other: &Self) -> u128 {
        u128::from_le_bytes(*self) ^ u128::from_le_bytes(*other)
    }
}

impl fmt::Debug for Configuration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(self.iter().map(|e| (e.key(), e.display_value())))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::same_key_words as same_key;
    use std::sync::Arc;

    use super::Configuration;
    use crate::Catalogue;
    use options_macros::Options;

    /// One string option.
    #[derive(Clone, Debug, PartialEq, Options)]
    #[options(section = "names", title = "Names")]
    struct Names {
        /// A name.
        #[option(key = "pipeline.name")]
        name: Option<String>,
    }

    /// A re-set replaces the value string in place (copied by size class, see `set_text`): every
    /// length from empty to past the inline sizes, ASCII and multi-byte, reads back exactly, after
    /// a longer and after a shorter value.
    #[test]
    fn a_reset_keeps_exactly_the_new_value_string_at_every_length() {
        let key = "pipeline.name";
        let mut config =
            Configuration::with_catalogue(Arc::new(Catalogue::new().with::<Names>().unwrap()));
        let text = "abcdefghijklmnopqrstuvwxyz-µ-é-漢字";
        let lengths: Vec<usize> = (0..=text.len())
            .filter(|&n| text.is_char_boundary(n))
            .collect();
        for &n in lengths.iter().chain(lengths.iter().rev()) {
            let value = &text[..n];
            config.set_str(key, value).unwrap();
            assert_eq!(config.entry(key).map(|e| e.value()), Some(value));
        }
    }

    /// A key differing from another of the same length in any one byte is another key, at every
    /// length (each way `same_key` reads bytes); equal keys at other addresses are the same key.
    #[test]
    fn same_key_sees_every_byte_at_every_length() {
        let text = "table.exec.async-lookup.timeout.and-a-longer-tail";
        for len in 0..=text.len() {
            let key = &text[..len];
            let copy = key.to_owned();
            assert!(same_key(key, &copy), "{key:?}");
            for at in 0..len {
                let mut other = copy.clone().into_bytes();
                other[at] = b'#';
                let other = String::from_utf8(other).unwrap();
                assert!(!same_key(key, &other), "{key:?} vs {other:?}");
            }
            assert!(!same_key(key, &text[..len.saturating_sub(1)]) || len == 0);
        }
    }
}
