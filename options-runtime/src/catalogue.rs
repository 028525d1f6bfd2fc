//! [`Catalogue`]: every option group an application knows, looked up by key.

use std::fmt;

use crate::error::{ConfigError, ConfigErrorKind};
pub use crate::group::{GroupMeta, OptionGroup};
use crate::key_index::{Hit, KeyIndex};
use crate::option::{key_hash, OptionKey, OptionMeta};
use crate::release::{Release, Releases};
use crate::release_view::{absent_keys, group_at, AbsentKey};
use crate::sensitive::{Reading, Spelling};
use crate::suggest::{Candidate, SuggestIndex};
use std::sync::{Arc, OnceLock};

pub use crate::key_index::KeyRole;

use crate::engine::Engine;

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

impl Resolved {
    /// The one masking rule ([`crate::sensitive::masks`]) for text shown under `key`, which
    /// resolved to this option.
    pub fn masks(&self, key: &str, reading: Reading) -> bool {
        let spelling = match self.role {
            KeyRole::Pattern => Spelling::Instance,
            KeyRole::Key => Spelling::Own,
            KeyRole::Fallback | KeyRole::Deprecated => Spelling::Other,
        };
        crate::sensitive::masks(key, Some(self.meta.masking(spelling)), reading)
    }
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
    /// The catalogue's release does not read the key, but another release does (an option added
    /// later or removed, a spelling dropped): an error, whatever the strictness.
    Absent(AbsentKey),
    /// Nothing answers the key.
    Unknown {
        /// Known keys close to it, best first (may be empty).
        suggestions: Vec<&'static str>,
    },
}

/// What the key index answers for a spelling: the option and the group declaring it.
type Declared = (&'static OptionMeta, &'static GroupMeta);

/// All option groups together: lookup by key, fallback key or deprecated key; suggestions for
/// unknown keys; free-form prefixes.
#[derive(Clone, Default)]
pub struct Catalogue {
    /// The groups as the catalogue's release has them (views of `declared`).
    groups: Vec<&'static GroupMeta>,
    /// The groups as declared, in the order added.
    declared: Vec<&'static GroupMeta>,
    /// The release every group is seen at: chosen with [`Catalogue::for_release`], else the
    /// newest release of the first group that declares releases.
    release: Option<Release>,
    /// Keys (and pattern keys) the release does not read though another release does, resolved
    /// as the options' keys are.
    absent: KeyIndex<'static, AbsentKey>,
    /// Every declared spelling (keys, fallback and deprecated keys) and every pattern key.
    index: KeyIndex<'static, Declared>,
    /// Prefixes under which undeclared keys are accepted (`connector.`).
    free_form_prefixes: Vec<String>,
    /// "Did you mean" over every key, built on the first unknown key (and again after a group
    /// is added); clones share it.
    suggest_index: OnceLock<Arc<SuggestIndex<'static>>>,
    /// The engine whose options these are ([`Engine::GENERIC`] unless set; see [`crate::engine`]).
    engine: Option<Engine>,
}

impl Catalogue {
    /// An empty catalogue.
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty catalogue for `release`: every group added later is seen as that release has it
    /// (options it does not read are left out and reported as added later or removed).
    pub fn for_release(release: Release) -> Self {
        Catalogue {
            release: Some(release),
            ..Self::default()
        }
    }

    /// The release this catalogue answers for, if its groups declare releases.
    pub fn release(&self) -> Option<Release> {
        self.release
    }

