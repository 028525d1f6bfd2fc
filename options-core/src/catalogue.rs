//! [`Catalogue`]: every option group an application knows, looked up by key.

use crate::prehashed::PrehashedMap;
use std::fmt;

use crate::error::{ConfigError, ConfigErrorKind};
use crate::option::{key_hash, same_key_bytes, OptionKey, OptionMeta};
use crate::pattern::{match_key, PatternMatch};
use crate::suggest::{Candidate, SuggestIndex};
use std::sync::{Arc, OnceLock};

/// Static metadata of one group of options (one `#[derive(Options)]` struct): a docs section.
#[derive(Clone, Copy, Debug)]
pub struct GroupMeta {
    /// Section id, used in file names and anchors (`execution`).
    pub id: &'static str,
    /// Section title (`Execution Options`).
    pub title: &'static str,
    /// Markdown description of the section (may be empty).
    pub description: &'static str,
    /// The family the docs' navigation lists the section under (`State backends`); empty for a
    /// section listed on its own.
    pub family: &'static str,
    /// The options, in declaration order.
    pub options: &'static [OptionMeta],
}

/// A group of options declared with `#[derive(Options)]`.
pub trait OptionGroup {
    /// The group's static metadata.
    fn group() -> &'static GroupMeta;
}

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

/// What a catalogue knows about a key (see [`Catalogue::classify`]).
#[derive(Clone, Debug)]
pub enum KeyStatus {
    /// A declared option answers the key.
    Known(Resolved),
    /// No option declares the key, but it lies under an allowed free-form prefix (connector
    /// options, for example): accepted as it is, without validation.
    FreeForm,
    /// The key would be an instance of a pattern key but leaves a placeholder empty
    /// (`metrics.reporter..port`): an error, whatever the strictness.
    EmptyPlaceholder {
        /// The pattern key.
        pattern: &'static str,
        /// The placeholder left empty, without brackets.
        placeholder: String,
    },
    /// Nothing answers the key.
    Unknown {
        /// Known keys close to it, best first (may be empty).
        suggestions: Vec<&'static str>,
    },
}

/// One declared spelling of an option, as the key index keeps it: everything resolving a key
/// needs, without going back through the groups.
#[derive(Clone, Copy)]
struct Spelling {
    key: &'static OptionKey,
    meta: &'static OptionMeta,
    group: &'static GroupMeta,
    role: KeyRole,
}

/// The spellings sharing one hash, in the order added: nearly always one, kept inline so that
/// resolving a key (every `set_str`) reads no second allocation.
#[derive(Clone)]
struct Spellings {
    first: Spelling,
    more: Vec<Spelling>,
}

/// All option groups together: lookup by key, fallback key or deprecated key; suggestions for
/// unknown keys; free-form prefixes.
#[derive(Clone, Default)]
pub struct Catalogue {
    groups: Vec<&'static GroupMeta>,
    /// key hash -> every declared spelling with that hash (keys, fallback and deprecated keys).
    index: PrehashedMap<Spellings>,
    /// Prefixes under which undeclared keys are accepted (`connector.`).
    free_form_prefixes: Vec<String>,
    /// (group index, option index) of every option with a pattern key, in the order added.
    patterns: Vec<(usize, usize)>,
    /// "Did you mean" over every key, built on the first unknown key (and again after a group
    /// is added); clones share it.
    suggest_index: OnceLock<Arc<SuggestIndex<'static>>>,
}

