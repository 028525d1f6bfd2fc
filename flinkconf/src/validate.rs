//! `validate PATH...`: files, directories (walked as ripgrep walks them: `.gitignore` and hidden
//! folders respected, `--exclude` globs) and `-` for standard input, each file recognised by name
//! and content (`options_check::classify`), checked in parallel against a catalogue built once per
//! release, and reported in path order in one or more output formats (`options_check::report`).
//!
//! One path naming a file (or a conf directory) prints exactly what `validate FILE` always
//! printed.

use std::collections::HashMap;
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

use globset::{Glob, GlobSet, GlobSetBuilder};
use options_check::classify::{self, Recognised};
use options_check::input::{self, Format, Reader};
use options_check::placeholder::{self, Placeholder};
use options_check::report::text::TextOptions;
use options_check::report::{FileKind, FileReport, Finding, OutputFormat, Report, Totals};
use options_check::rules::{Level, Rule};
use options_check::{inspect, operator, sql, validate};
use options_core::layers::Strictness;
use options_docs::keys::KeyIndex;
use options_docs::source::Loaded;
use options_flink::legacy::{read_conf_file, ConfFile, ConfFormat, ReadError};
use options_flink_operator::OPERATOR_RELEASES;

use crate::catalogue::{catalogue_for, read_conf, reading_release};
use crate::failure::Failure;
use crate::project::Project;
use crate::Cli;

/// One `--output-format FORMAT[=FILE]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct OutputSpec {
    pub(crate) format: OutputFormat,
    pub(crate) file: Option<PathBuf>,
}

pub(crate) fn parse_output(s: &str) -> Result<OutputSpec, String> {
    let (format, file) = match s.split_once('=') {
        Some((f, file)) if !file.is_empty() => (f, Some(PathBuf::from(file))),
        Some((_, _)) => return Err(format!("\"{s}\": no file after `=`")),
        None => (s, None),
    };
    Ok(OutputSpec {
        format: format.parse()?,
        file,
    })
}

/// `--shard K/N`: the K-th of N parts (from 1).
pub(crate) fn parse_shard(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("\"{s}\": expected K/N with 1 <= K <= N, such as 2/4");
    let (k, n) = s.split_once('/').ok_or_else(bad)?;
    let (k, n): (usize, usize) = (
        k.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if k == 0 || n == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

pub(crate) fn parse_fail_on(s: &str) -> Result<Level, String> {
    match s {
        "error" => Ok(Level::Error),
        "warning" => Ok(Level::Warning),
        _ => Err(format!("\"{s}\": expected error or warning")),
    }
}

/// What `validate` was asked.
#[derive(Debug)]
pub(crate) struct Request<'a> {
    pub(crate) paths: &'a [PathBuf],
    pub(crate) strict: bool,
    pub(crate) format: Option<Format>,
    pub(crate) exclude: &'a [String],
    pub(crate) stdin_filename: Option<&'a Path>,
    pub(crate) jobs: Option<usize>,
    pub(crate) shard: Option<(usize, usize)>,
    pub(crate) verbose: bool,
    pub(crate) outputs: &'a [OutputSpec],
    pub(crate) output: Option<&'a Path>,
    pub(crate) select: &'a [Rule],
    pub(crate) ignore: &'a [Rule],
    pub(crate) fail_on: Option<Level>,
    pub(crate) config: Option<&'a Path>,
    /// The Kubernetes operator's release its settings are checked against (the newest when
    /// `None`).
    pub(crate) operator_release: Option<&'a str>,
    /// The operator's default configuration (`--operator-config`): manifests are also checked as
    /// the operator merges them.
    pub(crate) operator_config: Option<&'a Path>,
}

/// A file to check.
#[derive(Debug)]
enum Source {
    /// A path as given or found, shown as `shown`; `given` when named on the command line.
    Path {
        path: PathBuf,
        shown: String,
        given: bool,
    },
    /// Standard input, shown as its `--stdin-filename`.
    Stdin { shown: String, text: String },
}

impl Source {
    fn shown(&self) -> &str {
        match self {
            Source::Path { shown, .. } | Source::Stdin { shown, .. } => shown,
        }
    }
}

/// The run's fixed inputs, shared by every worker.
struct Context<'a> {
    cli: &'a Cli,
    strictness: Strictness,
    format: Option<Format>,
    /// One path naming one file: read errors fail the run as they always have, and the release
    /// note of a configuration file goes to standard error.
    single: bool,
    /// Every catalogue built so far, by release (the one for `--release` or the newest under
    /// `None`).
    catalogues: Mutex<HashMap<Option<String>, CatalogueSlot>>,
    /// The Kubernetes operator's release (`--operator-release`), and its catalogue once a file
    /// needs it.
    operator_release: Option<&'a str>,
    operator: std::sync::OnceLock<Result<&'static Loaded, String>>,
    /// `--operator-config`, read.
    operator_config: Option<options_check::effective::OperatorConfig>,
}

