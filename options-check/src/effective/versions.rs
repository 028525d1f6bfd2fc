//! Flink versions as the operator spells them (`v1_20`, the `FlinkVersion` enum of its API), and
//! which of them each operator release knows.

use std::fmt;

use options_core::Release;

/// A Flink version of the operator's `FlinkVersion` enum.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FlinkVersion {
    /// `1` of `v1_20`.
    pub major: u32,
    /// `20` of `v1_20`.
    pub minor: u32,
}

impl FlinkVersion {
    /// The version `v1_20` (or `v1_20+` without its `+`) names.
    pub fn parse(text: &str) -> Option<Self> {
        let (major, minor) = text.strip_prefix('v')?.split_once('_')?;
        let number = |s: &str| {
            (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
                .then(|| s.parse().ok())
                .flatten()
        };
        Some(FlinkVersion {
            major: number(major)?,
            minor: number(minor)?,
        })
    }

    /// `1.20`: the Flink release this version is.
    pub fn release(self) -> String {
        format!("{}.{}", self.major, self.minor)
    }

    /// Whether the operator writes Flink 1.17's key names for this version
    /// (`kubernetes.container.image.ref`, `kubernetes.*.cpu.amount` alone).
    pub fn has_new_keys(self) -> bool {
        self >= V1_17
    }
}

impl fmt::Display for FlinkVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "v{}_{}", self.major, self.minor)
    }
}

const V1_17: FlinkVersion = FlinkVersion {
    major: 1,
    minor: 17,
};

/// The oldest version of the enum in every release 1.10 to 1.15.
const OLDEST: FlinkVersion = FlinkVersion {
    major: 1,
    minor: 13,
};

/// The newest version each operator release 1.10 ... 1.15 knows (`FlinkVersion.java` of the
/// operator's API at each tag: v1_20, v2_0, v2_0, v2_2, v2_2, v2_4).
const NEWEST: [(u32, u32); 6] = [(1, 20), (2, 0), (2, 0), (2, 2), (2, 2), (2, 4)];

/// The versions operator `release` knows, oldest first (`FlinkVersion.values()`).
pub fn known(release: Release) -> Vec<FlinkVersion> {
    let (major, minor) = NEWEST[release.index().min(NEWEST.len() - 1)];
    let newest = FlinkVersion { major, minor };
    let mut out = Vec::new();
    for major in 1..=newest.major {
        let minors = match major {
            1 => OLDEST.minor..=20,
            _ => {
                0..=if major == newest.major {
                    newest.minor
                } else {
                    20
                }
            }
        };
        for minor in minors {
            let v = FlinkVersion { major, minor };
            if v <= newest {
                out.push(v);
            }
        }
    }
    out
}

/// Whether operator `release` knows `version` (`FlinkVersion.fromMajorMinor` finds it).
pub fn knows(release: Release, version: FlinkVersion) -> bool {
    known(release).contains(&version)
}

#[cfg(test)]
mod tests {
    use super::*;
    use options_flink_operator::OPERATOR_RELEASES;

    #[test]
    fn each_release_knows_its_enum() {
        let at = |r: &str| {
            known(OPERATOR_RELEASES.release(r).unwrap())
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(
            at("1.10"),
            "v1_13 v1_14 v1_15 v1_16 v1_17 v1_18 v1_19 v1_20"
        );
        assert_eq!(
            at("1.15"),
            "v1_13 v1_14 v1_15 v1_16 v1_17 v1_18 v1_19 v1_20 v2_0 v2_1 v2_2 v2_3 v2_4"
        );
        assert!(!knows(
            OPERATOR_RELEASES.release("1.12").unwrap(),
            FlinkVersion::parse("v2_1").unwrap()
        ));
    }

    #[test]
    fn versions_parse_and_order() {
        let v = FlinkVersion::parse("v1_20").unwrap();
        assert_eq!(
            (v.release(), v.to_string()),
            ("1.20".to_owned(), "v1_20".to_owned())
        );
        assert!(FlinkVersion::parse("v2_0").unwrap() > v);
        assert_eq!(FlinkVersion::parse("1.20"), None);
        assert_eq!(FlinkVersion::parse("v1_"), None);
    }
}