impl Catalogue {
    /// An empty catalogue.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a group; an error, naming both groups, when it declares a key another group declares
    /// differently, or uses another option's key as a deprecated key (or the other way round).
    ///
    /// Adding a group that is already present (the same metadata, or a group with the same id and
    /// identical options) changes nothing; a group with the id of a present group but other
    /// options is an error naming the id ([`ConfigErrorKind::DuplicateGroup`]).
    ///
    /// On error the catalogue is unchanged.
    pub fn add_group(&mut self, group: &'static GroupMeta) -> Result<&mut Self, ConfigError> {
        if let Some(present) = self.groups.iter().find(|g| g.id == group.id) {
            if std::ptr::eq(*present, group) {
                return Ok(self);
            }
            return match group_difference(present, group) {
                None => Ok(self),
                Some(difference) => Err(ConfigError::from(ConfigErrorKind::DuplicateGroup {
                    id: group.id.to_owned(),
                    difference,
                })),
            };
        }
        self.check_group(group)?;
        self.check_relations(group)?;
        for meta in group.options.iter().filter(|m| m.is_sensitive()) {
            crate::sensitive::record(meta.all_keys().map(|k| k.name()));
        }
        self.suggest_index = OnceLock::new();
        let gi = self.groups.len();
        self.groups.push(group);
        for (oi, meta) in group.options.iter().enumerate() {
            let redeclared = self
                .resolve(meta.key.name())
                .is_some_and(|r| r.role == KeyRole::Key);
            if redeclared {
                // An identical declaration in an earlier group (check_group passed): keep that one.
                continue;
            }
            if crate::pattern::is_pattern(meta.key.name()) {
                self.patterns.push((gi, oi));
            }
            for (key, role) in std::iter::once((&meta.key, KeyRole::Key))
                .chain(meta.fallback_keys.iter().map(|k| (k, KeyRole::Fallback)))
                .chain(
                    meta.deprecated_keys
                        .iter()
                        .map(|k| (k, KeyRole::Deprecated)),
                )
            {
                let spelling = Spelling {
                    key,
                    meta,
                    group,
                    role,
                };
                match self.index.get_mut(&key.hash()) {
                    Some(spellings) => spellings.more.push(spelling),
                    None => {
                        let first = Spellings {
                            first: spelling,
                            more: Vec::new(),
                        };
                        self.index.insert(key.hash(), first);
                    }
                }
            }
        }
        Ok(self)
    }

    /// The first conflict between `group` and the groups already added.
    fn check_group(&self, group: &'static GroupMeta) -> Result<(), ConfigError> {
        let conflict = |key: &str, first: &GroupMeta, difference: String| {
            Err(ConfigError::from(
                ConfigErrorKind::ConflictingDeclarations {
                    key: key.to_owned(),
                    first: first.id.to_owned(),
                    second: group.id.to_owned(),
                    difference,
                },
            ))
        };
        for meta in group.options {
            let key = meta.key.name();
            match self.resolve(key) {
                Some(existing) if existing.role == KeyRole::Key => {
                    if let Some(difference) = difference(existing.meta, meta) {
                        return conflict(key, existing.group, difference);
                    }
                }
                Some(existing) if existing.role == KeyRole::Deprecated => {
                    let what = format!("a deprecated key of {} vs an option", existing.meta.key);
                    return conflict(key, existing.group, what);
                }
                _ => {}
            }
            for old in meta.deprecated_keys {
                if let Some(existing) = self.resolve(old.name()) {
                    if existing.role == KeyRole::Key {
                        let what = format!("an option vs a deprecated key of {}", meta.key);
                        return conflict(old.name(), existing.group, what);
                    }
                }
            }
        }
        Ok(())
    }

    /// Every `only_when` of `group` names an option of this catalogue or of `group` itself, with a
    /// value that option accepts. A condition on another group's option needs that group added
    /// first.
    fn check_relations(&self, group: &'static GroupMeta) -> Result<(), ConfigError> {
        for meta in group.options {
            let Some(relation) = meta.only_when else {
                continue;
            };
            let broken = |problem: String| {
                ConfigError::from(ConfigErrorKind::BrokenRelation {
                    key: meta.key.name().to_owned(),
                    other: relation.key.to_owned(),
                    value: relation.value.to_owned(),
                    problem,
                })
            };
            let target = group
                .options
                .iter()
                .find(|o| o.key.name() == relation.key)
                .or_else(|| self.resolve(relation.key).map(|r| r.meta));
            let Some(target) = target else {
                return Err(broken(format!(
                    "no option of the catalogue has the key {}; fix the key, or add the group declaring it before group \"{}\"",
                    relation.key, group.id
                )));
            };
            if let Err(e) = target.parse_value(relation.value) {
                return Err(broken(format!(
                    "{} does not accept that value ({e}); write a value of {} in the condition",
                    target.key, target.key
                )));
            }
        }
        Ok(())
    }

