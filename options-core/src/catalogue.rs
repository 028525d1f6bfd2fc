//! [`Catalogue`]: every option group an application knows, looked up by key.

use std::collections::HashMap;
use std::fmt;

use crate::error::ConfigError;
use crate::option::{key_hash, OptionMeta};

/// Static metadata of one group of options (one `#[derive(Options)]` struct): a docs section.
#[derive(Clone, Copy, Debug)]
pub struct GroupMeta {
    /// Section id, used in file names and anchors (`execution`).
    pub id: &'static str,
    /// Section title (`Execution Options`).
    pub title: &'static str,
    /// Markdown description of the section (may be empty).
    pub description: &'static str,
    /// The options, in declaration order.
    pub options: &'static [OptionMeta],
}

/// A group of options declared with `#[derive(Options)]`.
pub trait OptionGroup {
    /// The group's static metadata.
    fn group() -> &'static GroupMeta;
}

/// How a key matched an option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyRole {
    /// The option's own key.
    Key,
    /// One of its fallback keys.
    Fallback,
    /// One of its deprecated keys.
    Deprecated,
}

/// An option found by key.
#[derive(Clone, Copy, Debug)]
pub struct Resolved {
    /// The option.
    pub meta: &'static OptionMeta,
    /// The group declaring it.
    pub group: &'static GroupMeta,
    /// How the key matched.
    pub role: KeyRole,
}

/// All option groups together: lookup by key, fallback key or deprecated key.
#[derive(Clone, Default)]
pub struct Catalogue {
    groups: Vec<&'static GroupMeta>,
    /// key hash -> (group index, option index, role); keys, then fallback/deprecated keys.
    index: HashMap<u64, Vec<(usize, usize, KeyRole)>>,
}

impl Catalogue {
    /// An empty catalogue.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a group; an error when it declares a key another group declares differently.
    pub fn add_group(&mut self, group: &'static GroupMeta) -> Result<&mut Self, ConfigError> {
        let gi = self.groups.len();
        for (oi, meta) in group.options.iter().enumerate() {
            if let Some(existing) = self.resolve(meta.key.name()) {
                if existing.role == KeyRole::Key {
                    if let Some(difference) = difference(existing.meta, meta) {
                        return Err(ConfigError::ConflictingDeclarations {
                            key: meta.key.name().to_owned(),
                            first: existing.group.id.to_owned(),
                            second: group.id.to_owned(),
                            difference,
                        });
                    }
                    continue;
                }
            }
            for (k, role) in std::iter::once((meta.key, KeyRole::Key))
                .chain(meta.fallback_keys.iter().map(|k| (*k, KeyRole::Fallback)))
                .chain(meta.deprecated_keys.iter().map(|k| (*k, KeyRole::Deprecated)))
            {
                self.index.entry(k.hash()).or_default().push((gi, oi, role));
            }
        }
        self.groups.push(group);
        Ok(self)
    }

    /// Adds a derived group (builder style).
    pub fn with<G: OptionGroup>(mut self) -> Result<Self, ConfigError> {
        self.add_group(G::group())?;
        Ok(self)
    }

    /// The groups, in the order added.
    pub fn groups(&self) -> &[&'static GroupMeta] {
        &self.groups
    }

    /// Every option of every group.
    pub fn options(&self) -> impl Iterator<Item = (&'static GroupMeta, &'static OptionMeta)> + '_ {
        self.groups
            .iter()
            .flat_map(|g| g.options.iter().map(move |o| (*g, o)))
    }

    /// The option answering `key` (its own key first, then fallback, then deprecated).
    pub fn resolve(&self, key: &str) -> Option<Resolved> {
        self.resolve_full(key, key_hash(key))
    }

    /// The option answering `key`, given its precomputed hash.
    pub fn resolve_hashed(&self, key: &str, hash: u64) -> Option<&'static OptionMeta> {
        self.resolve_full(key, hash).map(|r| r.meta)
    }

    fn resolve_full(&self, key: &str, hash: u64) -> Option<Resolved> {
        let candidates = self.index.get(&hash)?;
        candidates
            .iter()
            .filter_map(|&(gi, oi, role)| {
                let group = self.groups[gi];
                let meta = &group.options[oi];
                meta.all_keys()
                    .any(|k| k.name() == key)
                    .then_some(Resolved { meta, group, role })
            })
            .min_by_key(|r| r.role as u8)
    }
}

/// What differs between two declarations of one key, if anything that matters.
fn difference(a: &OptionMeta, b: &OptionMeta) -> Option<String> {
    if a.value_type != b.value_type {
        Some(format!(
            "type {} vs {}",
            a.value_type.name(),
            b.value_type.name()
        ))
    } else if a.default != b.default {
        Some(format!("default {:?} vs {:?}", a.default, b.default))
    } else {
        None
    }
}

impl fmt::Debug for Catalogue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Catalogue")
            .field("groups", &self.groups.iter().map(|g| g.id).collect::<Vec<_>>())
            .finish_non_exhaustive()
    }
}
