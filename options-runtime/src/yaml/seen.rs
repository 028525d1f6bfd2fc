//! [`SeenKeys`]: which keys (or names) a file has given already, with the line of the first,
//! without a second copy of each key: keys are numbered in the order they are added, and the
//! caller, which keeps their text by the same number, says whether a number is the key asked for.

/// Keys found by their [`key_hash`](crate::key_hash) and compared with their text, which the
/// caller keeps. Keys whose hashes collide are told apart by their text, so a collision never
/// makes two keys one.
///
/// The table is open-addressed with linear probing and at most half full. A slot is 8 bytes, the
/// key's number and the high half of its hash; the full hash and the line are read only when that
/// half matches. Nearly every key a file gives is new, and a file of 60,000 keys has a table of
/// 1 MB, where each first look at a slot waited for memory (a tenth of the whole read). So a
/// filter of 2 bits a key, 16 times smaller, answers "never added" first, and keys are put in
/// the table only when it is next asked (a key the filter may hold): many slots then fetched at
/// once instead of one at a time between two keys' parsing.
#[derive(Default)]
pub(super) struct SeenKeys {
    /// A power of two long (or empty): 0 is free, else the hash's high half above the key's
    /// number plus one.
    slots: Vec<u64>,
    /// By number: each key's hash and line.
    keys: Vec<(u64, u32)>,
    /// How many keys (from number 0) are in `slots`; the others are only in `filter`.
    placed: usize,
    /// Two bits of one word set for every key added: a power of two long (or empty).
    filter: Vec<u64>,
}

impl SeenKeys {
    /// Room for `keys` keys without growing.
    pub(super) fn with_capacity(keys: usize) -> Self {
        let mut seen = SeenKeys {
            keys: Vec::with_capacity(keys),
            ..SeenKeys::default()
        };
        seen.resize(keys);
        seen
    }

    /// The line of the key with `hash` for which `is_key(number)` holds, if one was added.
    pub(super) fn line_of(&mut self, hash: u64, is_key: impl Fn(u32) -> bool) -> Option<u32> {
        if !self.may_hold(hash) {
            return None;
        }
        self.place_pending();
        let mask = self.slots.len() - 1;
        let high = hash >> 32;
        // Truncating the hash keeps its low bits, which are as well mixed as the rest.
        let mut i = hash as usize & mask;
        loop {
            let slot = self.slots[i];
            if slot == 0 {
                return None;
            }
            if slot >> 32 == high {
                let number = (slot as u32).wrapping_sub(1);
                if let Some(&(h, line)) = self.keys.get(number as usize) {
                    if h == hash && is_key(number) {
                        return Some(line);
                    }
                }
            }
            i = (i + 1) & mask;
        }
    }

    /// Adds a key (not yet added) with its hash and line; keys are numbered in the order added,
    /// from 0.
    pub(super) fn add(&mut self, hash: u64, line: u32) {
        if (self.keys.len() + 1) * 2 > self.slots.len() {
            self.resize(self.keys.len() + 1);
        }
        self.mark(hash);
        self.keys.push((hash, line));
    }

    /// The line of the key with `hash` for which `is_key(number)` holds if one was added, else
    /// `None` after adding this one (on `line`): [`line_of`](Self::line_of) then
    /// [`add`](Self::add).
    pub(super) fn line_of_or_add(
        &mut self,
        hash: u64,
        line: u32,
        is_key: impl Fn(u32) -> bool,
    ) -> Option<u32> {
        let found = self.line_of(hash, is_key);
        if found.is_none() {
            self.add(hash, line);
        }
        found
    }

    /// The word of `filter` and the two bits in it that stand for `hash`: from a remix of the
    /// hash, so they do not follow the slot (its low bits) or the high half kept in it.
    fn bits(&self, hash: u64) -> (usize, u64) {
        let mixed = hash.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let word = (mixed >> 32) as usize & (self.filter.len().wrapping_sub(1));
        let bits = 1_u64 << (mixed & 63) | 1_u64 << ((mixed >> 6) & 63);
        (word, bits)
    }

