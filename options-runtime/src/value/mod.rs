//! Values and their string grammar (Apache Flink 1.19's).
//!
//! Every option type implements [`OptionValue`]: parse from the config string form, format back to
//! the canonical form, and name the type for the docs. `parse_config(to_config_string(v)) == v`
//! holds for every value.

use core::any::Any;
use std::borrow::Cow;
use std::sync::Arc;

mod collections;
mod duration;
mod error;
pub use options_grammar::grammar;
mod impls;
mod memory;
mod parser;
mod secret;

pub use error::ValueError;
pub use memory::MemorySize;
pub(crate) use parser::Parser;
pub use secret::Secret;

/// The kind of a value, as the docs name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueKind {
    /// `bool`.
    Boolean,
    /// `i32`.
    Integer,
    /// `i64`.
    Long,
    /// `u64` and `usize`: whole numbers from 0 up.
    Unsigned,
    /// `f32`.
    Float,
    /// `f64`.
    Double,
    /// `String`.
    String,
    /// `std::time::Duration`.
    Duration,
    /// [`MemorySize`].
    MemorySize,
    /// An enum implementing [`ConfigEnum`].
    Enum,
    /// `BTreeMap<String, String>`.
    Map,
    /// A user type, with its docs name.
    Other(&'static str),
}

impl ValueKind {
    /// The docs name: `Boolean`, `Integer`, `Long`, `Unsigned`, `Float`, `Double`, `String`, `Duration`,
    /// `MemorySize`, `Enum`, `Map` or a user type's name.
    pub const fn name(self) -> &'static str {
        match self {
            ValueKind::Boolean => "Boolean",
            ValueKind::Integer => "Integer",
            ValueKind::Long => "Long",
            ValueKind::Unsigned => "Unsigned",
            ValueKind::Float => "Float",
            ValueKind::Double => "Double",
            ValueKind::String => "String",
            ValueKind::Duration => "Duration",
            ValueKind::MemorySize => "MemorySize",
            ValueKind::Enum => "Enum",
            ValueKind::Map => "Map",
            ValueKind::Other(name) => name,
        }
    }

    /// Whether a value of this kind can be free text, and so hold a secret: a string, a map, or a
    /// user type (which may wrap either). A boolean, number, duration, memory size or enum
    /// cannot: its values are a closed grammar.
    pub const fn holds_text(self) -> bool {
        matches!(
            self,
            ValueKind::String | ValueKind::Map | ValueKind::Other(_)
        )
    }

    /// Every built-in kind (all but [`ValueKind::Other`]).
    pub const BUILT_IN: [ValueKind; 11] = [
        ValueKind::Boolean,
        ValueKind::Integer,
        ValueKind::Long,
        ValueKind::Unsigned,
        ValueKind::Float,
        ValueKind::Double,
        ValueKind::String,
        ValueKind::Duration,
        ValueKind::MemorySize,
        ValueKind::Enum,
        ValueKind::Map,
    ];

    /// The built-in kind with this docs [`name`](Self::name) (what a `catalogue.json` says), if
    /// any; a user type's name gives `None`.
    pub fn from_name(name: &str) -> Option<ValueKind> {
        ValueKind::BUILT_IN.into_iter().find(|k| k.name() == name)
    }
}

/// What the docs say about a value type: its kind, whether it is a `;`-separated list of that kind,
/// and the possible values of an enum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TypeInfo {
    /// The scalar kind (the item kind for lists).
    pub kind: ValueKind,
    /// A `List<kind>`.
    pub list: bool,
    /// Config names of the possible values, for enums (empty otherwise).
    pub enum_values: &'static [&'static str],
    /// Other spellings an enum accepts, each with the position of its value in `enum_values`
    /// ([`ConfigEnum::ALIASES`]; empty for most enums and every other type).
    pub enum_aliases: &'static [(&'static str, usize)],
}

impl TypeInfo {
    /// A scalar type.
    pub const fn scalar(kind: ValueKind) -> Self {
        TypeInfo {
            kind,
            list: false,
            enum_values: &[],
            enum_aliases: &[],
        }
    }

