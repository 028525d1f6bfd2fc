//! [`Parser`]: how an option's config string becomes its stored value, through a function
//! pointer or, for the common shape of a duration or a size ([`InLine`]), in line.
//!
//! Why two ways: an option's metadata is type-erased, so its parser is a function pointer. A
//! string-keyed set of a declared duration spent a quarter of its time in that call (its frame,
//! the result going through the stack), more than in the parsing itself. The set path asks the
//! [`InLine`] form first, which the compiler expands in place for the few types that have one.

use super::grammar;
use super::{InLine, MemorySize, OptionValue, Stored, ValueError};

/// Parses a config string into the stored form of one value type.
pub(crate) type StoredParser = fn(&str) -> Result<Stored, ValueError>;

impl InLine {
    /// The stored value of `s` when it has the type's common shape; `None` for every other text,
    /// valid or not (the type's parser decides those).
    #[inline(always)]
    fn parse(self, s: &str) -> Option<Stored> {
        match self {
            InLine::No => None,
            InLine::Duration => grammar::parse_duration_common(s).map(OptionValue::__into_stored),
            InLine::MemorySize => grammar::parse_memory_bytes_common(s)
                .map(|b| MemorySize::from_bytes(b).__into_stored()),
        }
    }
}

/// An option's parser: the type's own, behind a pointer, and its in-line form.
#[derive(Clone, Copy)]
pub(crate) struct Parser {
    call: StoredParser,
    in_line: InLine,
}

impl Parser {
    /// The parser of `T`.
    pub(crate) const fn of<T: OptionValue>() -> Self {
        Parser {
            call: parse_stored::<T>,
            in_line: T::__IN_LINE,
        }
    }

    /// Parses `s` through the pointer (the common shape in line there too, so it needs no frame).
    #[inline(always)]
    pub(crate) fn parse(self, s: &str) -> Result<Stored, ValueError> {
        (self.call)(s)
    }

    /// Parses `s` without a call when it has the common shape of `in_line`, this parser's
    /// in-line form ([`in_line`](Self::in_line), read earlier by a caller that keeps it where it
    /// already reads); otherwise through the pointer. For the hot path of a string-keyed set:
    /// each caller gets the in-line parsers' code.
    #[inline(always)]
    pub(crate) fn parse_in_line(self, in_line: InLine, s: &str) -> Result<Stored, ValueError> {
        match in_line.parse(s) {
            Some(stored) => Ok(stored),
            None => (self.call)(s),
        }
    }

    /// The in-line form of this parser's type.
    pub(crate) fn in_line(self) -> InLine {
        self.in_line
    }
}

/// The parser behind the pointer: the common shape in line, everything else (and every error) in
/// a tail call, so the common case needs no frame of its own.
fn parse_stored<T: OptionValue>(s: &str) -> Result<Stored, ValueError> {
    match T::__IN_LINE.parse(s) {
        Some(stored) => Ok(stored),
        None => parse_stored_general::<T>(s),
    }
}

#[inline(never)]
fn parse_stored_general<T: OptionValue>(s: &str) -> Result<Stored, ValueError> {
    T::parse_config(s).map(OptionValue::__into_stored)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::value::{TypeInfo, ValueKind};

    /// What a parse gives, comparable: the stored payload of the in-line types, or the error.
    fn outcome(result: Result<Stored, ValueError>) -> Result<String, String> {
        match result {
            Ok(Stored::Duration(secs, nanos)) => Ok(format!("{secs}s {nanos}ns")),
            Ok(Stored::Memory(m)) => Ok(format!("{} bytes", m.bytes())),
            Ok(_) => Ok("another stored form".to_owned()),
            Err(e) => Err(e.to_string()),
        }
    }

    const TEXTS: &[&str] = &[
        "3 min",
        "400 ms",
        "1 s",
        "5000",
        "64 mb",
        "1 G",
        "2 h",
        " 3 min",
        "3 min ",
        "1.5 s",
        "",
        "-1 s",
        "3 mins",
        "99999999999999999999 d",
        "10 milliseconds",
        "7\tmin",
        "1kb",
    ];

    fn agree<T: OptionValue>() {
        let parser = Parser::of::<T>();
        for text in TEXTS {
            assert_eq!(
                outcome(parser.parse_in_line(parser.in_line(), text)),
                outcome(parser.parse(text)),
                "{} {text:?}",
                core::any::type_name::<T>()
            );
        }
    }

    #[test]
    fn the_in_line_form_parses_as_the_type_does() {
        agree::<Duration>();
        agree::<MemorySize>();
        agree::<Option<Duration>>();
        agree::<Option<MemorySize>>();
        agree::<u64>();
        assert_eq!(Parser::of::<Option<Duration>>().in_line, InLine::Duration);
    }

    /// A type of the runtime's own kind but with its own rules is never parsed in line: its parser
    /// decides, so nothing it refuses gets in.
    #[test]
    fn a_user_type_of_the_same_kind_keeps_its_own_parser() {
        #[derive(Clone, Debug, PartialEq)]
        struct NonZero(Duration);
        impl OptionValue for NonZero {
            const TYPE: TypeInfo = TypeInfo::scalar(ValueKind::Duration);
            fn parse_config(s: &str) -> Result<Self, ValueError> {
                let d = Duration::parse_config(s)?;
                if d.is_zero() {
                    return Err(ValueError::new(s, Self::TYPE, "must not be zero"));
                }
                Ok(NonZero(d))
            }
            fn to_config_string(&self) -> String {
                self.0.to_config_string()
            }
        }
        let parser = Parser::of::<NonZero>();
        assert_eq!(parser.in_line, InLine::No);
        assert!(parser.parse_in_line(parser.in_line(), "0 ms").is_err());
        assert!(parser.parse_in_line(parser.in_line(), "3 min").is_ok());
    }
}
