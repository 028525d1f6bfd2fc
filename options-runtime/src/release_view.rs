//! A group of options as one release has it, and the keys that release does not read.
//!
//! A [`Catalogue`](crate::Catalogue) is built for one release. Each group it is given is replaced by
//! its view at that release (`group_at`): only the options the release reads, each as the release
//! has it ([`OptionMeta::at`]). The declaration itself serves when nothing differs; otherwise the
//! view is made once per group and release for the whole process (leaked: views are `'static`
//! like the declarations they stand for, so everything that holds a `&'static OptionMeta` keeps
//! working, and a process only ever sees a handful of releases).
//!
//! The keys the release does not read but another release does ([`AbsentKey`]) are kept too, so
//! that "unknown key" can become "added in 2.0" or "removed in 2.0: use ...".

use std::collections::HashMap;
use std::fmt;
use std::sync::{Mutex, OnceLock};

use crate::change::Removal;
use crate::group::GroupMeta;
use crate::history::Presence;
use crate::option::{OptionKey, OptionMeta};
use crate::release::Release;

/// Why a release does not read a key that another release reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AbsentReason {
    /// The option arrived in a later release.
    Added {
        /// The release that added it.
        since: &'static str,
    },
    /// The option was removed.
    Removed(Removal),
    /// The key is an old spelling (deprecated or fallback key) of an option that a later release
    /// reads under it, but this one does not.
    SpellingAdded {
        /// The first release that reads the spelling.
        since: &'static str,
    },
    /// The key was a spelling of an option that this release still has, but no longer reads it.
    SpellingDropped {
        /// The first release that no longer reads the spelling.
        release: &'static str,
    },
}

/// A key that the catalogue's release does not read, though another release does.
#[derive(Clone, Copy, Debug)]
pub struct AbsentKey {
    /// The key (a spelling of `option`).
    pub key: &'static str,
    /// The option, as declared.
    pub option: &'static OptionMeta,
    /// The group declaring it.
    pub group: &'static GroupMeta,
    /// Why the release does not read it.
    pub reason: AbsentReason,
    /// The release the catalogue is for.
    pub release: Release,
}

impl AbsentKey {
    /// Why, in one sentence for the person who typed the key, with what to do instead:
    /// `it was added in 2.0; choose release 2.0 or later to use it`.
    pub fn reason_text(&self) -> String {
        let option = self.option.key.name();
        match self.reason {
            AbsentReason::Added { since } => {
                format!("it was added in {since}; choose release {since} or later to use it")
            }
            AbsentReason::Removed(removal) => format!(
                "it was removed in {} ({})",
                removal.release,
                options_grammar::wording::plain(removal.note)
            ),
            AbsentReason::SpellingAdded { since } if self.key == option => {
                format!("it was added in {since}; choose release {since} or later to use it")
            }
            AbsentReason::SpellingAdded { since } => format!(
                "{since} made it a spelling of {option}; in {} write {option}",
                self.release
            ),
            AbsentReason::SpellingDropped { release } => format!(
                "{release} stopped reading it as a spelling of {option}; write {option} instead"
            ),
        }
    }
}

impl AbsentKey {
    /// The error for `key` (the spelling given: a pattern instance names itself, not the pattern).
    pub fn error(&self, key: &str) -> crate::error::ConfigError {
        crate::error::ConfigErrorKind::NotInRelease {
            key: key.to_owned(),
            engine: self.release.line().engine().to_owned(),
            release: self.release.version().to_owned(),
            reason: self.reason_text(),
        }
        .into()
    }
}

impl fmt::Display for AbsentKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is not read by {} {}: {}",
            self.key,
            self.release.line().engine(),
            self.release,
            self.reason_text()
        )
    }
}

/// `group` as `release` has it: the declaration itself when the release sees every option as
/// declared, else a view holding the options it reads, as it has them.
pub(crate) fn group_at(group: &'static GroupMeta, release: Release) -> &'static GroupMeta {
    let same = group
        .options
        .iter()
        .all(|m| matches!(m.at(release), Presence::Present(_)) && !m.differs_at(release));
    if same {
        return group;
    }
    type Views = Mutex<HashMap<(usize, usize, usize), &'static GroupMeta>>;
    static VIEWS: OnceLock<Views> = OnceLock::new();
    let id = (
        group as *const GroupMeta as usize,
        release.line() as *const _ as usize,
        release.index(),
    );
    let views = VIEWS.get_or_init(Default::default);
    let mut views = views
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    views.entry(id).or_insert_with(|| {
        let options: Vec<OptionMeta> = group
            .options
            .iter()
            .filter_map(|m| match m.at(release) {
                Presence::Present(view) => Some(view),
                _ => None,
            })
            .collect();
        Box::leak(Box::new(GroupMeta {
            options: Vec::leak(options),
            ..*group
        }))
    })
}

/// The spellings of `group`'s options that `release` does not read but another release does,
/// each with the reason. `view` is `group_at(group, release)`.
pub(crate) fn absent_keys(
    group: &'static GroupMeta,
    view: &'static GroupMeta,
    release: Release,
) -> Vec<AbsentKey> {
    let mut out = Vec::new();
    for option in group.options {
        let reason_for_option = match option.at(release) {
            Presence::NotYet { since } => Some(AbsentReason::Added { since }),
            Presence::Removed(removal) => Some(AbsentReason::Removed(removal)),
            Presence::Present(_) => None,
        };
        let present: Vec<OptionKey> = view
            .options
            .iter()
            .find(|v| v.key == option.key)
            .map(|v| v.all_keys().collect())
            .unwrap_or_default();
        for key in option.spellings_ever() {
            if present.contains(&key) {
                continue;
            }
            let reason = match reason_for_option {
                Some(r) => r,
                None => match spelling_history(option, key, release) {
                    Some(r) => r,
                    None => continue,
                },
            };
            out.push(AbsentKey {
                key: key.name(),
                option,
                group,
                reason,
                release,
            });
        }
    }
    out
}

/// For a spelling that `release` does not read of an option it has: when it arrived or was
/// dropped. `None` when no release reads it (nothing to say).
fn spelling_history(option: &OptionMeta, key: OptionKey, release: Release) -> Option<AbsentReason> {
    let reads = |r: Release| match option.at(r) {
        Presence::Present(view) => view.all_keys().any(|k| k == key),
        _ => false,
    };
    let line = release.line();
    // The newest earlier release that read it: dropped by the release after that one.
    if let Some(last) = line
        .iter()
        .rev()
        .filter(|r| r.index() < release.index())
        .find(|r| reads(*r))
    {
        let dropped = last.next().unwrap_or(release);
        return Some(AbsentReason::SpellingDropped {
            release: dropped.version(),
        });
    }
    line.iter()
        .filter(|r| r.index() > release.index())
        .find(|r| reads(*r))
        .map(|r| AbsentReason::SpellingAdded { since: r.version() })
}
