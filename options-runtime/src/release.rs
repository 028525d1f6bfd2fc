//! [`Releases`]: the releases of an engine that a group of options is declared for, and
//! [`Release`], one of them, chosen once per use (`--release 2.0`, `Catalogue::at_release`).
//!
//! An engine carries its releases ([`Engine::releases`](crate::engine::Engine::releases)), and a group
//! that names the engine (`#[options(engine = path::TO_ENGINE)]`) follows them; a group without
//! an engine names its releases itself (`#[options(releases = path::TO::RELEASES)]`). Its options
//! then say when they arrived (`since`), were deprecated, were removed (`removed`) and what
//! changed (`changed(...)`), and every surface answers for the chosen release. Flink's releases
//! are `options_flink::FLINK_RELEASES`, the operator's `options_flink_operator::OPERATOR_RELEASES`,
//! each beside its engine.

use core::cmp::Ordering;
use core::fmt;

use options_grammar::version::{same_text, Version};

/// The releases of one engine, oldest first (`1.19`, `1.20`, `2.0`, ...).
///
/// Declared once as a `static` and carried by the engine, whose groups follow them:
///
/// ```
/// use options_core::engine::Engine;
/// use options_core::Releases;
///
/// pub static MY_RELEASES: Releases = Releases::new("My Connector", &["0.1", "0.2", "1.0"]);
/// pub const MY_ENGINE: Engine = Engine {
///     name: "My Connector",
///     releases: Some(&MY_RELEASES),
///     ..Engine::GENERIC
/// };
/// let r = MY_RELEASES.release("0.2.3").unwrap();
/// assert_eq!(r.version(), "0.2");
/// assert_eq!(MY_RELEASES.newest().version(), "1.0");
/// ```
pub struct Releases {
    engine: &'static str,
    versions: &'static [&'static str],
}

impl Releases {
    /// The releases of `engine` (its name as users know it, e.g. `Apache Flink`), oldest first.
    ///
    /// # Panics
    ///
    /// When `versions` is empty, holds more than 255 releases, or a version that does not parse
    /// (`1.20`, `2.0.1`) or is not newer than the one before it. In a `const` or `static` this
    /// fails the build.
    pub const fn new(engine: &'static str, versions: &'static [&'static str]) -> Self {
        assert!(
            !versions.is_empty(),
            "a release line needs at least one release"
        );
        assert!(versions.len() <= u8::MAX as usize, "at most 255 releases");
        let mut i = 0;
        let mut previous: Option<Version> = None;
        while i < versions.len() {
            let Some(v) = Version::parse(versions[i]) else {
                panic!("a release is written as dotted numbers, such as 1.20 or 2.0.1");
            };
            if let Some(p) = previous {
                assert!(
                    matches!(p.compare(&v), Ordering::Less),
                    "releases are listed oldest first, each newer than the one before"
                );
            }
            previous = Some(v);
            i += 1;
        }
        Releases { engine, versions }
    }

    /// The engine's name (`Apache Flink`).
    pub const fn engine(&self) -> &'static str {
        self.engine
    }