/// A catalogue of the run and its key index, built once and kept until the process ends (so every
/// worker borrows them; a run builds at most one per release), and the note on how the release
/// was chosen.
#[derive(Clone, Copy)]
struct Catalogue {
    loaded: &'static Loaded,
    index: &'static KeyIndex<'static>,
    note: Option<&'static str>,
}

type CatalogueSlot = Arc<std::sync::OnceLock<Result<Catalogue, String>>>;

impl Context<'_> {
    /// The catalogue for `release`, built once per run and release.
    fn catalogue(&self, release: Option<&str>) -> Result<Catalogue, Failure> {
        let slot = {
            let mut map = self.catalogues.lock().unwrap_or_else(|e| e.into_inner());
            map.entry(release.map(str::to_owned)).or_default().clone()
        };
        slot.get_or_init(|| match catalogue_for(self.cli, release) {
            Ok((loaded, note)) => {
                let loaded: &'static Loaded = Box::leak(Box::new(loaded));
                Ok(Catalogue {
                    loaded,
                    index: Box::leak(Box::new(KeyIndex::new(&loaded.doc))),
                    note: note.map(|n| &*Box::leak(n.into_boxed_str())),
                })
            }
            Err(Failure::Invalid(m) | Failure::Internal(m)) => Err(m),
        })
        .clone()
        .map_err(Failure::Internal)
    }

    /// The Kubernetes operator's catalogue, built once per run, and how the run names it.
    fn operator(&self) -> Result<(&'static Loaded, String), Failure> {
        let loaded = self
            .operator
            .get_or_init(|| {
                operator::catalogue(self.operator_release)
                    .map(|loaded| &*Box::leak(Box::new(loaded)))
                    .map_err(|e| e.to_string())
            })
            .clone()
            .map_err(Failure::Internal)?;
        let named = match self.operator_release {
            Some(r) => format!("the Kubernetes operator {r} (--operator-release)"),
            None => format!(
                "the Kubernetes operator {} (the newest carried)",
                OPERATOR_RELEASES.newest().version()
            ),
        };
        Ok((loaded, named))
    }

    /// The report of one file.
    fn check(&self, source: &Source) -> Result<FileReport, Failure> {
        let shown = source.shown().to_owned();
        let (conf, given) = match source {
            Source::Stdin { text, .. } => {
                let legacy = shown.ends_with("flink-conf.yaml");
                let conf = ConfFile {
                    path: PathBuf::from(&shown),
                    format: if legacy {
                        ConfFormat::Legacy
                    } else {
                        ConfFormat::Standard
                    },
                    text: text.clone(),
                };
                (conf, true)
            }
            Source::Path { path, .. } if self.single => (
                read_conf(self.cli, path, self.cli.release.as_deref())?,
                true,
            ),
            Source::Path { path, given, .. } => {
                match read_conf_file(path, reading_release(self.cli, self.cli.release.as_deref())) {
                    Ok(conf) => (conf, *given),
                    Err(e) => return Ok(unreadable(shown, path, e, *given)),
                }
            }
        };
        // One path: shown as it always was, the file a conf directory holds included.
        let shown = match source {
            Source::Path { .. } if self.single => conf.path.display().to_string(),
            _ => shown,
        };
        let legacy = conf.format == ConfFormat::Legacy;
        let recognised = if given {
            classify::given(&conf.path, &conf.text, legacy, self.format)
        } else {
            classify::found(&conf.path, &conf.text)
        };
        let release = self.cli.release.as_deref();
        match recognised {
            Recognised::Skip(why) => Ok(FileReport::skipped(shown, why)),
            Recognised::Template(why) => {
                let mut report = FileReport::skipped(shown, why.clone());
                report.findings.push(Finding {
                    rule: Rule::Note,
                    level: Level::Note,
                    line: 0,
                    column: None,
                    message: why,
                });
                Ok(report)
            }
            Recognised::Sql => {
                let c = self.catalogue(release)?;
                let (problems, placeholders) =
                    sql::check_sql(c.loaded, &conf.text, self.strictness);
                let mut findings: Vec<Finding> = problems.into_iter().map(Finding::from).collect();
                self.release_note(&mut findings, c.note);
                relabel(&mut findings, placeholders, |l, c| (l, c));
                Ok(FileReport::new(shown, FileKind::Sql, findings))
            }
            Recognised::Conf(format @ (Format::Config | Format::FlinkConf)) => {
                let c = self.catalogue(release)?;
                let legacy = format == Format::FlinkConf;
                let options = validate::CheckOptions {
                    strictness: self.strictness,
                    index: Some(c.index),
                    ..validate::CheckOptions::default()
                };
                let problems = match legacy {
                    true => validate::check_legacy_text_with(c.loaded, &conf.text, &options),
                    false => validate::check_text_with(c.loaded, &conf.text, &options),
                };
                let mut findings: Vec<Finding> = problems.into_iter().map(Finding::from).collect();
                self.release_note(&mut findings, c.note);
                let placeholders = placeholder::placeholders(c.loaded, &conf.text, legacy);
                relabel(&mut findings, placeholders, |l, c| (l, c));
                let kind = match legacy {
                    true => FileKind::FlinkConf,
                    false => FileKind::Config,
                };
                Ok(FileReport::new(shown, kind, findings))
            }
            Recognised::Conf(format) => self.check_embedded(shown, &conf.text, format),
        }
    }

    /// A configuration file's release note: on standard error for one file (as always), a note
    /// of the report otherwise.
    fn release_note(&self, findings: &mut Vec<Finding>, note: Option<&str>) {
        let Some(note) = note else { return };
        if self.single {
            eprintln!("note: {note}");
        } else {
            findings.push(Finding {
                rule: Rule::Note,
                level: Level::Note,
                line: 1,
                column: None,
                message: note.to_owned(),
            });
        }
    }

    /// A file that holds configurations (manifests, Helm values, compose files): each one checked
    /// against the catalogue of its release (`--release` wins over the file's).
    fn check_embedded(
        &self,
        shown: String,
        text: &str,
        format: Format,
    ) -> Result<FileReport, Failure> {
        let release = self.cli.release.as_deref();
        let extracted = input::extract(format, text);
        let (operator, operator_named) = self.operator()?;
        let mut lines = inspect::structure_lines(&extracted);
        let mut placeholders = Vec::new();
        for e in &extracted.embedded {
            let from_file = e.release.as_ref().map(|r| r.version.as_str());
            let chosen = release.or(from_file);
            let c = self.catalogue(chosen)?;
            let (first, _) = e.map.to_file(1, 1);
            let against = match (release, &e.release) {
                (Some(r), _) => format!("Flink {r} (--release)"),
                (None, Some(r)) => format!("Flink {} (spec.flinkVersion {})", r.version, r.written),
                (None, None) => "the catalogue".to_owned(),
            };
            let against = match e.reader {
                Reader::Flink => against,
                Reader::Resource | Reader::Operator => format!("{against} and {operator_named}"),
            };
            lines.push(inspect::note(
                first,
                format!("checking {} against {against}", e.what),
            ));
            if let Some(note) = c.note {
                lines.push(inspect::note(first, note.to_owned()));
            }
            lines.extend(inspect::check_embedded_indexed(
                c.loaded,
                c.index,
                Some(operator),
                e,
                self.strictness,
            ));
            for mut p in placeholder::placeholders(c.loaded, &e.text, e.legacy) {
                (p.line, p.column) = e.map.to_file(p.line, p.column);
                placeholders.push(p);
            }
        }
        let mut findings: Vec<Finding> = lines.into_iter().map(Finding::from).collect();
        relabel(&mut findings, placeholders, |l, c| (l, c));
        if let (Format::Kubernetes, Some(config)) = (format, &self.operator_config) {
            let release = self
                .operator_release
                .and_then(|r| OPERATOR_RELEASES.release(r).ok())
                .unwrap_or(OPERATOR_RELEASES.newest());
            findings.extend(options_check::effective::manifest_findings(
                &shown,
                text,
                Some(config),
                release,
            ));
        }
        let kind = match format {
            Format::Kubernetes => FileKind::Kubernetes,
            Format::Helm => FileKind::Helm,
            Format::Compose => FileKind::Compose,
            Format::FlinkConf => FileKind::FlinkConf,
            Format::Config => FileKind::Config,
        };
        Ok(FileReport::new(shown, kind, findings))
    }
}