    /// False only when no key with `hash` was added.
    fn may_hold(&self, hash: u64) -> bool {
        let (word, bits) = self.bits(hash);
        self.filter.get(word).is_some_and(|w| w & bits == bits)
    }

    fn mark(&mut self, hash: u64) {
        let (word, bits) = self.bits(hash);
        if let Some(w) = self.filter.get_mut(word) {
            *w |= bits;
        }
    }

    /// Puts the keys added since the last look in the table.
    fn place_pending(&mut self) {
        let mask = self.slots.len() - 1;
        for (number, &(hash, _)) in self.keys.iter().enumerate().skip(self.placed) {
            let mut i = hash as usize & mask;
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            let number = u32::try_from(number).unwrap_or(u32::MAX);
            self.slots[i] = (hash >> 32) << 32 | u64::from(number.wrapping_add(1));
        }
        self.placed = self.keys.len();
    }

    /// A table and a filter for `keys` keys (the table at most half full), holding the keys
    /// added so far.
    fn resize(&mut self, keys: usize) {
        let len = keys.saturating_mul(2).next_power_of_two().max(8);
        if len <= self.slots.len() {
            return;
        }
        self.slots = vec![0; len];
        self.placed = 0;
        // 16 bits a key at the most keys the table holds: 2 of them set, about 1 new key in
        // 100 sent on to the table.
        self.filter = vec![0; len / 8];
        for n in 0..self.keys.len() {
            self.mark(self.keys[n].0);
        }
        self.place_pending();
    }
}

#[cfg(test)]
mod tests {
    use super::SeenKeys;

    /// Two different keys under one hash are both found, each with its own line; a third key
    /// with that hash is not.
    #[test]
    fn keys_sharing_a_hash_stay_apart() {
        let keys = ["a", "b", "c"];
        let mut seen = SeenKeys::default();
        seen.add(7, 10);
        seen.add(7, 20);
        let mut line = |key: &str| seen.line_of(7, |i| keys[i as usize] == key);
        assert_eq!(line("a"), Some(10));
        assert_eq!(line("b"), Some(20));
        assert_eq!(line("c"), None);
        assert_eq!(seen.line_of(8, |_| true), None);
    }

    /// Keys whose hashes share their high half (and their slot) but differ are told apart by the
    /// hash before the text is asked.
    #[test]
    fn hashes_sharing_a_high_half_stay_apart() {
        let mut seen = SeenKeys::default();
        let (a, b) = (0xABCD_0000_0000_0001_u64, 0xABCD_0000_0000_0011_u64);
        seen.add(a, 1);
        assert_eq!(seen.line_of(b, |_| true), None);
        seen.add(b, 2);
        assert_eq!(seen.line_of(a, |_| true), Some(1));
        assert_eq!(seen.line_of(b, |_| true), Some(2));
    }

    /// `line_of_or_add` answers as `line_of` and adds what that did not find.
    #[test]
    fn line_of_or_add_adds_only_new_keys() {
        let keys = ["a", "b", "a"];
        let mut seen = SeenKeys::default();
        let mut lines = Vec::new();
        for (i, key) in keys.iter().enumerate() {
            let line = 10 * (i as u32 + 1);
            lines.push(seen.line_of_or_add(7, line, |j| keys[j as usize] == *key));
        }
        assert_eq!(lines, [None, None, Some(10)]);
        assert_eq!(seen.line_of(7, |j| keys[j as usize] == "b"), Some(20));
    }

    /// Growing the table far past its first size keeps every key, its number and its line.
    #[test]
    fn growing_keeps_every_key() {
        let mut seen = SeenKeys::with_capacity(2);
        let hash = |n: u64| n.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for n in 0..10_000_u64 {
            assert_eq!(
                seen.line_of_or_add(hash(n), n as u32, |i| i as u64 == n),
                None
            );
        }
        for n in (0..10_000_u64).step_by(7) {
            assert_eq!(seen.line_of(hash(n), |i| i as u64 == n), Some(n as u32));
        }
        assert_eq!(seen.line_of(hash(10_000), |_| true), None);
    }
}
