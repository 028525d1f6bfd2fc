//! An option's history across the releases of its group: when it arrived (`since`), when it was
//! deprecated, when it was removed and what each release changed (declared in [`crate::change`]),
//! and the option as one release sees it ([`OptionMeta::at`]).
//!
//! A declaration states the newest shape of an option; each `changed(...)` names a release and
//! what the changed facts were *before* it. The view at an older release starts from the newest
//! shape and applies, newest first, every change made after that release, so the oldest change
//! that applies has the last word.

use crate::change::{Change, Removal};
use crate::constraint::Constraint;
use crate::option::{OptionKey, OptionMeta};
use crate::release::Release;
use crate::value::{Parser, TypeInfo};

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
            apply(change, &mut view);
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

/// Undoes `change` on `view`: the facts as they were before its release.
fn apply(change: &Change, view: &mut OptionMeta) {
    if let (Some(t), Some(parse)) = (change.value_type, change.parse) {
        view.value_type = t;
        view.parse = parse;
    }
    if let Some(default) = change.default {
        view.default = default;
    }
    if let Some(hidden) = change.hidden {
        view.hidden = hidden;
    }
    if let Some(values) = change.enum_values {
        // The release's names, checked on the text: a name a later release dropped is not a
        // variant of today's enum, so the value is kept as text and typed when read.
        view.value_type = TypeInfo::enumeration(values);
        view.parse = Parser::of::<String>();
        view.constraint = Constraint {
            one_of: values,
            ..view.constraint
        };
    }
    if let Some(keys) = change.deprecated_keys {
        view.deprecated_keys = keys;
    }
    if let Some(keys) = change.fallback_keys {
        view.fallback_keys = keys;
    }
}
