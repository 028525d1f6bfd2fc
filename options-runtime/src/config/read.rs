//! [`ReadableConfig`]: typed reads through an option's key, fallback keys and deprecated keys.

use std::sync::atomic::Ordering;

use super::ConfigEntry;
use crate::error::ConfigError;
use crate::history::Presence;
use crate::option::{ConfigOption, DefaultDoc, OptionKey, OptionMeta};
use crate::release::Release;
use crate::value::OptionValue;

/// Typed reads, shared by every kind of configuration ([`Configuration`](super::Configuration),
/// layered ones, an engine's own views): the one way to read an option through its handle.
/// `use options_core::prelude::*;` brings it into scope.
///
/// ```
/// use std::time::Duration;
/// use options_core::prelude::*;
/// use options_core::layers::LayeredConfig;
///
/// /// Options of a cache.
/// #[derive(Options)]
/// #[options(section = "cache", title = "Cache Options")]
/// pub struct CacheOptions {
///     /// How long an entry lives.
///     #[option(key = "cache.ttl", default = "1 min")]
///     pub ttl: Duration,
/// }
///
/// // Code that reads options takes any configuration.
/// fn ttl(config: &impl ReadableConfig) -> Duration {
///     config.get(&CacheOptions::TTL)
/// }
///
/// let mut config = Configuration::new();
/// assert_eq!(ttl(&config), Duration::from_secs(60));
/// config.set_str("cache.ttl", "5 s").unwrap();
/// assert_eq!(ttl(&config), Duration::from_secs(5));
/// assert_eq!(ttl(&LayeredConfig::from(config)), Duration::from_secs(5));
/// ```
pub trait ReadableConfig {
    /// The entry that answers `key` (exactly that spelling), if set.
    fn entry_for(&self, key: &OptionKey) -> Option<&ConfigEntry>;

    /// The release whose defaults unset options read as (the catalogue's release), if any.
    fn release(&self) -> Option<Release> {
        None
    }

    /// The entry that answers an option: its key, then fallback keys, then deprecated keys, as
    /// the configuration's release spells them (a deprecated key in use is logged once, naming the
    /// replacement).
    // Always inline: every typed read is this probe (once per layer), and a call costs as much.
    #[inline(always)]
    fn lookup(&self, meta: &OptionMeta) -> Option<&ConfigEntry> {
        // The option's own key without a closure in between (every typed read takes this path).
        if let Some(e) = self.entry_for(&meta.key) {
            return Some(e);
        }
        if meta.fallback_keys.is_empty()
            && meta.deprecated_keys.is_empty()
            && meta.changes.is_empty()
        {
            return None;
        }
        lookup_alternatives(meta, self.release(), |k| self.entry_for(k))
    }

    /// The value of an option, or its default when unset. A stored value that does not parse is
    /// logged and the default is returned; use [`try_get`](Self::try_get) to see the error.
    #[inline]
    fn get<T: OptionValue>(&self, option: &ConfigOption<T>) -> T {
        match self.lookup(option.meta()) {
            None => default_of(option, self),
            Some(entry) => entry
                .read(option.meta())
                .unwrap_or_else(|e| log_and_default(option, &e)),
        }
    }

    /// The value of an option when it is set (by its key, a fallback or a deprecated key), else
    /// `None`. A stored value that does not parse is logged and gives `None`.
    #[inline]
    fn get_optional<T: OptionValue>(&self, option: &ConfigOption<T>) -> Option<T> {
        let entry = self.lookup(option.meta())?;
        entry
            .read(option.meta())
            .map_err(|e| log::error!("{e}"))
            .ok()
    }

    /// The value of an option, or its default when unset; an error when the stored value does not
    /// parse.
    fn try_get<T: OptionValue>(&self, option: &ConfigOption<T>) -> Result<T, ConfigError> {
        match self.lookup(option.meta()) {
            None => Ok(default_of(option, self)),
            Some(entry) => entry.read(option.meta()),
        }
    }

    /// Whether an option is set, by its key, a fallback key or a deprecated key.
    fn contains<T: OptionValue>(&self, option: &ConfigOption<T>) -> bool {
        self.lookup(option.meta()).is_some()
    }
}

#[cold]
#[inline(never)]
fn lookup_alternatives<'a>(
    meta: &OptionMeta,
    release: Option<Release>,
    find: impl Fn(&OptionKey) -> Option<&'a ConfigEntry>,
) -> Option<&'a ConfigEntry> {
    // An older release may read other spellings (`table.exec.topn-cache-size` until 2.0): the
    // configuration's release decides, not the declaration's newest shape.
    let older = release
        .filter(|_| {
            meta.changes
                .iter()
                .any(|c| c.fallback_keys.is_some() || c.deprecated_keys.is_some())
        })
        .and_then(|r| match meta.at(r) {
            Presence::Present(view) => Some(view),
            _ => None,
        });
    let (fallback_keys, deprecated_keys) = match &older {
        Some(view) => (view.fallback_keys, view.deprecated_keys),
        None => (meta.fallback_keys, meta.deprecated_keys),
    };
    if let Some(e) = fallback_keys.iter().find_map(&find) {
        return Some(e);
    }
    let e = deprecated_keys.iter().find_map(&find)?;
    if !e.warned_deprecated.swap(true, Ordering::Relaxed) {
        log::warn!(
            "configuration key {}",
            crate::wording::deprecated_key(&e.key, &[meta.key_str()])
        );
    }
    Some(e)
}

#[cold]
fn log_and_default<T: OptionValue>(option: &ConfigOption<T>, e: &ConfigError) -> T {
    log::error!("{e}; using the default instead");
    option.default_value().get()
}

/// The default of an unset option: as declared, or as the configuration's release has it when
/// a later release changed it (`security.ssl.verify-hostname` was `true` before 2.3). A handle is
/// a constant, so for an option that never changed the test folds away.
#[inline(always)]
pub(crate) fn default_of<T: OptionValue, C: ReadableConfig + ?Sized>(
    option: &ConfigOption<T>,
    config: &C,
) -> T {
    if option.meta().changes.is_empty() {
        return option.default_value().get();
    }
    release_default(option, config.release())
}

#[cold]
#[inline(never)]
pub(crate) fn release_default<T: OptionValue>(
    option: &ConfigOption<T>,
    release: Option<Release>,
) -> T {
    let meta = option.meta();
    if let Some(Presence::Present(view)) = release.map(|r| meta.at(r)) {
        if let (DefaultDoc::Value(text), true) = (view.default, view.default != meta.default) {
            // A default in an older type (`30000` for a Long that became a Duration) reads in
            // today's type where the grammars agree; where they do not, today's default stands.
            if let Ok(value) = T::parse_config(text) {
                return value;
            }
        }
    }
    option.default_value().get()
}
