//! How every output words an option's rules: its bounds (`min`, `max`), its closed set of strings
//! (`one_of`), the condition under which it has an effect (`only_when`), the bound it needs while
//! that condition holds (`then_above`) and its deprecation note, as the docs describe them, as
//! errors refuse a value, and as findings warn about a setting.
//!
//! Written once here, for the derive (rustdoc rows, compile errors), the runtime (check errors,
//! `SET 'key';`, findings), the docs (site sentences, changelog) and the tools built on them. Each
//! function gives a lower-case phrase in Markdown (values and keys as code); each caller chooses
//! only the frame: a sentence ([`sentence`]), a table row's label, plain text for a terminal
//! ([`plain`]).
//!
//! ```
//! use options_grammar::wording;
//!
//! let range = wording::range(Some("1"), Some("64")).unwrap();
//! assert_eq!(range, "from `1` to `64`");
//! assert_eq!(wording::sentence(&wording::accepts(&range)), "Accepts from `1` to `64`.");
//! assert_eq!(wording::only_when("a.enabled", "true"), "only used when `a.enabled` is `true`");
//! assert_eq!(wording::must_be_one_of(&["batch", "pipeline"]), "must be one of batch, pipeline");
//! assert_eq!(wording::plain(&wording::one_of(&["a", "b"])), "one of a, b (any case)");
//! ```

use core::fmt::{self, Display};

/// `text` as Markdown code: `` `text` ``.
pub fn code(text: impl Display) -> String {
    format!("`{text}`")
}

/// Values as Markdown code, comma-separated: `` `a`, `b` ``.
pub fn code_list<S: AsRef<str>>(values: &[S]) -> String {
    values
        .iter()
        .map(|v| code(v.as_ref()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The accepted range of values: ``from `1` to `64` ``, ``at least `1` ``, ``at most `64` ``;
/// `None` without a bound. Both bounds are inclusive.
pub fn range<D: Display>(min: Option<D>, max: Option<D>) -> Option<String> {
    match (min, max) {
        (Some(min), Some(max)) => Some(format!("from {} to {}", code(min), code(max))),
        (Some(min), None) => Some(format!("at least {}", code(min))),
        (None, Some(max)) => Some(format!("at most {}", code(max))),
        (None, None) => None,
    }
}

/// A closed set of strings, matched ignoring ASCII case: ``one of `a`, `b` (any case) ``.
pub fn one_of<S: AsRef<str>>(values: &[S]) -> String {
    format!("one of {} (any case)", code_list(values))
}

/// What a value is accepted as: `accepts ` and a phrase of [`range`] or [`one_of`].
pub fn accepts(phrase: &str) -> String {
    format!("accepts {phrase}")
}

/// The condition of a relation: ``` `key` is `value` ```.
pub fn condition(key: &str, value: &str) -> String {
    format!("{} is {}", code(key), code(value))
}

/// `only_when`: ``only used when `key` is `value` ``.
pub fn only_when(key: &str, value: &str) -> String {
    format!("only used when {}", condition(key, value))
}

/// A bound the value must exceed: ``above `0 ms` ``.
pub fn above(bound: impl Display) -> String {
    format!("above {}", code(bound))
}

/// `then_above`: ``must be above `0 ms` while `key` is `value` ``, the requirement of an enabled
/// feature (the engine plans no job otherwise).
pub fn then_above(bound: impl Display, key: &str, value: &str) -> String {
    format!("must be {} while {}", above(bound), condition(key, value))
}

/// The note of a deprecation, after its label: `since 1.18: use other.key`.
pub fn since_note(since: &str, note: &str) -> String {
    format!("since {since}: {note}")
}

/// A deprecation: `deprecated since 1.18: use other.key`.
pub fn deprecated_since(since: &str, note: &str) -> String {
    format!("deprecated {}", since_note(since, note))
}

/// A deprecated spelling of an option's key, and the keys to write instead (every option that
/// reads the old one): `"state.backend" is a deprecated key; use "state.backend.type" instead`.
/// Plain text: the runtime's notices, `SET`'s warnings and the checker's findings all say it so.
pub fn deprecated_key<S: AsRef<str>>(key: &str, replacements: &[S]) -> String {
    let named: Vec<String> = replacements
        .iter()
        .map(|r| format!("\"{}\"", r.as_ref()))
        .collect();
    format!(
        "\"{key}\" is a deprecated key; use {} instead",
        named.join(" and ")
    )
}

/// A deprecated option, with when and what replaces it when the declaration says:
/// `option "k" is deprecated since 1.14: use other.key`, or `option "k" is deprecated`. Plain text (the note
/// given plain).
pub fn deprecated_option(key: &str, since_and_note: Option<(&str, &str)>) -> String {
    match since_and_note {
        Some((since, note)) => format!("option \"{key}\" is {}", deprecated_since(since, note)),
        None => format!("option \"{key}\" is deprecated"),
    }
}

/// What a release did, after its label (`Removed`, `Changed`): `in 2.0: use other.key`.
pub fn in_note(release: &str, note: &str) -> String {
    format!("in {release}: {note}")
}

/// A removal: `removed in 2.0: use other.key`.
pub fn removed_in(release: &str, note: &str) -> String {
    format!("removed {}", in_note(release, note))
}

/// Values listed plainly, for messages: `one of a, b`.
pub fn one_of_plain<S: AsRef<str>>(values: &[S]) -> String {
    let values: Vec<&str> = values.iter().map(AsRef::as_ref).collect();
    format!("one of {}", values.join(", "))
}

/// Why a value below the minimum is refused: `must be at least 1`.
pub fn must_be_at_least(min: impl Display) -> String {
    format!("must be at least {min}")
}

/// Why a value above the maximum is refused: `must be at most 64`.
pub fn must_be_at_most(max: impl Display) -> String {
    format!("must be at most {max}")
}

/// Why a string outside the closed set is refused: `must be one of batch, pipeline`.
pub fn must_be_one_of<S: AsRef<str>>(values: &[S]) -> String {
    format!("must be {}", one_of_plain(values))
}

/// The label of an option's change class wherever it is shown (the site's rows, hover, `SET
/// 'key';`).
pub const CHANGE_CLASS_LABEL: &str = "Change class";

/// What a change of an option does, by its class's label and its reach's phrase:
/// ``change class `job submission`: a change takes effect for work started after it``.
pub fn change_class(label: &str, reach_phrase: &str) -> String {
    format!("change class {}: a change {reach_phrase}", code(label))
}

/// A phrase as a sentence: its first letter in upper case and a closing period.
pub fn sentence(phrase: &str) -> String {
    let mut out = capitalized(phrase);
    out.push('.');
    out
}

/// A phrase with its first letter in upper case (a label, a line that is not a sentence).
pub fn capitalized(phrase: &str) -> String {
    let mut chars = phrase.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A Markdown phrase as plain text for a terminal: without its code marks.
pub fn plain(markdown: &str) -> String {
    markdown.replace('`', "")
}

/// The finding that a setting has no effect: its option is only used when another option has a
/// value, and that option has another. Worded here once for every tool that reports it (sessions,
/// the checker, the editor server), each giving `whence` (`line 3`, `the default`, `now`).
///
/// ```
/// use options_grammar::wording::NoEffect;
///
/// let finding = NoEffect {
///     key: "a.size",
///     condition_key: "a.enabled",
///     condition_value: "true",
///     current: "false",
///     whence: "the default",
/// };
/// assert_eq!(
///     finding.to_string(),
///     "\"a.size\" is only used when \"a.enabled\" is \"true\", but it is \"false\" (the default): this setting has no effect"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoEffect<'a> {
    /// The key set.
    pub key: &'a str,
    /// The option its relation names.
    pub condition_key: &'a str,
    /// The value that option must have.
    pub condition_value: &'a str,
    /// The value it has (masked by the caller when sensitive).
    pub current: &'a str,
    /// Where that value comes from.
    pub whence: &'a str,
}

impl Display for NoEffect<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"{}\" is only used when \"{}\" is \"{}\", but it is \"{}\" ({}): this setting has no effect",
            self.key, self.condition_key, self.condition_value, self.current, self.whence
        )
    }
}