    /// Adds a derived group (builder style).
    pub fn with<G: OptionGroup>(self) -> Result<Self, ConfigError> {
        self.with_group(G::group())
    }

    /// Adds a group by its metadata (builder style).
    pub fn with_group(mut self, group: &'static GroupMeta) -> Result<Self, ConfigError> {
        self.add_group(group)?;
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

    /// Accepts undeclared keys under `prefix` (for example `connector.`) as free-form: they are
    /// neither validated nor reported as unknown. Keys declared under the prefix still resolve
    /// to their options.
    pub fn allow_prefix(&mut self, prefix: impl Into<String>) -> &mut Self {
        let prefix = prefix.into();
        if !self.free_form_prefixes.contains(&prefix) {
            self.free_form_prefixes.push(prefix);
        }
        self
    }

    /// The free-form prefixes, in the order allowed.
    pub fn free_form_prefixes(&self) -> &[String] {
        &self.free_form_prefixes
    }

    /// Whether `key` lies under an allowed free-form prefix (and is more than the prefix itself).
    pub fn is_allowed_free_form(&self, key: &str) -> bool {
        self.free_form_prefixes
            .iter()
            .any(|p| key.len() > p.len() && key.starts_with(p.as_str()))
    }

    /// Known keys close to `key`, best first, at most [`MAX_SUGGESTIONS`](crate::suggest::MAX_SUGGESTIONS): keys a few
    /// typing mistakes away, keys ending with `key`, and keys under `key` as a prefix. A typo of a
    /// deprecated or fallback key suggests the option's current key. Empty when nothing is close.
    pub fn suggest(&self, key: &str) -> Vec<&'static str> {
        self.suggest_index
            .get_or_init(|| Arc::new(SuggestIndex::new(self.candidates())))
            .suggest(key)
    }

