//! [`GroupReader`]: what a derived group's `from_config` and `Default` run.
//!
//! Why it exists: the derive used to emit one generic `from_config` body per group (a read per
//! field, then a match over every result). A generic body is type-checked, optimised and written
//! into crate metadata for later instantiation, and at a hundred fields that was the largest
//! compile cost of a declaration. Now the generic part is one line that erases the configuration
//! type, and the per-field reads live in one plain function per group, compiled once.

use super::{ConfigEntry, ReadableConfig};
use crate::error::{ConfigError, ConfigErrors};
use crate::option::{ConfigOption, OptionKey, OptionMeta};
use crate::release::Release;
use crate::value::OptionValue;

/// Any [`ReadableConfig`], behind a pointer (the trait itself has generic methods).
trait ErasedConfig {
    fn lookup_erased(&self, meta: &OptionMeta) -> Option<&ConfigEntry>;
    fn release_erased(&self) -> Option<Release>;
}

impl<C: ReadableConfig + ?Sized> ErasedConfig for C {
    #[inline]
    fn lookup_erased(&self, meta: &OptionMeta) -> Option<&ConfigEntry> {
        self.lookup(meta)
    }

    fn release_erased(&self) -> Option<Release> {
        self.release()
    }
}

/// A configuration with nothing set: reading a group from it gives every declared default.
struct NothingSet;

impl ReadableConfig for NothingSet {
    fn entry_for(&self, _: &OptionKey) -> Option<&ConfigEntry> {
        None
    }
}

/// Reads the options of one group from one configuration, collecting every error.
pub struct GroupReader<'a> {
    config: &'a dyn ErasedConfig,
    errors: Vec<ConfigError>,
}

impl<'a> GroupReader<'a> {
    /// Reads from `config`.
    pub fn new<C: ReadableConfig>(config: &'a C) -> Self {
        GroupReader {
            config,
            errors: Vec::new(),
        }
    }

    /// Reads from a configuration with nothing set (every option at its default).
    pub fn defaults() -> GroupReader<'static> {
        GroupReader {
            config: &NothingSet,
            errors: Vec::new(),
        }
    }

    /// The option's value; on a bad stored value the error is kept and the default stands in
    /// (the group is then not returned: see [`finish`](Self::finish)).
    #[inline]
    pub fn read<T: OptionValue>(&mut self, option: &ConfigOption<T>) -> T {
        let meta = option.meta();
        match self.config.lookup_erased(meta).map(|e| e.read(meta)) {
            None => self.default_of(option),
            Some(Ok(value)) => value,
            Some(Err(e)) => {
                self.errors.push(e);
                self.default_of(option)
            }
        }
    }

    /// The default as the configuration's release has it (see [`ReadableConfig::get`]).
    #[inline]
    fn default_of<T: OptionValue>(&self, option: &ConfigOption<T>) -> T {
        if option.meta().changes.is_empty() {
            return option.default_value().get();
        }
        super::read::release_default(option, self.config.release_erased())
    }

    /// Every error of the reads, in field order; `None` when every read succeeded. Not generic
    /// over the group (the derive matches on it), so no group pays for a copy of it.
    pub fn finish(self) -> Option<ConfigErrors> {
        if self.errors.is_empty() {
            None
        } else {
            Some(ConfigErrors(self.errors))
        }
    }

    /// A read of the declared defaults ([`defaults`](Self::defaults)) failed, which cannot
    /// happen: declared defaults are checked at compile time.
    #[cold]
    pub fn defaults_failed(e: ConfigErrors) -> ! {
        unreachable!("declared defaults are values, never parsed: {e}")
    }
}

impl std::fmt::Debug for GroupReader<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GroupReader")
            .field("errors", &self.errors.len())
            .finish_non_exhaustive()
    }
}
