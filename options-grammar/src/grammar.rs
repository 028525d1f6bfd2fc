//! The string grammar of option values as plain functions over `&str`.
//!
//! `options-macros` checks defaults at compile time with these functions and `options-core` parses
//! values at run time with them, so a default that compiles is a default that loads.
//!
//! The grammar is Apache Flink 1.19's (`ConfigurationUtils`, `TimeUtils`, `MemorySize`,
//! `StructuredOptionsSplitter`). Where this file deliberately differs, the function's doc says so.
//!
//! Whitespace follows Java, so configs behave as they do in Flink: "trimmed" means Java's
//! `String.trim()` (every character up to U+0020), and the list tokenizer skips what Java's
//! `Character.isWhitespace` accepts between items.

use core::fmt;
use core::time::Duration;

use crate::unit_words::UnitWords;

/// Why a string does not match the grammar. `detail` says what is wrong (`unknown unit "mins"`)
/// without naming the type or repeating the value; it may be empty when the expected type's
/// example says everything.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrammarError {
    /// What is wrong, for the person who typed the value.
    pub detail: String,
}

impl GrammarError {
    fn new(detail: impl Into<String>) -> Self {
        GrammarError {
            detail: detail.into(),
        }
    }
}

impl fmt::Display for GrammarError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.detail)
    }
}

impl std::error::Error for GrammarError {}

const EMPTY: &str = "empty value";
const NO_SURROUNDING_SPACE: &str = "remove the surrounding whitespace";

/// Java's `String.trim()`: strips every character up to U+0020 at both ends.
fn java_trim(s: &str) -> &str {
    // Nearly every value has nothing to trim: check the two ends before walking characters.
    match (s.as_bytes().first(), s.as_bytes().last()) {
        (Some(&first), Some(&last)) if first > b' ' && last > b' ' => s,
        _ => s.trim_matches(|c: char| c <= ' '),
    }
}

/// Java's `Character.isWhitespace`.
fn is_java_whitespace(c: char) -> bool {
    matches!(c,
        '\t'..='\r' | '\u{1c}'..='\u{20}' | '\u{1680}' | '\u{2000}'..='\u{2006}'
        | '\u{2008}'..='\u{200a}' | '\u{2028}' | '\u{2029}' | '\u{205f}' | '\u{3000}')
}

// ---------------------------------------------------------------------------------------------
// Booleans and integers: not trimmed.

/// Parses `true` or `false` in any ASCII case; surrounding whitespace is an error.
pub fn parse_bool(s: &str) -> Result<bool, GrammarError> {
    if s.eq_ignore_ascii_case("true") {
        Ok(true)
    } else if s.eq_ignore_ascii_case("false") {
        Ok(false)
    } else if s.is_empty() {
        Err(GrammarError::new(EMPTY))
    } else if s.trim() != s && parse_bool(s.trim()).is_ok() {
        Err(GrammarError::new(NO_SURROUNDING_SPACE))
    } else {
        Err(GrammarError::new(""))
    }
}

/// Parses a 32-bit integer: an optional `+` or `-`, then ASCII digits; no whitespace.
pub fn parse_i32(s: &str) -> Result<i32, GrammarError> {
    s.parse::<i32>()
        .map_err(|e| integer_error(s, e, i32::MIN.into(), i32::MAX.into()))
}

/// Parses a 64-bit integer: an optional `+` or `-`, then ASCII digits; no whitespace.
pub fn parse_i64(s: &str) -> Result<i64, GrammarError> {
    s.parse::<i64>()
        .map_err(|e| integer_error(s, e, i64::MIN, i64::MAX))
}

/// Parses an unsigned 64-bit integer (Rust's `u64`, and `usize` on 64-bit targets, as Rust's own
/// `FromStr` reads them): an optional `+`, then ASCII digits; no `-`, no whitespace.
pub fn parse_u64(s: &str) -> Result<u64, GrammarError> {
    s.parse::<u64>().map_err(|e| {
        use std::num::IntErrorKind;
        match e.kind() {
            IntErrorKind::PosOverflow => {
                GrammarError::new(format!("must be between 0 and {}", u64::MAX))
            }
            _ if s.starts_with('-') && s[1..].parse::<u64>().is_ok() => {
                GrammarError::new("must be at least 0")
            }
            _ => integer_error(s, e, 0, i64::MAX),
        }
    })
}

