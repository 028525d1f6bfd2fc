//! The declaration of one option: its static metadata ([`OptionMeta`]) and the typed handle
//! ([`ConfigOption`]) that reads it from a configuration.
//!
//! Both are `const`-constructible, so a derive (or a hand-written `const`) declares an option without
//! any allocation or registration at startup.

use core::fmt;
use core::marker::PhantomData;

use options_grammar::wording;

pub use crate::default_doc::DefaultDoc;
pub use crate::key::{key_hash, OptionKey};

pub use crate::change::{Change, Removal};
use crate::change_class::{ChangeClass, Reach};
use crate::constraint::{Bound, Constraint, Deprecation, Relation};
use crate::sensitive::{Declared, Reading, Spelling};
use crate::value::{InLine, OptionValue, Stored, TypeInfo};
use crate::value::{Parser, ValueError};

/// Where an option applies; defined with its spellings in `options-grammar`, so the derive that
/// parses `scope = "..."` and the runtime share one type.
pub use options_grammar::scope::Scope;

/// A check beyond an option's type: `Err` says what is wrong with the value and what to write.
pub type Validator = fn(&str) -> Result<(), String>;

/// How a string-keyed set parses an option's values ([`OptionMeta::set_parse`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SetParse {
    /// The parser alone decides: its in-line form, else the call.
    Parser(InLine),
    /// A constraint or a validator checks the parsed value too.
    Checked,
}

/// Static, type-erased metadata of one option: everything the catalogue, the docs generator and
/// string-keyed validation need.
///
/// Plain `Copy` data, so a derive can build it in a `const` and collect many into a
/// `&'static [OptionMeta]`. The public fields are the one way to read and to write it:
/// [`OptionMeta::new`] computes what must not be written by hand (the key's hash, sensitivity by
/// the key's name, the parser and the Rust type), and every other fact is a field assignment,
/// in a `const` as anywhere else:
///
/// ```
/// use options_core::{Bound, OptionMeta};
///
/// const META: OptionMeta = {
///     let mut m = OptionMeta::new::<i32>("my.size");
///     m.description = "How big.";
///     m.constraint.min = Some(Bound::Integer(1));
///     m
/// };
///
/// assert_eq!(META.key_str(), "my.size");
/// assert!(META.parse_value("0").is_err());
/// assert!(META.parse_value("3").is_ok());
/// ```
#[derive(Clone, Copy)]
pub struct OptionMeta {
    /// The option's key.
    pub key: OptionKey,
    /// The value type (docs name, enum values).
    pub value_type: TypeInfo,
    /// The documented default.
    pub default: DefaultDoc,
    /// Markdown description; the first paragraph is the summary, paragraphs are separated by a
    /// blank line.
    pub description: &'static str,
    /// Batch/streaming scope.
    pub scope: Scope,
    /// Keys read when the key itself is unset, before deprecated keys, in order.
    pub fallback_keys: &'static [OptionKey],
    /// Old spellings of the key still read (with a warning), in order.
    pub deprecated_keys: &'static [OptionKey],
    /// The version that introduced the option, if declared. In a group with releases, the
    /// option is absent from every release before it (see [`OptionMeta::at`]).
    pub since: Option<&'static str>,
    /// The option itself is deprecated. Set it together with [`deprecation`](Self::deprecation)
    /// whenever the version and the replacement are known (the derive's `deprecated = "1.18:
    /// use ..."` always sets both); alone it says "deprecated" with no note, as a catalogue read
    /// from `catalogue.json` or built by hand may (`SET 'key';` then says it may be removed).
    pub deprecated: bool,
    /// When it was deprecated and what replaces it. `Some` only with
    /// [`deprecated`](Self::deprecated) set: readers that ask "is it deprecated?" read that flag.
    pub deprecation: Option<Deprecation>,
    /// The release that stopped reading the option, and what replaces it.
    pub removal: Option<Removal>,
    /// What each release changed about the option (type, default, values, spellings, docs), as
    /// the facts were before it; empty for an option that never changed.
    pub changes: &'static [Change],
    /// Bounds and closed sets of values, checked wherever a value enters.
    pub constraint: Constraint,
    /// The option has an effect only while another option has a value.
    pub only_when: Option<Relation>,
    /// While the `only_when` condition holds, the value must be above this bound: Flink refuses
    /// to plan a job otherwise (`table.exec.mini-batch.allow-latency` above `0 ms` once
    /// mini-batching is on). Advice like the condition itself: `SET` and `validate` warn.
    pub then_above: Option<Bound>,
    /// The value is a secret: never printed (masked as `******`). Declared, or set by
    /// [`OptionMeta::new`] and the derive when the key names a secret ([`is_sensitive_key`]) and
    /// the type can hold one (not a boolean, number, duration, size or enum).
    pub sensitive: bool,
    /// May only be set before the environment is created.
    pub startup_only: bool,
    /// How a change of the option reaches a running system, in its engine's words (see
    /// [`ChangeClass`]); `None` when undeclared, and then
    /// [`reach`](Self::reach) decides by [`startup_only`](Self::startup_only).
    pub change_class: Option<&'static ChangeClass>,
    /// Not documented (still readable and settable).
    pub hidden: bool,
    /// Parses a config string into the option's typed value (used to validate `set_str`).
    pub(crate) parse: Parser,
    /// A check beyond the type (a time zone that exists, a dialect that is known): `Err` says
    /// what is wrong with the value. It runs wherever a config string is parsed for this option
    /// (`set_str` with a catalogue, typed reads of string values, `SET`, loading), after the
    /// parser and the [`constraint`](Self::constraint). The derive's `validate = path` sets it.
    pub validator: Option<Validator>,
    /// The Rust type's name ([`core::any::type_name`] of the declared type), read on demand.
    rust_type: fn() -> &'static str,
}

