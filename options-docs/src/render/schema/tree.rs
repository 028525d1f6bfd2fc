//! The keys of a catalogue as a tree of segments, and what a YAML object at any depth may hold.
//!
//! A key is a path of segments; a segment is literal (`reporter`), an inner placeholder
//! (`<name>`: exactly one segment) or a trailing placeholder (`<parameter>` at the end: one or more
//! segments). A YAML object at some depth corresponds to a [`State`]: every tree node its path can
//! reach (a literal segment may match a literal child and a placeholder at once), plus the trailing
//! placeholders already entered (which accept any further segments). From a state, [`entries`]
//! lists every dotted path an object there may hold, each with the state it leads to: a path made of
//! literal segments only is a property; a path with a segment that is none of the literal
//! children at its point is a pattern. Entries are disjoint (a pattern segment excludes its
//! literal siblings), so a validator that applies only the first matching pattern
//! (yaml-language-server) and one that applies all of them (the JSON Schema specification) agree.

use std::collections::BTreeMap;

/// What a complete key path names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Role {
    /// A deprecated key of the option (the weakest claim on a spelling).
    Deprecated,
    /// A fallback key of the option.
    Fallback,
    /// The option's own key.
    Key,
}

/// A key (as declared, placeholders included) and what it names.
#[derive(Clone, Debug)]
pub(super) struct Leaf {
    /// The key as declared (`metrics.reporter.<name>.interval`, or an old key).
    pub key: String,
    /// Index of the option in the caller's list.
    pub option: usize,
    pub role: Role,
    /// Literal segments of the key, `None` for a key without placeholders (which wins over every
    /// pattern, as in Flink); among patterns the one with more literal segments wins.
    pub literals: Option<usize>,
    /// The option is hidden from the docs (kept out of editor completion).
    pub hidden: bool,
}

impl Leaf {
    /// Which of two leaves naming one spelling counts: an exact key before a pattern, more literal
    /// segments before fewer, then an option's own key before a fallback before a deprecated key.
    fn rank(&self) -> (bool, usize, Role) {
        (
            self.literals.is_none(),
            self.literals.unwrap_or(0),
            self.role,
        )
    }

    /// Whether editors should offer this key.
    fn suggested(&self) -> bool {
        !self.hidden && self.role != Role::Deprecated
    }
}

#[derive(Debug, Default)]
struct Node {
    /// The path from the root as declared (`metrics.reporter.<name>`).
    path: String,
    literal: BTreeMap<String, usize>,
    /// The child through an inner placeholder.
    one: Option<usize>,
    /// The leaf reached through a trailing placeholder (one or more segments).
    rest: Option<usize>,
    /// The leaf whose key ends here.
    leaf: Option<usize>,
    /// Some key at or below this node is offered by editors.
    suggested: bool,
}

/// Every key of a catalogue, as a tree.
#[derive(Debug)]
pub(super) struct Tree {
    nodes: Vec<Node>,
    leaves: Vec<Leaf>,
}

/// The tree nodes and entered trailing placeholders one object path reaches (sorted, deduplicated).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) struct State {
    nodes: Vec<usize>,
    rests: Vec<usize>,
}

/// One segment of an entry's path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Segment {
    /// This literal segment.
    Literal(String),
    /// Any one segment but these literal ones.
    Other(Vec<String>),
    /// Any number of further segments (ends a path into a trailing placeholder).
    AnyMore,
}

/// A dotted path an object may hold, and the state it leads to.
#[derive(Clone, Debug)]
pub(super) struct Entry {
    pub path: Vec<Segment>,
    pub state: State,
}

impl Entry {
    /// The path as a property name, when it is literal segments only.
    pub fn property(&self) -> Option<String> {
        let mut name = String::new();
        for segment in &self.path {
            let Segment::Literal(s) = segment else {
                return None;
            };
            if !name.is_empty() {
                name.push('.');
            }
            name.push_str(s);
        }
        Some(name)
    }

    /// The path as an anchored regular expression (ECMAScript, valid in Unicode mode: only syntax
    /// characters are escaped).
    pub fn regex(&self) -> String {
        let mut out = String::from("^");
        for (i, segment) in self.path.iter().enumerate() {
            if i > 0 && segment != &Segment::AnyMore {
                out.push_str(r"\.");
            }
            match segment {
                Segment::Literal(s) => out.push_str(&escape(s)),
                Segment::Other(excluded) if excluded.is_empty() => out.push_str("[^.]+"),
                Segment::Other(excluded) => {
                    let names: Vec<String> = excluded.iter().map(|s| escape(s)).collect();
                    out.push_str(&format!(r"(?!(?:{})(?:\.|$))[^.]+", names.join("|")));
                }
                Segment::AnyMore => out.push_str(r"(?:\.[^.]+)*"),
            }
        }
        out.push('$');
        out
    }
}

