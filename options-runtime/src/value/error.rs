//! [`ValueError`]: a string that does not parse as the expected type, the error of every parse.

use std::fmt;

use super::TypeInfo;
use crate::sensitive::MASK;

/// A config string that does not parse as the expected type.
///
/// Displays as `invalid value "3 mins": expected a Duration such as "3 min" or "500 ms" (unknown
/// unit "mins")`; [`ConfigErrorKind::InvalidValue`](crate::ConfigErrorKind::InvalidValue) adds the key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueError(Box<ValueErrorInner>);

/// Boxed so every `Result<T, ValueError>` on the parse path stays one pointer wide on error:
/// parsing succeeds far more often than it fails, and a wide error slows every success.
#[derive(Clone, Debug, PartialEq, Eq)]
struct ValueErrorInner {
    value: String,
    expected: TypeInfo,
    detail: String,
    /// The value has the right type but a check rejected it: the detail alone says why.
    rejected: bool,
}

impl ValueError {
    /// An error for `value`, which should have been a `expected`; `detail` says what is wrong.
    pub fn new(value: impl Into<String>, expected: TypeInfo, detail: impl Into<String>) -> Self {
        ValueError(Box::new(ValueErrorInner {
            value: value.into(),
            expected,
            detail: detail.into(),
            rejected: false,
        }))
    }

    /// An error for `value`, which has the expected type but fails a check of the option
    /// (`validate = ...`); `detail` says what is wrong and what to write instead.
    pub fn rejected(
        value: impl Into<String>,
        expected: TypeInfo,
        detail: impl Into<String>,
    ) -> Self {
        let mut error = ValueError::new(value, expected, detail);
        error.0.rejected = true;
        error
    }

    /// The offending value as given (or `******` once [`masked`](Self::masked)).
    pub fn value(&self) -> &str {
        &self.0.value
    }

    /// The expected type.
    pub fn expected(&self) -> TypeInfo {
        self.0.expected
    }

    /// What exactly is wrong (`unknown unit "mins"`), may be empty.
    pub fn detail(&self) -> &str {
        &self.0.detail
    }

    /// The same error with the value replaced by `******` (and no detail, which may quote it).
    pub fn masked(mut self) -> Self {
        let inner = &mut *self.0;
        inner.value = MASK.to_owned();
        // The detail may quote the value. A check's refusal keeps a neutral reason.
        inner.detail = if inner.rejected {
            "the option's check rejected the value".to_owned()
        } else {
            String::new()
        };
        self
    }

    /// Writes `expected a Duration such as "3 min" or "500 ms" (detail)`.
    pub(crate) fn write_expectation(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.rejected {
            return f.write_str(&self.0.detail);
        }
        let name = self.0.expected.name();
        write!(
            f,
            "expected {} {} such as {}",
            article(&name),
            name,
            self.0.expected.example()
        )?;
        if !self.0.detail.is_empty() {
            write!(f, " ({})", self.0.detail)?;
        }
        Ok(())
    }
}

fn article(word: &str) -> &'static str {
    match word.as_bytes().first() {
        Some(b'A' | b'E' | b'I' | b'O' | b'U') => "an",
        _ => "a",
    }
}

impl fmt::Display for ValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid value \"{}\": ", self.0.value)?;
        self.write_expectation(f)
    }
}

impl std::error::Error for ValueError {}