/// What the derive emits for each option (as `__private::declared`): the common facts in one
/// call, with the key's hash and whether it names a secret computed by the macro (see `key.rs`
/// for why). Rarer facts follow as field assignments in a block (`m.sensitive = true` for a
/// declared secret), only for the options that have them.
///
/// A key that names a secret makes the option sensitive only when its type can hold one
/// ([`ValueKind::holds_text`](crate::ValueKind::holds_text)): `security.delegation.tokens.enabled`
/// is a Boolean, and `true` is no secret. A free function with plain arguments, because a group of
/// hundreds of options spells the call once per option, and every token of it costs the
/// compiler (`::options_core::OptionMeta::` alone is six tokens).
#[doc(hidden)]
pub const fn declared_option<T: OptionValue>(
    key: &'static str,
    hash: u64,
    names_secret: bool,
    default: DefaultDoc,
    description: &'static str,
    scope: Scope,
) -> OptionMeta {
    let value_type = T::TYPE;
    OptionMeta {
        key: OptionKey::__prehashed(key, hash),
        value_type,
        default,
        description,
        scope,
        fallback_keys: &[],
        deprecated_keys: &[],
        since: None,
        deprecated: false,
        deprecation: None,
        removal: None,
        changes: &[],
        constraint: Constraint::NONE,
        only_when: None,
        then_above: None,
        sensitive: names_secret && value_type.kind.holds_text(),
        startup_only: false,
        change_class: None,
        hidden: false,
        parse: Parser::of::<T>(),
        validator: None,
        rust_type: core::any::type_name::<T>,
    }
}

impl OptionMeta {
    /// Metadata for an option of type `T` with only a key; every other field starts empty/false
    /// (`sensitive` is set when the key names a secret and `T` can hold one). Set the rest by
    /// assigning fields.
    pub const fn new<T: OptionValue>(key: &'static str) -> Self {
        // A key that names a secret is sensitive whether or not it is declared so, when the
        // type can hold one.
        declared_option::<T>(
            key,
            key_hash(key),
            is_sensitive_key(key),
            DefaultDoc::None,
            "",
            Scope::None,
        )
    }

