//! [`ConfigEntry`]: one key's setting, its typed value (set eagerly or parsed on first read) and its
//! source.

use std::borrow::Cow;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

use super::source::SetSource;
use super::Source;
use crate::error::ConfigError;
use crate::option::{OptionMeta, SetParse};
use crate::sensitive::MASK;
use crate::value::{OptionValue, Stored, ValueError};

/// One key's setting in a [`Configuration`](super::Configuration): the key as written, the value string and where it came
/// from.
pub struct ConfigEntry {
    pub(super) key: Cow<'static, str>,
    pub(super) raw: String,
    /// The typed value, when known at set time (typed sets, validated string sets).
    pub(super) typed: Option<Stored>,
    /// The typed value parsed on first read, for strings set without validation. Boxed: it is
    /// rarely there, and an entry 16 bytes smaller is 2 MB less to fault in when a file of
    /// 60,000 keys loads.
    pub(super) parsed: OnceLock<Box<Stored>>,
    pub(super) source: Source,
    /// Masked when displayed: known sensitive when set, or read through a sensitive handle since.
    pub(super) sensitive: AtomicBool,
    pub(super) warned_deprecated: AtomicBool,
    /// The option the configuration's catalogue resolved the key to when the value was last set
    /// by string (not as a pattern instance): setting the key by string again validates with it
    /// without resolving the key a second time. `None` for every other kind of set.
    pub(super) declared: Option<&'static OptionMeta>,
    /// How `declared` parses a value set by string ([`OptionMeta::set_parse`]); meaningless
    /// without it.
    pub(super) declared_parse: SetParse,
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
        if self.is_sensitive() {
            MASK
        } else {
            &self.raw
        }
    }

    /// Whether the value is masked when displayed.
    pub fn is_sensitive(&self) -> bool {
        self.sensitive.load(Ordering::Relaxed)
    }

    /// Where the value came from.
    pub fn source(&self) -> &Source {
        &self.source
    }

    /// Reads the typed value: the cached one when it has this type, else parses (and caches).
    ///
    /// Reading through a sensitive option's handle marks the entry sensitive, so a value set by
    /// string in a configuration whose catalogue does not declare the option is masked from then
    /// on (and in this read's errors).
    #[inline]
    pub(super) fn read<T: OptionValue>(&self, meta: &OptionMeta) -> Result<T, ConfigError> {
        // A constant for a declared handle: the branch folds away for non-sensitive options.
        if meta.sensitive {
            self.mark_sensitive();
        }
        if let Some(v) = self.typed.as_ref().and_then(T::__from_stored) {
            return Ok(v);
        }
        self.read_slow(meta)
    }

    /// Replaces the setting in place, keeping the value string's buffer.
    #[inline(always)]
    pub(super) fn replace(
        &mut self,
        raw: &str,
        typed: Typed,
        source: impl SetSource,
        sensitive: bool,
    ) {
        // The typed value before the value string: stored after a `memcpy` call (which copies
        // strings longer than `set_text` copies in line), it was spilled around the call and
        // reloaded with a wider load than its stores (a failed store-to-load forward, a fifth of
        // a re-set's time in `perf annotate`).
        self.typed = typed.value;
        self.declared = typed.declared;
        self.declared_parse = typed.declared_parse;
        self.parsed = OnceLock::new();
        // By reference, copied only when it differs: a re-set from the same kind of source (the
        // common case) writes nothing, where a move copied all 32 bytes through the stack.
        if !source.same_as(&self.source) {
            self.source = source.to_source();
        }
        // Sticky: once known sensitive (declared, or read through a sensitive handle), a key
        // stays masked.
        *self.sensitive.get_mut() |= sensitive;
        set_text(&mut self.raw, raw);
    }

    #[cold]
    fn mark_sensitive(&self) {
        self.sensitive.store(true, Ordering::Relaxed);
    }

    #[cold]
    #[inline(never)]
    fn read_slow<T: OptionValue>(&self, meta: &OptionMeta) -> Result<T, ConfigError> {
        if let Some(v) = self.parsed.get().and_then(|s| T::__from_stored(s)) {
            return Ok(v);
        }
        // Parsed and checked by the option's own parser (the parser of `T`, type-erased), so
        // each value type's copy of this function is only the conversion below.
        let stored = self.parse_raw(meta)?;
        T::__from_stored(stored).ok_or_else(|| self.not_of_type(meta))
    }

    /// The value string parsed and checked by `meta` (its parser, constraint and validator),
    /// kept for the next read.
    #[cold]
    #[inline(never)]
    fn parse_raw(&self, meta: &OptionMeta) -> Result<&Stored, ConfigError> {
        let stored = meta.__parse_stored(&self.raw).map_err(|e| {
            ConfigError::invalid_value(self.key.clone().into_owned(), e, self.is_sensitive())
        })?;
        Ok(self.parsed.get_or_init(|| Box::new(stored)))
    }

    /// A value `meta` parsed that is not of the type read: a handle whose type is not its
    /// option's (never for derived handles).
    #[cold]
    #[inline(never)]
    fn not_of_type(&self, meta: &OptionMeta) -> ConfigError {
        let e = ValueError::new(
            &self.raw,
            meta.value_type,
            "the handle's type is not the option's",
        );
        ConfigError::invalid_value(self.key.clone().into_owned(), e, self.is_sensitive())
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
            sensitive: AtomicBool::new(self.is_sensitive()),
            warned_deprecated: AtomicBool::new(self.warned_deprecated.load(Ordering::Relaxed)),
            declared: self.declared,
            declared_parse: self.declared_parse,
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

/// What a set keeps besides the value string: the typed value when known, and the option that
/// validated it when the key was resolved through the configuration's catalogue.
pub(super) struct Typed {
    pub(super) value: Option<Stored>,
    pub(super) declared: Option<&'static OptionMeta>,
    pub(super) declared_parse: SetParse,
}

impl Typed {
    /// `value` parsed and validated by `meta`, the option the catalogue resolved `key` to; the
    /// error is masked when the option is sensitive.
    #[inline(always)]
    pub(super) fn declared(
        meta: &'static OptionMeta,
        key: &str,
        value: &str,
    ) -> Result<Self, ConfigError> {
        Self::declared_as(meta, meta.set_parse(), key, value)
    }

    /// [`declared`](Self::declared) with `meta`'s [`SetParse`] kept from an earlier set.
    #[inline(always)]
    pub(super) fn declared_as(
        meta: &'static OptionMeta,
        how: SetParse,
        key: &str,
        value: &str,
    ) -> Result<Self, ConfigError> {
        match meta.parse_stored_as(how, value) {
            Ok(stored) => Ok(Typed {
                value: Some(stored),
                declared: Some(meta),
                declared_parse: how,
            }),
            Err(e) => Err(ConfigError::invalid_value(key, e, meta.is_sensitive())),
        }
    }

    /// The typed value of a file loader's setting, `meta` the option its key resolved to.
    pub(super) fn loaded(meta: &'static OptionMeta, value: Option<Stored>) -> Self {
        Typed {
            value,
            declared: Some(meta),
            declared_parse: meta.set_parse(),
        }
    }

    /// A typed value (or none) not validated through the catalogue.
    pub(super) fn unresolved(value: Option<Stored>) -> Self {
        Typed {
            value,
            declared: None,
            declared_parse: SetParse::Checked,
        }
    }
}

pub(super) fn new_entry(
    key: Cow<'static, str>,
    raw: impl Into<String>,
    typed: Typed,
    source: Source,
    sensitive: bool,
) -> ConfigEntry {
    ConfigEntry {
        key,
        raw: raw.into(),
        typed: typed.value,
        declared: typed.declared,
        declared_parse: typed.declared_parse,
        parsed: OnceLock::new(),
        source,
        sensitive: AtomicBool::new(sensitive),
        warned_deprecated: AtomicBool::new(false),
    }
}

/// `text` replaced by `value`, in its own buffer. A value of up to 8 bytes (a boolean, a number,
/// `3 min`, `64 mb`) is copied as a constant-size move the compiler inlines, not by a `memcpy`
/// call, which was a re-set's only call into libc (about 20 instructions of its 330). Going on to
/// 16 bytes made the whole set slower: the larger jump table cost more than it saved.
#[inline(always)]
fn set_text(text: &mut String, value: &str) {
    /// `value` is `N` bytes long. Checking it through `first_chunk` (rather than slicing the
    /// string) is what lets the compiler see the constant size: 13 fewer instructions a set.
    #[inline(always)]
    fn push<const N: usize>(text: &mut String, value: &str) {
        match value.as_bytes().first_chunk::<N>() {
            Some(bytes) if bytes.len() == value.len() => text.push_str(&value[..N]),
            _ => text.push_str(value),
        }
    }
    text.clear();
    match value.len() {
        1 => push::<1>(text, value),
        2 => push::<2>(text, value),
        3 => push::<3>(text, value),
        4 => push::<4>(text, value),
        5 => push::<5>(text, value),
        6 => push::<6>(text, value),
        7 => push::<7>(text, value),
        8 => push::<8>(text, value),
        _ => text.push_str(value),
    }
}