/// `--operator-config FILE`, read; a file that holds no operator configuration fails the run.
fn read_operator_config(path: &Path) -> Result<options_check::effective::OperatorConfig, Failure> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::Invalid(format!("cannot read {}: {e}", path.display())))?;
    options_check::effective::operator_config::read(&path.display().to_string(), &text)
        .map_err(Failure::Invalid)
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
        ReadError::Limit(limit) if limit.line() > 0 => Finding {
            rule,
            level: Level::Error,
            line: limit.line(),
            column: Some(limit.column()),
            message: limit.kind().to_string(),
        },
        _ => Finding {
            rule,
            level: Level::Error,
            line: 0,
            column: None,
            message: e.to_string(),
        },
    };
    FileReport::new(shown, kind, vec![finding])
}

/// Settings whose value is wholly a placeholder: an invalid-value finding at the key becomes a
/// note that the value is not checked, and every such setting gets that note.
fn relabel(
    findings: &mut Vec<Finding>,
    placeholders: Vec<Placeholder>,
    to_file: impl Fn(u32, u32) -> (u32, u32),
) {
    if placeholders.is_empty() {
        return;
    }
    let at: Vec<(u32, u32)> = placeholders
        .iter()
        .map(|p| to_file(p.line, p.column))
        .collect();
    findings.retain(|f| {
        !(f.rule == Rule::InvalidValue
            && f.column
                .is_some_and(|c| at.iter().any(|&(l, pc)| l == f.line && pc == c)))
    });
    for (p, (line, column)) in placeholders.iter().zip(at) {
        findings.push(Finding {
            rule: Rule::Placeholder,
            level: Level::Note,
            line,
            column: Some(column),
            message: p.message(),
        });
    }
    findings.sort_by_key(|f| (f.line, f.column.unwrap_or(0), f.level != Level::Note));
}

