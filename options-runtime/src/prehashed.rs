//! [`PrehashedMap`]: a map keyed by a key's compile-time hash
//! ([`key_hash`](crate::option::key_hash)), the index of a [`Configuration`](crate::Configuration)
//! and of a [`Catalogue`](crate::Catalogue).
//!
//! Why not `HashMap<u64, V>` with a pass-through hasher: the keys are already well mixed 64-bit
//! hashes, so a lookup can take the slot straight from the hash's low bits and compare whole
//! hashes. `std`'s table spends about 30 instructions a lookup on its control-byte groups (broadcast,
//! compare, mask, bit scan), a tenth of a string-keyed set; here a hit in its first slot is a mask,
//! a load and a compare.
//!
//! The table is open-addressed with linear probing, at most half full, and deletes by shifting the
//! following run back (no tombstones), so a lookup stops at the first empty slot.
//!
//! Entries live in the slots, so a read is one probe and one load. Kept densely beside a table of
//! 16-byte slots instead (tried on 2026-12-01), a configuration loaded from a file of 60,000 keys
//! took 30.6 MB at its peak rather than 38.4 MB, and 69 ms rather than 74, but every read paid a
//! second, dependent load: the `config_ops` reads got 6% to 15% slower. Reads are the hot path.

/// A map keyed by [`key_hash`](crate::option::key_hash) values, which need no second hashing.
#[derive(Clone)]
pub(crate) struct PrehashedMap<V> {
    /// A power of two long (or empty); `None` is a free slot.
    slots: Vec<Option<(u64, V)>>,
    len: usize,
}

impl<V> Default for PrehashedMap<V> {
    fn default() -> Self {
        PrehashedMap {
            slots: Vec::new(),
            len: 0,
        }
    }
}

impl<V> PrehashedMap<V> {
    /// The value under `hash`.
    #[inline]
    pub(crate) fn get(&self, hash: &u64) -> Option<&V> {
        // The value the probe stops at, not its index: indexing the slots again computed the
        // slot's address twice on every typed read.
        self.probe(*hash).map(|(_, v)| v)
    }

    /// The value under `hash`, to change in place.
    #[inline]
    pub(crate) fn get_mut(&mut self, hash: &u64) -> Option<&mut V> {
        let i = self.find(*hash)?;
        self.slots[i].as_mut().map(|(_, v)| v)
    }

    /// The slot holding `hash`.
    #[inline(always)]
    fn find(&self, hash: u64) -> Option<usize> {
        self.probe(hash).map(|(i, _)| i)
    }

    /// The slot holding `hash` and its value. An empty table has no slots: the first `get` fails,
    /// with no separate check.
    #[inline(always)]
    fn probe(&self, hash: u64) -> Option<(usize, &V)> {
        let mask = self.slots.len().wrapping_sub(1);
        // Truncating the hash keeps its low bits, which are as well mixed as the rest.
        let mut i = hash as usize & mask;
        loop {
            match self.slots.get(i)? {
                Some((h, v)) if *h == hash => return Some((i, v)),
                Some(_) => i = (i + 1) & mask,
                None => return None,
            }
        }
    }

    /// Puts `value` under `hash`, returning the value it replaces.
    pub(crate) fn insert(&mut self, hash: u64, value: V) -> Option<V> {
        if let Some(v) = self.get_mut(&hash) {
            return Some(std::mem::replace(v, value));
        }
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        self.place(hash, value);
        self.len += 1;
        None
    }

    /// Puts `value` under `hash` when no value is there yet, in one walk of the run (a loader
    /// storing thousands of new keys); otherwise hands `value` back.
    #[cfg_attr(not(feature = "yaml"), allow(dead_code))] // used by the `config.yaml` loader
    pub(crate) fn insert_new(&mut self, hash: u64, value: V) -> Result<(), V> {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        loop {
            match &self.slots[i] {
                Some((h, _)) if *h == hash => return Err(value),
                Some(_) => i = (i + 1) & mask,
                None => break,
            }
        }
        self.slots[i] = Some((hash, value));
        self.len += 1;
        Ok(())
    }

    /// Puts an entry whose hash is not in the table in the first free slot of its run.
    fn place(&mut self, hash: u64, value: V) {
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        while self.slots[i].is_some() {
            i = (i + 1) & mask;
        }
        self.slots[i] = Some((hash, value));
    }

