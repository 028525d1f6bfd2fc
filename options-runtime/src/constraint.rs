//! What a declaration says about a value beyond its type: bounds (`min`, `max`), a closed set of
//! strings (`one_of`), the condition under which the option has an effect (`only_when`), the
//! bound it needs while that condition holds (`then_above`), and its deprecation note.
//!
//! Bounds and the closed set are checked in one place, [`Constraint::check`], which
//! [`OptionMeta`](crate::OptionMeta) runs on every parsed value whatever its entry (typed `set`,
//! `set_str`, `SET`, files, environment, arguments): a value outside them is refused like a value
//! of the wrong type. Relations are advice, not rules: a value set while its condition does not
//! hold is kept, and the surfaces that can warn (`SET`, `validate`) do; so is a value the condition
//! needs above a bound (`then_above`), which Flink itself refuses only when it plans a job.

use core::fmt;
use std::time::Duration;

use options_grammar::wording;

use crate::value::Stored;

/// One inclusive bound, typed as the option's value, with the canonical text the docs show.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Bound {
    /// A bound of an `Integer`, `Long` or `Unsigned` option.
    Integer(i64),
    /// A bound of a `Float` or `Double` option.
    Float(f64),
    /// A bound of a `Duration` option.
    Duration(Duration),
    /// A bound of a `MemorySize` option, in bytes.
    Memory(u64),
}

impl Bound {
    /// The bound in the option's config grammar (`1`, `0.5`, `1 ms`, `64 kb`).
    pub fn text(&self) -> String {
        match self {
            Bound::Integer(n) => n.to_string(),
            Bound::Float(x) => crate::value::grammar::format_f64(*x),
            Bound::Duration(d) => crate::value::grammar::format_duration(*d),
            Bound::Memory(b) => crate::value::grammar::format_memory_bytes(*b),
        }
    }

    /// The bound as a JSON Schema number, where the value is a number in YAML.
    pub fn as_number(&self) -> Option<f64> {
        match self {
            Bound::Integer(n) => Some(*n as f64),
            Bound::Float(x) => Some(*x),
            _ => None,
        }
    }

    /// Whether a stored value is above this bound (`false` for another kind of value).
    pub fn is_exceeded_by(&self, value: &Stored) -> bool {
        self.compare(value) == Some(core::cmp::Ordering::Greater)
    }

    /// How a stored value compares with this bound; `None` when it holds another kind of value.
    fn compare(&self, value: &Stored) -> Option<core::cmp::Ordering> {
        match (value, self) {
            (Stored::I32(v), Bound::Integer(b)) => Some(v.cmp(b)),
            (Stored::I64(v), Bound::Integer(b)) => Some(v.cmp(b)),
            (Stored::U64(v), Bound::Integer(b)) => Some(i128::from(*v).cmp(&i128::from(*b))),
            (Stored::F32(v), Bound::Float(b)) => v.partial_cmp(b),
            (Stored::F64(v), Bound::Float(b)) => v.partial_cmp(b),
            (Stored::Duration(secs, nanos), Bound::Duration(b)) => {
                Some((*secs, *nanos).cmp(&(b.as_secs(), u64::from(b.subsec_nanos()))))
            }
            (Stored::Memory(v), Bound::Memory(b)) => Some(v.bytes().cmp(b)),
            _ => None,
        }
    }
}

impl fmt::Display for Bound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

/// Which values an option accepts beyond its type. `const`-constructible; empty by default.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Constraint {
    /// The smallest accepted value, inclusive.
    pub min: Option<Bound>,
    /// The largest accepted value, inclusive.
    pub max: Option<Bound>,
    /// The only accepted strings, matched ignoring ASCII case (as Flink matches enum names).
    pub one_of: &'static [&'static str],
}

impl Constraint {
    /// No constraint.
    pub const NONE: Constraint = Constraint {
        min: None,
        max: None,
        one_of: &[],
    };

    /// Whether nothing is constrained.
    pub const fn is_empty(&self) -> bool {
        self.min.is_none() && self.max.is_none() && self.one_of.is_empty()
    }

    /// What is wrong with a parsed value, if anything: `must be at least 1`,
    /// `must be one of batch, pipeline`.
    pub fn check(&self, value: &Stored) -> Result<(), String> {
        if let Some(min) = &self.min {
            if min.compare(value) == Some(core::cmp::Ordering::Less) {
                return Err(wording::must_be_at_least(min));
            }
        }
        if let Some(max) = &self.max {
            if max.compare(value) == Some(core::cmp::Ordering::Greater) {
                return Err(wording::must_be_at_most(max));
            }
        }
        if !self.one_of.is_empty() {
            if let Stored::Other(any) = value {
                let known =
                    |text: &String| self.one_of.iter().any(|v| v.eq_ignore_ascii_case(text));
                // A list of strings (only a catalogue read from a file declares one: an enum
                // list whose names it knows) is checked item by item.
                let fits = match (
                    any.downcast_ref::<String>(),
                    any.downcast_ref::<Vec<String>>(),
                ) {
                    (Some(text), _) => known(text),
                    (None, Some(items)) => items.iter().all(known),
                    (None, None) => true,
                };
                if !fits {
                    return Err(wording::must_be_one_of(self.one_of));
                }
            }
        }
        Ok(())
    }

    /// The constraint as the docs say it, one phrase per rule, in Markdown
    /// ([`wording::range`], [`wording::one_of`]): ``at least `1` ``,
    /// ``one of `batch`, `pipeline` (any case) ``.
    pub fn phrases(&self) -> Vec<String> {
        let mut out: Vec<String> = wording::range(self.min, self.max).into_iter().collect();
        if !self.one_of.is_empty() {
            out.push(wording::one_of(self.one_of));
        }
        out
    }
}

/// `only_when = "other.key = value"`: the option has an effect only while `key` has `value`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Relation {
    /// The other option's key.
    pub key: &'static str,
    /// The value (in the other option's grammar) under which this option has an effect.
    pub value: &'static str,
}

impl Relation {
    /// The condition as the docs say it, in Markdown ([`wording::only_when`]):
    /// ``only used when `k` is `v` ``.
    pub fn phrase(&self) -> String {
        wording::only_when(self.key, self.value)
    }
}

/// `deprecated = "1.18: use table.exec.rank.topn-cache-size"`: when, and what to do instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deprecation {
    /// The version the option was deprecated in (`1.18`).
    pub since: &'static str,
    /// What replaces it, in Markdown (`use table.exec.rank.topn-cache-size`).
    pub note: &'static str,
}

impl Deprecation {
    /// The note as the docs say it ([`wording::deprecated_since`]): `Deprecated since 1.18: use ...`.
    pub fn phrase(&self) -> String {
        wording::capitalized(&wording::deprecated_since(self.since, self.note))
    }
}