/// Whether `dir` is a conf directory: it holds `config.yaml` or `flink-conf.yaml` and no folder
/// (hidden ones aside).
fn is_conf_dir(dir: &Path) -> bool {
    let holds = ["config.yaml", "flink-conf.yaml"]
        .iter()
        .any(|n| dir.join(n).is_file());
    holds
        && std::fs::read_dir(dir).is_ok_and(|entries| {
            entries.flatten().all(|e| {
                e.file_name().to_string_lossy().starts_with('.')
                    || !e.file_type().is_ok_and(|t| t.is_dir())
            })
        })
}

/// The globs of `--exclude` and the project file: a glob without `/` matches a file or folder
/// name at any depth, one with `/` the path under the directory given or the path as shown.
struct Excludes {
    names: GlobSet,
    paths: GlobSet,
}

impl Excludes {
    fn new(globs: &[String]) -> Result<Self, Failure> {
        let mut names = GlobSetBuilder::new();
        let mut paths = GlobSetBuilder::new();
        for g in globs {
            let glob = Glob::new(g.trim_start_matches("./"))
                .map_err(|e| Failure::Internal(format!("--exclude {g}: {e}")))?;
            if g.contains('/') {
                paths.add(glob);
            } else {
                names.add(glob);
            }
        }
        let build = |b: GlobSetBuilder| {
            b.build()
                .map_err(|e| Failure::Internal(format!("--exclude: {e}")))
        };
        Ok(Excludes {
            names: build(names)?,
            paths: build(paths)?,
        })
    }