/// Escapes the syntax characters of an ECMAScript regular expression (and nothing else: Unicode
/// mode refuses needless escapes such as `\-`).
pub(super) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if r"^$\.*+?()[]{}|/".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

impl Tree {
    /// The tree of `leaves`.
    pub fn new(leaves: Vec<Leaf>) -> Self {
        let mut tree = Tree {
            nodes: vec![Node::default()],
            leaves: Vec::new(),
        };
        for leaf in leaves {
            tree.insert(leaf);
        }
        tree.mark_suggested(0);
        tree
    }

    fn insert(&mut self, leaf: Leaf) {
        let id = self.leaves.len();
        let segments: Vec<&str> = leaf.key.split('.').collect();
        let mut at = 0;
        for (i, segment) in segments.iter().enumerate() {
            let placeholder = options_core::pattern::placeholder(segment).is_some();
            if placeholder && i + 1 == segments.len() {
                let slot = &mut self.nodes[at].rest;
                if slot.is_none_or(|old| self.leaves[old].rank() < leaf.rank()) {
                    *slot = Some(id);
                }
                self.leaves.push(leaf);
                return;
            }
            let path = match at {
                0 => segment.to_string(),
                _ => format!("{}.{segment}", self.nodes[at].path),
            };
            let next = self.nodes.len();
            let node = &mut self.nodes[at];
            at = if placeholder {
                *node.one.get_or_insert(next)
            } else {
                *node.literal.entry(segment.to_string()).or_insert(next)
            };
            if at == next {
                self.nodes.push(Node {
                    path,
                    ..Node::default()
                });
            }
        }
        let slot = &mut self.nodes[at].leaf;
        if slot.is_none_or(|old| self.leaves[old].rank() < leaf.rank()) {
            *slot = Some(id);
        }
        self.leaves.push(leaf);
    }

    fn mark_suggested(&mut self, at: usize) -> bool {
        let node = &self.nodes[at];
        let children: Vec<usize> = node.literal.values().copied().chain(node.one).collect();
        let mut suggested = node
            .leaf
            .into_iter()
            .chain(node.rest)
            .any(|l| self.leaves[l].suggested());
        for child in children {
            suggested |= self.mark_suggested(child);
        }
        self.nodes[at].suggested = suggested;
        suggested
    }

    /// The state of the document root.
    pub fn root(&self) -> State {
        State {
            nodes: vec![0],
            rests: Vec::new(),
        }
    }

    /// A leaf by index.
    pub fn leaf(&self, id: usize) -> &Leaf {
        &self.leaves[id]
    }

    /// The literal segments an object in `state` may hold next.
    fn literals(&self, state: &State) -> Vec<String> {
        let mut names: Vec<String> = state
            .nodes
            .iter()
            .flat_map(|&n| self.nodes[n].literal.keys().cloned())
            .collect();
        names.sort();
        names.dedup();
        names
    }

    /// The state after one more segment: `Some(name)` for a literal one, `None` for any segment
    /// that is none of [`literals`](Self::literals).
    fn step(&self, state: &State, segment: Option<&str>) -> State {
        let mut next = State {
            nodes: Vec::new(),
            rests: state.rests.clone(),
        };
        for &n in &state.nodes {
            let node = &self.nodes[n];
            if let Some(&child) = segment.and_then(|s| node.literal.get(s)) {
                next.nodes.push(child);
            }
            next.nodes.extend(node.one);
            next.rests.extend(node.rest);
        }
        next.nodes.sort_unstable();
        next.nodes.dedup();
        next.rests.sort_unstable();
        next.rests.dedup();
        next
    }

    /// Every path an object in `state` may hold, in a fixed order: literal paths depth first in
    /// name order, each followed by the paths below it, then the pattern paths.
    pub fn entries(&self, state: &State) -> Vec<Entry> {
        let mut out = Vec::new();
        self.collect(state, &mut Vec::new(), &mut out);
        out
    }

    fn collect(&self, state: &State, path: &mut Vec<Segment>, out: &mut Vec<Entry>) {
        let literals = self.literals(state);
        for name in &literals {
            let next = self.step(state, Some(name));
            path.push(Segment::Literal(name.clone()));
            out.push(Entry {
                path: path.clone(),
                state: next.clone(),
            });
            self.collect(&next, path, out);
            path.pop();
        }
        let next = self.step(state, None);
        if next.nodes.is_empty() && next.rests.is_empty() {
            return;
        }
        path.push(Segment::Other(literals));
        if next.nodes.is_empty() {
            // Only trailing placeholders: any further segments stay in the same state.
            path.push(Segment::AnyMore);
            out.push(Entry {
                path: path.clone(),
                state: next,
            });
            path.pop();
        } else {
            out.push(Entry {
                path: path.clone(),
                state: next.clone(),
            });
            self.collect(&next, path, out);
        }
        path.pop();
    }

