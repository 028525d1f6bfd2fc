//! [`SeenKeys`]: which keys (or names) a file has given already, with the line of the first,
//! without a second copy of each key: an entry holds the key's hash and where the caller keeps
//! its text.

use crate::prehashed::PrehashedMap;

/// Keys found by their [`key_hash`](crate::key_hash) and compared with their text, which the
/// caller keeps (each key is an index into the caller's own list). Keys whose hashes collide are
/// told apart by their text, so a collision never makes two keys one.
#[derive(Default)]
pub(super) struct SeenKeys {
    /// hash -> (index, line) of the first key with that hash.
    first: PrehashedMap<(u32, u32)>,
    /// (hash, index, line) of later keys whose hash a different key has already.
    more: Vec<(u64, u32, u32)>,
}

impl SeenKeys {
    /// Room for `keys` keys without growing.
    pub(super) fn with_capacity(keys: usize) -> Self {
        let mut seen = SeenKeys::default();
        seen.first.reserve(keys);
        seen
    }

    /// The line of the key with `hash` for which `is_key(index)` holds, if one was added.
    pub(super) fn line_of(&self, hash: u64, is_key: impl Fn(u32) -> bool) -> Option<u32> {
        let &(index, line) = self.first.get(&hash)?;
        if is_key(index) {
            return Some(line);
        }
        self.more
            .iter()
            .find(|&&(h, i, _)| h == hash && is_key(i))
            .map(|&(_, _, line)| line)
    }

    /// Adds a key (not yet added) with its hash, where its text is kept, and its line.
    pub(super) fn add(&mut self, hash: u64, index: u32, line: u32) {
        if self.first.insert_new(hash, (index, line)).is_err() {
            self.more.push((hash, index, line));
        }
    }

    /// The line of the key with `hash` for which `is_key(index)` holds if one was added, else
    /// `None` after adding this one (kept at `index`, on `line`): [`line_of`](Self::line_of)
    /// then [`add`](Self::add), with one probe of the table for a new hash.
    pub(super) fn line_of_or_add(
        &mut self,
        hash: u64,
        index: u32,
        line: u32,
        is_key: impl Fn(u32) -> bool,
    ) -> Option<u32> {
        if self.first.insert_new(hash, (index, line)).is_ok() {
            return None;
        }
        let found = self.line_of(hash, is_key);
        if found.is_none() {
            self.more.push((hash, index, line));
        }
        found
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
        seen.add(7, 0, 10);
        seen.add(7, 1, 20);
        let line = |key: &str| seen.line_of(7, |i| keys[i as usize] == key);
        assert_eq!(line("a"), Some(10));
        assert_eq!(line("b"), Some(20));
        assert_eq!(line("c"), None);
        assert_eq!(seen.line_of(8, |_| true), None);
    }

    /// `line_of_or_add` answers as `line_of` and adds what that did not find.
    #[test]
    fn line_of_or_add_adds_only_new_keys() {
        let keys = ["a", "b", "a"];
        let mut seen = SeenKeys::default();
        let mut lines = Vec::new();
        for (i, key) in keys.iter().enumerate() {
            let i = i as u32;
            lines.push(seen.line_of_or_add(7, i, 10 * (i + 1), |j| keys[j as usize] == *key));
        }
        assert_eq!(lines, [None, None, Some(10)]);
        assert_eq!(seen.line_of(7, |j| keys[j as usize] == "b"), Some(20));
    }
}
