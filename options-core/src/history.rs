//! An option's history across the releases of its group: when it arrived (`since`), when it was
//! deprecated, when it was removed ([`Removal`]) and what each release changed ([`Change`]), and the
//! option as one release sees it ([`OptionMeta::at`]).
//!
//! A declaration states the newest shape of an option; each `changed(...)` names a release and
//! what the changed facts were *before* it. The view at an older release starts from the newest
//! shape and applies, newest first, every change made after that release, so the oldest change
//! that applies has the last word.

use core::fmt;

use crate::constraint::Constraint;
use crate::option::{DefaultDoc, OptionKey, OptionMeta, StoredParser};
use crate::release::Release;
use crate::value::{OptionValue, TypeInfo};

/// `removed = "2.0: use taskmanager.memory.flink.size"`: the release that no longer reads the
/// option, and what to do instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Removal {
    /// The first release that does not read the option (`2.0`).
    pub release: &'static str,
    /// What replaces it, in Markdown (`use taskmanager.memory.flink.size`, `no replacement; ...`).
    pub note: &'static str,
}

impl Removal {
    /// The note as the docs say it: `Removed in 2.0: use ...`.
    pub fn phrase(&self) -> String {
        format!("Removed in {}: {}", self.release, self.note)
    }
}

/// What one release changed about an option: each fact as it was *before* `release`, `None`
/// when that release left the fact as it was.
///
/// Built by the derive from `changed(release = "1.20", value_type = "Long", default = 30000)`.
#[derive(Clone, Copy)]
pub struct Change {
    /// The release that made the change (`1.20`).
    pub release: &'static str,
    /// The type before.
    pub value_type: Option<TypeInfo>,
    /// The parser of the type before (set together with `value_type`).
    parse: Option<StoredParser>,
    /// The default before.
    pub default: Option<DefaultDoc>,
    /// Whether the option was left out of the docs before.
    pub hidden: Option<bool>,
    /// The enum's accepted values before (config names).
    pub enum_values: Option<&'static [&'static str]>,
    /// The deprecated keys before.
    pub deprecated_keys: Option<&'static [OptionKey]>,
    /// The fallback keys before.
    pub fallback_keys: Option<&'static [OptionKey]>,
}

impl Change {
    /// A change made in `release`, with no fact yet.
    pub const fn new(release: &'static str) -> Self {
        Change {
            release,
            value_type: None,
            parse: None,
            default: None,
            hidden: None,
            enum_values: None,
            deprecated_keys: None,
            fallback_keys: None,
        }
    }

    /// Before the change, the option had type `T`.
    pub const fn value_type<T: OptionValue>(mut self) -> Self {
        self.value_type = Some(T::TYPE);
        self.parse = Some(crate::option::parse_stored::<T>);
        self
    }

    /// Before the change, the default was `default`.
    pub const fn default_doc(mut self, default: DefaultDoc) -> Self {
        self.default = Some(default);
        self
    }

    /// Before the change, the option was documented.
    pub const fn documented(mut self) -> Self {
        self.hidden = Some(false);
        self
    }

    /// Before the change, the option was left out of the docs.
    pub const fn hidden(mut self) -> Self {
        self.hidden = Some(true);
        self
    }