fn integer_error(s: &str, e: std::num::ParseIntError, min: i64, max: i64) -> GrammarError {
    use std::num::IntErrorKind;
    match e.kind() {
        IntErrorKind::Empty => GrammarError::new(EMPTY),
        IntErrorKind::PosOverflow | IntErrorKind::NegOverflow => {
            GrammarError::new(format!("must be between {min} and {max}"))
        }
        _ if s.trim() != s && s.trim().parse::<i128>().is_ok() => {
            GrammarError::new(NO_SURROUNDING_SPACE)
        }
        _ => GrammarError::new("only digits with an optional leading + or - are allowed"),
    }
}

// ---------------------------------------------------------------------------------------------
// Floating point: trimmed (Java's `Float.parseFloat` trims).

/// Parses a 32-bit float: decimal (`0.5`, `.5`, `5.`), exponent (`1e-3`), `NaN`, `Infinity`,
/// `-Infinity`, with an optional sign; trimmed.
///
/// Differs from Java: the type suffixes `f`/`d` (`1.5f`) and hexadecimal floats are rejected.
pub fn parse_f32(s: &str) -> Result<f32, GrammarError> {
    let t = check_float(s)?;
    match special_float(t) {
        Some(v) => Ok(v as f32),
        None => t.parse::<f32>().map_err(|_| GrammarError::new(NOT_DECIMAL)),
    }
}

/// Parses a 64-bit float; the same grammar as [`parse_f32`].
pub fn parse_f64(s: &str) -> Result<f64, GrammarError> {
    let t = check_float(s)?;
    match special_float(t) {
        Some(v) => Ok(v),
        None => t.parse::<f64>().map_err(|_| GrammarError::new(NOT_DECIMAL)),
    }
}

const NOT_DECIMAL: &str = "not a decimal number";

/// Trims and checks the decimal shape (Rust's own float parser also takes `inf`, `nan`,
/// `infinity` in any case, which Java does not).
fn check_float(s: &str) -> Result<&str, GrammarError> {
    let t = java_trim(s);
    if t.is_empty() {
        return Err(GrammarError::new(EMPTY));
    }
    if special_float(t).is_some() {
        return Ok(t);
    }
    let unsigned = t.strip_prefix(['+', '-']).unwrap_or(t);
    let (mantissa, exponent) = match unsigned.find(['e', 'E']) {
        Some(i) => (&unsigned[..i], Some(&unsigned[i + 1..])),
        None => (unsigned, None),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = |x: &str| x.bytes().all(|b| b.is_ascii_digit());
    let mantissa_ok = digits(int) && digits(frac) && !(int.is_empty() && frac.is_empty());
    let exponent_ok = exponent.is_none_or(|e| {
        let e = e.strip_prefix(['+', '-']).unwrap_or(e);
        !e.is_empty() && digits(e)
    });
    if mantissa_ok && exponent_ok {
        return Ok(t);
    }
    let lower = unsigned.to_ascii_lowercase();
    if matches!(lower.as_str(), "nan" | "inf" | "infinity") {
        Err(GrammarError::new(
            "spell it exactly \"NaN\", \"Infinity\" or \"-Infinity\"",
        ))
    } else if unsigned.len() > 1
        && lower.ends_with(['f', 'd'])
        && check_float(&t[..t.len() - 1]).is_ok()
    {
        let suffix = &t[t.len() - 1..];
        Err(GrammarError::new(format!(
            "remove the Java type suffix \"{suffix}\""
        )))
    } else {
        Err(GrammarError::new(NOT_DECIMAL))
    }
}

fn special_float(t: &str) -> Option<f64> {
    match t {
        "NaN" | "+NaN" | "-NaN" => Some(f64::NAN),
        "Infinity" | "+Infinity" => Some(f64::INFINITY),
        "-Infinity" => Some(f64::NEG_INFINITY),
        _ => None,
    }
}

/// Formats the shortest decimal that parses back to `v` (`0.5`, `1.0`, `1e-7`), or `NaN`,
/// `Infinity`, `-Infinity`.
pub fn format_f32(v: f32) -> String {
    if v.is_finite() {
        format!("{v:?}")
    } else {
        format_f64(v.into())
    }
}

/// Formats the shortest decimal that parses back to `v` (`0.5`, `1.0`, `1e300`), or `NaN`,
/// `Infinity`, `-Infinity`. Large and tiny magnitudes use an exponent, which Java reads too.
pub fn format_f64(v: f64) -> String {
    if v.is_nan() {
        "NaN".to_owned()
    } else if v.is_infinite() {
        if v > 0.0 { "Infinity" } else { "-Infinity" }.to_owned()
    } else {
        format!("{v:?}")
    }
}

// ---------------------------------------------------------------------------------------------
// Durations and memory sizes: `<digits> <unit>`, trimmed.

const NANOS_PER_SECOND: u128 = 1_000_000_000;

/// One unit: its canonical label, every accepted spelling (lower case) and its size.
struct Unit {
    label: &'static str,
    names: &'static [&'static str],
    size: u128,
}