    /// The same metadata under another key (an instance of a pattern key).
    pub(crate) const fn with_key(mut self, key: OptionKey) -> Self {
        self.key = key;
        self
    }

    /// What the option needs while its condition holds, in Markdown, when it declares
    /// [`then_above`](Self::then_above) (a field): ``must be above `0 ms` while
    /// `table.exec.mini-batch.enabled` is `true` ``.
    pub fn requirement_phrase(&self) -> Option<String> {
        let (relation, bound) = (self.only_when?, self.then_above?);
        Some(wording::then_above(bound, relation.key, relation.value))
    }

    /// Whether a config string for this option meets its [`then_above`](Self::then_above)
    /// bound (`true` when it declares none, and for text that does not parse: that is another
    /// problem, reported as such).
    pub fn meets_requirement(&self, value: &str) -> bool {
        match (self.then_above, self.__parse_stored(value)) {
            (Some(bound), Ok(stored)) => bound.is_exceeded_by(&stored),
            _ => true,
        }
    }

    /// The declared Rust type, as [`core::any::type_name`] writes it
    /// (`core::option::Option<usize>`). For a catalogue read from a file, the type that parses
    /// the value.
    pub fn rust_type(&self) -> &'static str {
        (self.rust_type)()
    }

    /// The key as a string.
    pub const fn key_str(&self) -> &'static str {
        self.key.name()
    }

    /// The first paragraph of the description.
    pub fn summary(&self) -> &'static str {
        self.paragraphs().next().unwrap_or("")
    }

    /// The description's paragraphs (split at blank lines), trimmed.
    pub fn paragraphs(&self) -> impl Iterator<Item = &'static str> {
        self.description
            .split("\n\n")
            .map(str::trim)
            .filter(|p| !p.is_empty())
    }

    /// Whether values of this option must be masked: declared `sensitive`, or the key names a
    /// secret (see [`is_sensitive_key`]) and the type can hold one.
    #[inline]
    pub const fn is_sensitive(&self) -> bool {
        // `new` and the derive already set `sensitive` for keys that name a secret.
        self.sensitive
    }

    /// What this option says of secrets when `spelling` names it: the facts the one masking rule,
    /// [`sensitive::masks`](crate::sensitive::masks), decides on.
    #[inline]
    pub const fn masking(&self, spelling: Spelling) -> Declared {
        Declared {
            sensitive: self.sensitive,
            holds_text: self.value_type.kind.holds_text(),
            spelling,
        }
    }

    /// Whether a valid value set under `key` (another spelling of this option, or its own key) is
    /// masked: the option is sensitive, or `key` names a secret and the option's type can hold
    /// one ([`sensitive::masks`](crate::sensitive::masks) with [`Reading::Typed`]). The type
    /// decides only for values that parse: text that does not is masked in errors whenever its
    /// key names a secret ([`ConfigError::invalid_value`](crate::ConfigError::invalid_value)).
    pub fn masks(&self, key: &str) -> bool {
        let spelling = match key == self.key.name() {
            true => Spelling::Own,
            false => Spelling::Other,
        };
        crate::sensitive::masks(key, Some(self.masking(spelling)), Reading::Typed)
    }

    /// Whether a valid value set under `key`, an instance of this option's pattern key, is
    /// masked: as [`masks`](Self::masks) says, or, the key being partly the user's own text like
    /// an unknown key's, when a word of it is one typo from a secret word and the type can hold a
    /// secret (found by the `legacy` fuzz target: a reporter parameter spelled `...keystore-passwo;d`
    /// showed its value).
    pub fn masks_instance(&self, key: &str) -> bool {
        crate::sensitive::masks(key, Some(self.masking(Spelling::Instance)), Reading::Typed)
    }

    /// Parses and validates a config string for this option.
    pub fn parse_value(&self, value: &str) -> Result<(), ValueError> {
        self.__parse_stored(value).map(drop)
    }

    /// Whether two config strings are the same value of this option: compared as typed values
    /// (`TRUE` is `true`, `1 min` is `60 s`), strings ignoring ASCII case. Decides whether a
    /// [`Relation`] (`only_when`) naming this option holds.
    pub fn same_value(&self, a: &str, b: &str) -> bool {
        let typed = |s: &str| {
            self.__parse_stored(s)
                .ok()
                .filter(|v| !matches!(v, Stored::Other(_)))
                .map(|v| format!("{v:?}"))
        };
        match (typed(a), typed(b)) {
            (Some(x), Some(y)) => x == y,
            _ => a.trim().eq_ignore_ascii_case(b.trim()),
        }
    }

    /// Parses a config string into the stored typed form, then checks it against the constraint
    /// and the validator.
    #[doc(hidden)]
    #[inline(always)]
    pub fn __parse_stored(&self, value: &str) -> Result<Stored, ValueError> {
        // Most options have neither: their value goes from the parser straight to the caller,
        // where checking it first took it through the stack twice (its address is taken).
        if self.parser_decides() {
            return self.parse.parse(value);
        }
        self.parse_checked(value)
    }

    /// [`__parse_stored`](Self::__parse_stored) for the hot path of a string-keyed set: the
    /// common shape of a duration or a size is parsed in the caller, without a call. `how` is
    /// this option's [`set_parse`](Self::set_parse), decided when the key was first resolved.
    #[inline(always)]
    pub(crate) fn parse_stored_as(&self, how: SetParse, value: &str) -> Result<Stored, ValueError> {
        match how {
            SetParse::Parser(in_line) => self.parse.parse_in_line(in_line, value),
            SetParse::Checked => self.parse_checked(value),
        }
    }

    /// How a string-keyed set parses this option's values. A set keeps it beside the option it
    /// resolved, so setting the key again reads one byte rather than testing the constraint's
    /// three parts and the validator (an option's metadata never changes once declared).
    #[inline(always)]
    pub(crate) fn set_parse(&self) -> SetParse {
        if self.parser_decides() {
            SetParse::Parser(self.parse.in_line())
        } else {
            SetParse::Checked
        }
    }

    /// Whether the parser alone decides a value: no constraint and no validator to run after it.
    #[inline(always)]
    fn parser_decides(&self) -> bool {
        self.constraint.is_empty() && self.validator.is_none()
    }

    #[inline(never)]
    fn parse_checked(&self, value: &str) -> Result<Stored, ValueError> {
        let stored = self.parse.parse(value)?;
        self.check_stored(value, &stored)?;
        self.check(value)?;
        Ok(stored)
    }

    /// Checks a parsed value against the declared constraint: the one place every entry (typed
    /// `set`, strings, files, environment, arguments, reads of raw strings) passes through.
    /// `value` is its config string, for the message.
    #[inline]
    pub(crate) fn check_stored(&self, value: &str, stored: &Stored) -> Result<(), ValueError> {
        if self.constraint.is_empty() {
            return Ok(());
        }
        self.constraint
            .check(stored)
            .map_err(|detail| ValueError::rejected(value, self.value_type, detail))
    }

    /// Runs the validator (if any) on a value that already parsed as the option's type.
    #[inline]
    pub(crate) fn check(&self, value: &str) -> Result<(), ValueError> {
        match self.validator {
            Some(validate) => self.validate(validate, value),
            None => Ok(()),
        }
    }

    #[inline(never)]
    fn validate(&self, validate: Validator, value: &str) -> Result<(), ValueError> {
        validate(value).map_err(|detail| ValueError::rejected(value, self.value_type, detail))
    }

    /// The declared rules as plain sentences, for terminals (`SET 'key';`, `flinkconf explain`):
    /// `accepts at least 1`, `only used when table.exec.mini-batch.enabled is true`,
    /// `deprecated since 1.14: use execution.batch-shuffle-mode`, `startup only`.
    pub fn rule_notes(&self) -> Vec<String> {
        let mut notes: Vec<String> = self
            .constraint
            .phrases()
            .into_iter()
            .map(|p| wording::plain(&wording::accepts(&p)))
            .collect();
        if let Some(relation) = &self.only_when {
            notes.push(wording::plain(&relation.phrase()));
        }
        if let Some(d) = &self.deprecation {
            notes.push(wording::plain(&wording::deprecated_since(d.since, d.note)));
        }
        if self.startup_only {
            notes.push("startup only: set it before the environment is created".to_owned());
        }
        notes
    }

    /// What a change of this option does to a running system: its class's [`Reach`]; without a
    /// class, [`Reach::Restart`] for a `startup_only` option and [`Reach::Live`] otherwise.
    pub const fn reach(&self) -> Reach {
        match self.change_class {
            Some(class) => class.reach,
            None if self.startup_only => Reach::Restart,
            None => Reach::Live,
        }
    }

    /// All keys this option answers to: the key, then fallback keys, then deprecated keys.
    pub fn all_keys(&self) -> impl Iterator<Item = OptionKey> + '_ {
        core::iter::once(self.key)
            .chain(self.fallback_keys.iter().copied())
            .chain(self.deprecated_keys.iter().copied())
    }
}

