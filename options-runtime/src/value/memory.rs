//! [`MemorySize`]: a number of bytes with Flink's 1024-based unit grammar.

use std::fmt;
use std::str::FromStr;

use super::grammar;
use super::impls::{stored_inline, value_error};
use super::ValueError;
use super::{InLine, OptionValue, TypeInfo, ValueKind};

/// A memory size in bytes (`64 mb`, `1 gb`), at most `i64::MAX` bytes (Flink's limit).
///
/// Parsed from and displayed in Flink's 1024-based grammar: `"64 mb".parse()` is
/// `MemorySize::from_mebibytes(64)`, and it displays as `64 mb` (the largest unit of
/// `tb gb mb kb bytes` that divides it exactly). See [`grammar::parse_memory_bytes`] for every
/// accepted spelling.
///
/// ```
/// use options_core::MemorySize;
///
/// const BUFFER: MemorySize = MemorySize::from_kibibytes(64);
/// assert_eq!(BUFFER.bytes(), 65_536);
/// assert_eq!(BUFFER.to_string(), "64 kb");
/// assert_eq!("64 KB".parse::<MemorySize>().unwrap(), BUFFER);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct MemorySize(u64);

const KIB: u64 = 1 << 10;
const MIB: u64 = 1 << 20;
const GIB: u64 = 1 << 30;
const TIB: u64 = 1 << 40;

impl MemorySize {
    /// No bytes.
    pub const ZERO: MemorySize = MemorySize(0);
    /// The largest size, `i64::MAX` bytes.
    pub const MAX: MemorySize = MemorySize(i64::MAX as u64);

    /// A size of `bytes` bytes.
    ///
    /// # Panics
    /// Above `i64::MAX` bytes (a compile error in a `const`); see [`MemorySize::try_from_bytes`].
    pub const fn from_bytes(bytes: u64) -> Self {
        match Self::try_from_bytes(bytes) {
            Some(size) => size,
            None => panic!("a MemorySize is at most i64::MAX bytes"),
        }
    }

    /// A size of `bytes` bytes, or `None` above `i64::MAX` bytes.
    pub const fn try_from_bytes(bytes: u64) -> Option<Self> {
        if bytes <= i64::MAX as u64 {
            Some(MemorySize(bytes))
        } else {
            None
        }
    }

    /// A size of `n` KiB (1024 bytes each).
    ///
    /// # Panics
    /// Above `i64::MAX` bytes (a compile error in a `const`).
    pub const fn from_kibibytes(n: u64) -> Self {
        Self::scaled(n, KIB)
    }

    /// A size of `n` MiB (1024 KiB each).
    ///
    /// # Panics
    /// Above `i64::MAX` bytes (a compile error in a `const`).
    pub const fn from_mebibytes(n: u64) -> Self {
        Self::scaled(n, MIB)
    }

    /// A size of `n` GiB (1024 MiB each).
    ///
    /// # Panics
    /// Above `i64::MAX` bytes (a compile error in a `const`).
    pub const fn from_gibibytes(n: u64) -> Self {
        Self::scaled(n, GIB)
    }

    /// A size of `n` TiB (1024 GiB each).
    ///
    /// # Panics
    /// Above `i64::MAX` bytes (a compile error in a `const`).
    pub const fn from_tebibytes(n: u64) -> Self {
        Self::scaled(n, TIB)
    }

    const fn scaled(n: u64, unit: u64) -> Self {
        match n.checked_mul(unit) {
            Some(bytes) => Self::from_bytes(bytes),
            None => panic!("a MemorySize is at most i64::MAX bytes"),
        }
    }

    /// The size in bytes.
    pub const fn bytes(self) -> u64 {
        self.0
    }

    /// The size in whole KiB, rounded down.
    pub const fn kibibytes(self) -> u64 {
        self.0 / KIB
    }

    /// The size in whole MiB, rounded down.
    pub const fn mebibytes(self) -> u64 {
        self.0 / MIB
    }

    /// The size in whole GiB, rounded down.
    pub const fn gibibytes(self) -> u64 {
        self.0 / GIB
    }

    /// The size in whole TiB, rounded down.
    pub const fn tebibytes(self) -> u64 {
        self.0 / TIB
    }
}

/// The canonical form: `64 kb`, `1 tb`, `1025 bytes`, `0 bytes`.
impl fmt::Display for MemorySize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&grammar::format_memory_bytes(self.0))
    }
}

/// Parses Flink's grammar (`64 mb`, `1g`, `1024`), like [`OptionValue::parse_config`].
impl FromStr for MemorySize {
    type Err = ValueError;

    fn from_str(s: &str) -> Result<Self, ValueError> {
        Self::parse_config(s)
    }
}

impl OptionValue for MemorySize {
    const TYPE: TypeInfo = TypeInfo::scalar(ValueKind::MemorySize);
    const __IN_LINE: InLine = InLine::MemorySize;

    fn parse_config(s: &str) -> Result<Self, ValueError> {
        grammar::parse_memory_bytes(s)
            .map(MemorySize)
            .map_err(|e| value_error::<Self>(s, e))
    }

    fn to_config_string(&self) -> String {
        self.to_string()
    }

    stored_inline!(Memory(size), |m| m, |m| m);
}