    /// Whether `path`, found under `root`, is excluded: by its name, its path under `root` or
    /// its path as shown.
    fn excludes(&self, path: &Path, root: &Path) -> bool {
        let shown = path.strip_prefix(".").unwrap_or(path);
        let under = path.strip_prefix(root).unwrap_or(shown);
        path.file_name().is_some_and(|n| self.names.is_match(n))
            || self.paths.is_match(shown)
            || self.paths.is_match(under)
    }
}

/// Every file under `dir` that may hold configuration (by name) into `out`, the others into
/// `passed_over`, and a folder that cannot be listed into `errors`.
fn walk(
    dir: &Path,
    excludes: &Arc<Excludes>,
    out: &mut Vec<Source>,
    passed_over: &mut Vec<String>,
    errors: &mut Vec<FileReport>,
) {
    let filter = Arc::clone(excludes);
    let root = dir.to_path_buf();
    let walker = ignore::WalkBuilder::new(dir)
        .hidden(true)
        .git_ignore(true)
        .git_exclude(true)
        .require_git(false)
        .parents(true)
        .filter_entry(move |e| !filter.excludes(e.path(), &root))
        .build();
    for entry in walker {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                // A folder that cannot be listed: reported like an unreadable file.
                let finding = Finding {
                    rule: Rule::Unreadable,
                    level: Level::Error,
                    line: 0,
                    column: None,
                    message: e.to_string(),
                };
                let shown = match &e {
                    ignore::Error::WithPath { path, .. } => shown(path),
                    _ => shown(dir),
                };
                errors.push(FileReport::new(shown, FileKind::Unreadable, vec![finding]));
                continue;
            }
        };
        if !entry.file_type().is_some_and(|t| t.is_file()) {
            continue;
        }
        let path = entry.into_path();
        let shown = shown(&path);
        if classify::by_name(&path) {
            out.push(Source::Path {
                path,
                shown,
                given: false,
            });
        } else {
            passed_over.push(shown);
        }
    }
}

/// A path as reports show it: as found, without a leading `./`.
fn shown(path: &Path) -> String {
    let text = path.display().to_string();
    match text.strip_prefix("./") {
        Some(rest) if !rest.is_empty() => rest.to_owned(),
        _ => text,
    }
}