impl fmt::Debug for OptionMeta {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OptionMeta")
            .field("key", &self.key)
            .field("type", &self.value_type.name())
            .field("default", &self.default)
            .field("scope", &self.scope)
            .field("fallback_keys", &self.fallback_keys)
            .field("deprecated_keys", &self.deprecated_keys)
            .field("since", &self.since)
            .field("deprecated", &self.deprecated)
            .field("deprecation", &self.deprecation)
            .field("removal", &self.removal)
            .field("changes", &self.changes)
            .field("constraint", &self.constraint)
            .field("only_when", &self.only_when)
            .field("then_above", &self.then_above)
            .field("sensitive", &self.sensitive)
            .field("startup_only", &self.startup_only)
            .field("change_class", &self.change_class.map(|c| c.id))
            .field("hidden", &self.hidden)
            .finish_non_exhaustive()
    }
}

// Kept at their old public path; inside the crate they are taken from `sensitive`, where they live
// (`value` names them too, and `option` depends on `value`).
use crate::sensitive::is_sensitive_key;

/// The default of a typed option.
///
/// Options without a default have an `Option<T>` type and the default `Value(None)`.
#[derive(Debug)]
pub enum DefaultValue<T: 'static> {
    /// A value built at compile time (numbers, booleans, durations, sizes, enums, `None`).
    Value(T),
    /// A config string parsed on each read of the default: how the derive writes a string, list
    /// or map default given as text, so each value type has one parser instead of each option
    /// having a function of its own. The text is known to parse as `T`: see [`DefaultText`].
    Text(DefaultText<T>),
    /// A value built on each read of the default by a function (a default given as a Rust
    /// expression).
    Lazy(fn() -> T),
}

