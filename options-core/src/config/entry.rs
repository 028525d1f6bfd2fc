//! [`ConfigEntry`]: one key's setting, its typed value (set eagerly or parsed on first read) and its
//! source.

use std::borrow::Cow;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

use super::Source;
use crate::error::ConfigError;
use crate::option::MASK;
use crate::value::{OptionValue, Stored};

/// One key's setting in a [`Configuration`](super::Configuration): the key as written, the value string and where it came
/// from.
pub struct ConfigEntry {
    pub(super) key: Cow<'static, str>,
    pub(super) raw: String,
    /// The typed value, when known at set time (typed sets, validated string sets).
    pub(super) typed: Option<Stored>,
    /// The typed value parsed on first read, for strings set without validation.
    pub(super) parsed: OnceLock<Stored>,
    pub(super) source: Source,
    pub(super) sensitive: bool,
    pub(super) warned_deprecated: AtomicBool,
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
    pub(super) fn read<T: OptionValue>(&self) -> Result<T, ConfigError> {
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

pub(super) fn new_entry(
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