/// A `<digits> <unit>` grammar: its units (largest first), the size of a bare number, and the
/// conversion of a total (in the smallest unit) into the value, `None` when out of range.
struct UnitGrammar<T> {
    units: &'static [Unit],
    /// The short names of `units`, for the common shape ([`parse_common`]).
    words: UnitWords,
    bare: u128,
    /// Whether `PT10S` deserves a hint (durations only).
    iso_hint: bool,
    convert: fn(u128) -> Option<T>,
    format: fn(T) -> String,
}

const fn unit(label: &'static str, names: &'static [&'static str], size: u128) -> Unit {
    Unit { label, names, size }
}

/// The short names of `units` (see [`UnitWords`]).
const fn unit_words(units: &[Unit]) -> UnitWords {
    // Room for every name of every unit; `UnitWords` leaves out the long ones.
    let mut names = [("", 0u128); 64];
    let mut count = 0;
    let mut u = 0;
    while u < units.len() {
        let mut n = 0;
        while n < units[u].names.len() {
            names[count] = (units[u].names[n], units[u].size);
            count += 1;
            n += 1;
        }
        u += 1;
    }
    UnitWords::perfect(names.split_at(count).0)
}

const TIME_UNITS: &[Unit] = &[
    unit("d", &["d", "day", "days"], 86_400 * NANOS_PER_SECOND),
    unit("h", &["h", "hour", "hours"], 3_600 * NANOS_PER_SECOND),
    unit(
        "min",
        &["min", "m", "minute", "minutes"],
        60 * NANOS_PER_SECOND,
    ),
    unit(
        "s",
        &["s", "sec", "secs", "second", "seconds"],
        NANOS_PER_SECOND,
    ),
    unit(
        "ms",
        &["ms", "milli", "millis", "millisecond", "milliseconds"],
        1_000_000,
    ),
    // Flink spells it with U+00B5 MICRO SIGN; U+03BC GREEK SMALL LETTER MU looks identical.
    unit(
        "µs",
        &["µs", "μs", "micro", "micros", "microsecond", "microseconds"],
        1_000,
    ),
    unit(
        "ns",
        &["ns", "nano", "nanos", "nanosecond", "nanoseconds"],
        1,
    ),
];

const TIME: UnitGrammar<Duration> = UnitGrammar {
    units: TIME_UNITS,
    words: unit_words(TIME_UNITS),
    bare: 1_000_000,
    iso_hint: true,
    convert: duration_from_nanos,
    format: format_duration,
};

const MEMORY_UNITS: &[Unit] = &[
    unit("tb", &["t", "tb", "tebibytes"], 1 << 40),
    unit("gb", &["g", "gb", "gibibytes"], 1 << 30),
    unit("mb", &["m", "mb", "mebibytes"], 1 << 20),
    unit("kb", &["k", "kb", "kibibytes"], 1 << 10),
    unit("bytes", &["b", "bytes"], 1),
];

const MEMORY: UnitGrammar<u64> = UnitGrammar {
    units: MEMORY_UNITS,
    words: unit_words(MEMORY_UNITS),
    bare: 1,
    iso_hint: false,
    convert: |bytes| u64::try_from(bytes).ok().filter(|b| *b <= i64::MAX as u64),
    format: format_memory_bytes,
};

/// Every unit name [`parse_duration`] accepts, in lower case (it accepts them in any case), for
/// tools that describe the grammar elsewhere (the docs' JSON Schema pattern).
pub fn duration_unit_names() -> impl Iterator<Item = &'static str> {
    TIME_UNITS.iter().flat_map(|u| u.names.iter().copied())
}