impl<T: Clone> Clone for DefaultValue<T> {
    fn clone(&self) -> Self {
        match self {
            DefaultValue::Value(v) => DefaultValue::Value(v.clone()),
            DefaultValue::Text(text) => DefaultValue::Text(*text),
            DefaultValue::Lazy(f) => DefaultValue::Lazy(*f),
        }
    }
}

impl<T: OptionValue> DefaultValue<T> {
    /// The default value.
    #[inline]
    pub fn get(&self) -> T {
        match self {
            DefaultValue::Value(v) => v.clone(),
            DefaultValue::Text(text) => parse_default(text.text),
            DefaultValue::Lazy(f) => f(),
        }
    }

    /// A default given as config text, checked now: an error when `text` does not parse as `T`.
    /// (The derive checks its text defaults when it compiles them.)
    ///
    /// ```
    /// use options_core::{ConfigOption, Configuration, DefaultValue, ReadableConfig};
    ///
    /// let retries = DefaultValue::<Vec<i32>>::from_text("1;2;4").unwrap();
    /// let option = ConfigOption::new("my.retry-delays", retries);
    /// assert_eq!(Configuration::new().get(&option), vec![1, 2, 4]);
    ///
    /// let err = DefaultValue::<i32>::from_text("four").unwrap_err();
    /// assert!(err.to_string().starts_with("invalid value \"four\": expected an Integer"));
    /// ```
    pub fn from_text(text: &'static str) -> Result<Self, ValueError> {
        T::parse_config(text)?;
        Ok(DefaultValue::Text(DefaultText::checked(text)))
    }
}