/// `validate PATH...`.
pub(crate) fn run(cli: &Cli, request: &Request<'_>) -> Result<ExitCode, Failure> {
    let found = crate::project::load(request.config)?;
    // The project's operator-config, relative to its folder, when the command line names none.
    let project_operator_config = found.as_ref().and_then(|(path, p)| {
        let named = p.operator_config.as_ref()?;
        Some(path.parent().unwrap_or(Path::new(".")).join(named))
    });
    let project = found.map(|(_, p)| p).unwrap_or_default();
    let cli = &with_project_release(cli, &project);
    let strict = request.strict || project.strict.unwrap_or(false);
    let rules = |given: &[Rule], file: &[String]| -> Result<Vec<Rule>, Failure> {
        if !given.is_empty() {
            return Ok(given.to_vec());
        }
        file.iter()
            .map(|r| r.parse().map_err(Failure::Internal))
            .collect()
    };
    let select = rules(request.select, &project.select)?;
    let ignore = rules(request.ignore, &project.ignore)?;
    let fail_on = match (request.fail_on, &project.fail_on) {
        (Some(level), _) => level,
        (None, Some(text)) => parse_fail_on(text).map_err(Failure::Internal)?,
        (None, None) => Level::Error,
    };
    let mut globs = project.exclude.clone();
    globs.extend(request.exclude.iter().cloned());
    let excludes = Arc::new(Excludes::new(&globs)?);

    // One path naming a file or a conf directory: exactly today's report.
    let single = request.paths.len() == 1
        && request.paths[0] != Path::new("-")
        && (!request.paths[0].is_dir() || is_conf_dir(&request.paths[0]));
    let mut sources = Vec::new();
    let mut passed_over = Vec::new();
    let mut walk_errors = Vec::new();
    let mut stdin_used = false;
    for path in request.paths {
        if path == Path::new("-") {
            if stdin_used {
                return Err(Failure::Internal(
                    "standard input (-) is named twice".to_owned(),
                ));
            }
            stdin_used = true;
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| Failure::Internal(format!("cannot read standard input: {e}")))?;
            let shown = request
                .stdin_filename
                .map_or_else(|| "<stdin>".to_owned(), |p| p.display().to_string());
            sources.push(Source::Stdin { shown, text });
        } else if path.is_dir() && !single {
            walk(
                path,
                &excludes,
                &mut sources,
                &mut passed_over,
                &mut walk_errors,
            );
        } else {
            sources.push(Source::Path {
                path: path.clone(),
                shown: path.display().to_string(),
                given: true,
            });
        }
    }
    sources.sort_by(|a, b| a.shown().cmp(b.shown()));
    sources.dedup_by(|a, b| a.shown() == b.shown());
    if let Some((k, n)) = request.shard {
        sources = sources
            .into_iter()
            .enumerate()
            .filter(|(i, _)| i % n == k - 1)
            .map(|(_, s)| s)
            .collect();
    }

    let context = Context {
        cli,
        strictness: if strict {
            Strictness::Strict
        } else {
            Strictness::Lenient
        },
        format: request.format,
        single,
        catalogues: Mutex::new(HashMap::new()),
        operator_release: request.operator_release,
        operator: std::sync::OnceLock::new(),
        operator_config: request
            .operator_config
            .or(project_operator_config.as_deref())
            .map(read_operator_config)
            .transpose()?,
    };
    // A release chosen on the command line must exist: fail before reading any file.
    if !sources.is_empty() && !single {
        context.catalogue(cli.release.as_deref())?;
    }
    // Files passed over by name are listed with --verbose, and counted otherwise; they and the
    // directories that could not be walked take their places among the checked files by path.
    let passed_over_count = if request.verbose {
        0
    } else {
        passed_over.len()
    };
    let mut others = walk_errors;
    if request.verbose {
        others.extend(passed_over.into_iter().map(|shown| {
            FileReport::skipped(
                shown,
                "not a file that holds Flink configuration (by its name)".to_owned(),
            )
        }));
    }
    let keep = |f: &Finding| {
        let chosen = select.is_empty()
            || select.contains(&f.rule)
            || matches!(f.rule, Rule::Note | Rule::Unreadable);
        chosen && !ignore.contains(&f.rule)
    };
    let filter: Option<&dyn Fn(&Finding) -> bool> =
        (!select.is_empty() || !ignore.is_empty()).then_some(&keep);

    let text = TextOptions {
        verbose: request.verbose,
        single,
    };
    let default = [OutputSpec {
        format: OutputFormat::Text,
        file: None,
    }];
    let outputs = if request.outputs.is_empty() {
        &default[..]
    } else {
        request.outputs
    };
    // The text report on standard output, the usual run, is written file by file as files are
    // checked: a fleet's reports are never all kept. The other formats are one document each.
    let streamed = !single
        && request.output.is_none()
        && matches!(
            outputs,
            [OutputSpec {
                format: OutputFormat::Text,
                file: None
            }]
        );
    let totals = if streamed {
        let mut stream = TextStream::new(others, passed_over_count, filter, text);
        check_each(&context, &sources, request.jobs, |report| {
            stream.file(report)
        })?;
        stream.finish()?
    } else {
        let mut files = Vec::with_capacity(sources.len() + others.len());
        check_each(&context, &sources, request.jobs, |report| {
            files.push(report);
            Ok(())
        })?;
        files.extend(others);
        let mut report = Report::new(files);
        report.passed_over = passed_over_count;
        if let Some(keep) = filter {
            report.retain(keep);
        }
        write_outputs(&report, outputs, request, text)?;
        report.totals()
    };

    if totals.unreadable > 0 && totals.checked == 0 {
        return Err(Failure::Internal(format!(
            "no file could be read ({} unreadable)",
            totals.unreadable
        )));
    }
    let failed = totals.errors > 0 || (fail_on == Level::Warning && totals.warnings > 0);
    Ok(crate::failure::exit(failed))
}