/// Every unit name [`parse_memory_bytes`] accepts, in lower case (it accepts them in any case).
pub fn memory_unit_names() -> impl Iterator<Item = &'static str> {
    MEMORY_UNITS.iter().flat_map(|u| u.names.iter().copied())
}

#[inline]
fn duration_from_nanos(nanos: u128) -> Option<Duration> {
    // Nearly every duration fits 64 bits of nanoseconds (584 years); dividing a u64 by a constant
    // is a multiply, where a u128 division is a slow library call.
    if let Ok(nanos) = u64::try_from(nanos) {
        return Some(Duration::from_nanos(nanos));
    }
    let secs = u64::try_from(nanos / NANOS_PER_SECOND).ok()?;
    Some(Duration::new(secs, (nanos % NANOS_PER_SECOND) as u32))
}

/// Parses a duration: trimmed; ASCII digits, optional whitespace, an optional unit (any case);
/// no unit means milliseconds. Units: `d day days`, `h hour hours`, `min m minute minutes`,
/// `s sec secs second seconds`, `ms milli millis millisecond milliseconds`,
/// `µs micro micros microsecond microseconds`, `ns nano nanos nanosecond nanoseconds`.
///
/// Rejected: signs, decimals, `us`, `mins`, compound values (`1 h 30 min`), ISO-8601 (`PT10S`), a
/// number that does not fit `i64`, and a result that does not fit [`Duration`].
///
/// Differs from Flink: `μs` (U+03BC, Greek mu) is accepted besides `µs` (U+00B5, micro sign),
/// because the two look identical; results between `i64::MAX` and `u64::MAX` seconds (Java's
/// `Duration` limit and Rust's) are accepted.
#[inline(always)]
pub fn parse_duration(s: &str) -> Result<Duration, GrammarError> {
    // Inline so a caller gets the common shape without a call; everything else is out of line.
    match parse_duration_common(s) {
        Some(d) => Ok(d),
        None => parse_duration_general(s),
    }
}

/// [`parse_duration`] for the common shape only (`3 min`, `500 ms`, `10`): `None` for anything
/// else, valid or not. A caller that has its own out-of-line path for the rest uses it to keep
/// the common case free of a call.
#[inline]
pub fn parse_duration_common(s: &str) -> Option<Duration> {
    parse_common(s.as_bytes(), &TIME).and_then(duration_from_nanos)
}

#[inline(never)]
fn parse_duration_general(s: &str) -> Result<Duration, GrammarError> {
    parse_with_units(s, &TIME).map_err(|e| match e {
        Some(e) => e,
        None => GrammarError::new("too large for a duration"),
    })
}

/// Formats `<n> <unit>` with the largest unit that divides exactly (`3 min`, `210 s`, `1 d`,
/// `1500 µs`); zero is `0 ms`.
///
/// The result parses back to `d` whenever `n` fits an `i64`: every duration [`parse_duration`]
/// returns, and every duration up to about 292 years.
pub fn format_duration(d: Duration) -> String {
    match d.as_nanos() {
        0 => "0 ms".to_owned(),
        nanos => format_largest_unit(nanos, TIME.units),
    }
}

/// Parses a memory size in bytes: trimmed; ASCII digits, optional whitespace, an optional unit
/// (any case), 1024-based; no unit means bytes. Units: `b bytes`, `k kb kibibytes`,
/// `m mb mebibytes`, `g gb gibibytes`, `t tb tebibytes`.
///
/// Rejected: signs, decimals (`1.5g`), `kib`, singular `kibibyte`, results above `i64::MAX` bytes.
#[inline]
pub fn parse_memory_bytes(s: &str) -> Result<u64, GrammarError> {
    match parse_memory_bytes_common(s) {
        Some(bytes) => Ok(bytes),
        None => parse_memory_bytes_general(s),
    }
}

