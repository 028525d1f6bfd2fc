//! The file check: what `flinkconf validate`, the language server and the Python package run.
//! A document's [`Resolution`] (its kind, configurations and catalogues, from
//! [`crate::resolve`]) is checked into [`Finding`]s; a run reads each file it is given or finds
//! ([`walk`]), checks them on every core and hands their reports on in path order
//! ([`in_order`]), so a fleet's reports are never all kept.
//!
//! ```
//! use std::path::Path;
//! use options_check::check::{findings, Request};
//! use options_check::resolve::{Came, Document, Resolver, SettingsLayer};
//!
//! let resolver = Resolver::new(SettingsLayer { release: Some("1.20".into()), ..SettingsLayer::default() }).unwrap();
//! let text = "apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nmetadata:\n  name: job\nspec:\n  flinkVersion: v2_0\n  flinkConfiguration:\n    taskmanager.numberOfTaskSlots: \"two\"\n";
//! let doc = Document { path: Path::new("job.yaml"), text, came: Came::Given, legacy: false };
//! let resolution = resolver.resolve(&doc).unwrap();
//! // The manifest runs Flink 2.0: its own release wins over --release 1.20.
//! assert_eq!(resolution.targets[0].flink.release.unwrap().version(), "2.0");
//! let found = findings(&resolution, text, Request::default());
//! assert!(found.iter().any(|f| f.message.contains("taskmanager.numberOfTaskSlots")));
//! ```

mod fixes;
pub mod in_order;
pub mod walk;

use std::path::Path;

use options_flink::legacy::{read_conf_file, ConfFile, ConfFormat, ReadError};

use crate::classify::Recognised;
use crate::finding::{self, Finding};
use crate::input::Format;
use crate::placeholder::{self, Placeholder};
use crate::registry::BuiltIn;
use crate::report::{FileKind, FileReport};
use crate::resolve::{Came, Document, Resolution, Resolver, Settings};
use crate::rules::Rule;
use crate::{inspect, registry, sql};

pub use walk::Source;

/// What a check is asked besides the findings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Request {
    /// Give each finding the edits that mend it ([`Finding::fixes`]): what an editor offers as
    /// quick fixes. A run over a fleet leaves them out.
    pub fixes: bool,
}

/// Every finding of a document `resolution` was made for (`text` is its text), in file order:
/// each configuration checked against its catalogues, values that are wholly placeholders noted
/// instead of checked, the notes on which release each was checked against, the structure
/// errors of the file; only the rules the settings report.
pub fn findings(resolution: &Resolution, text: &str, request: Request) -> Vec<Finding> {
    if let Recognised::Template(why) = &resolution.recognised {
        return vec![Finding::note(0, why.clone())];
    }
    let sql = resolution.recognised == Recognised::Sql;
    let strictness = resolution.settings.strictness;
    let mut all = inspect::structure_findings(&resolution.extracted);
    all.extend(resolution.notes.iter().cloned());
    for target in &resolution.targets {
        let flink = target.flink.checked;
        let (mut found, placeholders) = match sql {
            true => sql::check_sql(flink.loaded, text, strictness),
            false => {
                let e = &target.embedded;
                let operator = target.operator.as_ref().map(|o| o.checked.loaded);
                let found = inspect::check_embedded_indexed(
                    flink.loaded,
                    flink.index,
                    operator,
                    e,
                    strictness,
                );
                let mut placeholders = placeholder::placeholders(flink.loaded, &e.text, e.legacy);
                for p in &mut placeholders {
                    (p.line, p.column) = e.map.to_file(p.line, p.column);
                }
                (found, placeholders)
            }
        };
        unchecked(&mut found, placeholders);
        if request.fixes {
            fixes::attach(&mut found, target, text, sql);
        }
        // Taken whole when it is the first (nearly always): a file of thousands of typos would
        // otherwise copy its findings into a second vector.
        if all.is_empty() {
            all = found;
        } else {
            all.extend(found);
        }
    }
    // What only the operator's merged view shows: a value a spec field replaces, a key the
    // operator refuses.
    if let (Recognised::Conf(Format::Kubernetes), Some(config)) =
        (&resolution.recognised, &resolution.operator_config)
    {
        let release = resolution
            .targets
            .iter()
            .find_map(|t| t.operator.as_ref()?.release)
            .unwrap_or_else(|| BuiltIn::Operator.releases().newest());
        all.extend(crate::effective::manifest_findings(
            &resolution.path.display().to_string(),
            text,
            Some(config),
            release,
        ));
    }
    let rules = &resolution.settings.rules;
    if !rules.keeps_all() {
        all.retain(|f| rules.keeps(f.rule));
    }
    finding::sort(&mut all);
    all
}

/// Settings whose value is wholly a placeholder: an invalid-value finding at the key becomes a
/// note that the value is not checked, and every such setting gets that note.
fn unchecked(findings: &mut Vec<Finding>, placeholders: Vec<Placeholder>) {
    if placeholders.is_empty() {
        return;
    }
    let at: Vec<(u32, u32)> = placeholders.iter().map(|p| (p.line, p.column)).collect();
    findings.retain(|f| {
        !(f.rule == Rule::InvalidValue && f.column.is_some_and(|c| at.contains(&(f.line, c))))
    });
    findings.extend(placeholders.iter().map(|p| {
        Finding::at_level(
            Rule::Placeholder,
            Rule::Placeholder.default_level(),
            p.line,
            Some(p.column),
            p.message(),
        )
    }));
}

