//! Checks beyond a value's type for built-in options whose type is a free `String` in Flink (the
//! `validate = ...` of their declarations), so `SET`, `set_str` and loading reject a bad value when
//! it is given, not when it is first used.

use super::{LocalTimeZone, SqlDialect};

/// A time zone the session can use: a Time Zone Database id, a `GMT+hh:mm` offset, or `default`.
pub(crate) fn time_zone(value: &str) -> Result<(), String> {
    match LocalTimeZone::parse(value) {
        Some(_) => Ok(()),
        None => Err(
            "not a time zone: use a TZDB id such as \"America/Los_Angeles\", a fixed offset such as \"GMT+03:00\", or \"default\""
                .to_owned(),
        ),
    }
}

/// A SQL dialect the planner knows: `default` or `hive` (any case).
pub(crate) fn sql_dialect(value: &str) -> Result<(), String> {
    match SqlDialect::parse(value) {
        Some(_) => Ok(()),
        None => Err("not a SQL dialect: use \"default\" or \"hive\"".to_owned()),
    }
}
