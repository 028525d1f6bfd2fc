//! The pattern keys of a [`KeyIndex`](super::KeyIndex), as a trie on segments.
//!
//! Each node is the set of patterns sharing their first segments. A node's children are its
//! literal segments (kept sorted; a few compared in turn, more found by binary search) and at most
//! one placeholder child, shared by every inner placeholder at that position whatever its name
//! (`<name>`, `<id>`). A pattern
//! ends at a node when its last segment is literal (`ends`), or hangs off a node when its last
//! segment is a placeholder (`trailing`): that placeholder takes one or more segments.
//!
//! Resolving a key walks its segments from the root, into the literal child equal to the
//! segment and into the placeholder child; the walk goes no deeper than the longest pattern, so a
//! hostile key of a thousand segments costs what a short one does. Every pattern reached is a
//! candidate; the most literal segments win, then the pattern inserted first, as
//! [`crate::pattern`] states. A placeholder given an empty segment makes the candidate an
//! empty-placeholder match instead, reported only when no pattern matches properly.

use super::{EmptyPlaceholder, Hit, KeyRole};
use options_grammar::key::placeholder;

/// Patterns in a trie, each with its payload.
#[derive(Clone)]
pub(super) struct PatternTrie<'k, P> {
    /// The root first; empty until a pattern is inserted.
    nodes: Vec<Node<'k>>,
    /// In the order inserted: a pattern's id is its position.
    patterns: Vec<Pattern<'k, P>>,
}

#[derive(Clone, Default)]
struct Node<'k> {
    /// Literal segment -> child node, sorted by segment.
    literals: Vec<(&'k str, u32)>,
    /// The child for an inner placeholder at this position.
    placeholder: Option<u32>,
    /// Patterns whose last segment, literal, leads here.
    ends: Vec<u32>,
    /// Patterns whose last segment is a placeholder following this node's segments.
    trailing: Vec<u32>,
}

#[derive(Clone)]
struct Pattern<'k, P> {
    key: &'k str,
    payload: P,
    literals: u32,
}

impl Node<'_> {
    /// The child for literal `segment`. A few children (nearly every node) are compared in
    /// turn, length first; more are searched in order.
    #[inline]
    fn literal(&self, segment: &str) -> Option<usize> {
        let found = if self.literals.len() <= 8 {
            self.literals
                .iter()
                .find(|(s, _)| s.len() == segment.len() && *s == segment)
        } else {
            self.literals
                .binary_search_by(|(s, _)| (*s).cmp(segment))
                .ok()
                .map(|at| &self.literals[at])
        };
        found.map(|&(_, child)| child as usize)
    }
}

impl<P> Default for PatternTrie<'_, P> {
    fn default() -> Self {
        PatternTrie {
            nodes: Vec::new(),
            patterns: Vec::new(),
        }
    }
}

/// The best candidates found so far: a proper instance, and an empty-placeholder match with the
/// position (segment index) of its first empty placeholder.
#[derive(Default)]
struct Found {
    instance: Option<u32>,
    empty: Option<(u32, u32)>,
}

impl<P> PatternTrie<'_, P> {
    pub(super) fn len(&self) -> usize {
        self.patterns.len()
    }
}

impl<'k, P: Copy> PatternTrie<'k, P> {
    pub(super) fn iter(&self) -> impl ExactSizeIterator<Item = (&'k str, P)> + '_ {
        self.patterns.iter().map(|p| (p.key, p.payload))
    }

    /// Adds a pattern key (a key with at least one `<placeholder>` segment).
    pub(super) fn insert(&mut self, key: &'k str, payload: P) {
        if self.nodes.is_empty() {
            self.nodes.push(Node::default());
        }
        let id = u32::try_from(self.patterns.len()).unwrap_or(u32::MAX);
        let mut node = 0usize;
        let mut literals = 0;
        let mut segments = key.split('.').peekable();
        while let Some(segment) = segments.next() {
            let last = segments.peek().is_none();
            let is_placeholder = placeholder(segment).is_some();
            if is_placeholder && last {
                self.nodes[node].trailing.push(id);
                break;
            }
            node = if is_placeholder {
                self.placeholder_child(node)
            } else {
                literals += 1;
                self.literal_child(node, segment)
            };
            if last {
                self.nodes[node].ends.push(id);
            }
        }
        self.patterns.push(Pattern {
            key,
            payload,
            literals,
        });
    }

    fn placeholder_child(&mut self, node: usize) -> usize {
        if let Some(child) = self.nodes[node].placeholder {
            return child as usize;
        }
        let child = self.new_node();
        self.nodes[node].placeholder = Some(child as u32);
        child
    }

    fn literal_child(&mut self, node: usize, segment: &'k str) -> usize {
        match self.nodes[node]
            .literals
            .binary_search_by(|(s, _)| (*s).cmp(segment))
        {
            Ok(at) => self.nodes[node].literals[at].1 as usize,
            Err(at) => {
                let child = self.new_node();
                self.nodes[node]
                    .literals
                    .insert(at, (segment, child as u32));
                child
            }
        }
    }

    fn new_node(&mut self) -> usize {
        self.nodes.push(Node::default());
        self.nodes.len() - 1
    }

    /// The most specific pattern `key` is an instance of.
    pub(super) fn resolve(&self, key: &str) -> Option<Hit<'k, P>> {
        let id = self.find(key).instance?;
        let p = &self.patterns[id as usize];
        Some(Hit {
            payload: p.payload,
            role: KeyRole::Pattern,
            spelled: p.key,
        })
    }