    /// Every release, oldest first, as declared.
    pub const fn versions(&self) -> &'static [&'static str] {
        self.versions
    }

    /// The position of the release spelled exactly `version`, if it is one of these. `const`: the
    /// derive checks declared versions with it at compile time.
    pub const fn index_of(&self, version: &str) -> Option<usize> {
        let mut i = 0;
        while i < self.versions.len() {
            if same_text(self.versions[i], version) {
                return Some(i);
            }
            i += 1;
        }
        None
    }

    /// Whether `version` is one of these releases, spelled as declared.
    pub const fn knows(&self, version: &str) -> bool {
        self.index_of(version).is_some()
    }

    /// Whether `version` may name when something happened: one of these releases, or a version
    /// older than the oldest of them (an option that arrived in `1.9` is simply there in every
    /// release this line knows).
    pub const fn admits(&self, version: &str) -> bool {
        if self.knows(version) {
            return true;
        }
        match (Version::parse(version), Version::parse(self.versions[0])) {
            (Some(v), Some(first)) => matches!(v.compare(&first), Ordering::Less),
            _ => false,
        }
    }

    /// The newest release.
    pub fn newest(&'static self) -> Release {
        Release {
            line: self,
            index: (self.versions.len() - 1) as u8,
        }
    }

    /// The oldest release.
    pub fn oldest(&'static self) -> Release {
        Release {
            line: self,
            index: 0,
        }
    }

    /// Every release, oldest first.
    pub fn iter(&'static self) -> impl DoubleEndedIterator<Item = Release> + ExactSizeIterator {
        (0..self.versions.len()).map(move |i| Release {
            line: self,
            index: i as u8,
        })
    }

    /// The release `text` names: a declared release (`2.0`) or a more precise spelling of one
    /// (`2.0.1` is release `2.0`; `v2_0`, the Kubernetes operator's spelling, is not read here).
    ///
    /// # Errors
    ///
    /// When `text` is not a version, or names no release of this line; the error lists them.
    pub fn release(&'static self, text: &str) -> Result<Release, ReleaseError> {
        let wanted = Version::parse(text.trim()).ok_or_else(|| self.error(text))?;
        // The most precise declared release that `text` is within: `2.0.1` is `2.0`, not `2`.
        self.iter()
            .filter(|r| {
                Version::parse(r.version()).is_some_and(|declared| wanted.is_within(&declared))
            })
            .max_by_key(|r| Version::parse(r.version()).map(|v| v.parts().len()))
            .ok_or_else(|| self.error(text))
    }

    /// The release to read a configuration written for `text` with, when this line may not carry
    /// it: the release `text` names, else the newest release older than it, else (older than
    /// every release) the oldest. `None` when `text` is not a version.
    ///
    /// ```
    /// use options_core::Releases;
    ///
    /// static LINE: Releases = Releases::new("Demo", &["1.19", "1.20", "2.0"]);
    /// assert_eq!(LINE.nearest("1.20.1").unwrap().version(), "1.20");
    /// assert_eq!(LINE.nearest("1.14.3").unwrap().version(), "1.19");
    /// assert_eq!(LINE.nearest("2.5").unwrap().version(), "2.0");
    /// assert!(LINE.nearest("latest").is_none());
    /// ```
    pub fn nearest(&'static self, text: &str) -> Option<Release> {
        if let Ok(release) = self.release(text) {
            return Some(release);
        }
        let wanted = text.trim();
        Version::parse(wanted)?;
        let older = self
            .iter()
            .rev()
            .find(|&r| Releases::compare(wanted, r) == Some(Ordering::Greater));
        Some(older.unwrap_or_else(|| self.oldest()))
    }

    fn error(&'static self, text: &str) -> ReleaseError {
        ReleaseError {
            given: text.to_owned(),
            engine: self.engine,
            versions: self.versions,
        }
    }

    /// Orders a version text against a release: `None` when it does not parse.
    fn compare(version: &str, release: Release) -> Option<Ordering> {
        options_grammar::version::compare_texts(version, release.version())
    }
}

impl PartialEq for Releases {
    /// One line: the same engine name and the same releases.
    fn eq(&self, other: &Self) -> bool {
        core::ptr::eq(self, other)
            || (self.engine == other.engine && self.versions == other.versions)
    }
}

impl Eq for Releases {}

impl fmt::Debug for Releases {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Releases")
            .field("engine", &self.engine)
            .field("versions", &self.versions)
            .finish()
    }
}

/// One release of a [`Releases`] line: what a catalogue, a configuration and every output answer
/// for.
#[derive(Clone, Copy)]
pub struct Release {
    line: &'static Releases,
    index: u8,
}

impl Release {
    /// The release as declared (`2.0`).
    pub fn version(&self) -> &'static str {
        self.line.versions[self.index as usize]
    }

    /// The line it belongs to.
    pub fn line(&self) -> &'static Releases {
        self.line
    }

    /// Its position in the line, oldest first.
    pub fn index(&self) -> usize {
        self.index as usize
    }

    /// Whether it is the newest release of its line.
    pub fn is_newest(&self) -> bool {
        self.index as usize + 1 == self.line.versions.len()
    }

    /// The release before it, if any.
    pub fn previous(&self) -> Option<Release> {
        self.index.checked_sub(1).map(|index| Release {
            line: self.line,
            index,
        })
    }

    /// The release after it, if any.
    pub fn next(&self) -> Option<Release> {
        let index = self.index + 1;
        ((index as usize) < self.line.versions.len()).then_some(Release {
            line: self.line,
            index,
        })
    }

    /// Whether something that happened in `version` (an arrival, a removal, a change) has
    /// happened by this release: `version` is this release or an older one. A version that does
    /// not parse counts as happened (the derive refuses those for groups with releases).
    pub fn reached(&self, version: &str) -> bool {
        Releases::compare(version, *self).is_none_or(|o| o != Ordering::Greater)
    }

    /// Whether this release is in the same line as `other`.
    pub fn same_line(&self, other: &Releases) -> bool {
        core::ptr::eq(self.line, other) || self.line.versions == other.versions
    }
}

impl PartialEq for Release {
    fn eq(&self, other: &Self) -> bool {
        self.same_line(other.line) && self.index == other.index
    }
}

impl Eq for Release {}

impl fmt::Display for Release {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.version())
    }
}

impl fmt::Debug for Release {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Release({} {})", self.line.engine, self.version())
    }
}

/// A release that a line does not have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReleaseError {
    given: String,
    engine: &'static str,
    versions: &'static [&'static str],
}

impl fmt::Display for ReleaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"{}\" is not a release of {} known here; the releases are {} (a patch release such as {}.1 means its release)",
            self.given,
            self.engine,
            self.versions.join(", "),
            self.versions.last().copied().unwrap_or("1.0"),
        )
    }
}

impl std::error::Error for ReleaseError {}