    /// An enum with these config names.
    pub const fn enumeration(values: &'static [&'static str]) -> Self {
        TypeInfo {
            kind: ValueKind::Enum,
            list: false,
            enum_values: values,
            enum_aliases: &[],
        }
    }

    /// The same enum accepting these other spellings too (alias, position of its value).
    pub const fn with_aliases(self, aliases: &'static [(&'static str, usize)]) -> Self {
        TypeInfo {
            enum_aliases: aliases,
            ..self
        }
    }

    /// The list of this type.
    pub const fn list_of(self) -> Self {
        TypeInfo { list: true, ..self }
    }

    /// The docs name: `Duration`, `List<String>`, `Enum`, `List<Enum>`, `Map`.
    pub fn name(&self) -> Cow<'static, str> {
        if self.list {
            Cow::Owned(format!("List<{}>", self.kind.name()))
        } else {
            Cow::Borrowed(self.kind.name())
        }
    }

    /// One accepted example, for error messages ("such as ...").
    pub fn example(&self) -> Cow<'static, str> {
        let scalar: Cow<'static, str> = match self.kind {
            ValueKind::Boolean => "\"true\" or \"false\"".into(),
            ValueKind::Integer | ValueKind::Long | ValueKind::Unsigned => "\"42\"".into(),
            ValueKind::Float | ValueKind::Double => "\"0.5\"".into(),
            ValueKind::String => "\"text\"".into(),
            ValueKind::Duration => "\"3 min\" or \"500 ms\"".into(),
            ValueKind::MemorySize => "\"64 mb\" or \"1 gb\"".into(),
            ValueKind::Enum => match self.enum_values {
                [] => "one of the documented values".into(),
                values => options_grammar::wording::one_of_plain(values).into(),
            },
            ValueKind::Map => "\"k1:v1,k2:v2\"".into(),
            ValueKind::Other(_) => "the documented form".into(),
        };
        if self.list {
            Cow::Owned(format!("items separated by ';' ({scalar} each)"))
        } else {
            scalar
        }
    }
}

/// A value that an option can hold, with Apache Flink 1.19's string grammar.
///
/// Implemented for `bool`, `i32`, `i64`, `u64`, `usize`, `f32`, `f64`, `String`, [`Duration`](std::time::Duration), [`MemorySize`],
/// `Vec<T>` of those, `BTreeMap<String, String>` and enums deriving [`ConfigEnum`].
pub trait OptionValue: Sized + Clone + Send + Sync + 'static {
    /// The type as the docs describe it.
    const TYPE: TypeInfo;

    /// Parses the config string form.
    fn parse_config(s: &str) -> Result<Self, ValueError>;

    /// Formats the canonical config string form.
    fn to_config_string(&self) -> String;

    /// The docs name of the type (`Duration`, `List<String>`, ...).
    fn type_name() -> Cow<'static, str> {
        Self::TYPE.name()
    }

    /// Which common shape of the config string is parsed without a call ([`InLine`]); the type's
    /// [`parse_config`](Self::parse_config) must accept the same values the same way. A
    /// string-keyed set of a duration or a size spends most of its time parsing.
    #[doc(hidden)]
    const __IN_LINE: InLine = InLine::No;

    /// Whether this value means "not set" (only `None` of an `Option<T>` option).
    #[doc(hidden)]
    fn __is_absent(&self) -> bool {
        false
    }

    /// Converts into the stored form a configuration keeps. Scalars override this to stay inline.
    #[doc(hidden)]
    fn __into_stored(self) -> Stored {
        Stored::Other(Arc::new(self))
    }

    /// Reads the stored form back; `None` when it holds another type.
    #[doc(hidden)]
    fn __from_stored(stored: &Stored) -> Option<Self> {
        match stored {
            Stored::Other(any) => (**any).downcast_ref::<Self>().cloned(),
            _ => None,
        }
    }
}

