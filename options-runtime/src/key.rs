//! [`OptionKey`]: a declared key with its hash computed once (by the derive, or in a `const`), and
//! the comparison every string-keyed lookup makes against it.

use core::fmt;

pub use options_grammar::key::key_hash;

/// Whether two keys are equal, comparing eight bytes at a time inline: resolving a key given as a
/// string (every `set_str`, `SET`) compares it with a declared key, and for keys this short a call
/// to `memcmp` costs more than the comparison. (Typed reads compare pointers first instead.)
#[inline]
pub(crate) fn same_key_bytes(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    if core::ptr::eq(a.as_ptr(), b.as_ptr()) {
        return true;
    }
    if a.len() < 8 {
        return a == b;
    }
    let word = |s: &[u8], at: usize| u64::from_le_bytes(s[at..at + 8].try_into().unwrap_or([0; 8]));
    let last = a.len() - 8;
    let mut at = 0;
    while at < last {
        if word(a, at) != word(b, at) {
            return false;
        }
        at += 8;
    }
    // The last eight bytes, overlapping the previous word when the length is not a multiple of 8.
    word(a, last) == word(b, last)
}

/// A key together with its precomputed [`key_hash`].
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct OptionKey {
    name: &'static str,
    hash: u64,
}

impl OptionKey {
    /// A key; the hash is computed here (at compile time in a `const`).
    pub const fn new(name: &'static str) -> Self {
        OptionKey {
            name,
            hash: key_hash(name),
        }
    }

    /// A key with its hash already computed (by the derive, with this crate's [`key_hash`]):
    /// evaluating the hash in a `const` costs the compiler far more than the macro computing it.
    #[doc(hidden)]
    pub const fn __prehashed(name: &'static str, hash: u64) -> Self {
        OptionKey { name, hash }
    }

    /// The dotted key, e.g. `table.exec.state.ttl`.
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// The precomputed hash of the key.
    pub const fn hash(&self) -> u64 {
        self.hash
    }
}

impl fmt::Debug for OptionKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.name, f)
    }
}

impl fmt::Display for OptionKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}