/// [`parse_memory_bytes`] for the common shape only (`64 mb`, `1024`): `None` for anything else,
/// valid or not (see [`parse_duration_common`]).
#[inline]
pub fn parse_memory_bytes_common(s: &str) -> Option<u64> {
    parse_common(s.as_bytes(), &MEMORY).and_then(MEMORY.convert)
}

#[inline(never)]
fn parse_memory_bytes_general(s: &str) -> Result<u64, GrammarError> {
    parse_with_units(s, &MEMORY).map_err(|e| match e {
        Some(e) => e,
        None => GrammarError::new(format!("too large; at most {} bytes", i64::MAX)),
    })
}

/// Formats `<n> <unit>` with the largest of `tb gb mb kb bytes` that divides exactly (`64 kb`,
/// `1 tb`, `1025 bytes`); zero is `0 bytes`.
///
/// Differs from Flink, which prints exact multiples of 1 TiB in bytes.
pub fn format_memory_bytes(b: u64) -> String {
    match b {
        0 => "0 bytes".to_owned(),
        b => format_largest_unit(b.into(), MEMORY.units),
    }
}

fn format_largest_unit(value: u128, units: &[Unit]) -> String {
    match units.iter().find(|u| value % u.size == 0) {
        Some(u) => format!("{} {}", value / u.size, u.label),
        None => value.to_string(),
    }
}

/// Parses `<digits> <unit>`; `Err(None)` when the result is out of range.
fn parse_with_units<T>(s: &str, grammar: &UnitGrammar<T>) -> Result<T, Option<GrammarError>> {
    let t = java_trim(s);
    let digits_end = t
        .bytes()
        .position(|b| !b.is_ascii_digit())
        .unwrap_or(t.len());
    let (digits, rest) = t.split_at(digits_end);
    if digits.is_empty() {
        let iso = grammar.iso_hint
            && (t.starts_with("PT")
                || t.starts_with("pt")
                || t.starts_with(['P', 'p']) && t[1..].starts_with(|c: char| c.is_ascii_digit()));
        return Err(Some(GrammarError::new(match t.chars().next() {
            None => EMPTY,
            Some('+' | '-') => "signs are not allowed",
            Some('.') => "decimals are not allowed",
            Some(_) if iso => "ISO-8601 durations are not supported; write \"<number> <unit>\"",
            Some(_) => "must start with a number",
        })));
    }
    let number = digits.parse::<i64>().map_err(|_| {
        GrammarError::new(format!("the number {digits} does not fit a 64-bit integer"))
    })? as u128;
    let label = java_trim(rest);
    if let Some(fraction) = label.strip_prefix('.') {
        return Err(Some(decimal_error(number, fraction, grammar)));
    }
    let size = match label {
        "" => grammar.bare,
        _ => unit_size(label, grammar.units).ok_or_else(|| unknown_unit(label))?,
    };
    (grammar.convert)(number * size).ok_or(None)
}

/// The total (in the smallest unit) of a value of the common shape: at most 18 digits (so the
/// number fits an `i64`), optional whitespace, a short unit name ([`UnitWords`]) or none, nothing
/// around. It runs on every string-keyed set of a duration or size, so it reads bytes once and
/// never allocates. `None` means "not this shape" (or a total past 64 bits), for the general
/// path (which also reports every error), never "invalid": both paths give the same total for
/// every input this one takes.
#[inline]
fn parse_common<T>(b: &[u8], grammar: &UnitGrammar<T>) -> Option<u128> {
    let mut number = 0u64;
    let mut i = 0;
    while i < b.len() && b[i].is_ascii_digit() {
        number = number.wrapping_mul(10).wrapping_add(u64::from(b[i] - b'0'));
        i += 1;
    }
    if i == 0 || i > 18 {
        return None;
    }
    // What `java_trim` would strip between the number and the unit (every byte up to a space).
    while i < b.len() && b[i] <= b' ' {
        i += 1;
    }
    let size = match i == b.len() {
        // The bare unit (milliseconds, bytes) is small; `as` cannot truncate it.
        true => grammar.bare as u64,
        false => grammar.words.get_from(b, i)?,
    };
    // A total past 64 bits is left to the general path, so this one never divides 128 bits.
    number.checked_mul(size).map(u128::from)
}

