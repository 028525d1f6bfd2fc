//! The session time zone (`table.local-time-zone`): a TZDB id, a fixed `GMT+hh:mm` offset, or
//! `default` for the system's zone.

use std::fmt;

use jiff::tz::{Offset, TimeZone};

/// What `table.local-time-zone` accepts, for error messages.
pub(crate) const EXPECTED_ZONE: &str = "a Time Zone Database id such as \"America/Los_Angeles\" (follows daylight saving time), a fixed offset such as \"GMT+03:00\" or \"GMT-08:00\", \"UTC\", or \"default\" for the system's zone";

/// The error for a zone that `table.local-time-zone` does not accept.
pub(crate) fn invalid_zone(value: &str) -> options_core::ConfigError {
    options_core::ConfigError::invalid_setting(ZONE_KEY, value, EXPECTED_ZONE)
}

/// The key of the option this module checks. Written out rather than read from `TableOptions`,
/// which names this module's check: that would be an import cycle (a test in `table.rs` keeps
/// them equal).
pub(crate) const ZONE_KEY: &str = "table.local-time-zone";

/// A validated session time zone.
///
/// ```
/// use options_flink::table_config::LocalTimeZone;
///
/// let zone = LocalTimeZone::parse("GMT+2").unwrap();
/// assert_eq!(zone.id(), "GMT+02:00");
/// assert!(zone.fixed_offset().is_some());
/// assert!(LocalTimeZone::parse("UTC+2").is_none());
/// ```
#[derive(Clone, PartialEq)]
pub struct LocalTimeZone {
    id: String,
    zone: TimeZone,
    kind: ZoneKind,
}

/// What [`TableConfig::set_local_time_zone`](crate::TableConfig::set_local_time_zone) accepts: a
/// zone as text (checked), a fixed [`Offset`] or a [`LocalTimeZone`] (always valid).
pub trait IntoLocalTimeZone {
    /// The zone, or an error naming `table.local-time-zone` and the rejected text.
    fn into_local_time_zone(self) -> Result<LocalTimeZone, options_core::ConfigError>;
}

impl IntoLocalTimeZone for &str {
    fn into_local_time_zone(self) -> Result<LocalTimeZone, options_core::ConfigError> {
        LocalTimeZone::parse(self).ok_or_else(|| invalid_zone(self))
    }
}

impl IntoLocalTimeZone for &String {
    fn into_local_time_zone(self) -> Result<LocalTimeZone, options_core::ConfigError> {
        self.as_str().into_local_time_zone()
    }
}

impl IntoLocalTimeZone for String {
    fn into_local_time_zone(self) -> Result<LocalTimeZone, options_core::ConfigError> {
        self.as_str().into_local_time_zone()
    }
}

impl IntoLocalTimeZone for Offset {
    fn into_local_time_zone(self) -> Result<LocalTimeZone, options_core::ConfigError> {
        Ok(LocalTimeZone::fixed(self))
    }
}

impl IntoLocalTimeZone for LocalTimeZone {
    fn into_local_time_zone(self) -> Result<LocalTimeZone, options_core::ConfigError> {
        Ok(self)
    }
}

/// How a [`LocalTimeZone`] was given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ZoneKind {
    /// `default`: the system's zone.
    System,
    /// A Time Zone Database id (`Europe/Berlin`, `UTC`).
    Tzdb,
    /// A fixed offset (`GMT+03:00`).
    FixedOffset,
}