    /// The most specific pattern `key` would be an instance of but for an empty placeholder, when
    /// it is no instance of any pattern.
    pub(super) fn empty_placeholder(&self, key: &str) -> Option<EmptyPlaceholder<'k>> {
        // A placeholder is a whole segment, so only a key with an empty segment can leave one
        // empty: every unknown key of a file is asked, and nearly none has one.
        let has_empty_segment =
            key.is_empty() || key.starts_with('.') || key.ends_with('.') || key.contains("..");
        if !has_empty_segment {
            return None;
        }
        let found = self.find(key);
        if found.instance.is_some() {
            return None;
        }
        let (id, at) = found.empty?;
        let pattern = self.patterns[id as usize].key;
        let placeholder = pattern
            .split('.')
            .nth(at as usize)
            .and_then(placeholder)
            .unwrap_or_default();
        Some(EmptyPlaceholder {
            pattern,
            placeholder,
        })
    }

    fn find(&self, key: &str) -> Found {
        let mut found = Found::default();
        if !self.nodes.is_empty() {
            self.walk(0, Some(key), 0, None, &mut found);
        }
        found
    }

    /// Visits `node` with `rest` the key's segments not yet taken (`None` when all are taken;
    /// `Some("")` is one empty segment), `depth` segments taken, `empty` the first placeholder
    /// given an empty segment on the way.
    fn walk(
        &self,
        node: usize,
        rest: Option<&str>,
        depth: u32,
        empty: Option<u32>,
        found: &mut Found,
    ) {
        let n = &self.nodes[node];
        let Some(rest) = rest else {
            for &id in &n.ends {
                self.offer(id, empty, found);
            }
            return;
        };
        let bytes = rest.as_bytes();
        if !n.trailing.is_empty() {
            // The trailing placeholder takes every segment left, none of which may be empty.
            let has_empty = bytes.first().is_none_or(|&b| b == b'.')
                || bytes.last() == Some(&b'.')
                || bytes.windows(2).any(|w| w == b"..");
            let empty = empty.or(has_empty.then_some(depth));
            for &id in &n.trailing {
                self.offer(id, empty, found);
            }
        }
        // Segments are short: a plain loop finds the dot sooner than a general search would.
        let (segment, next) = match bytes.iter().position(|&b| b == b'.') {
            Some(dot) => (&rest[..dot], Some(&rest[dot + 1..])),
            None => (rest, None),
        };
        if let Some(child) = n.literal(segment) {
            self.walk(child, next, depth + 1, empty, found);
        }
        if let Some(child) = n.placeholder {
            let empty = empty.or(segment.is_empty().then_some(depth));
            self.walk(child as usize, next, depth + 1, empty, found);
        }
    }

    /// Takes pattern `id` as a candidate when it beats the best one of its kind.
    fn offer(&self, id: u32, empty: Option<u32>, found: &mut Found) {
        let literals = |id: u32| self.patterns[id as usize].literals;
        let beats = |best: Option<u32>| match best {
            None => true,
            Some(b) => literals(id) > literals(b) || (literals(id) == literals(b) && id < b),
        };
        match empty {
            None if beats(found.instance) => found.instance = Some(id),
            Some(at) if beats(found.empty.map(|(b, _)| b)) => found.empty = Some((id, at)),
            _ => {}
        }
    }
}