    /// The releases of this catalogue's groups, if they declare any.
    pub fn releases(&self) -> Option<&'static Releases> {
        self.release.map(|r| r.line())
    }

    /// The same groups and free-form prefixes, seen at another release of the same line.
    ///
    /// # Errors
    ///
    /// When a group conflicts with another at that release (see [`add_group`](Self::add_group)).
    pub fn at_release(&self, release: Release) -> Result<Catalogue, ConfigError> {
        let mut other = Catalogue::for_release(release);
        for group in &self.declared {
            other.add_group(group)?;
        }
        other.free_form_prefixes = self.free_form_prefixes.clone();
        Ok(other)
    }

    /// The groups as `release` sees them (each group's view at that release; a group without
    /// releases as it is), in the order added: what [`at_release`](Self::at_release) would hold,
    /// without building its key index. For reading many releases' options (the site's "What
    /// changed" steps).
    pub fn groups_at(&self, release: Release) -> Vec<&'static GroupMeta> {
        self.declared
            .iter()
            .map(|group| match group.releases {
                Some(line) if release.same_line(line) => group_at(group, release),
                _ => *group,
            })
            .collect()
    }

    /// The groups as declared (every option of every release), in the order added.
    pub fn declared_groups(&self) -> &[&'static GroupMeta] {
        &self.declared
    }

    /// Every option that reads `key` (as its key, a fallback key or a deprecated key), in
    /// catalogue order: usually one, but one old spelling can be read by several options
    /// (Flink 2.x reads `state.backend.local-recovery` through two).
    pub fn readers(&self, key: &str) -> Vec<Resolved> {
        self.groups
            .iter()
            .flat_map(|g| g.options.iter().map(move |m| (*g, m)))
            .filter_map(|(group, meta)| {
                let role = if meta.key.name() == key {
                    KeyRole::Key
                } else if meta.fallback_keys.iter().any(|k| k.name() == key) {
                    KeyRole::Fallback
                } else if meta.deprecated_keys.iter().any(|k| k.name() == key) {
                    KeyRole::Deprecated
                } else {
                    return None;
                };
                Some(Resolved { meta, group, role })
            })
            .collect()
    }

    /// Why the catalogue's release does not read `key`, when another release does.
    pub fn absent(&self, key: &str) -> Option<AbsentKey> {
        self.absent.resolve(key).map(|hit| hit.payload)
    }

    /// `declared` as the catalogue's release has it, and the release the catalogue will have once
    /// it is added.
    fn view_of(
        &self,
        declared: &'static GroupMeta,
    ) -> Result<(&'static GroupMeta, Option<Release>), ConfigError> {
        let Some(line) = declared.releases else {
            return Ok((declared, self.release));
        };
        let release = match self.release {
            None => line.newest(),
            Some(r) if r.same_line(line) => r,
            Some(r) => {
                return Err(ConfigError::from(ConfigErrorKind::ReleaseLine {
                    group: declared.id.to_owned(),
                    found: line.engine().to_owned(),
                    expected: r.line().engine().to_owned(),
                    release: r.version().to_owned(),
                }))
            }
        };
        Ok((group_at(declared, release), Some(release)))
    }

    /// Adds a group; an error, naming both groups, when it declares a key another group declares
    /// differently, or uses another option's key as a deprecated key (or the other way round).
    ///
    /// Adding a group that is already present (the same metadata, or a group with the same id and
    /// identical options) changes nothing; a group with the id of a present group but other
    /// options is an error naming the id ([`ConfigErrorKind::DuplicateGroup`]).
    ///
    /// On error the catalogue is unchanged.
    pub fn add_group(&mut self, declared: &'static GroupMeta) -> Result<&mut Self, ConfigError> {
        let (group, release) = self.view_of(declared)?;
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
        self.release = release;
        if let Some(release) = release {
            for absent in absent_keys(declared, group, release) {
                self.absent.insert(absent.key, absent, KeyRole::Key);
            }
        }
        self.declared.push(declared);
        self.groups.push(group);
        for meta in group.options {
            let redeclared = self
                .resolve(meta.key.name())
                .is_some_and(|r| r.role == KeyRole::Key);
            if redeclared {
                // An identical declaration in an earlier group (check_group passed): keep that one.
                continue;
            }
            for (key, role) in std::iter::once((&meta.key, KeyRole::Key))
                .chain(meta.fallback_keys.iter().map(|k| (k, KeyRole::Fallback)))
                .chain(
                    meta.deprecated_keys
                        .iter()
                        .map(|k| (k, KeyRole::Deprecated)),
                )
            {
                self.index
                    .insert_hashed(key.name(), key.hash(), (meta, group), role);
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

    /// Adds a derived group (builder style). A group that names its engine
    /// (`#[options(engine = ...)]`) gives the catalogue that engine, unless one is set already.
    pub fn with<G: OptionGroup>(self) -> Result<Self, ConfigError> {
        // One line per group type: everything else is in the shared, non-generic function.
        self.with_group_of(G::group(), G::engine())
    }

    fn with_group_of(
        mut self,
        group: &'static GroupMeta,
        engine: Option<&'static Engine>,
    ) -> Result<Self, ConfigError> {
        if let (None, Some(engine)) = (&self.engine, engine) {
            self.engine = Some(*engine);
        }
        self.with_group(group)
    }

    /// Adds a group by its metadata (builder style).
    pub fn with_group(mut self, group: &'static GroupMeta) -> Result<Self, ConfigError> {
        self.add_group(group)?;
        Ok(self)
    }

    /// The catalogue of `engine`'s options: its environment variables, how its values are shown
    /// and how its docs say to set an option (builder style; see [`crate::engine`]).
    pub fn with_engine(mut self, engine: Engine) -> Self {
        self.engine = Some(engine);
        self
    }

    /// Sets the engine whose options these are.
    pub fn set_engine(&mut self, engine: Engine) -> &mut Self {
        self.engine = Some(engine);
        self
    }

    /// The engine whose options these are ([`Engine::GENERIC`] unless set).
    pub fn engine(&self) -> &Engine {
        self.engine.as_ref().unwrap_or(&Engine::GENERIC)
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
            .get_or_init(|| Arc::new(SuggestIndex::new(self.suggestion_candidates())))
            .suggest(key)
    }

    /// The keys [`suggest`](Self::suggest) compares a typed key with, each with the key it
    /// suggests: every option's own, fallback and deprecated keys, except a fallback key that is
    /// another option's own key (that one is suggested as itself, not twice).
    /// [`suggest::suggest`](crate::suggest::suggest) over these answers what `suggest` answers.
    pub fn suggestion_candidates(&self) -> impl Iterator<Item = Candidate> + '_ {
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
    /// `taskmanager.numberoftaskslots` and means Flink's `taskmanager.numberOfTaskSlots`. A key
    /// that is only an instance of a pattern (`fs.oss.accesskeyid` of `fs.oss.<key>`) still
    /// gets the declared spelling (`fs.oss.accessKeyId`) when one exists.
    pub fn declared_spelling(&self, key: &str) -> Option<&'static str> {
        let declared = |r: Resolved| !crate::pattern::is_pattern(r.meta.key_str());
        if self.resolve(key).is_some_and(declared) {
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
        } else if let Some(empty) = self.index.empty_placeholder(key) {
            KeyStatus::EmptyPlaceholder {
                pattern: empty.pattern,
                placeholder: empty.placeholder.to_owned(),
            }
        } else if self.is_allowed_free_form(key) {
            KeyStatus::FreeForm
        } else if let Some(absent) = self.absent(key) {
            KeyStatus::Absent(absent)
        } else {
            KeyStatus::Unknown {
                suggestions: self.suggest(key),
            }
        }
    }

    /// Whether a valid value of `key`, as listings, explanations and typed reads show it, is
    /// masked: [`masks`](Self::masks) with [`Reading::Typed`]. A key an option answers is secret
    /// when the option is sensitive, or the spelling names a secret and the option's type can
    /// hold one (a Boolean `security.delegation.tokens.enabled` is not). Any other key (unknown,
    /// free-form) is judged by [`crate::sensitive::is_secret`]: a secret word or one typo from
    /// one, or a typo of a sensitive option's key as close as a "did you mean" suggestion
    /// (`vault.sael` when `vault.seal` is sensitive: a misspelt key is usually meant as the
    /// option it resembles). Suggestions of another kind (keys under a prefix, `user` for
    /// `user.artifacts.*`) do not count: such a key is not a misspelling of a secret one.
    pub fn is_secret(&self, key: &str) -> bool {
        self.masks(key, Reading::Typed)
    }

    /// The one masking rule ([`crate::sensitive::masks`]) for text shown under `key`, with what
    /// this catalogue knows of the option `key` names. Every view asks it: `SET;`, `SHOW
    /// OPTIONS`, `SET 'key';` (through the configuration's entries, stored with its answer),
    /// statement and value errors ([`Reading::Raw`]), options-check's `validate` and the docs' `explain`, the
    /// Python package.
    pub fn masks(&self, key: &str, reading: Reading) -> bool {
        match self.resolve(key) {
            Some(resolved) => resolved.masks(key, reading),
            // Every catalogue records its sensitive keys as groups are added, so the rule for
            // keys seen without a catalogue knows this one's.
            None => crate::sensitive::masks(key, None, reading),
        }
    }

    /// [`ConfigErrorKind::UnknownKey`] for `key`, with this catalogue's suggestions (or
    /// [`ConfigErrorKind::EmptyPlaceholder`] when the key leaves a pattern's placeholder empty).
    pub fn unknown_key_error(&self, key: &str) -> ConfigError {
        if let Some(empty) = self.index.empty_placeholder(key) {
            return crate::pattern::empty_placeholder_error(key, empty.pattern, empty.placeholder);
        }
        if let Some(absent) = self.absent(key) {
            return absent.error(key);
        }
        ConfigError::from(ConfigErrorKind::UnknownKey {
            key: key.to_owned(),
            suggestions: self.suggest(key).into_iter().map(str::to_owned).collect(),
        })
    }

    fn resolve_full(&self, key: &str, hash: u64) -> Option<Resolved> {
        self.resolve_spelled(key, hash).map(|(r, _)| r)
    }

    /// The options declared with a pattern key (`metrics.reporter.<name>.interval`), in the order
    /// added.
    pub fn patterns(&self) -> impl Iterator<Item = Resolved> + '_ {
        self.index.patterns().map(|(_, (meta, group))| Resolved {
            meta,
            group,
            role: KeyRole::Pattern,
        })
    }

    /// The option answering `key`, with the declared spelling that matched (a `'static` string,
    /// so a configuration can keep it without allocating).
    #[inline(always)]
    pub(crate) fn resolve_spelled(&self, key: &str, hash: u64) -> Option<(Resolved, &'static str)> {
        let hit = self.index.resolve_hashed(key, hash)?;
        if hit.role == KeyRole::Pattern && self.absent_over(key, hit.payload.0) {
            return None;
        }
        Some((resolved(hit), hit.spelled))
    }

    /// Whether `key`, an instance of the present pattern `meta`, is more specifically a key this
    /// release does not read (another release does): an exact key, or a pattern with more literal
    /// segments. Such a key is that one, absent, not the pattern's: Flink 2.x reads no
    /// `metrics.reporter.<name>.class`, and the catch-all `metrics.reporter.<name>.<parameter>`
    /// would take `metrics.reporter.prom.class` without a word while the reporter never starts.
    #[cold]
    #[inline(never)]
    fn absent_over(&self, key: &str, meta: &OptionMeta) -> bool {
        let Some(absent) = self.absent(key) else {
            return false;
        };
        let literals = |pattern: &str| match crate::pattern::match_key(pattern, key) {
            crate::pattern::PatternMatch::Instance { literals } => literals,
            _ => 0,
        };
        !crate::pattern::is_pattern(absent.key) || literals(absent.key) > literals(meta.key.name())
    }
}

/// The catalogue's answer for a hit of its key index.
#[inline(always)]
fn resolved(hit: Hit<'static, Declared>) -> Resolved {
    let (meta, group) = hit.payload;
    Resolved {
        meta,
        group,
        role: hit.role,
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
    } else if a.change_class.map(|c| c.id) != b.change_class.map(|c| c.id) {
        Some(format!(
            "change class {:?} vs {:?}",
            a.change_class.map(|c| c.id),
            b.change_class.map(|c| c.id)
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
            .field("release", &self.release)
            .field("free_form_prefixes", &self.free_form_prefixes)
            .field("engine", &self.engine().name)
            .finish_non_exhaustive()
    }
}