/// The text of a [`DefaultValue::Text`], known to parse as `T`: built only by
/// [`DefaultValue::from_text`], which checks it, and by the derive, which checks it at compile
/// time. So reading a default never fails, and no hand-made handle can hold text that does not
/// parse:
///
/// ```compile_fail
/// use options_core::DefaultValue;
/// // Only `DefaultValue::from_text` (checked) builds a text default.
/// let unchecked: DefaultValue<i32> = DefaultValue::Text("four");
/// ```
pub struct DefaultText<T: 'static> {
    text: &'static str,
    _type: PhantomData<fn() -> T>,
}

impl<T> DefaultText<T> {
    /// Text the caller has checked.
    const fn checked(text: &'static str) -> Self {
        DefaultText {
            text,
            _type: PhantomData,
        }
    }

    /// What the derive emits for a text default it has parsed with the type's own parser.
    #[doc(hidden)]
    pub const fn __checked_by_derive(text: &'static str) -> DefaultValue<T> {
        DefaultValue::Text(DefaultText::checked(text))
    }

    /// The text, in the option's grammar (`"a;'b;c';d"`).
    pub const fn as_str(&self) -> &'static str {
        self.text
    }
}

impl<T> Clone for DefaultText<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for DefaultText<T> {}

impl<T> fmt::Debug for DefaultText<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.text, f)
    }
}

/// A [`DefaultValue::Text`] parsed (out of line: one copy per value type, kept small).
#[inline(never)]
fn parse_default<T: OptionValue>(text: &str) -> T {
    match T::parse_config(text) {
        Ok(value) => value,
        Err(e) => bad_default(text, e),
    }
}

/// A text default that does not parse (never for a derived option): the message is written
/// here, once, not in each value type's copy of [`parse_default`].
#[cold]
#[inline(never)]
fn bad_default(text: &str, e: ValueError) -> ! {
    panic!(
        "the default {text:?} is not a valid {}: {e}",
        e.expected().name()
    )
}

/// A typed handle to one option: its metadata and its default.
///
/// Declared as a `const` (usually by `#[derive(Options)]`) and passed by reference to
/// [`ReadableConfig::get`](crate::ReadableConfig::get) and friends.
pub struct ConfigOption<T: 'static> {
    meta: OptionMeta,
    default: DefaultValue<T>,
    _type: PhantomData<fn() -> T>,
}

impl<T: OptionValue> ConfigOption<T> {
    /// An option with a key and a default; every other metadata field starts empty. Use
    /// [`from_parts`](Self::from_parts) to declare the rest.
    pub const fn new(key: &'static str, default: DefaultValue<T>) -> Self {
        ConfigOption {
            meta: OptionMeta::new::<T>(key),
            default,
            _type: PhantomData,
        }
    }

    /// An option from prepared metadata and a default (what the derive emits).
    pub const fn from_parts(meta: OptionMeta, default: DefaultValue<T>) -> Self {
        ConfigOption {
            meta,
            default,
            _type: PhantomData,
        }
    }

    /// The option's metadata.
    #[inline]
    pub const fn meta(&self) -> &OptionMeta {
        &self.meta
    }

    /// The key.
    #[inline]
    pub const fn key(&self) -> &'static str {
        self.meta.key.name()
    }

    /// The declared default.
    #[inline]
    pub const fn default_value(&self) -> &DefaultValue<T> {
        &self.default
    }
}

impl<T: OptionValue> fmt::Debug for ConfigOption<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("ConfigOption").field(&self.meta.key).finish()
    }
}