/// Writes `report` in every format of `outputs`, each to its file or to standard output.
fn write_outputs(
    report: &Report,
    outputs: &[OutputSpec],
    request: &Request<'_>,
    text: TextOptions,
) -> Result<(), Failure> {
    // The notes of the run itself ("checking ... against Flink 1.20", one per manifest) would be
    // an annotation per file in code scanning and CI: the machine formats leave them out unless
    // --verbose (placeholder notes and skipped chart templates stay). The copy is made only when
    // such a format is asked for.
    let machine = |f: OutputFormat| {
        matches!(
            f,
            OutputFormat::Sarif | OutputFormat::Junit | OutputFormat::Github
        )
    };
    let quiet = outputs.iter().any(|o| machine(o.format)).then(|| {
        let mut quiet = report.clone();
        if !request.verbose {
            for f in &mut quiet.files {
                if f.kind.checked() {
                    f.findings.retain(|x| x.rule != Rule::Note);
                }
            }
        }
        quiet
    });
    for spec in outputs {
        let chosen = match &quiet {
            Some(quiet) if machine(spec.format) => quiet,
            _ => report,
        };
        let rendered = spec.format.render(chosen, text);
        match spec.file.as_deref().or(request.output) {
            Some(file) => std::fs::write(file, rendered)
                .map_err(|e| Failure::Internal(format!("cannot write {}: {e}", file.display())))?,
            None => print!("{rendered}"),
        }
    }
    Ok(())
}

/// The text report written to standard output file by file, in path order: the files not
/// checked (`others`: unwalkable directories, files passed over under --verbose) take their
/// places among the checked ones, and the totals are counted as files go by.
struct TextStream<'a> {
    out: std::io::BufWriter<std::io::StdoutLock<'static>>,
    others: std::iter::Peekable<std::vec::IntoIter<FileReport>>,
    totals: Totals,
    filter: Option<&'a dyn Fn(&Finding) -> bool>,
    options: TextOptions,
}

impl<'a> TextStream<'a> {
    fn new(
        mut others: Vec<FileReport>,
        passed_over: usize,
        filter: Option<&'a dyn Fn(&Finding) -> bool>,
        options: TextOptions,
    ) -> Self {
        others.sort_by(|a, b| a.path.cmp(&b.path));
        TextStream {
            out: std::io::BufWriter::new(std::io::stdout().lock()),
            others: others.into_iter().peekable(),
            totals: Totals {
                skipped: passed_over,
                ..Totals::default()
            },
            filter,
            options,
        }
    }

    /// Writes the report of the next checked file (and of the files not checked before it).
    fn file(&mut self, report: FileReport) -> Result<(), Failure> {
        while let Some(other) = self.others.next_if(|o| o.path < report.path) {
            self.write(other)?;
        }
        self.write(report)
    }

    fn write(&mut self, mut f: FileReport) -> Result<(), Failure> {
        if let Some(keep) = self.filter {
            f.findings.retain(keep);
        }
        self.totals.add(&f);
        let mut text = String::new();
        options_check::report::text::render_file(&mut text, &f, self.options);
        self.put(&text)
    }

    fn put(&mut self, text: &str) -> Result<(), Failure> {
        use std::io::Write as _;
        self.out
            .write_all(text.as_bytes())
            .map_err(|e| Failure::Internal(format!("cannot write the report: {e}")))
    }

    /// Writes the files left and the totals line; returns the totals.
    fn finish(mut self) -> Result<Totals, Failure> {
        while let Some(other) = self.others.next() {
            self.write(other)?;
        }
        let mut text = String::new();
        options_check::report::text::render_totals(&mut text, &self.totals, self.options);
        self.put(&text)?;
        use std::io::Write as _;
        self.out
            .flush()
            .map_err(|e| Failure::Internal(format!("cannot write the report: {e}")))?;
        Ok(self.totals)
    }
}

/// `cli` with the project file's release when the command line names none.
fn with_project_release(cli: &Cli, project: &Project) -> Cli {
    let mut cli = cli.clone();
    if cli.release.is_none() {
        cli.release.clone_from(&project.release);
    }
    cli
}

/// Every source's report, checked on `jobs` threads (every core by default), handed to `take`
/// in the sources' order as soon as every report before it is.
fn check_each(
    context: &Context<'_>,
    sources: &[Source],
    jobs: Option<usize>,
    mut take: impl FnMut(FileReport) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let jobs = jobs
        .filter(|&j| j > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    crate::in_order::for_each_in_order(
        sources,
        jobs,
        |source| context.check(source),
        |report| take(report?),
    )
}