    /// Makes room for `additional` more values without growing again (the table stays at most
    /// half full): a loader that knows how many keys it stores sizes the table once, instead of
    /// doubling it (and holding the old and the new table at once) along the way.
    #[cfg_attr(not(feature = "yaml"), allow(dead_code))] // used by the `config.yaml` loader
    pub(crate) fn reserve(&mut self, additional: usize) {
        let needed = (self.len + additional).saturating_mul(2);
        if needed > self.slots.len() {
            self.resize(needed.next_power_of_two().max(8));
        }
    }

    #[cold]
    fn grow(&mut self) {
        self.resize((self.slots.len() * 2).max(8));
    }

    fn resize(&mut self, size: usize) {
        let old = std::mem::take(&mut self.slots);
        self.slots.resize_with(size, || None);
        for (hash, value) in old.into_iter().flatten() {
            self.place(hash, value);
        }
    }

    /// Removes and returns the value under `hash`.
    pub(crate) fn remove(&mut self, hash: &u64) -> Option<V> {
        let mut hole = self.find(*hash)?;
        let (_, value) = self.slots[hole].take()?;
        self.len -= 1;
        // Close the gap: an entry further along the run moves into the hole when the hole lies
        // between its home slot and where it sits, so every entry stays reachable from its home.
        let mask = self.slots.len() - 1;
        let mut next = (hole + 1) & mask;
        while let Some((h, _)) = &self.slots[next] {
            let home = *h as usize & mask;
            if next.wrapping_sub(home) & mask >= next.wrapping_sub(hole) & mask {
                self.slots[hole] = self.slots[next].take();
                hole = next;
            }
            next = (next + 1) & mask;
        }
        Some(value)
    }

    /// The values, in no particular order.
    pub(crate) fn values(&self) -> impl Iterator<Item = &V> {
        self.slots.iter().flatten().map(|(_, v)| v)
    }

    /// How many values the map holds.
    pub(crate) fn len(&self) -> usize {
        self.len
    }
}

#[cfg(test)]
mod tests {
    use super::PrehashedMap;
    use proptest::prelude::*;
    use std::collections::HashMap;

    #[derive(Debug, Clone)]
    enum Op {
        Insert(u64, u32),
        Remove(u64),
        Reserve(usize),
        InsertNew(u64, u32),
    }

    /// Hashes drawn from a few values and low bits only, so runs, wrap-around and collisions of
    /// home slots happen often.
    fn hash() -> impl Strategy<Value = u64> {
        prop_oneof![0u64..24, (0u64..8).prop_map(|h| h << 40 | 3), any::<u64>()]
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            (hash(), any::<u32>()).prop_map(|(h, v)| Op::Insert(h, v)),
            hash().prop_map(Op::Remove),
            (0usize..64).prop_map(Op::Reserve),
            (hash(), any::<u32>()).prop_map(|(h, v)| Op::InsertNew(h, v)),
        ]
    }

    proptest! {
        #[test]
        fn behaves_like_a_hash_map(ops in proptest::collection::vec(op(), 0..200)) {
            let mut map = PrehashedMap::default();
            let mut model = HashMap::new();
            for op in ops {
                match op {
                    Op::Insert(h, v) => prop_assert_eq!(map.insert(h, v), model.insert(h, v)),
                    Op::Remove(h) => prop_assert_eq!(map.remove(&h), model.remove(&h)),
                    Op::Reserve(n) => map.reserve(n),
                    Op::InsertNew(h, v) => {
                        let present = model.contains_key(&h);
                        prop_assert_eq!(map.insert_new(h, v), if present { Err(v) } else { Ok(()) });
                        model.entry(h).or_insert(v);
                    }
                }
                prop_assert_eq!(map.len(), model.len());
                for (h, v) in &model {
                    prop_assert_eq!(map.get(h), Some(v));
                }
                let mut values: Vec<u32> = map.values().copied().collect();
                let mut expected: Vec<u32> = model.values().copied().collect();
                values.sort_unstable();
                expected.sort_unstable();
                prop_assert_eq!(values, expected);
            }
            for h in 0..24 {
                prop_assert_eq!(map.get(&h), model.get(&h));
            }
        }
    }

    #[test]
    fn an_empty_map_finds_nothing() {
        let mut map = PrehashedMap::<u8>::default();
        assert_eq!(map.get(&0), None);
        assert_eq!(map.get(&u64::MAX), None);
        assert_eq!(map.get_mut(&7), None);
        assert_eq!(map.remove(&7), None);
        assert_eq!(map.len(), 0);
    }
}
