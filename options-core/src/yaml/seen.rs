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
        if self.first.get(&hash).is_some() {
            self.more.push((hash, index, line));
        } else {
            self.first.insert(hash, (index, line));
        }
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
}
