//! `OptionValue` for [`Duration`]: `3 min`, `500 ms`, `1 d` (see [`grammar::parse_duration`]).

use std::time::Duration;

use super::grammar;
use super::impls::{stored_inline, value_error};
use super::ValueError;
use super::{InLine, OptionValue, TypeInfo, ValueKind};

impl OptionValue for Duration {
    const TYPE: TypeInfo = TypeInfo::scalar(ValueKind::Duration);
    const __IN_LINE: InLine = InLine::Duration;

    // Always inline: validating a string-keyed set of a duration is this call, through one
    // function pointer.
    #[inline(always)]
    fn parse_config(s: &str) -> Result<Self, ValueError> {
        grammar::parse_duration(s).map_err(|e| value_error::<Self>(s, e))
    }

    fn to_config_string(&self) -> String {
        grammar::format_duration(*self)
    }

    stored_inline!(
        Duration(secs, nanos),
        |d: Duration| (d.as_secs(), u64::from(d.subsec_nanos())),
        // Nanoseconds below one second, so nothing carries into the seconds.
        |secs, nanos: u64| Duration::new(secs, nanos as u32)
    );
}
