//! Maps keyed by a key's compile-time hash ([`key_hash`](crate::option::key_hash)), which need no
//! second hashing: the index of a [`Configuration`](crate::Configuration) and of a
//! [`Catalogue`](crate::Catalogue).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A hasher for keys that are already hashed ([`key_hash`](crate::option::key_hash)).
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

/// A map keyed by [`key_hash`](crate::option::key_hash) values, which need no second hashing.
pub(crate) type PrehashedMap<V> = HashMap<u64, V, BuildHasherDefault<PrehashedKey>>;