    /// Before the change, the enum accepted these values.
    pub const fn enum_values(mut self, values: &'static [&'static str]) -> Self {
        self.enum_values = Some(values);
        self
    }

    /// Before the change, these were the deprecated keys.
    pub const fn deprecated_keys(mut self, keys: &'static [OptionKey]) -> Self {
        self.deprecated_keys = Some(keys);
        self
    }

    /// Before the change, these were the fallback keys.
    pub const fn fallback_keys(mut self, keys: &'static [OptionKey]) -> Self {
        self.fallback_keys = Some(keys);
        self
    }

    /// The change as the docs say it, in Markdown: ``default changed in 2.3, was `true` ``;
    /// `None` when it changed nothing a reader of the value notices (spellings, docs only).
    pub fn phrase(&self) -> Option<String> {
        let mut parts = Vec::new();
        if let Some(t) = &self.value_type {
            parts.push(format!(
                "type changed in {}, was {}",
                self.release,
                t.name()
            ));
        }
        match self.default {
            Some(DefaultDoc::Value(v)) | Some(DefaultDoc::Override(v)) => parts.push(format!(
                "default changed in {}, was `{}`",
                self.release,
                v.replace('`', "")
            )),
            Some(DefaultDoc::None) => {
                parts.push(format!("default changed in {}, was none", self.release))
            }
            None => {}
        }
        if let Some(values) = self.enum_values {
            parts.push(format!(
                "values changed in {}, were {}",
                self.release,
                values
                    .iter()
                    .map(|v| format!("`{v}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        (!parts.is_empty()).then(|| parts.join("; "))
    }

    fn apply(&self, view: &mut OptionMeta) {
        if let (Some(t), Some(parse)) = (self.value_type, self.parse) {
            view.value_type = t;
            view.parse = parse;
        }
        if let Some(default) = self.default {
            view.default = default;
        }
        if let Some(hidden) = self.hidden {
            view.hidden = hidden;
        }
        if let Some(values) = self.enum_values {
            // The release's names, checked on the text: a name a later release dropped is not a
            // variant of today's enum, so the value is kept as text and typed when read.
            view.value_type = TypeInfo::enumeration(values);
            view.parse = crate::option::parse_stored::<String>;
            view.constraint = Constraint {
                one_of: values,
                ..view.constraint
            };
        }
        if let Some(keys) = self.deprecated_keys {
            view.deprecated_keys = keys;
        }
        if let Some(keys) = self.fallback_keys {
            view.fallback_keys = keys;
        }
    }
}

impl fmt::Debug for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Change")
            .field("release", &self.release)
            .field("value_type", &self.value_type.map(|t| t.name()))
            .field("default", &self.default)
            .field("hidden", &self.hidden)
            .field("enum_values", &self.enum_values)
            .field("deprecated_keys", &self.deprecated_keys)
            .field("fallback_keys", &self.fallback_keys)
            .finish()
    }
}

impl PartialEq for Change {
    fn eq(&self, other: &Self) -> bool {
        self.release == other.release
            && self.value_type == other.value_type
            && self.default == other.default
            && self.hidden == other.hidden
            && self.enum_values == other.enum_values
            && self.deprecated_keys == other.deprecated_keys
            && self.fallback_keys == other.fallback_keys
    }
}

/// How an option stands in one release.
// The view is returned by value: it is made once per option and release when a catalogue is
// built, and boxing it would cost an allocation each time for nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug)]
pub enum Presence {
    /// The release reads the option; the metadata is as that release has it.
    Present(OptionMeta),
    /// The option arrived in a later release.
    NotYet {
        /// The release that added it.
        since: &'static str,
    },
    /// The release (or an earlier one) removed the option.
    Removed(Removal),
}

impl OptionMeta {
    /// The option as `release` has it: its type, default, spellings, documentation and
    /// deprecation in that release, or why the release does not read it.
    ///
    /// An option of a group without releases is present as declared in every release.
    pub fn at(&self, release: Release) -> Presence {
        if let Some(since) = self.since {
            if !release.reached(since) {
                return Presence::NotYet { since };
            }
        }
        if let Some(removal) = self.removal {
            if release.reached(removal.release) {
                return Presence::Removed(removal);
            }
        }
        Presence::Present(self.view_at(release))
    }

    /// Whether `release` sees this option differently from its declaration (an older deprecation
    /// status, type, default, spellings or documentation); when not, the declaration itself is the
    /// view, and a catalogue needs no copy.
    pub fn differs_at(&self, release: Release) -> bool {
        self.deprecation.is_some_and(|d| !release.reached(d.since))
            || self.changes.iter().any(|c| !release.reached(c.release))
    }

    /// The declaration with every later change undone (presence is not checked).
    fn view_at(&self, release: Release) -> OptionMeta {
        let mut view = *self;
        if view.deprecation.is_some_and(|d| !release.reached(d.since)) {
            view.deprecated = false;
            view.deprecation = None;
        }
        let mut later: Vec<&Change> = self
            .changes
            .iter()
            .filter(|c| !release.reached(c.release))
            .collect();
        // Newest first, so that the change closest to `release` is applied last.
        later.sort_by(|a, b| {
            options_grammar::version::compare_texts(b.release, a.release)
                .unwrap_or(core::cmp::Ordering::Equal)
        });
        for change in later {
            change.apply(&mut view);
        }
        view
    }

    /// Every spelling the option has had in any release: its key, and each fallback and
    /// deprecated key it had then (in this order, without repeats).
    pub fn spellings_ever(&self) -> Vec<OptionKey> {
        let mut out: Vec<OptionKey> = self.all_keys().collect();
        for change in self.changes {
            for key in change
                .fallback_keys
                .into_iter()
                .flatten()
                .chain(change.deprecated_keys.into_iter().flatten())
            {
                if !out.contains(key) {
                    out.push(*key);
                }
            }
        }
        out
    }
}
