//! The report of a run over many files, in every output format `flinkconf validate` writes:
//! text (the `FILE:LINE:COL: error: ...` lines), JSON (versioned, with a JSON Schema), SARIF 2.1.0,
//! JUnit XML and GitHub Actions workflow commands.

pub mod github;
pub mod json;
pub mod junit;
pub mod model;
pub mod sarif;
pub mod text;

use std::fmt;
use std::str::FromStr;

pub use model::{FileKind, FileReport, Finding, Report, Totals};

/// An output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputFormat {
    /// `FILE:LINE:COL: error: ...` lines.
    Text,
    /// The JSON report (version 1).
    Json,
    /// SARIF 2.1.0.
    Sarif,
    /// JUnit XML.
    Junit,
    /// GitHub Actions workflow commands.
    Github,
}

impl OutputFormat {
    /// Every format with its name.
    pub const ALL: [(OutputFormat, &'static str); 5] = [
        (OutputFormat::Text, "text"),
        (OutputFormat::Json, "json"),
        (OutputFormat::Sarif, "sarif"),
        (OutputFormat::Junit, "junit"),
        (OutputFormat::Github, "github"),
    ];

    /// The report of `report` in this format (`text` as given).
    pub fn render(self, report: &Report, text: text::TextOptions) -> String {
        match self {
            OutputFormat::Text => text::render(report, text),
            OutputFormat::Json => json::render(report),
            OutputFormat::Sarif => sarif::render(report),
            OutputFormat::Junit => junit::render(report),
            OutputFormat::Github => github::render(report),
        }
    }
}

impl FromStr for OutputFormat {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        Self::ALL
            .iter()
            .find(|(_, n)| *n == s)
            .map(|(f, _)| *f)
            .ok_or_else(|| {
                let names: Vec<&str> = Self::ALL.iter().map(|(_, n)| *n).collect();
                format!(
                    "unknown output format \"{s}\": expected one of {}",
                    names.join(", ")
                )
            })
    }
}

impl fmt::Display for OutputFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = Self::ALL
            .iter()
            .find(|(x, _)| x == self)
            .map_or("text", |(_, n)| n);
        f.write_str(name)
    }
}
