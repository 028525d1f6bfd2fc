//! The keys completion offers, prepared once so that a keystroke costs one search.
//!
//! Completion runs on every keystroke and asks of every key whether it starts with, or contains,
//! the typed text, ignoring case. Asking each key in turn costs a search set-up per key (about
//! 850 of them in the built-in catalogue); here the keys are sorted once, lower-cased and joined
//! into one text, so a keystroke is a single (vectorised) search through that text, and each hit is mapped back
//! to its key. The answers are those of [`super::suggest::ranked`] (a test holds them equal).

use std::fmt;

/// Keys sorted and joined for [`matches`](Self::matches).
pub(crate) struct KeySearch {
    /// The keys as declared, sorted, without repeats.
    keys: Vec<&'static str>,
    /// The keys lower-cased, each followed by `\n` (never part of a key), in the order of `keys`.
    text: String,
    /// Where each key starts in `text`.
    starts: Vec<usize>,
    /// Every key is ASCII without a line break, so `text` answers for all of them.
    plain: bool,
}

impl KeySearch {
    /// Prepares `keys` (any order, repeats allowed).
    pub(crate) fn new(keys: impl IntoIterator<Item = &'static str>) -> Self {
        let mut keys: Vec<&'static str> = keys.into_iter().collect();
        keys.sort_unstable();
        keys.dedup();
        let mut text = String::with_capacity(keys.iter().map(|k| k.len() + 1).sum());
        let mut starts = Vec::with_capacity(keys.len());
        for key in &keys {
            starts.push(text.len());
            text.extend(key.bytes().map(|b| char::from(b.to_ascii_lowercase())));
            text.push('\n');
        }
        // Declared keys are ASCII without line breaks (the derive checks); a hand-made catalogue
        // with others is searched key by key by the caller, so case folding never moves a hit.
        let plain = keys.iter().all(|k| k.is_ascii() && !k.contains('\n'));
        KeySearch {
            keys,
            text,
            starts,
            plain,
        }
    }

    /// The keys, sorted, without repeats.
    pub(crate) fn keys(&self) -> &[&'static str] {
        &self.keys
    }

    /// The keys that start with `typed` (first) or contain it (then), ignoring case, each group
    /// in key order; `None` when `typed` or a key is not plain ASCII (the caller ranks those
    /// itself).
    pub(crate) fn matches(&self, typed: &str) -> Option<Vec<&'static str>> {
        if !self.plain || !typed.is_ascii() || typed.contains('\n') {
            return None;
        }
        if typed.is_empty() {
            return Some(self.keys.clone());
        }
        let needle = typed.to_ascii_lowercase();
        let mut prefix = Vec::new();
        let mut inside = Vec::new();
        let mut last = None;
        for at in memchr::memmem::find_iter(self.text.as_bytes(), needle.as_bytes()) {
            // The key holding this hit: the last one starting at or before it.
            let i = self.starts.partition_point(|&s| s <= at) - 1;
            if last == Some(i) {
                continue;
            }
            last = Some(i);
            if at == self.starts[i] {
                prefix.push(self.keys[i]);
            } else {
                inside.push(self.keys[i]);
            }
        }
        prefix.append(&mut inside);
        Some(prefix)
    }
}

impl fmt::Debug for KeySearch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("KeySearch")
            .field("keys", &self.keys.len())
            .field("plain", &self.plain)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::super::keys::settable_keys_unsorted;
    use super::super::suggest::{match_kind, ranked, MatchKind};
    use super::KeySearch;

    /// What completion offered before the keys were prepared: `ranked` key by key.
    fn key_by_key(typed: &str) -> Vec<String> {
        let catalogue = crate::builtin::catalogue();
        let found = ranked(typed, settable_keys_unsorted(&catalogue));
        // `ranked` falls back to in-order letters when nothing contains the text; the search
        // answers only containment, and leaves the fallback to its caller.
        if found
            .iter()
            .all(|k| match_kind(typed, k) == Some(MatchKind::Subsequence))
        {
            Vec::new()
        } else {
            found
        }
    }

    fn search(typed: &str) -> Vec<String> {
        let catalogue = crate::builtin::catalogue();
        KeySearch::new(settable_keys_unsorted(&catalogue))
            .matches(typed)
            .expect("ASCII text over declared keys")
            .into_iter()
            .map(str::to_owned)
            .collect()
    }

    #[test]
    fn same_answers_as_key_by_key_for_typical_text() {
        for typed in [
            "",
            "t",
            "table.exec.",
            "TABLE.EXEC.",
            "mini-batch",
            "numberoftaskslots",
            "numberOfTaskSlots",
            ".enabled",
            "state.backend",
            "zzz",
            "S",
            "table.exec.mini-bacth",
        ] {
            assert_eq!(search(typed), key_by_key(typed), "typed {typed:?}");
        }
    }

    #[test]
    fn prefix_matches_come_first_then_keys_containing_the_text() {
        let found = search("state.");
        let prefixed = found.iter().take_while(|k| k.starts_with("state.")).count();
        assert!(prefixed > 0 && prefixed < found.len(), "{found:?}");
        let (first, then) = found.split_at(prefixed);
        assert!(first.windows(2).all(|w| w[0] < w[1]));
        assert!(then.windows(2).all(|w| w[0] < w[1]));
        assert!(then
            .iter()
            .all(|k| k.contains("state.") && !k.starts_with("state.")));
    }

    #[test]
    fn text_that_is_not_ascii_is_left_to_the_caller() {
        let catalogue = crate::builtin::catalogue();
        let search = KeySearch::new(settable_keys_unsorted(&catalogue));
        assert_eq!(search.matches("tablé"), None);
        assert_eq!(search.matches("a\nb"), None);
        assert_eq!(KeySearch::new(["größe"]).matches("gr"), None);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn same_answers_as_key_by_key(
            pick in 0usize..10_000,
            from in 0usize..60,
            len in 0usize..20,
            upper in any::<bool>(),
            noise in "[a-z.\\-]{0,3}",
        ) {
            let catalogue = crate::builtin::catalogue();
            let keys: Vec<&str> = settable_keys_unsorted(&catalogue).collect();
            let key = keys[pick % keys.len()];
            let from = from.min(key.len());
            let mut typed = format!("{}{noise}", &key[from..(from + len).min(key.len())]);
            if upper {
                typed = typed.to_ascii_uppercase();
            }
            prop_assert_eq!(search(&typed), key_by_key(&typed));
        }
    }
}