    fn candidates(&self) -> impl Iterator<Item = Candidate> + '_ {
        self.options().flat_map(move |(_, meta)| {
            // A fallback key that is another option's own key (the `sql.*` counterparts) is
            // suggested as that option, not twice.
            let own_key_elsewhere = move |k: &OptionKey| {
                let this = self;
                k.name() != meta.key.name()
                    && this
                        .resolve(k.name())
                        .is_some_and(|r| r.role == KeyRole::Key)
            };
            meta.all_keys()
                .filter(move |k| !own_key_elsewhere(k))
                .map(move |k| Candidate {
                    key: k.name(),
                    target: meta.key.name(),
                    hidden: meta.hidden,
                })
        })
    }

    /// The declared spelling (an option's key, fallback key or deprecated key) that equals `key`
    /// ignoring ASCII case, when `key` itself is not declared: environment variables are upper
    /// case, so `FLINK_TASKMANAGER_NUMBEROFTASKSLOTS` reads back as
    /// `taskmanager.numberoftaskslots` and means Flink's `taskmanager.numberOfTaskSlots`.
    pub fn declared_spelling(&self, key: &str) -> Option<&'static str> {
        if self.resolve(key).is_some() {
            return None;
        }
        self.options()
            .flat_map(|(_, meta)| meta.all_keys())
            .map(|k| k.name())
            .find(|name| name.eq_ignore_ascii_case(key))
    }

    /// Whether `key` is declared (or an instance of a pattern key), free-form, or unknown (with
    /// suggestions): the one question `SET` and config validation ask.
    pub fn classify(&self, key: &str) -> KeyStatus {
        if let Some(resolved) = self.resolve(key) {
            KeyStatus::Known(resolved)
        } else if let Some((pattern, placeholder)) = self.empty_placeholder(key) {
            KeyStatus::EmptyPlaceholder {
                pattern,
                placeholder,
            }
        } else if self.is_allowed_free_form(key) {
            KeyStatus::FreeForm
        } else {
            KeyStatus::Unknown {
                suggestions: self.suggest(key),
            }
        }
    }

    /// Whether values of `key` must be masked. A key an option answers is secret when the option
    /// is sensitive or the key names a secret. Any other key (unknown, free-form) is judged by
    /// [`crate::sensitive::is_secret`]: a secret word or one typo from one, or a typo of a
    /// sensitive option's key as close as a "did you mean" suggestion (`vault.sael` when
    /// `vault.seal` is sensitive: a misspelt key is usually meant as the option it resembles).
    /// Suggestions of another kind (keys under a prefix, `user` for `user.artifacts.*`) do not
    /// count: such a key is not a misspelling of a secret one.
    pub fn is_secret(&self, key: &str) -> bool {
        match self.resolve(key) {
            Some(resolved) => {
                resolved.meta.is_sensitive() || crate::sensitive::is_sensitive_key(key)
            }
            // Every catalogue records its sensitive keys as groups are added, so the rule for
            // keys seen without a catalogue knows this one's.
            None => crate::sensitive::is_secret(key),
        }
    }

    /// [`ConfigErrorKind::UnknownKey`] for `key`, with this catalogue's suggestions (or
    /// [`ConfigErrorKind::EmptyPlaceholder`] when the key leaves a pattern's placeholder empty).
    pub fn unknown_key_error(&self, key: &str) -> ConfigError {
        if let Some((pattern, placeholder)) = self.empty_placeholder(key) {
            return crate::pattern::empty_placeholder_error(key, pattern, &placeholder);
        }
        ConfigError::from(ConfigErrorKind::UnknownKey {
            key: key.to_owned(),
            suggestions: self.suggest(key).into_iter().map(str::to_owned).collect(),
        })
    }

    fn resolve_full(&self, key: &str, hash: u64) -> Option<Resolved> {
        self.resolve_spelled(key, hash).map(|(r, _)| r)
    }

    /// The options declared with a pattern key (`metrics.reporter.<name>.interval`).
    pub fn patterns(&self) -> impl Iterator<Item = Resolved> + '_ {
        self.patterns.iter().map(|&(gi, oi)| Resolved {
            meta: &self.groups[gi].options[oi],
            group: self.groups[gi],
            role: KeyRole::Pattern,
        })
    }

    /// The most specific pattern option `key` is an instance of (most literal segments, then the
    /// first declared).
    fn resolve_pattern(&self, key: &str) -> Option<Resolved> {
        let mut best: Option<(usize, Resolved)> = None;
        for resolved in self.patterns() {
            if let PatternMatch::Instance { literals } = match_key(resolved.meta.key_str(), key) {
                if best.is_none_or(|(b, _)| literals > b) {
                    best = Some((literals, resolved));
                }
            }
        }
        best.map(|(_, r)| r)
    }

    /// The pattern key and placeholder that `key` leaves empty, when it is no exact key and no
    /// instance of any pattern.
    fn empty_placeholder(&self, key: &str) -> Option<(&'static str, String)> {
        let mut best: Option<(usize, &'static str, String)> = None;
        for r in self.patterns() {
            if let PatternMatch::EmptyPlaceholder {
                placeholder,
                literals,
            } = match_key(r.meta.key_str(), key)
            {
                if best.as_ref().is_none_or(|(b, _, _)| literals > *b) {
                    best = Some((literals, r.meta.key_str(), placeholder));
                }
            }
        }
        best.map(|(_, pattern, placeholder)| (pattern, placeholder))
    }

    /// The option answering `key`, with the declared spelling that matched (a `'static` string,
    /// so a configuration can keep it without allocating).
    #[inline(always)]
    pub(crate) fn resolve_spelled(&self, key: &str, hash: u64) -> Option<(Resolved, &'static str)> {
        let Some(spellings) = self.index.get(&hash) else {
            return self.resolve_undeclared(key);
        };
        // An option's own key (the common case) answers at once: no spelling of another role can
        // take precedence over it.
        let first = &spellings.first;
        if first.role == KeyRole::Key && same_key_bytes(first.key.name(), key) {
            return Some(first.resolved());
        }
        self.resolve_among(spellings, key)
    }

    /// The spelling equal to `key` with the earliest role, when the first one is not it.
    #[cold]
    fn resolve_among(&self, spellings: &Spellings, key: &str) -> Option<(Resolved, &'static str)> {
        let best = std::iter::once(&spellings.first)
            .chain(&spellings.more)
            .filter(|s| same_key_bytes(s.key.name(), key))
            .min_by_key(|s| s.role);
        match best {
            Some(s) => Some(s.resolved()),
            // A hash collision with another key: still try the patterns.
            None => self.resolve_undeclared(key),
        }
    }

    /// Not declared as written: an instance of a pattern key, if any is declared.
    #[cold]
    fn resolve_undeclared(&self, key: &str) -> Option<(Resolved, &'static str)> {
        if self.patterns.is_empty() {
            return None;
        }
        self.resolve_pattern(key).map(|r| (r, r.meta.key_str()))
    }
}

