//! Which releases read the legacy file: Apache Flink 1.x does, 2.0 dropped it (its loader reads
//! `config.yaml` only, and a conf directory with only `flink-conf.yaml` fails to start).

use options_core::Release;

/// The last Flink release that reads `flink-conf.yaml`.
pub const LAST_LEGACY_RELEASE: &str = "1.20";

/// Whether `release` reads a legacy `flink-conf.yaml`: every Flink release up to
/// [`LAST_LEGACY_RELEASE`], and any release of another engine's line (the legacy file is Flink's
/// own format; an engine without it never chooses it). No release: as Flink 1.19.
pub fn reads_legacy_file(release: Option<Release>) -> bool {
    match release {
        Some(r) if r.same_line(&crate::FLINK_RELEASES) => {
            options_core::version::compare_texts(r.version(), LAST_LEGACY_RELEASE)
                .is_none_or(|o| o != core::cmp::Ordering::Greater)
        }
        _ => true,
    }
}