fn unit_size(label: &str, units: &[Unit]) -> Option<u128> {
    // Unit names are lower case: lower the label once (on the stack for ASCII, which is nearly
    // every label; `µs`/`Μs` need Unicode lowering), then compare lengths before bytes. This runs
    // on every string-keyed set of a duration or size.
    let find = |label: &[u8]| {
        units
            .iter()
            .find(|u| u.names.iter().any(|n| n.as_bytes() == label))
            .map(|u| u.size)
    };
    let mut buf = [0u8; 16];
    match label.len() {
        n if label.is_ascii() && n <= buf.len() => {
            let lower = &mut buf[..n];
            lower.copy_from_slice(label.as_bytes());
            lower.make_ascii_lowercase();
            find(lower)
        }
        // No unit name is longer than the buffer.
        _ if label.is_ascii() => None,
        _ => find(label.to_lowercase().as_bytes()),
    }
}

fn unknown_unit(label: &str) -> GrammarError {
    let hint = match label.to_ascii_lowercase().as_str() {
        "us" => "; write \"µs\" or \"micros\"",
        "kib" | "mib" | "gib" | "tib" => "; write k, m, g or t (units are 1024-based)",
        l if l.contains(|c: char| c.is_ascii_digit()) => "; compound values are not supported",
        _ => "",
    };
    GrammarError::new(format!("unknown unit \"{label}\"{hint}"))
}

/// `1.5 s`: decimals are not allowed; when the value is exact in a smaller unit, says what to
/// write instead (`1500 ms`).
fn decimal_error<T>(whole: u128, rest: &str, grammar: &UnitGrammar<T>) -> GrammarError {
    const BASE: &str = "decimals are not allowed";
    let frac_end = rest
        .bytes()
        .position(|b| !b.is_ascii_digit())
        .unwrap_or(rest.len());
    let (frac, label) = (&rest[..frac_end], java_trim(&rest[frac_end..]));
    let size = match label {
        "" => Some(grammar.bare),
        _ => unit_size(label, grammar.units),
    };
    let suggestion = size.filter(|_| frac.len() <= 18).and_then(|size| {
        let scale = 10u128.pow(frac.len() as u32);
        let fraction: u128 = frac.parse().unwrap_or(0);
        let total = whole
            .checked_mul(scale)?
            .checked_add(fraction)?
            .checked_mul(size)?;
        let exact = (total % scale == 0).then_some(total / scale)?;
        (grammar.convert)(exact).map(grammar.format)
    });
    match (suggestion, size) {
        (Some(s), _) => GrammarError::new(format!("{BASE}; write \"{s}\"")),
        (None, Some(1) | None) => GrammarError::new(BASE),
        (None, Some(_)) => GrammarError::new(format!("{BASE}; use a smaller unit")),
    }
}

// ---------------------------------------------------------------------------------------------
// Lists and maps: Flink's quoting (`StructuredOptionsSplitter`).

/// Splits a `;`-separated list.
///
/// A `'` or `"` at the start of an item quotes it up to the matching quote; a doubled quote inside
/// stands for one; a quoted item must be followed by `;` or the end. Unquoted items are trimmed and
/// quotes inside them are literal. `a;;b` has an empty middle item, but a leading or trailing `;`
/// adds none: `;a` is `[a]`, and `;` and the empty string are `[]`. Write `''` for an empty item at
/// either end.
pub fn split_list(s: &str) -> Result<Vec<String>, GrammarError> {
    split_escaped(s, ';')
}

/// Joins items with `;`, quoting only the items that need it, so that
/// `split_list(&join_list(x)) == x` for every `x`.
pub fn join_list(items: &[String]) -> String {
    join_escaped(items.iter().map(String::as_str), ';')
}

