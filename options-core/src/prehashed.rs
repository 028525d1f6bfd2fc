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
//! following run back (no tombstones), so a lookup stops at the first empty slot. A slot holds a
//! hash and where the entry is, 16 bytes; the entries live densely beside the table. A
//! configuration's entry is some 150 bytes: kept in the slots, a file of 60,000 keys needed a
//! table of 21 MB touched at random (each probe a new cache line, each page faulted in); dense, the
//! table is 2 MB and the entries are written one after the other.

/// A map keyed by [`key_hash`](crate::option::key_hash) values, which need no second hashing.
#[derive(Clone)]
pub(crate) struct PrehashedMap<V> {
    /// A power of two long (or empty).
    slots: Vec<Slot>,
    /// The entries with their hashes, in the order inserted (a removal moves the last one into
    /// the hole).
    entries: Vec<(u64, V)>,
}

/// A slot of the table: an entry's hash and its index in the entries, or free.
#[derive(Clone, Copy)]
struct Slot {
    hash: u64,
    /// [`Slot::FREE`] when no entry is here.
    index: u32,
}

impl Slot {
    const FREE: Slot = Slot {
        hash: 0,
        index: u32::MAX,
    };

    #[inline(always)]
    fn is_free(self) -> bool {
        self.index == u32::MAX
    }
}

impl<V> Default for PrehashedMap<V> {
    fn default() -> Self {
        PrehashedMap {
            slots: Vec::new(),
            entries: Vec::new(),
        }
    }
}

impl<V> PrehashedMap<V> {
    /// The value for `hash`.
    #[inline]
    pub(crate) fn get(&self, hash: &u64) -> Option<&V> {
        let slot = self.find(*hash)?;
        let index = self.slots[slot].index as usize;
        self.entries.get(index).map(|(_, v)| v)
    }

    /// The value for `hash`, to change.
    #[inline]
    pub(crate) fn get_mut(&mut self, hash: &u64) -> Option<&mut V> {
        let slot = self.find(*hash)?;
        let index = self.slots[slot].index as usize;
        self.entries.get_mut(index).map(|(_, v)| v)
    }

    /// The slot holding `hash`.
    #[inline(always)]
    fn find(&self, hash: u64) -> Option<usize> {
        let mask = self.slots.len().wrapping_sub(1);
        let mut i = hash as usize & mask;
        loop {
            let slot = *self.slots.get(i)?;
            if slot.is_free() {
                return None;
            }
            if slot.hash == hash {
                return Some(i);
            }
            i = (i + 1) & mask;
        }
    }

    /// Sets the value for `hash`, returning the one it replaces.
    pub(crate) fn insert(&mut self, hash: u64, value: V) -> Option<V> {
        if let Some(v) = self.get_mut(&hash) {
            return Some(std::mem::replace(v, value));
        }
        self.push(hash, value);
        None
    }

    /// Adds `value` for `hash` if the map has none; gives it back otherwise. One probe of the
    /// table either way (a loader adds tens of thousands of keys this way).
    pub(crate) fn insert_new(&mut self, hash: u64, value: V) -> Result<(), V> {
        if (self.entries.len() + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        loop {
            let slot = self.slots[i];
            if slot.is_free() {
                break;
            }
            if slot.hash == hash {
                return Err(value);
            }
            i = (i + 1) & mask;
        }
        let index = u32::try_from(self.entries.len()).expect("fewer than 2^32 entries");
        self.slots[i] = Slot { hash, index };
        self.entries.push((hash, value));
        Ok(())
    }

    /// Adds an entry whose hash the map does not hold.
    fn push(&mut self, hash: u64, value: V) {
        if (self.entries.len() + 1) * 2 > self.slots.len() {
            self.grow();
        }
        // Entries are some 150 bytes: four billion of them would not fit in memory.
        let index = u32::try_from(self.entries.len()).expect("fewer than 2^32 entries");
        self.place(hash, index);
        self.entries.push((hash, value));
    }

    /// Puts `index` into the first free slot from `hash`'s own.
    fn place(&mut self, hash: u64, index: u32) {
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        while !self.slots[i].is_free() {
            i = (i + 1) & mask;
        }
        self.slots[i] = Slot { hash, index };
    }

    /// Makes room for `additional` more entries without growing.
    pub(crate) fn reserve(&mut self, additional: usize) {
        self.entries.reserve(additional);
        let needed = (self.entries.len() + additional).saturating_mul(2);
        if needed > self.slots.len() {
            self.resize(needed.next_power_of_two().max(8));
        }
    }

    #[cold]
    fn grow(&mut self) {
        self.resize((self.slots.len() * 2).max(8));
    }

    fn resize(&mut self, size: usize) {
        self.slots.clear();
        self.slots.resize(size, Slot::FREE);
        for index in 0..self.entries.len() {
            self.place(self.entries[index].0, index as u32);
        }
    }

    /// Removes and returns the value for `hash`.
    pub(crate) fn remove(&mut self, hash: &u64) -> Option<V> {
        let mut hole = self.find(*hash)?;
        let index = self.slots[hole].index as usize;
        self.slots[hole] = Slot::FREE;
        let mask = self.slots.len() - 1;
        let mut next = (hole + 1) & mask;
        while !self.slots[next].is_free() {
            let home = self.slots[next].hash as usize & mask;
            if next.wrapping_sub(home) & mask >= next.wrapping_sub(hole) & mask {
                self.slots[hole] = std::mem::replace(&mut self.slots[next], Slot::FREE);
                hole = next;
            }
            next = (next + 1) & mask;
        }
        let (_, value) = self.entries.swap_remove(index);
        // The last entry moved into the hole: its slot now points there.
        if let Some(&(moved, _)) = self.entries.get(index) {
            let last = self.entries.len() as u32;
            let mut i = moved as usize & mask;
            while self.slots[i].index != last {
                i = (i + 1) & mask;
            }
            self.slots[i].index = index as u32;
        }
        Some(value)
    }

    /// Every value, in no particular order.
    pub(crate) fn values(&self) -> impl Iterator<Item = &V> {
        self.entries.iter().map(|(_, v)| v)
    }

    /// Number of entries.
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
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