/// An enum whose variants have config names (`AUTO`, `ALL_ENFORCED`); derive it with
/// `#[derive(ConfigEnum)]`. Parsing is case-insensitive; formatting gives the config name.
pub trait ConfigEnum: Sized + Copy + Send + Sync + 'static {
    /// Every variant, in declaration order.
    const VARIANTS: &'static [Self];
    /// The config name of each variant, in the same order.
    const NAMES: &'static [&'static str];
    /// Other spellings parsing accepts, each with the position of its variant (`("postgres", 2)`
    /// beside the name `postgresql`); docs and formatting use the names only.
    const ALIASES: &'static [(&'static str, usize)] = &[];

    /// The position of this variant in [`ConfigEnum::VARIANTS`].
    fn index(self) -> usize;

    /// The config name of this variant.
    fn config_name(self) -> &'static str {
        Self::NAMES[self.index()]
    }
}

/// Looks up an enum variant by config name, ignoring ASCII case; usable in `const` (the derive
/// checks string defaults of enum options at compile time with it).
pub const fn enum_index(names: &[&str], name: &str) -> Option<usize> {
    let mut i = 0;
    while i < names.len() {
        if eq_ignore_ascii_case(names[i].as_bytes(), name.as_bytes()) {
            return Some(i);
        }
        i += 1;
    }
    None
}

const fn eq_ignore_ascii_case(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if !a[i].eq_ignore_ascii_case(&b[i]) {
            return false;
        }
        i += 1;
    }
    true
}

/// Parses an enum from its config name (case-insensitive) or one of its aliases; shared by every
/// `ConfigEnum`.
pub fn parse_enum<E: ConfigEnum>(s: &str) -> Result<E, ValueError> {
    match enum_index(E::NAMES, s) {
        Some(i) => Ok(E::VARIANTS[i]),
        None => not_a_name(E::NAMES, E::ALIASES, s).map(|i| E::VARIANTS[i]),
    }
}

/// A value that is no enum's name: the position of the value it is an alias of (ignoring case),
/// else the error. Not generic: one copy serves every enum.
#[cold]
#[inline(never)]
fn not_a_name(
    names: &'static [&'static str],
    aliases: &[(&str, usize)],
    s: &str,
) -> Result<usize, ValueError> {
    if let Some(&(_, i)) = aliases.iter().find(|(a, _)| a.eq_ignore_ascii_case(s)) {
        return Ok(i);
    }
    // The expectation already lists the names; the detail only adds what is not obvious.
    let detail = match enum_index(names, s.trim()) {
        Some(_) => "remove the surrounding whitespace",
        None => "",
    };
    Err(ValueError::new(s, TypeInfo::enumeration(names), detail))
}

/// The form a configuration keeps a typed value in: common scalars inline (so reading them never
/// touches the heap), everything else behind an `Arc`.
///
/// Every inline payload is made of whole words (a `bool` as `0`/`1`, an `i32` widened, a
/// duration's nanoseconds as a `u64`). A validated set moves its `Stored` from the parser to the
/// entry as word copies; a payload narrower than its word (the `u32` nanoseconds of a
/// [`Duration`](std::time::Duration)) was written by the parser with a narrower store than the
/// copy's load, which the processor cannot forward, so the load waited for the store to retire
/// (`perf annotate` put a fifth of a set's samples there; whole words made a set about 2% faster).
#[doc(hidden)]
#[derive(Clone, Debug)]
// A whole-word tag: every payload then starts at offset 8, and moving a `Stored` (each validated
// set moves one several times) is three word copies instead of four pieces around the tag byte.
#[repr(u64)]
pub enum Stored {
    /// `0` or `1`.
    Bool(u64),
    /// Widened from `i32`.
    I32(i64),
    I64(i64),
    /// A `u64`, a `usize` widened, or the position of an enum's variant (a `ConfigEnum`).
    U64(u64),
    /// Widened from `f32` (exactly).
    F32(f64),
    F64(f64),
    /// Seconds, and nanoseconds below one second.
    Duration(u64, u64),
    Memory(MemorySize),
    Other(Arc<dyn Any + Send + Sync>),
}

/// Which common shape of a type's config string can be parsed without a call: `3 min`, `64 mb`
/// (digits, optional blanks, a short unit name). Set by the runtime's own duration and size
/// types (and `Option` of them); every other type has [`InLine::No`].
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InLine {
    /// No in-line form: always the type's parser.
    No,
    /// [`std::time::Duration`]'s common shape.
    Duration,
    /// [`MemorySize`]'s common shape.
    MemorySize,
}
