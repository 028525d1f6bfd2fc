//! What a reload did: the values it applied, the values that wait for a restart, and, when it
//! was refused, why (nothing applied then).

use std::fmt;
use std::sync::Arc;

use crate::change_class::{ChangeClass, Reach};
use crate::layers::{LayeredConfig, LoadErrors, Notice};
use crate::sensitive::MASK;

/// One option whose value a reload changed (or would change, after a restart).
#[derive(Clone, PartialEq, Eq)]
pub struct Changed {
    pub(super) key: String,
    pub(super) old: Option<String>,
    pub(super) new: Option<String>,
    pub(super) class: Option<&'static ChangeClass>,
    pub(super) reach: Reach,
    pub(super) sensitive: bool,
}

impl Changed {
    /// The option's key (an instance's own key for a pattern option; the key as set for an
    /// undeclared one).
    pub fn key(&self) -> &str {
        &self.key
    }

    /// The value before, masked (`******`) when the option is a secret; `None` when unset.
    pub fn before(&self) -> Option<&str> {
        self.shown(self.old.as_deref())
    }

    /// The value after, masked when the option is a secret; `None` when unset.
    pub fn after(&self) -> Option<&str> {
        self.shown(self.new.as_deref())
    }

    /// The value after, unmasked (for handing to the engine).
    pub fn after_value(&self) -> Option<&str> {
        self.new.as_deref()
    }

    /// The option's change class, when it declares one.
    pub fn class(&self) -> Option<&'static ChangeClass> {
        self.class
    }

    /// What the change does to the running system ([`OptionMeta::reach`](crate::OptionMeta::reach)).
    pub fn reach(&self) -> Reach {
        self.reach
    }

    fn shown<'a>(&self, value: Option<&'a str>) -> Option<&'a str> {
        value.map(|v| if self.sensitive { MASK } else { v })
    }
}

impl fmt::Display for Changed {
    /// `key: old -> new`, values masked when secret, `(unset)` for none.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let unset = "(unset)";
        write!(
            f,
            "{}: {} -> {}",
            self.key,
            self.before().unwrap_or(unset),
            self.after().unwrap_or(unset)
        )
    }
}

impl fmt::Debug for Changed {
    // Written by hand: a value of a secret is never printed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Changed")
            .field("key", &self.key)
            .field("before", &self.before())
            .field("after", &self.after())
            .field("class", &self.class.map(|c| c.id))
            .field("reach", &self.reach)
            .finish()
    }
}

/// A reload that went through: every value was valid.
#[derive(Clone, Debug)]
pub struct Reloaded {
    /// Values the running configuration took, by key.
    pub applied: Vec<Changed>,
    /// Values whose class needs a restart ([`Reach::Restart`]): the running configuration keeps
    /// the value it started with, as PostgreSQL's `pending_restart` says. Compared with what runs,
    /// so a later reload that goes back to the running value clears it.
    pub pending_restart: Vec<Changed>,
    /// Unknown keys kept and deprecated spellings seen while loading.
    pub notices: Vec<Notice>,
    /// The configuration readers see from now on.
    pub config: Arc<LayeredConfig>,
}

impl Reloaded {
    /// Whether the reload changed nothing and holds nothing for a restart.
    pub fn is_empty(&self) -> bool {
        self.applied.is_empty() && self.pending_restart.is_empty()
    }
}

impl fmt::Display for Reloaded {
    /// One line per change: `applied key: old -> new`, `pending restart key: old -> new`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("reloaded: nothing changed");
        }
        let mut lines = Vec::new();
        for c in &self.applied {
            lines.push(format!("applied {c}"));
        }
        for c in &self.pending_restart {
            let class = c
                .class
                .map(|c| format!(" ({})", c.label))
                .unwrap_or_default();
            lines.push(format!("pending restart{class} {c}"));
        }
        f.write_str(&lines.join("\n"))
    }
}

/// A reload refused: some value was not valid, so nothing was applied (as PostgreSQL answers a
/// configuration file with errors, and Kafka a reconfiguration that fails
/// `validateReconfiguration`). Every problem is listed, not only the first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// What was wrong, source by source (values of secrets masked).
    pub errors: LoadErrors,
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.errors.errors().len();
        writeln!(
            f,
            "reload refused, nothing was applied ({n} problem{}):",
            if n == 1 { "" } else { "s" }
        )?;
        fmt::Display::fmt(&self.errors, f)
    }
}

impl std::error::Error for Refused {}