    /// The leaf a value in `state` belongs to, if any (see [`Leaf::rank`]).
    pub fn value(&self, state: &State) -> Option<usize> {
        state
            .nodes
            .iter()
            .filter_map(|&n| self.nodes[n].leaf)
            .chain(state.rests.iter().copied())
            .max_by(|&a, &b| self.leaves[a].rank().cmp(&self.leaves[b].rank()))
    }

    /// Whether an object in `state` may hold more keys.
    pub fn is_object(&self, state: &State) -> bool {
        !state.rests.is_empty() || self.has_node_children(state)
    }

    /// Whether a tree node of `state` has keys below it (beyond the trailing placeholders already
    /// entered, which take any further segments).
    pub fn has_node_children(&self, state: &State) -> bool {
        state.nodes.iter().any(|&n| {
            let node = &self.nodes[n];
            !node.literal.is_empty() || node.one.is_some() || node.rest.is_some()
        })
    }

    /// Whether editors should offer the path that leads to `state`.
    pub fn suggested(&self, state: &State) -> bool {
        state.nodes.iter().any(|&n| self.nodes[n].suggested)
            || state.rests.iter().any(|&l| self.leaves[l].suggested())
    }

    /// A readable name for the object of `state`: the declared path of its first node
    /// (`metrics.reporter.<name>`), or of its trailing placeholder.
    pub fn name(&self, state: &State) -> String {
        match (state.nodes.first(), state.rests.first()) {
            (Some(&n), _) => self.nodes[n].path.clone(),
            (None, Some(&l)) => self.leaves[l].key.clone(),
            (None, None) => String::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leaf(key: &str, option: usize) -> Leaf {
        let literals = key.contains('<').then(|| {
            key.split('.')
                .filter(|s| options_core::pattern::placeholder(s).is_none())
                .count()
        });
        Leaf {
            key: key.to_owned(),
            option,
            role: Role::Key,
            literals,
            hidden: false,
        }
    }

    fn tree() -> Tree {
        Tree::new(vec![
            leaf("metrics.reporter.<name>.<parameter>", 0),
            leaf("metrics.reporter.<name>.interval", 1),
            leaf("metrics.reporter.<name>.factory.class", 2),
            leaf("metrics.reporters", 3),
        ])
    }

    #[test]
    fn a_nested_instance_lists_its_typed_keys_and_a_catch_all_that_excludes_them() {
        let t = tree();
        let root = t.root();
        let metrics = t.step(&root, Some("metrics"));
        let reporter = t.step(&metrics, Some("reporter"));
        let prom = t.step(&reporter, None);
        let entries = t.entries(&prom);
        let shown: Vec<String> = entries
            .iter()
            .map(|e| e.property().unwrap_or_else(|| e.regex()))
            .collect();
        assert_eq!(
            shown,
            [
                "factory",
                "factory.class",
                r"^factory\.class\.[^.]+(?:\.[^.]+)*$",
                r"^factory\.(?!(?:class)(?:\.|$))[^.]+(?:\.[^.]+)*$",
                "interval",
                r"^interval\.[^.]+(?:\.[^.]+)*$",
                r"^(?!(?:factory|interval)(?:\.|$))[^.]+(?:\.[^.]+)*$",
            ]
        );
        // `interval` is the typed option, not the catch-all.
        let interval = &entries[4].state;
        assert_eq!(t.leaf(t.value(interval).unwrap()).option, 1);
        // `factory` alone is a catch-all instance, and an object holding `class`.
        let factory = &entries[0].state;
        assert_eq!(t.leaf(t.value(factory).unwrap()).option, 0);
        assert!(t.is_object(factory));
    }

    #[test]
    fn the_root_reaches_instances_through_a_pattern() {
        let t = tree();
        let regexes: Vec<String> = t
            .entries(&t.root())
            .iter()
            .filter(|e| e.property().is_none())
            .map(Entry::regex)
            .collect();
        assert!(regexes.contains(&r"^metrics\.reporter\.[^.]+\.interval$".to_owned()));
        assert!(
            regexes.contains(&r"^metrics\.reporter\.[^.]+$".to_owned()),
            "{regexes:?}"
        );
    }

    #[test]
    fn escapes_only_syntax_characters() {
        assert_eq!(escape("$internal.a-b_c"), r"\$internal\.a-b_c");
    }
}
