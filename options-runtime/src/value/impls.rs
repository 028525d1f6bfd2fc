//! `OptionValue` for the scalar types: `bool`, `i32`, `i64`, `u64`, `usize`, `f32`, `f64`, `String`, and
//! `Option<T>` for options without a default.

use super::grammar::{self, GrammarError};
use super::ValueError;
use super::{InLine, OptionValue, Stored, TypeInfo, ValueKind};

/// The [`ValueError`] for `s`, which should have been a `T`. Out of line: parsers stay small
/// enough to inline into the validation of every string-keyed set.
#[cold]
#[inline(never)]
pub(super) fn value_error<T: OptionValue>(s: &str, e: GrammarError) -> ValueError {
    ValueError::new(s, T::TYPE, e.detail)
}

/// Keeps a `Copy` value inline in its [`Stored`] variant, so reading it never touches the heap:
/// `$into` makes the variant's whole-word payload, `$from` reads it back.
macro_rules! stored_inline {
    ($variant:ident($($word:ident),+), $into:expr, $from:expr) => {
        #[inline]
        fn __into_stored(self) -> $crate::value::Stored {
            #[allow(unused_parens)]
            let ($($word),+) = $into(self);
            $crate::value::Stored::$variant($($word),+)
        }

        #[inline]
        fn __from_stored(stored: &$crate::value::Stored) -> Option<Self> {
            match stored {
                $crate::value::Stored::$variant($($word),+) => Some($from($(*$word),+)),
                _ => None,
            }
        }
    };
}
pub(super) use stored_inline;

/// `OptionValue` for a `Copy` scalar: its kind, its grammar functions and its inline variant.
macro_rules! scalar {
    ($ty:ty, $kind:ident, $parse:path, $format:expr, $variant:ident, $into:expr, $from:expr) => {
        impl OptionValue for $ty {
            const TYPE: TypeInfo = TypeInfo::scalar(ValueKind::$kind);

            fn parse_config(s: &str) -> Result<Self, ValueError> {
                $parse(s).map_err(|e| value_error::<Self>(s, e))
            }

            fn to_config_string(&self) -> String {
                $format(*self)
            }

            stored_inline!($variant(word), $into, $from);
        }
    };
}

scalar!(
    bool,
    Boolean,
    grammar::parse_bool,
    |v: bool| v.to_string(),
    Bool,
    u64::from,
    |w: u64| w != 0
);
scalar!(
    i32,
    Integer,
    grammar::parse_i32,
    |v: i32| v.to_string(),
    I32,
    i64::from,
    // Widened from an `i32`, so narrowing gives it back.
    |w: i64| w as i32
);
scalar!(
    i64,
    Long,
    grammar::parse_i64,
    |v: i64| v.to_string(),
    I64,
    |v| v,
    |w| w
);
scalar!(
    u64,
    Unsigned,
    grammar::parse_u64,
    |v: u64| v.to_string(),
    U64,
    |v| v,
    |w| w
);
scalar!(
    usize,
    Unsigned,
    parse_usize,
    |v: usize| v.to_string(),
    U64,
    // Lossless on every target Rust supports (`usize` is at most 64 bits).
    |v: usize| v as u64,
    // Stored from a `usize`, so narrowing gives it back.
    |w: u64| w as usize
);
scalar!(
    f32,
    Float,
    grammar::parse_f32,
    grammar::format_f32,
    F32,
    f64::from,
    // Widened from an `f32` (exact), so narrowing gives it back.
    |w: f64| w as f32
);
scalar!(
    f64,
    Double,
    grammar::parse_f64,
    grammar::format_f64,
    F64,
    |v| v,
    |w| w
);

/// A `usize`: `u64`'s grammar, range-checked for the target.
fn parse_usize(s: &str) -> Result<usize, GrammarError> {
    let v = grammar::parse_u64(s)?;
    usize::try_from(v).map_err(|_| GrammarError {
        detail: format!("must be between 0 and {}", usize::MAX),
    })
}

impl OptionValue for String {
    const TYPE: TypeInfo = TypeInfo::scalar(ValueKind::String);

    fn parse_config(s: &str) -> Result<Self, ValueError> {
        Ok(s.to_owned())
    }

    fn to_config_string(&self) -> String {
        self.clone()
    }
}

impl<T: OptionValue> OptionValue for Option<T> {
    const TYPE: TypeInfo = T::TYPE;
    // `Some` of the same value, stored the same way.
    const __IN_LINE: InLine = T::__IN_LINE;

    fn parse_config(s: &str) -> Result<Self, ValueError> {
        T::parse_config(s).map(Some)
    }

    fn to_config_string(&self) -> String {
        self.as_ref().map(T::to_config_string).unwrap_or_default()
    }

    fn __is_absent(&self) -> bool {
        self.is_none()
    }

    fn __into_stored(self) -> Stored {
        match self {
            Some(v) => v.__into_stored(),
            None => Stored::Other(std::sync::Arc::new(())),
        }
    }

    fn __from_stored(stored: &Stored) -> Option<Self> {
        T::__from_stored(stored).map(Some)
    }
}
