//! [`KeyIndex`]: every spelling of a set of options (own keys, fallback keys, deprecated keys and
//! pattern keys) resolved by one lookup, the same way for every consumer: the runtime's
//! [`Catalogue`](crate::Catalogue), `SET`, the configuration loaders, and options-check's `validate`,
//! `explain` and `migrate` over their documentation model.
//!
//! # Precedence
//!
//! 1. A spelling equal to the key: among several, the earliest [`KeyRole`] (own key, then
//!    fallback key, then deprecated key), then the one inserted first.
//! 2. Else the most specific pattern key the key is an instance of (matching rules in
//!    [`crate::pattern`]): the most literal segments, then the one inserted first. An inner
//!    placeholder stands for one segment, a trailing one for one or more.
//! 3. Else nothing; [`KeyIndex::empty_placeholder`] then says whether the key would be an
//!    instance but leaves a placeholder empty (`metrics.reporter..port`).
//!
//! # How
//!
//! Exact spellings sit in a table keyed by their [`key_hash`], so resolving a declared key is one
//! probe and one comparison. Pattern keys sit in a trie on segments (`key_index/trie.rs`): resolving an
//! instance walks the key's segments once, following at each level the literal child that
//! equals the segment and the placeholder child, instead of matching the key against every
//! pattern (what `validate` and loading did per key before, most of a large file's load).
//!
//! The index is generic over its payload (`P`, the answer a hit carries): the catalogue keeps an
//! option's metadata and group, the docs its model's section and option.

mod trie;

use std::fmt;

use crate::key::same_key_bytes;
use crate::prehashed::PrehashedMap;
use options_grammar::key::{is_pattern, key_hash};
use trie::PatternTrie;

/// How a key matched an option. Ordered by precedence: when one spelling is the key of one option
/// and a fallback or deprecated key of others, the earlier role wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum KeyRole {
    /// The option's own key.
    Key,
    /// One of its fallback keys.
    Fallback,
    /// One of its deprecated keys.
    Deprecated,
    /// An instance of its pattern key (`metrics.reporter.prom.interval` of
    /// `metrics.reporter.<name>.interval`; see [`crate::pattern`]).
    Pattern,
}

/// What a key resolved to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit<'k, P> {
    /// The payload inserted with the spelling.
    pub payload: P,
    /// How the key matched.
    pub role: KeyRole,
    /// The inserted spelling that matched: the key itself for an exact spelling, the pattern key
    /// (`metrics.reporter.<name>.interval`) for an instance.
    pub spelled: &'k str,
}

/// A key that would be an instance of a pattern key but leaves a placeholder empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EmptyPlaceholder<'k> {
    /// The pattern key (the most specific one, as for an instance).
    pub pattern: &'k str,
    /// The first placeholder left empty, without brackets (`name`).
    pub placeholder: &'k str,
}

/// One exact spelling.
#[derive(Clone, Copy)]
struct Spelling<'k, P> {
    key: &'k str,
    payload: P,
    role: KeyRole,
}

impl<'k, P: Copy> Spelling<'k, P> {
    #[inline(always)]
    fn hit(&self) -> Hit<'k, P> {
        Hit {
            payload: self.payload,
            role: self.role,
            spelled: self.key,
        }
    }
}

/// The spellings sharing one hash, in the order inserted: nearly always one, kept inline so that
/// resolving a key (every `set_str`) reads no second allocation.
#[derive(Clone)]
struct Spellings<'k, P> {
    first: Spelling<'k, P>,
    more: Vec<Spelling<'k, P>>,
}

/// Exact spellings and pattern keys, resolved with one precedence (see the [module docs](self)).
///
/// ```
/// use options_core::key_index::{KeyIndex, KeyRole};
///
/// let mut index = KeyIndex::new();
/// index.insert("metrics.reporter.<name>.interval", 1, KeyRole::Key);
/// index.insert("metrics.reporter.<name>.<parameter>", 2, KeyRole::Key);
/// index.insert("metrics.reporter.jmx.port", 3, KeyRole::Deprecated);
///
/// let hit = index.resolve("metrics.reporter.prom.interval").unwrap();
/// assert_eq!((hit.payload, hit.role), (1, KeyRole::Pattern));
/// assert_eq!(index.resolve("metrics.reporter.prom.port.range").unwrap().payload, 2);
/// assert_eq!(index.resolve("metrics.reporter.jmx.port").unwrap().role, KeyRole::Deprecated);
/// assert!(index.resolve("metrics.reporter..interval").is_none());
/// assert_eq!(index.empty_placeholder("metrics.reporter..interval").unwrap().placeholder, "name");
/// ```
#[derive(Clone)]
pub struct KeyIndex<'k, P> {
    /// key hash -> every exact spelling with that hash.
    exact: PrehashedMap<Spellings<'k, P>>,
    spellings: usize,
    patterns: PatternTrie<'k, P>,
}

