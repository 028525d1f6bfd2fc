//! [`SeenKeys`]: which keys (or names) a file has given already, with the line of the first,
//! without a second copy of each key: keys are numbered in the order they are added, and the
//! caller, which keeps their text by the same number, says whether a number is the key asked for.

/// Keys found by their [`key_hash`](crate::key_hash) and compared with their text, which the
/// caller keeps. Keys whose hashes collide are told apart by their text, so a collision never
/// makes two keys one.
///
/// The table is open-addressed with linear probing and at most half full. A slot is 8 bytes, the
/// key's number and the high half of its hash, so a file of 60,000 keys probes a table of 1 MB
/// rather than 3 MB, and a key not seen before (the common case) is answered from the table
/// alone; the full hash and the line are read only when that half matches.
#[derive(Default)]
pub(super) struct SeenKeys {
    /// A power of two long (or empty): 0 is free, else the hash's high half above the key's
    /// number plus one.
    slots: Vec<u64>,
    /// By number: each key's hash and line.
    keys: Vec<(u64, u32)>,
}

impl SeenKeys {
    /// Room for `keys` keys without growing.
    pub(super) fn with_capacity(keys: usize) -> Self {
        let mut seen = SeenKeys {
            slots: Vec::new(),
            keys: Vec::with_capacity(keys),
        };
        seen.resize(keys);
        seen
    }

    /// The number the next key added gets.
    pub(super) fn next(&self) -> u32 {
        u32::try_from(self.keys.len()).unwrap_or(u32::MAX)
    }

    /// The line of the key with `hash` for which `is_key(number)` holds, if one was added.
    pub(super) fn line_of(&self, hash: u64, is_key: impl Fn(u32) -> bool) -> Option<u32> {
        match self.find(hash, is_key) {
            Found::Key(line) => Some(line),
            Found::Free(_) => None,
        }
    }

    /// Adds a key (not yet added) with its hash and line, as number [`next`](Self::next).
    pub(super) fn add(&mut self, hash: u64, line: u32) {
        self.reserve_one();
        self.place(hash);
        self.keys.push((hash, line));
    }

    /// The line of the key with `hash` for which `is_key(number)` holds if one was added, else
    /// `None` after adding this one (as number [`next`](Self::next), on `line`):
    /// [`line_of`](Self::line_of) then [`add`](Self::add) in one walk of the table.
    pub(super) fn line_of_or_add(
        &mut self,
        hash: u64,
        line: u32,
        is_key: impl Fn(u32) -> bool,
    ) -> Option<u32> {
        self.reserve_one();
        match self.find(hash, is_key) {
            Found::Key(line) => Some(line),
            Found::Free(slot) => {
                self.slots[slot] = self.slot_of(hash);
                self.keys.push((hash, line));
                None
            }
        }
    }

    /// Where `hash`'s run of slots holds the key `is_key` picks, or the free slot ending it.
    fn find(&self, hash: u64, is_key: impl Fn(u32) -> bool) -> Found {
        let mask = self.slots.len().wrapping_sub(1);
        if self.slots.is_empty() {
            return Found::Free(0);
        }
        let high = hash >> 32;
        // Truncating the hash keeps its low bits, which are as well mixed as the rest.
        let mut i = hash as usize & mask;
        loop {
            let slot = self.slots[i];
            if slot == 0 {
                return Found::Free(i);
            }
            if slot >> 32 == high {
                let number = (slot as u32).wrapping_sub(1);
                if let Some(&(h, line)) = self.keys.get(number as usize) {
                    if h == hash && is_key(number) {
                        return Found::Key(line);
                    }
                }
            }
            i = (i + 1) & mask;
        }
    }

    /// The slot of the next key, with `hash`.
    fn slot_of(&self, hash: u64) -> u64 {
        (hash >> 32) << 32 | u64::from(self.next().wrapping_add(1))
    }

    /// Puts the next key, with `hash`, in the first free slot of its run.
    fn place(&mut self, hash: u64) {
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        while self.slots[i] != 0 {
            i = (i + 1) & mask;
        }
        self.slots[i] = self.slot_of(hash);
    }

    /// Room for one more key with the table at most half full.
    fn reserve_one(&mut self) {
        if (self.keys.len() + 1) * 2 > self.slots.len() {
            self.resize(self.keys.len() + 1);
        }
    }

    /// A table for `keys` keys at most half full, holding the keys added so far.
    fn resize(&mut self, keys: usize) {
        let len = keys.saturating_mul(2).next_power_of_two().max(8);
        if len <= self.slots.len() {
            return;
        }
        self.slots = vec![0; len];
        let mask = len - 1;
        for (number, &(hash, _)) in self.keys.iter().enumerate() {
            let mut i = hash as usize & mask;
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            let number = u32::try_from(number).unwrap_or(u32::MAX);
            self.slots[i] = (hash >> 32) << 32 | u64::from(number.wrapping_add(1));
        }
    }
}

/// What a walk of a run of slots found.
enum Found {
    /// The key, on this line.
    Key(u32),
    /// Not the key: the free slot that ends the run.
    Free(usize),
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
        let line = |key: &str| seen.line_of(7, |i| keys[i as usize] == key);
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
            assert_eq!(seen.next() as u64, n);
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