impl Spelling {
    #[inline(always)]
    fn resolved(&self) -> (Resolved, &'static str) {
        let resolved = Resolved {
            meta: self.meta,
            group: self.group,
            role: self.role,
        };
        (resolved, self.key.name())
    }
}

/// What differs between the options of two groups with one id, if anything: their number, a key,
/// the other spellings of a key, or what [`difference`] compares.
fn group_difference(first: &GroupMeta, second: &GroupMeta) -> Option<String> {
    if first.options.len() != second.options.len() {
        return Some(format!(
            "{} options vs {}",
            first.options.len(),
            second.options.len()
        ));
    }
    first.options.iter().zip(second.options).find_map(|(a, b)| {
        if a.key != b.key {
            Some(format!("option {} vs {}", a.key, b.key))
        } else if a.fallback_keys != b.fallback_keys || a.deprecated_keys != b.deprecated_keys {
            Some(format!("{}: other fallback or deprecated keys", a.key))
        } else {
            difference(a, b).map(|d| format!("{}: {d}", a.key))
        }
    })
}

/// What differs between two declarations of one key, if anything that matters to a reader of the
/// value: type, default, scope, sensitivity or when it may be set.
fn difference(a: &OptionMeta, b: &OptionMeta) -> Option<String> {
    if a.value_type != b.value_type {
        Some(format!(
            "type {} vs {}",
            a.value_type.name(),
            b.value_type.name()
        ))
    } else if a.default != b.default {
        Some(format!("default {:?} vs {:?}", a.default, b.default))
    } else if a.scope != b.scope {
        Some(format!(
            "scope {:?} vs {:?}",
            a.scope.as_str(),
            b.scope.as_str()
        ))
    } else if a.is_sensitive() != b.is_sensitive() {
        Some(format!(
            "sensitive {} vs {}",
            a.is_sensitive(),
            b.is_sensitive()
        ))
    } else if a.startup_only != b.startup_only {
        Some(format!(
            "startup_only {} vs {}",
            a.startup_only, b.startup_only
        ))
    } else {
        None
    }
}

impl fmt::Debug for Catalogue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Catalogue")
            .field(
                "groups",
                &self.groups.iter().map(|g| g.id).collect::<Vec<_>>(),
            )
            .field("free_form_prefixes", &self.free_form_prefixes)
            .finish_non_exhaustive()
    }
}
