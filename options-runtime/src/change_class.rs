//! How a change of an option reaches a running system: [`ChangeClass`], declared by each engine,
//! and [`Reach`], the small fixed vocabulary every tool acts on.
//!
//! Engines do not agree on the words. PostgreSQL says `postmaster`, `sighup`, `backend`, `user`
//! (`pg_settings.context`); Kafka says `read-only`, `per-broker`, `cluster-wide`; ClickHouse says
//! `changeable_without_restart`; Flink has no word at all, only the fact that a JobManager reads
//! some options when it starts and a job reads others when it is submitted. So the words are the
//! engine's: it declares its classes as `const`s (Flink's `options_flink::engine::classes`,
//! the operator's in `options_flink_operator::engine`, a downstream engine its own), each with an
//! id, a label and a sentence for the docs. What a tool must *do* about a change is not left to
//! words: every class names one [`Reach`], and a reload (`LayeredConfig::reload`), `SET`, the
//! docs' filter and `flinkconf plan` decide on that alone. A fixed vocabulary with engine labels,
//! rather than free labels, because a reload has to know whether to apply a value or hold it for
//! a restart, and rather than one fixed list of classes, because "at job submission" means
//! nothing to PostgreSQL and "sighup" nothing to Flink.
//!
//! An option declares its class with `#[option(change_class = path::TO::CLASS)]`, or its group
//! for all its options with `#[options(change_class = ...)]`. An option without one reaches a
//! running system as [`OptionMeta::reach`](crate::OptionMeta::reach) says: at a restart when it is
//! `startup_only` (the one class the library knew before), live otherwise.

use core::fmt;

/// What a change of an option does to a running system: the vocabulary tools act on. Ordered
/// from the least disruptive to the most.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Reach {
    /// The running system takes the new value at once (PostgreSQL's `sighup`, Kafka's dynamic
    /// broker configs, the operator's own options).
    Live,
    /// The running work is rescaled to take it, in place where it can be.
    Rescale,
    /// Work started after the change takes it (the next job submitted, session opened, query
    /// run); work already running keeps the value it started with (PostgreSQL's `backend`).
    NextRun,
    /// Read when the process or cluster starts: the new value waits for a restart (PostgreSQL's
    /// `postmaster` with `pending_restart`, Kafka's `read-only`).
    Restart,
}

impl Reach {
    /// Every reach, least disruptive first.
    pub const ALL: [Reach; 4] = [Reach::Live, Reach::Rescale, Reach::NextRun, Reach::Restart];

    /// The machine name (`live`, `rescale`, `next-run`, `restart`), as `catalogue.json` and the
    /// site's `data-reach` write it.
    pub const fn id(self) -> &'static str {
        match self {
            Reach::Live => "live",
            Reach::Rescale => "rescale",
            Reach::NextRun => "next-run",
            Reach::Restart => "restart",
        }
    }

    /// The reach with this machine name.
    pub fn from_id(id: &str) -> Option<Reach> {
        Reach::ALL.into_iter().find(|r| r.id() == id)
    }

    /// What a change does, as a clause after "a change" (`takes effect at once`).
    pub const fn phrase(self) -> &'static str {
        match self {
            Reach::Live => "takes effect at once",
            Reach::Rescale => "rescales what runs, in place where it can",
            Reach::NextRun => {
                "takes effect for work started after it; running work keeps its value"
            }
            Reach::Restart => "waits for a restart",
        }
    }

    /// Whether a running system holds a changed value back until it restarts.
    pub const fn needs_restart(self) -> bool {
        matches!(self, Reach::Restart)
    }
}

impl fmt::Display for Reach {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// One of an engine's change classes: its words for how a change reaches a running system, and
/// the [`Reach`] tools act on. Declared as a `const` beside the engine's options:
///
/// ```
/// use options_core::{ChangeClass, Reach};
///
/// /// PostgreSQL's `sighup`: read again when the server reloads its files.
/// pub const SIGHUP: ChangeClass = ChangeClass {
///     id: "sighup",
///     label: "reload",
///     summary: "Read again when the server reloads its configuration files.",
///     reach: Reach::Live,
/// };
/// assert_eq!(SIGHUP.reach.id(), "live");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChangeClass {
    /// The machine name, unique among the engine's classes (`cluster-start`): the site's filter
    /// and `catalogue.json` use it.
    pub id: &'static str,
    /// A short label for tables and badges (`cluster start`).
    pub label: &'static str,
    /// One sentence for the docs: when the engine reads such an option.
    pub summary: &'static str,
    /// What a change does to a running system.
    pub reach: Reach,
}

impl fmt::Display for ChangeClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label)
    }
}