/// The finding that an enabled feature lacks what it needs (`then_above`): the condition holds
/// while the option's value is not above its bound, so the engine refuses to plan the job.
/// Worded here once; each `whence` is left out when empty.
///
/// ```
/// use options_grammar::wording::NeedsAbove;
///
/// let finding = NeedsAbove {
///     condition_key: "a.enabled",
///     condition_value: "true",
///     condition_whence: "",
///     key: "a.latency",
///     value: "0 ms",
///     value_whence: "the default",
///     bound: "0 ms",
///     engine: "Acme",
/// };
/// assert_eq!(
///     finding.to_string(),
///     "\"a.enabled\" is \"true\", but \"a.latency\" is \"0 ms\" (the default), and it must be above \"0 ms\" then; Acme refuses to plan such a job"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NeedsAbove<'a> {
    /// The option the relation names.
    pub condition_key: &'a str,
    /// Its value, which turns the feature on.
    pub condition_value: &'a str,
    /// Where that value comes from (empty: not said).
    pub condition_whence: &'a str,
    /// The option that needs a value above its bound.
    pub key: &'a str,
    /// Its value (masked by the caller when sensitive).
    pub value: &'a str,
    /// Where that value comes from (empty: not said).
    pub value_whence: &'a str,
    /// The bound, exclusive.
    pub bound: &'a str,
    /// The engine's name (empty: "the engine").
    pub engine: &'a str,
}

impl Display for NeedsAbove<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whence = |w: &str| {
            if w.is_empty() {
                String::new()
            } else {
                format!(" ({w})")
            }
        };
        let engine = if self.engine.is_empty() {
            "the engine"
        } else {
            self.engine
        };
        write!(
            f,
            "\"{}\" is \"{}\"{}, but \"{}\" is \"{}\"{}, and it must be above \"{}\" then; {engine} refuses to plan such a job",
            self.condition_key,
            self.condition_value,
            whence(self.condition_whence),
            self.key,
            self.value,
            whence(self.value_whence),
            self.bound,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_name_what_is_bounded() {
        assert_eq!(range(Some(1), None).as_deref(), Some("at least `1`"));
        assert_eq!(
            range(None, Some("1 min")).as_deref(),
            Some("at most `1 min`")
        );
        assert_eq!(range::<&str>(None, None), None);
    }

    #[test]
    fn relations_read_as_one_clause() {
        assert_eq!(
            then_above("0 ms", "a.enabled", "true"),
            "must be above `0 ms` while `a.enabled` is `true`"
        );
        assert_eq!(
            sentence(&deprecated_since("1.18", "use b.key")),
            "Deprecated since 1.18: use b.key."
        );
        assert_eq!(capitalized(""), "");
    }
}