impl LocalTimeZone {
    /// Parses the option's value; `None` when it is not an accepted zone. `default` (any case)
    /// means the system's zone; `GMT+h`, `GMT+hh` and `GMT+hh:mm` (or `-`, up to 18 hours) are
    /// fixed offsets; anything else must be a Time Zone Database id (looked up ignoring case and
    /// reported in its canonical spelling). Offsets written as `UTC+3` or `+03:00` are rejected, as
    /// Flink rejects them.
    pub fn parse(value: &str) -> Option<Self> {
        if value.eq_ignore_ascii_case("default") {
            return Some(Self::system());
        }
        if let Some(offset) = parse_gmt_offset(value) {
            return Some(Self::fixed(offset));
        }
        // Offsets and POSIX rules are only accepted in the `GMT+hh:mm` form above.
        if value.contains(['+', ':']) && !value.contains('/') {
            return None;
        }
        let zone = TimeZone::get(value).ok()?;
        let id = zone.iana_name()?.to_owned();
        Some(LocalTimeZone {
            id,
            zone,
            kind: ZoneKind::Tzdb,
        })
    }

    /// The system's zone (`UTC` when the system's zone cannot be determined).
    pub fn system() -> Self {
        let zone = TimeZone::try_system().unwrap_or(TimeZone::UTC);
        let id = zone.iana_name().unwrap_or("UTC").to_owned();
        LocalTimeZone {
            id,
            zone,
            kind: ZoneKind::System,
        }
    }

    /// A fixed offset from UTC, named `GMT+hh:mm`.
    pub fn fixed(offset: Offset) -> Self {
        LocalTimeZone {
            id: gmt_name(offset),
            zone: TimeZone::fixed(offset),
            kind: ZoneKind::FixedOffset,
        }
    }

    /// The zone's id: the canonical TZDB name, `GMT+hh:mm` for a fixed offset, or the system zone's
    /// TZDB name.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// How the zone was given.
    pub fn kind(&self) -> ZoneKind {
        self.kind
    }

    /// Whether this is the system's zone (`default`).
    pub fn is_system_default(&self) -> bool {
        self.kind == ZoneKind::System
    }

    /// The offset of a fixed-offset zone.
    pub fn fixed_offset(&self) -> Option<Offset> {
        match self.kind {
            ZoneKind::FixedOffset => Some(self.zone.to_offset(jiff::Timestamp::UNIX_EPOCH)),
            _ => None,
        }
    }

    /// The zone, for conversions.
    pub fn time_zone(&self) -> &TimeZone {
        &self.zone
    }

    /// The value to store in `table.local-time-zone`: `default` for the system's zone, else the id.
    pub fn config_value(&self) -> &str {
        match self.kind {
            ZoneKind::System => "default",
            _ => &self.id,
        }
    }
}

impl fmt::Display for LocalTimeZone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.id)
    }
}

impl fmt::Debug for LocalTimeZone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LocalTimeZone")
            .field("id", &self.id)
            .field("kind", &self.kind)
            .finish()
    }
}

/// `GMT+3`, `GMT+03`, `GMT-03:30`; at most 18 hours.
fn parse_gmt_offset(value: &str) -> Option<Offset> {
    let rest = value.strip_prefix("GMT")?;
    let (sign, rest) = match rest.as_bytes().first()? {
        b'+' => (1, &rest[1..]),
        b'-' => (-1, &rest[1..]),
        _ => return None,
    };
    let (hours, minutes) = match rest.split_once(':') {
        Some((h, m)) if m.len() == 2 => (h, m),
        Some(_) => return None,
        None => (rest, "00"),
    };
    let digits = |s: &str| !s.is_empty() && s.len() <= 2 && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(hours) || !digits(minutes) {
        return None;
    }
    let hours: i32 = hours.parse().ok()?;
    let minutes: i32 = minutes.parse().ok()?;
    let seconds = hours * 3600 + minutes * 60;
    if minutes >= 60 || seconds > 18 * 3600 {
        return None;
    }
    Offset::from_seconds(sign * seconds).ok()
}

fn gmt_name(offset: Offset) -> String {
    let seconds = offset.seconds();
    let sign = if seconds < 0 { '-' } else { '+' };
    let minutes = seconds.unsigned_abs() / 60;
    format!("GMT{sign}{:02}:{:02}", minutes / 60, minutes % 60)
}
