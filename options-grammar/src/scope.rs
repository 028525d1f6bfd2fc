//! Where an option applies (batch jobs, streaming jobs, both, or no declared scope) and every way
//! it is written, in one place: the derive parses the declaration (`scope = "batch, streaming"`)
//! with [`Scope::parse`], the runtime stores the [`Scope`] in each option's metadata
//! (`options_core::Scope` is this type), and every human output (`SHOW OPTIONS`, `SET 'key';`,
//! `flinkconf explain`, the changelog, the Markdown tables of rustdoc and the site) prints it through
//! [`Scope::as_str`] / `Display`, so "no scope" reads the same everywhere: [`NO_SCOPE`].
//!
//! Machine forms are separate and fixed: `catalogue.json` stores [`Scope::id`] (`"none"`,
//! `"batch"`, `"streaming"`, `"both"`), and the site's HTML tables carry lower-case words in
//! `data-scope` for the filter script.

use core::fmt;

/// How a missing scope reads in every human output: a dash, as an empty cell reads in a table.
///
/// A dash rather than "none" because the Default column beside it already says `(none)` for
/// "no default" (Flink's spelling), and an option without a scope is not "none": it is an option
/// the batch/streaming distinction does not apply to (`python.*`, metric reporters).
pub const NO_SCOPE: &str = "-";

/// Where an option applies: batch jobs, streaming jobs, both, or neither (options that are not table
/// options, such as `python.*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Scope {
    /// No batch/streaming scope is declared.
    #[default]
    None,
    /// Batch jobs only.
    Batch,
    /// Streaming jobs only.
    Streaming,
    /// Batch and streaming jobs.
    Both,
}

/// Why a declared `scope = "..."` was rejected; `Display` says what to write instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScopeError {
    /// The text, or one of its comma-separated parts, is empty.
    Empty,
    /// A part is neither `batch` nor `streaming`.
    Unknown(String),
}

impl fmt::Display for ScopeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScopeError::Empty => f.write_str(
                "an empty scope; write \"batch\", \"streaming\" or \"batch, streaming\" (or leave `scope` out for an option that is not a table option)",
            ),
            ScopeError::Unknown(part) => write!(
                f,
                "unknown scope \"{part}\"; write \"batch\", \"streaming\" or \"batch, streaming\""
            ),
        }
    }
}

impl std::error::Error for ScopeError {}

impl Scope {
    /// Every scope, in `catalogue.json` order.
    pub const ALL: [Scope; 4] = [Scope::None, Scope::Batch, Scope::Streaming, Scope::Both];

    /// The declaration spelling: `"batch"`, `"streaming"`, or both separated by a comma (in
    /// either order, spaces around the comma allowed). Leaving `scope` out is how an option
    /// declares no scope, so an empty text is an error.
    pub fn parse(text: &str) -> Result<Scope, ScopeError> {
        let (mut batch, mut streaming) = (false, false);
        for part in text.split(',').map(str::trim) {
            match part {
                "batch" => batch = true,
                "streaming" => streaming = true,
                "" => return Err(ScopeError::Empty),
                other => return Err(ScopeError::Unknown(other.to_owned())),
            }
        }
        Ok(Scope::from_flags(batch, streaming))
    }

    /// The scope that applies to batch jobs when `batch`, to streaming jobs when `streaming`.
    pub const fn from_flags(batch: bool, streaming: bool) -> Scope {
        match (batch, streaming) {
            (true, true) => Scope::Both,
            (true, false) => Scope::Batch,
            (false, true) => Scope::Streaming,
            (false, false) => Scope::None,
        }
    }

    /// Whether the option applies to batch jobs.
    pub const fn is_batch(self) -> bool {
        matches!(self, Scope::Batch | Scope::Both)
    }

    /// Whether the option applies to streaming jobs.
    pub const fn is_streaming(self) -> bool {
        matches!(self, Scope::Streaming | Scope::Both)
    }

    /// The scope as every human output spells it: `"batch, streaming"`, `"batch"`,
    /// `"streaming"`, or [`NO_SCOPE`]. For the declared ones this is also the declaration
    /// spelling [`Scope::parse`] reads.
    pub const fn as_str(self) -> &'static str {
        match self {
            Scope::None => NO_SCOPE,
            Scope::Batch => "batch",
            Scope::Streaming => "streaming",
            Scope::Both => "batch, streaming",
        }
    }

    /// The badges next to a key, Flink's way: `["Batch", "Streaming"]`, `["Batch"]`,
    /// `["Streaming"]`, or none.
    pub const fn labels(self) -> &'static [&'static str] {
        match self {
            Scope::None => &[],
            Scope::Batch => &["Batch"],
            Scope::Streaming => &["Streaming"],
            Scope::Both => &["Batch", "Streaming"],
        }
    }

    /// The machine name `catalogue.json` stores: `"none"`, `"batch"`, `"streaming"`, `"both"`.
    pub const fn id(self) -> &'static str {
        match self {
            Scope::None => "none",
            Scope::Batch => "batch",
            Scope::Streaming => "streaming",
            Scope::Both => "both",
        }
    }

    /// The scope whose [`Scope::id`] is `id`.
    pub fn from_id(id: &str) -> Option<Scope> {
        Scope::ALL.into_iter().find(|s| s.id() == id)
    }
}

impl fmt::Display for Scope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_parse_in_any_order() {
        assert_eq!(Scope::parse("batch"), Ok(Scope::Batch));
        assert_eq!(Scope::parse("streaming"), Ok(Scope::Streaming));
        assert_eq!(Scope::parse("batch, streaming"), Ok(Scope::Both));
        assert_eq!(Scope::parse("streaming,batch"), Ok(Scope::Both));
    }

    #[test]
    fn bad_declarations_say_what_to_write() {
        assert_eq!(Scope::parse(""), Err(ScopeError::Empty));
        assert_eq!(Scope::parse("batch,"), Err(ScopeError::Empty));
        let err = Scope::parse("batch, stream").unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown scope \"stream\"; write \"batch\", \"streaming\" or \"batch, streaming\""
        );
    }

    #[test]
    fn declared_scopes_print_as_declared() {
        for scope in [Scope::Batch, Scope::Streaming, Scope::Both] {
            assert_eq!(Scope::parse(scope.as_str()), Ok(scope));
        }
        assert_eq!(Scope::None.to_string(), NO_SCOPE);
    }

    #[test]
    fn machine_names_round_trip() {
        for scope in Scope::ALL {
            assert_eq!(Scope::from_id(scope.id()), Some(scope));
        }
        assert_eq!(Scope::from_id("Both"), None);
    }
}
