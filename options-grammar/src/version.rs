//! Release numbers (`1.20`, `2.0.1`, `55.0.0`): how a declaration's `since`, `removed`, `changed` and
//! `deprecated` versions are read and ordered, by the derive at compile time and by the runtime.
//!
//! Everything here is `const`, so the derive can also emit checks that run in `const` evaluation
//! (whether a version is one of a group's declared releases: the macro sees the releases only as a
//! path, so the compiler evaluates the check).

use core::cmp::Ordering;
use core::fmt;

/// The most components a version has (`major.minor.patch`).
const MAX_PARTS: usize = 3;

/// A release number: one to three dotted decimal components, compared component by component,
/// a missing component counting as 0 (`2.0` == `2.0.0` < `2.0.1` < `2.1`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Version {
    parts: [u32; MAX_PARTS],
    len: u8,
}

impl Version {
    /// Reads `text`; `None` unless it is one to three dot-separated runs of decimal digits, each
    /// fitting a `u32`, without spaces or signs.
    pub const fn parse(text: &str) -> Option<Version> {
        let bytes = text.as_bytes();
        let mut parts = [0u32; MAX_PARTS];
        let mut len = 0usize;
        let mut digits = 0usize;
        let mut value: u64 = 0;
        let mut i = 0;
        while i <= bytes.len() {
            let end = i == bytes.len();
            if end || bytes[i] == b'.' {
                if digits == 0 || len == MAX_PARTS {
                    return None;
                }
                parts[len] = value as u32;
                len += 1;
                digits = 0;
                value = 0;
            } else if bytes[i].is_ascii_digit() {
                value = value * 10 + (bytes[i] - b'0') as u64;
                if value > u32::MAX as u64 {
                    return None;
                }
                digits += 1;
            } else {
                return None;
            }
            i += 1;
        }
        Some(Version {
            parts,
            len: len as u8,
        })
    }

    /// The components as written (`[2, 0]` for `2.0`).
    pub fn parts(&self) -> &[u32] {
        &self.parts[..self.len as usize]
    }

    /// Orders two versions (a missing component counts as 0).
    pub const fn compare(&self, other: &Version) -> Ordering {
        let mut i = 0;
        while i < MAX_PARTS {
            if self.parts[i] < other.parts[i] {
                return Ordering::Less;
            }
            if self.parts[i] > other.parts[i] {
                return Ordering::Greater;
            }
            i += 1;
        }
        Ordering::Equal
    }

    /// Whether `self` is `release` or a more precise spelling of it: `2.0.1` is within `2.0`,
    /// `2.0` is within `2.0`, `2.1` is not within `2.0`.
    pub const fn is_within(&self, release: &Version) -> bool {
        if self.len < release.len {
            return false;
        }
        let mut i = 0;
        while i < release.len as usize {
            if self.parts[i] != release.parts[i] {
                return false;
            }
            i += 1;
        }
        true
    }
}

impl PartialOrd for Version {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Version {
    fn cmp(&self, other: &Self) -> Ordering {
        self.compare(other)
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, part) in self.parts().iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            write!(f, "{part}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Version({self})")
    }
}

/// Orders two version texts; `None` when either does not parse. `const`, for checks the derive
/// emits.
pub const fn compare_texts(a: &str, b: &str) -> Option<Ordering> {
    match (Version::parse(a), Version::parse(b)) {
        (Some(a), Some(b)) => Some(a.compare(&b)),
        _ => None,
    }
}

/// Whether two strings are equal, in `const` evaluation.
pub const fn same_text(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(text: &str) -> Version {
        Version::parse(text).unwrap()
    }

    #[test]
    fn versions_order_by_component_with_missing_ones_as_zero() {
        assert!(v("1.19") < v("1.20"));
        assert!(v("1.20") < v("2.0"));
        assert_eq!(v("2.0"), v("2.0"));
        assert_eq!(v("2.0").cmp(&v("2.0.0")), Ordering::Equal);
        assert!(v("2.0.1") > v("2.0"));
        assert!(v("55.0.0") > v("9.9.9"));
    }

    #[test]
    fn a_patch_release_is_within_its_minor_release() {
        assert!(v("2.0.1").is_within(&v("2.0")));
        assert!(v("2.0").is_within(&v("2.0")));
        assert!(!v("2.1.0").is_within(&v("2.0")));
        assert!(!v("2").is_within(&v("2.0")));
    }

    #[test]
    fn malformed_versions_are_refused() {
        for text in [
            "",
            ".",
            "1.",
            ".1",
            "1..2",
            "1.2.3.4",
            "v1.2",
            "1.2 ",
            "-1",
            "1.x",
            "99999999999",
        ] {
            assert_eq!(Version::parse(text), None, "{text:?}");
        }
        assert_eq!(v("2.0.1").to_string(), "2.0.1");
    }
}
