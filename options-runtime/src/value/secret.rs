//! [`Secret`]: the type a sensitive option is read into, so that printing a snapshot struct never
//! shows the secret.
//!
//! A `#[derive(Debug)]` on a snapshot struct prints every field with the field's own `Debug`. A
//! `String` field holding a password prints the password; a `Secret<String>` field prints
//! `******`. Reaching the value takes an explicit [`Secret::expose`], which is easy to find in a
//! review. The derive rejects `sensitive` on any field type other than `Secret<...>`.

use std::borrow::Cow;
use std::fmt;

use super::{OptionValue, Stored, TypeInfo, ValueError};
use crate::sensitive::MASK;

/// A value that `Debug` and `Display` show as `******`; read it with [`expose`](Self::expose).
///
/// It is an [`OptionValue`] with the grammar, docs name and stored form of `T`, so a sensitive
/// option is declared as `Secret<String>` (or `Option<Secret<String>>` without a default), and
/// the string form of the value is the same as for `T`.
///
/// ```
/// use options_core::Secret;
///
/// let password = Secret::new(String::from("hunter2"));
/// assert_eq!(format!("{password:?} {password}"), "****** ******");
/// assert_eq!(password.expose(), "hunter2");
/// ```
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct Secret<T>(T);

impl<T> Secret<T> {
    /// Wraps a value.
    pub const fn new(value: T) -> Self {
        Secret(value)
    }

    /// The value itself: the one way to read it, so every use is visible in the code.
    pub fn expose(&self) -> &T {
        &self.0
    }

    /// Unwraps the value.
    pub fn into_exposed(self) -> T {
        self.0
    }
}

impl<T> From<T> for Secret<T> {
    fn from(value: T) -> Self {
        Secret(value)
    }
}

impl<T> fmt::Debug for Secret<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(MASK)
    }
}

impl<T> fmt::Display for Secret<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(MASK)
    }
}

impl<T: OptionValue> OptionValue for Secret<T> {
    const TYPE: TypeInfo = T::TYPE;

    /// Parses as `T`; an error never holds the text (it is masked).
    fn parse_config(s: &str) -> Result<Self, ValueError> {
        T::parse_config(s).map(Secret).map_err(ValueError::masked)
    }

    fn to_config_string(&self) -> String {
        self.0.to_config_string()
    }

    fn type_name() -> Cow<'static, str> {
        T::type_name()
    }

    fn __is_absent(&self) -> bool {
        self.0.__is_absent()
    }

    // Stored as `T` is: a configuration keeps one form per option whatever handle reads it.
    fn __into_stored(self) -> Stored {
        self.0.__into_stored()
    }

    fn __from_stored(stored: &Stored) -> Option<Self> {
        T::__from_stored(stored).map(Secret)
    }
}