/// Parses a map `k1:v1,k2:v2` into its entries, in order; a duplicate key is an error.
///
/// As in Flink, quoting works in two levels: the string is split at `,` into entries (quotes
/// removed), then each entry at `:` into a key and a value (quotes removed again). So an entry
/// whose key or value contains `:` is quoted inside and the whole entry quoted again:
/// `"'a:b':v"` is the key `a:b` with the value `v`.
pub fn parse_map(s: &str) -> Result<Vec<(String, String)>, GrammarError> {
    let mut entries: Vec<(String, String)> = Vec::new();
    for entry in split_escaped(s, ',')? {
        let mut parts = split_escaped(&entry, ':')
            .map_err(|e| GrammarError::new(format!("entry \"{entry}\": {}", e.detail)))?;
        if parts.len() != 2 {
            return Err(GrammarError::new(format!(
                "entry \"{entry}\" is not one key:value pair"
            )));
        }
        let value = parts.pop().unwrap_or_default();
        let key = parts.pop().unwrap_or_default();
        if entries.iter().any(|(k, _)| *k == key) {
            return Err(GrammarError::new(format!("duplicate key \"{key}\"")));
        }
        entries.push((key, value));
    }
    Ok(entries)
}

/// Joins entries as `k1:v1,k2:v2`, quoting only where needed, so that
/// `parse_map(&join_map(x)) == x` for every `x` without duplicate keys.
pub fn join_map(entries: &[(String, String)]) -> String {
    let joined: Vec<String> = entries
        .iter()
        .map(|(k, v)| join_escaped([k.as_str(), v.as_str()], ':'))
        .collect();
    join_escaped(joined.iter().map(String::as_str), ',')
}

enum Token {
    Delimiter,
    Quoted { text: String, start: usize },
    Unquoted(String),
}

fn split_escaped(s: &str, delimiter: char) -> Result<Vec<String>, GrammarError> {
    let tokens = tokenize(s, delimiter)?;
    let mut items = Vec::new();
    let mut tokens = tokens.into_iter().peekable();
    while let Some(token) = tokens.next() {
        let next_is_delimiter = matches!(tokens.peek(), Some(Token::Delimiter));
        match token {
            Token::Delimiter if next_is_delimiter => items.push(String::new()),
            Token::Delimiter => {}
            Token::Quoted { start, .. } if !next_is_delimiter && tokens.peek().is_some() => {
                return Err(GrammarError::new(format!(
                    "the item quoted at character {} must be followed by \"{delimiter}\" or the end",
                    s[..start].chars().count() + 1
                )));
            }
            Token::Quoted { text, .. } | Token::Unquoted(text) => items.push(text),
        }
    }
    Ok(items)
}

fn tokenize(s: &str, delimiter: char) -> Result<Vec<Token>, GrammarError> {
    let mut tokens = Vec::new();
    let mut i = 0;
    while let Some(c) = s[i..].chars().next() {
        if c == '\'' || c == '"' {
            let (text, end) = read_quoted(s, i, c)?;
            tokens.push(Token::Quoted { text, start: i });
            i = end;
        } else if c == delimiter {
            tokens.push(Token::Delimiter);
            i += c.len_utf8();
        } else if is_java_whitespace(c) {
            i += c.len_utf8();
        } else {
            let end = s[i..].find(delimiter).map_or(s.len(), |k| i + k);
            tokens.push(Token::Unquoted(java_trim(&s[i..end]).to_owned()));
            i = end;
        }
    }
    Ok(tokens)
}

/// Reads the item quoted by `quote` at byte `start`; returns it and the byte after the closing
/// quote.
fn read_quoted(s: &str, start: usize, quote: char) -> Result<(String, usize), GrammarError> {
    let mut text = String::new();
    let mut chars = s[start + 1..].char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c != quote {
            text.push(c);
        } else if chars.next_if(|&(_, next)| next == quote).is_some() {
            text.push(quote);
        } else {
            return Ok((text, start + 1 + i + 1));
        }
    }
    Err(GrammarError::new(format!(
        "the quote {quote} at character {} is never closed",
        s[..start].chars().count() + 1
    )))
}

