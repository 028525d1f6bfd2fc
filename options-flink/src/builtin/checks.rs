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

/// A port or ports as Flink's port ranges are written: a port (`9249`), a range (`9250-9260`) or
/// a comma-separated list of either, each port from 0 to 65535.
pub(crate) fn port_range(value: &str) -> Result<(), String> {
    let port = |p: &str| p.trim().parse::<u16>().ok();
    let entry_ok = |entry: &str| match entry.split_once('-') {
        Some((from, to)) => matches!((port(from), port(to)), (Some(a), Some(b)) if a <= b),
        None => port(entry).is_some(),
    };
    if !value.trim().is_empty() && value.split(',').all(entry_ok) {
        Ok(())
    } else {
        Err("not a port or port range: use a port such as \"9249\", a range such as \"9250-9260\", or a comma-separated list of these (ports 0 to 65535)".to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::port_range;

    #[test]
    fn ports_ranges_and_lists_of_them_are_port_ranges() {
        for ok in ["9249", "9250-9260", "9250-9260, 9300", " 0 ", "65535"] {
            assert_eq!(port_range(ok), Ok(()), "{ok}");
        }
        for bad in ["", "http", "65536", "9260-9250", "9250-", "1,,2", "-1"] {
            assert!(port_range(bad).is_err(), "{bad}");
        }
    }
}
