//! What one run found: a report per file, each finding with its rule, level and position.

pub use crate::finding::Finding;
use crate::rules::{Level, Rule};

/// What a file was read as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// A standard `config.yaml` (or `-D` lines).
    Config,
    /// A legacy `flink-conf.yaml`.
    FlinkConf,
    /// Kubernetes manifests.
    Kubernetes,
    /// The operator's Helm values.
    Helm,
    /// A compose file.
    Compose,
    /// A SQL script (`SET 'key' = 'value';`).
    Sql,
    /// Not checked: not a file that holds Flink configuration, or a Helm chart template.
    Skipped,
    /// Could not be read.
    Unreadable,
}

impl FileKind {
    /// Its name in reports (`config`, `kubernetes`, `sql`, ...).
    pub fn name(self) -> &'static str {
        match self {
            FileKind::Config => "config",
            FileKind::FlinkConf => "flink-conf",
            FileKind::Kubernetes => "kubernetes",
            FileKind::Helm => "helm",
            FileKind::Compose => "compose",
            FileKind::Sql => "sql",
            FileKind::Skipped => "skipped",
            FileKind::Unreadable => "unreadable",
        }
    }

    /// Whether the file was checked (read and of a kind that holds configuration).
    pub fn checked(self) -> bool {
        !matches!(self, FileKind::Skipped | FileKind::Unreadable)
    }
}

/// The findings of one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileReport {
    /// The path as shown (as given, or found under a directory given).
    pub path: String,
    /// What it was read as.
    pub kind: FileKind,
    /// Its findings, in file order.
    pub findings: Vec<Finding>,
    /// Why it was skipped, for a skipped file.
    pub skipped: Option<String>,
}

impl FileReport {
    /// A report of `findings` on `path`, sorted into file order as the text report has always
    /// listed them: by line, then column, a note before the errors and warnings of its line.
    pub fn new(path: String, kind: FileKind, mut findings: Vec<Finding>) -> Self {
        crate::finding::sort(&mut findings);
        FileReport {
            path,
            kind,
            findings,
            skipped: None,
        }
    }

    /// A file not checked, and why.
    pub fn skipped(path: String, why: String) -> Self {
        FileReport {
            path,
            kind: FileKind::Skipped,
            findings: Vec::new(),
            skipped: Some(why),
        }
    }

    /// How many findings of `level`.
    pub fn count(&self, level: Level) -> usize {
        self.findings.iter().filter(|f| f.level == level).count()
    }
}

/// Every file of a run, in path order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// The files, sorted by path.
    pub files: Vec<FileReport>,
    /// Files found under a directory and passed over by their name, counted but not listed.
    pub passed_over: usize,
    /// What stopped the run before it could report on its files (a release never carried, a
    /// settings file that does not read, a file named alone that cannot be read): every format
    /// still writes one document, saying so.
    pub run_errors: Vec<String>,
    /// Where the reference site is published (the `docs-url` setting): rule links point at its
    /// `rules/` pages. None: the formats embed each rule's text and link nowhere.
    pub docs_url: Option<String>,
}

/// Totals of a [`Report`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    /// Files checked.
    pub checked: usize,
    /// Files skipped.
    pub skipped: usize,
    /// Files that could not be read.
    pub unreadable: usize,
    /// Errors.
    pub errors: usize,
    /// Warnings.
    pub warnings: usize,
    /// Notes.
    pub notes: usize,
}

impl Totals {
    /// Counts `f`: as checked, skipped or unreadable, and its findings by level.
    pub fn add(&mut self, f: &FileReport) {
        match f.kind {
            FileKind::Skipped => self.skipped += 1,
            FileKind::Unreadable => self.unreadable += 1,
            _ => self.checked += 1,
        }
        self.errors += f.count(Level::Error);
        self.warnings += f.count(Level::Warning);
        self.notes += f.count(Level::Note);
    }
}

impl Report {
    /// The report of `files`, sorted by path (findings stay in file order).
    pub fn new(mut files: Vec<FileReport>) -> Self {
        files.sort_by(|a, b| a.path.cmp(&b.path));
        Report {
            files,
            passed_over: 0,
            run_errors: Vec::new(),
            docs_url: None,
        }
    }

    /// The report of a run that stopped before any file: `error`, and no files.
    pub fn stopped(error: String) -> Self {
        let mut report = Report::new(Vec::new());
        report.run_errors.push(error);
        report
    }

    /// Keeps only the findings `keep` accepts.
    pub fn retain(&mut self, keep: &dyn Fn(&Finding) -> bool) {
        for f in &mut self.files {
            f.findings.retain(keep);
        }
    }

    /// The totals.
    pub fn totals(&self) -> Totals {
        let mut t = Totals {
            skipped: self.passed_over,
            ..Totals::default()
        };
        for f in &self.files {
            t.add(f);
        }
        t
    }

    /// Every rule that has a finding, in [`Rule::ALL`] order.
    pub fn rules_used(&self) -> Vec<Rule> {
        let mut used: Vec<Rule> = self
            .files
            .iter()
            .flat_map(|f| f.findings.iter().map(|x| x.rule))
            .collect();
        used.sort();
        used.dedup();
        used
    }
}