fn join_escaped<'a>(items: impl IntoIterator<Item = &'a str>, delimiter: char) -> String {
    let items: Vec<&str> = items.into_iter().collect();
    let mut out = String::new();
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(delimiter);
        }
        let at_edge = i == 0 || i + 1 == items.len();
        if needs_quotes(item, delimiter, at_edge) {
            // Prefer `'` (Flink's choice) unless only `"` avoids doubling.
            let quote = if item.contains('\'') && !item.contains('"') {
                '"'
            } else {
                '\''
            };
            out.push(quote);
            for c in item.chars() {
                out.push(c);
                if c == quote {
                    out.push(quote);
                }
            }
            out.push(quote);
        } else {
            out.push_str(item);
        }
    }
    out
}

/// Whether an item would not survive unquoted: it contains the delimiter, starts with a quote,
/// has whitespace at an end that the tokenizer skips or trims, or is empty at either end of the
/// list (where an empty item adds nothing).
fn needs_quotes(item: &str, delimiter: char, at_edge: bool) -> bool {
    let blank = |c: char| c <= ' ' || is_java_whitespace(c);
    match (item.chars().next(), item.chars().last()) {
        (Some(first), Some(last)) => {
            first == '\'' || first == '"' || blank(first) || blank(last) || item.contains(delimiter)
        }
        _ => at_edge,
    }
}

// ---------------------------------------------------------------------------------------------
// Declaration notes: read by the derive at compile time and by the catalogue.

/// Splits `"other.key = value"` (an `only_when` relation) at its first `=`; `None` when either
/// side is empty or the key contains whitespace.
pub fn parse_relation(text: &str) -> Option<(&str, &str)> {
    let (key, value) = text.split_once('=')?;
    let (key, value) = (key.trim(), value.trim());
    (!key.is_empty() && !value.is_empty() && !key.contains(char::is_whitespace))
        .then_some((key, value))
}

/// Splits `"1.18: use x"` (a deprecation note) into the version and the note; `None` unless the
/// version is dotted digits and the note is not empty.
pub fn parse_deprecation(text: &str) -> Option<(&str, &str)> {
    let (since, note) = text.split_once(':')?;
    let (since, note) = (since.trim(), note.trim());
    let version = !since.is_empty()
        && since
            .split('.')
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    (version && !note.is_empty()).then_some((since, note))
}

#[cfg(test)]
mod common_shape_tests {
    use super::*;

    /// Every value the common-shape path takes gets the total the general path computes: every
    /// unit spelling of both grammars in three cases, near misses, separators, and numbers at
    /// the edges of the path's digit limit and of `i64`.
    fn agrees<T: PartialEq + fmt::Debug>(grammar: &UnitGrammar<T>) -> usize {
        let mut labels: Vec<String> = ["", "mins", "us", "kib", "m in", "min ", "x", "1", ".5"]
            .map(str::to_owned)
            .to_vec();
        for unit in TIME_UNITS.iter().chain(MEMORY_UNITS) {
            for name in unit.names {
                let mixed: String = name
                    .chars()
                    .enumerate()
                    .map(|(i, c)| {
                        if i % 2 == 0 {
                            c.to_ascii_uppercase()
                        } else {
                            c
                        }
                    })
                    .collect();
                labels.extend([name.to_string(), name.to_uppercase(), mixed]);
            }
        }
        let numbers = [
            "0",
            "7",
            "0012",
            "999999999999999999",
            "1000000000000000000",
        ];
        let mut taken = 0;
        for number in numbers {
            for separator in ["", " ", "  ", "\t", "\u{0}"] {
                for label in &labels {
                    let s = format!("{number}{separator}{label}");
                    let Some(total) = parse_common(s.as_bytes(), grammar) else {
                        continue;
                    };
                    taken += 1;
                    let general = parse_with_units(&s, grammar).map_err(|e| e.is_none());
                    let common = (grammar.convert)(total).ok_or(true);
                    assert_eq!(common, general, "{s:?}");
                }
            }
        }
        taken
    }

    #[test]
    fn the_common_shape_agrees_with_the_general_path() {
        // Most inputs above are the common shape; the rest only show the path declines them.
        assert!(agrees(&TIME) > 400);
        assert!(agrees(&MEMORY) > 100);
    }
}