/// Why a run stops: the input is invalid (exit 1), or the command was misused or the machine
/// failed it (exit 2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The input is invalid: a file beyond the loaders' limits, a legacy file a release refuses.
    Invalid(String),
    /// A usage or environment error: a file that cannot be read, a release never carried.
    Usage(String),
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stop::Invalid(m) | Stop::Usage(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for Stop {}

/// A run over files: the resolver every file is resolved with, and how read errors count.
#[derive(Debug)]
pub struct Run<'r> {
    /// Decides how each file is checked.
    pub resolver: &'r Resolver,
    /// One path naming one file (or conf directory): a file that cannot be read stops the run,
    /// as `validate FILE` always has; otherwise it is reported and the run goes on.
    pub single: bool,
    /// What each check is asked.
    pub request: Request,
}

impl Run<'_> {
    /// The report of one file.
    pub fn check(&self, source: &Source) -> Result<FileReport, Stop> {
        let shown = source.shown().to_owned();
        let (conf, came) = match source {
            Source::Text { text, .. } => {
                let legacy = shown.ends_with("flink-conf.yaml");
                let conf = ConfFile {
                    path: shown.clone().into(),
                    format: match legacy {
                        true => ConfFormat::Legacy,
                        false => ConfFormat::Standard,
                    },
                    text: text.clone(),
                };
                (conf, Came::Given)
            }
            Source::Path { path, given, .. } => {
                let settings = self.resolver.settings(Some(path)).map_err(Stop::Usage)?;
                let came = match given {
                    true => Came::Given,
                    false => Came::Found,
                };
                match read_conf_file(path, reading_release(&settings)) {
                    Ok(conf) => (conf, came),
                    Err(e) if self.single => return Err(read_stop(e)),
                    Err(e) => return Ok(unreadable(shown, path, e, *given)),
                }
            }
        };
        // One path: shown as it always was, the file a conf directory holds included.
        let shown = match source {
            Source::Path { .. } if self.single => conf.path.display().to_string(),
            _ => shown,
        };
        let doc = Document {
            path: &conf.path,
            text: &conf.text,
            came,
            legacy: conf.format == ConfFormat::Legacy,
        };
        let resolution = self.resolver.resolve(&doc).map_err(Stop::Usage)?;
        let findings = findings(&resolution, &conf.text, self.request);
        Ok(match resolution.recognised {
            Recognised::Skip(why) => FileReport::skipped(shown, why),
            Recognised::Template(why) => {
                let mut report = FileReport::skipped(shown, why);
                report.findings = findings;
                report
            }
            _ => FileReport::new(shown, resolution.kind(), findings),
        })
    }

    /// Every source's report, checked on `jobs` threads (every core when `None`), handed to
    /// `take` in the sources' order as soon as every report before it is. The first error
    /// stops the run.
    pub fn check_each<E: From<Stop>>(
        &self,
        sources: &[Source],
        jobs: Option<usize>,
        mut take: impl FnMut(FileReport) -> Result<(), E>,
    ) -> Result<(), E> {
        let jobs = jobs
            .filter(|&j| j > 0)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        in_order::for_each_in_order(
            sources,
            jobs,
            |source| self.check(source),
            |report| take(report?),
        )
    }
}

/// The Flink release a configuration file is read as (which file a conf directory holds,
/// whether a legacy file is read): the release the settings name, else the newest; none for a
/// catalogue file, whose engine's files are not Flink's.
pub fn reading_release(settings: &Settings) -> Option<options_core::Release> {
    if settings.catalogue.is_some() {
        return None;
    }
    let named = settings
        .release_override
        .as_ref()
        .or(settings.release.as_ref())
        .map(|s| s.value.as_str());
    registry::BuiltIn::Flink.release_or_newest(named).ok()
}

/// Why a file named alone cannot be checked: beyond the loaders' limits or a legacy file the
/// release refuses is invalid input, one that cannot be read a usage error.
pub fn read_stop(e: ReadError) -> Stop {
    match e {
        ReadError::Limit(_) | ReadError::LegacyNotRead { .. } => Stop::Invalid(e.to_string()),
        ReadError::Io { .. } => Stop::Usage(e.to_string()),
    }
}

/// A file that could not be read: its path and why, and the run goes on. A file found under a
/// directory whose name does not say it is a configuration file, and that is beyond the loaders'
/// limits (binary, huge), is skipped: nothing says it is Flink's.
fn unreadable(shown: String, path: &Path, e: ReadError, given: bool) -> FileReport {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let legacy = name == "flink-conf.yaml";
    if let ReadError::Limit(limit) = &e {
        if !given && !matches!(name, "config.yaml" | "flink-conf.yaml") {
            return FileReport::skipped(shown, format!("not read: {}", limit.kind()));
        }
    }
    let (kind, rule) = match &e {
        ReadError::Io { .. } => (FileKind::Unreadable, Rule::Unreadable),
        ReadError::LegacyNotRead { .. } => (FileKind::FlinkConf, Rule::LegacyFile),
        ReadError::Limit(_) if legacy => (FileKind::FlinkConf, Rule::FileLimit),
        ReadError::Limit(_) => (FileKind::Config, Rule::FileLimit),
    };
    // A limit is met at a position: the finding is there, its message without the path.
    let finding = match &e {
        ReadError::Limit(limit) if limit.line() > 0 => {
            Finding::error(rule, limit.line(), limit.column(), limit.kind().to_string())
        }
        _ => Finding::at_level(rule, rule.default_level(), 0, None, e.to_string()),
    };
    FileReport::new(shown, kind, vec![finding])
}