impl<P> Default for KeyIndex<'_, P> {
    fn default() -> Self {
        KeyIndex {
            exact: PrehashedMap::default(),
            spellings: 0,
            patterns: PatternTrie::default(),
        }
    }
}

impl<'k, P: Copy> KeyIndex<'k, P> {
    /// An empty index.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds one spelling. Every spelling resolves exactly as written; an own key
    /// ([`KeyRole::Key`]) holding a placeholder segment (`<name>`) is a pattern key too, whose
    /// instances resolve to it with [`KeyRole::Pattern`]. Inserting [`KeyRole::Pattern`] itself
    /// adds only the pattern.
    pub fn insert(&mut self, key: &'k str, payload: P, role: KeyRole) {
        self.insert_hashed(key, key_hash(key), payload, role);
    }

    /// [`insert`](Self::insert) with the key's [`key_hash`] already computed (a declared key
    /// carries it).
    pub fn insert_hashed(&mut self, key: &'k str, hash: u64, payload: P, role: KeyRole) {
        if matches!(role, KeyRole::Key | KeyRole::Pattern) && is_pattern(key) {
            self.patterns.insert(key, payload);
        }
        if role == KeyRole::Pattern {
            return;
        }
        self.spellings += 1;
        let spelling = Spelling { key, payload, role };
        match self.exact.get_mut(&hash) {
            Some(spellings) => spellings.more.push(spelling),
            None => {
                let first = Spellings {
                    first: spelling,
                    more: Vec::new(),
                };
                self.exact.insert(hash, first);
            }
        }
    }

    /// What `key` resolves to (see the [module docs](self) for the precedence).
    #[inline]
    pub fn resolve(&self, key: &str) -> Option<Hit<'k, P>> {
        self.resolve_hashed(key, key_hash(key))
    }

    /// [`resolve`](Self::resolve) with the key's [`key_hash`] already computed.
    #[inline(always)]
    pub fn resolve_hashed(&self, key: &str, hash: u64) -> Option<Hit<'k, P>> {
        let Some(spellings) = self.exact.get(&hash) else {
            return self.resolve_undeclared(key);
        };
        // An own key (the common case) answers at once: no spelling of another role can take
        // precedence over it.
        let first = &spellings.first;
        if first.role == KeyRole::Key && same_key_bytes(first.key, key) {
            return Some(first.hit());
        }
        self.resolve_among(spellings, key)
    }

    /// The exact spelling equal to `key` with the earliest role, ignoring patterns.
    pub fn resolve_exact(&self, key: &str) -> Option<Hit<'k, P>> {
        let spellings = self.exact.get(&key_hash(key))?;
        Self::earliest(spellings, key)
    }

    /// The most specific pattern `key` is an instance of, ignoring exact spellings.
    pub fn resolve_pattern(&self, key: &str) -> Option<Hit<'k, P>> {
        self.patterns.resolve(key)
    }

    /// The pattern key and placeholder `key` leaves empty, when it would be an instance of a
    /// pattern with that placeholder filled in (the most specific such pattern). Ask when
    /// [`resolve`](Self::resolve) found nothing: an exact spelling, or an instance of another
    /// pattern, answers the key first.
    pub fn empty_placeholder(&self, key: &str) -> Option<EmptyPlaceholder<'k>> {
        self.patterns.empty_placeholder(key)
    }

    /// The pattern keys with their payloads, in the order inserted.
    pub fn patterns(&self) -> impl ExactSizeIterator<Item = (&'k str, P)> + '_ {
        self.patterns.iter()
    }

    /// How many exact spellings the index holds (patterns count once more, as spellings of
    /// themselves, when inserted as own keys).
    pub fn len(&self) -> usize {
        self.spellings
    }

    /// Whether nothing was inserted.
    pub fn is_empty(&self) -> bool {
        self.spellings == 0 && self.patterns.len() == 0
    }

    /// The spelling equal to `key` with the earliest role, when the first one is not it.
    #[cold]
    fn resolve_among(&self, spellings: &Spellings<'k, P>, key: &str) -> Option<Hit<'k, P>> {
        // A hash collision with another key: still try the patterns.
        Self::earliest(spellings, key).or_else(|| self.resolve_undeclared(key))
    }

    fn earliest(spellings: &Spellings<'k, P>, key: &str) -> Option<Hit<'k, P>> {
        std::iter::once(&spellings.first)
            .chain(&spellings.more)
            .filter(|s| same_key_bytes(s.key, key))
            .min_by_key(|s| s.role)
            .map(Spelling::hit)
    }

    /// Not spelled as written: an instance of a pattern key, if any is inserted.
    #[cold]
    fn resolve_undeclared(&self, key: &str) -> Option<Hit<'k, P>> {
        self.patterns.resolve(key)
    }
}

impl<P> fmt::Debug for KeyIndex<'_, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("KeyIndex")
            .field("spellings", &self.spellings)
            .field("patterns", &self.patterns.len())
            .finish()
    }
}
