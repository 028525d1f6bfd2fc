//! `validate PATH...`: the command line's side of the file check. It turns its flags into the
//! resolver's settings ([`options_check::resolve`]), reads standard input, hands the paths to the
//! check ([`options_check::check`]: walking, per-release catalogues, every core, path order) and
//! renders the reports ([`options_check::report`]). It decides nothing about a file itself.

use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use options_check::check::walk::{self, Found};
use options_check::check::{Request as CheckRequest, Run, Source, Stop};
use options_check::input::Format;
use options_check::report::text::TextOptions;
use options_check::report::{FileKind, FileReport, OutputFormat, Report, Totals};
use options_check::resolve::{Resolver, SettingsLayer};
use options_check::rules::{Level, Rule};

use crate::failure::Failure;
use crate::Cli;

/// `validate`'s flags.
#[derive(Args, Debug, Clone)]
pub(crate) struct ValidateArgs {
    /// The files, directories or conf directories to check; `-` reads standard input.
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// Unknown keys are errors (by default warnings: Flink passes them through to plugins).
    #[arg(long)]
    strict: bool,
    /// Read the files as this format instead of telling them by content.
    #[arg(long, value_name = "FORMAT", value_parser = crate::parse_format)]
    format: Option<Format>,
    /// Check every configuration against this Flink release, even one whose manifest names its
    /// own (spec.flinkVersion). `--release` only applies to configurations that name none.
    #[arg(long, value_name = "V")]
    release_override: Option<String>,
    /// Check the Kubernetes operator's settings (in manifests, Helm values and the operator's
    /// ConfigMap) against this operator release (`1.13`) when the file names none (Helm values
    /// name theirs by image.tag); the newest when left out.
    #[arg(long, value_name = "V")]
    operator_release: Option<String>,
    /// The operator's default configuration (config.yaml, flink-conf.yaml, its ConfigMap or
    /// the Helm values): manifests are then also checked as the operator merges them (a
    /// spec.flinkConfiguration value a spec field replaces, a key the operator refuses).
    #[arg(long, value_name = "FILE")]
    operator_config: Option<PathBuf>,
    /// Leave out files and folders matching GLOB (a glob without `/` matches a name at any
    /// depth); repeatable.
    #[arg(long, value_name = "GLOB")]
    exclude: Vec<String>,
    /// The name standard input (`-`) is shown and recognised by.
    #[arg(long, value_name = "NAME")]
    stdin_filename: Option<PathBuf>,
    /// Check files on N threads (every core by default).
    #[arg(short = 'j', long, value_name = "N")]
    jobs: Option<usize>,
    /// Check only the K-th of N parts of the files (from 1; the files sorted by path, every
    /// N-th taken), for splitting one run over N CI jobs.
    #[arg(long, value_name = "K/N", value_parser = walk::parse_shard)]
    shard: Option<(usize, usize)>,
    /// List clean files, notes and skipped files too.
    #[arg(short, long)]
    verbose: bool,
    /// text (default), json, sarif, junit or github; `FORMAT=FILE` writes that format to FILE.
    /// Repeatable: `--output-format text --output-format sarif=report.sarif`.
    #[arg(long, value_name = "FORMAT[=FILE]", value_parser = parse_output)]
    output_format: Vec<OutputSpec>,
    /// Write the formats without a file of their own here instead of to standard output.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Report only these rules (ids such as unknown-key; comma-separated or repeated).
    #[arg(long, value_name = "RULE", value_delimiter = ',')]
    select: Vec<Rule>,
    /// Never report these rules.
    #[arg(long, value_name = "RULE", value_delimiter = ',')]
    ignore: Vec<Rule>,
    /// What makes the exit code 1: error (the default) or warning (errors and warnings).
    #[arg(long, value_name = "LEVEL", value_parser = options_check::resolve::parse_fail_on)]
    fail_on: Option<Level>,
    /// Where the reference site (`flinkconf generate`'s output) is published: rule links in
    /// SARIF and the editor point at its `rules/` pages. Unset, SARIF embeds each rule's text and
    /// links nowhere.
    #[arg(long, value_name = "URL")]
    docs_url: Option<String>,
    /// The project settings file (by default the first flinkconf.toml from each file's folder
    /// up, else from the working directory up).
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
}

impl ValidateArgs {
    /// The settings the flags set, for the resolver (`--release` and `--catalogue` are global).
    fn layer(&self, cli: &Cli) -> SettingsLayer {
        let rules = |given: &[Rule]| (!given.is_empty()).then(|| given.to_vec());
        SettingsLayer {
            release: cli.release.clone(),
            release_override: self.release_override.clone(),
            operator_release: self.operator_release.clone(),
            strict: self.strict.then_some(true),
            select: rules(&self.select),
            ignore: rules(&self.ignore),
            fail_on: self.fail_on,
            exclude: self.exclude.clone(),
            format: self.format,
            catalogue: cli.catalogue.clone(),
            docs_url: self.docs_url.clone(),
            operator_config: self.operator_config.clone(),
        }
    }
}

/// One `--output-format FORMAT[=FILE]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct OutputSpec {
    format: OutputFormat,
    file: Option<PathBuf>,
}

fn parse_output(s: &str) -> Result<OutputSpec, String> {
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

impl From<Stop> for Failure {
    fn from(stop: Stop) -> Self {
        match stop {
            Stop::Invalid(m) => Failure::Invalid(m),
            Stop::Usage(m) => Failure::Internal(m),
        }
    }
}

/// `validate PATH...`. A run that stops still writes one document in each machine format asked
/// for (JSON's `run_errors`, SARIF's `toolExecutionNotifications`, a JUnit error, a GitHub
/// error command), then says why on standard error.
pub(crate) fn run(cli: &Cli, args: &ValidateArgs) -> Result<ExitCode, Failure> {
    checked(cli, args).inspect_err(|failure| {
        let message = match failure {
            Failure::Invalid(m) | Failure::Internal(m) => m.clone(),
            // Nobody reads the output any more: no document to write.
            Failure::OutputClosed => return,
        };
        let stopped = Report::stopped(message);
        let machine: Vec<OutputSpec> = args
            .output_format
            .iter()
            .filter(|o| o.format != OutputFormat::Text)
            .cloned()
            .collect();
        // Already failing: a document that cannot be written changes nothing more.
        let _ = write_outputs(&stopped, &machine, args, TextOptions::default());
    })
}

fn checked(cli: &Cli, args: &ValidateArgs) -> Result<ExitCode, Failure> {
    if let Some(path) = &cli.catalogue {
        crate::catalogue::load_json(path)?;
    }
    let resolver = Resolver::new(args.layer(cli)).map_err(Failure::Internal)?;
    let resolver = match &args.config {
        Some(path) => resolver
            .with_project_file(path)
            .map_err(Failure::Internal)?,
        None => match std::env::current_dir() {
            Ok(cwd) => resolver.discovering_from(&cwd),
            Err(_) => resolver,
        },
    };
    let run_settings = resolver.settings(None).map_err(Failure::Internal)?;
    let fail_on = run_settings.fail_on.unwrap_or(Level::Error);

    let single = walk::is_single(&args.paths);
    let stdin = read_stdin(args)?;
    let Found {
        sources,
        passed_over,
        unwalkable,
    } = walk::find(
        &args.paths,
        stdin,
        &run_settings.exclude,
        args.shard,
        single,
    )
    .map_err(Failure::Internal)?;
    // Files passed over by name are listed with --verbose, and counted otherwise; they and the
    // directories that could not be walked take their places among the checked files by path.
    let passed_over_count = match args.verbose {
        true => 0,
        false => passed_over.len(),
    };
    let mut others = unwalkable;
    if args.verbose {
        others.extend(passed_over.into_iter().map(|shown| {
            FileReport::skipped(
                shown,
                "not a file that holds Flink configuration (by its name)".to_owned(),
            )
        }));
    }

    let run = Run {
        resolver: &resolver,
        single,
        request: CheckRequest::default(),
    };
    let text = TextOptions {
        verbose: args.verbose,
        single,
    };
    let default = [OutputSpec {
        format: OutputFormat::Text,
        file: None,
    }];
    let outputs = match args.output_format.is_empty() {
        true => &default[..],
        false => &args.output_format[..],
    };
    // The text report on standard output, the usual run, is written file by file as files are
    // checked: a fleet's reports are never all kept. The other formats are one document each.
    let streamed = !single
        && args.output.is_none()
        && matches!(
            outputs,
            [OutputSpec {
                format: OutputFormat::Text,
                file: None
            }]
        );
    let totals = if streamed {
        let mut stream = TextStream::new(others, passed_over_count, text);
        run.check_each(&sources, args.jobs, |report| stream.file(report))?;
        stream.finish()?
    } else {
        let mut files = Vec::with_capacity(sources.len() + others.len());
        run.check_each(&sources, args.jobs, |mut report| {
            if single {
                notes_to_stderr(&mut report);
            }
            files.push(report);
            Ok::<(), Failure>(())
        })?;
        files.extend(others);
        let mut report = Report::new(files);
        report.passed_over = passed_over_count;
        report.docs_url.clone_from(&run_settings.docs_url);
        write_outputs(&report, outputs, args, text)?;
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

/// Standard input as a source, when `-` is among the paths (once at most).
fn read_stdin(args: &ValidateArgs) -> Result<Option<Source>, Failure> {
    let dashes = args.paths.iter().filter(|p| *p == Path::new("-")).count();
    if dashes == 0 {
        return Ok(None);
    }
    if dashes > 1 {
        return Err(Failure::Internal(
            "standard input (-) is named twice".to_owned(),
        ));
    }
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .map_err(|e| Failure::Internal(format!("cannot read standard input: {e}")))?;
    let shown = args
        .stdin_filename
        .as_ref()
        .map_or_else(|| "<stdin>".to_owned(), |p| p.display().to_string());
    Ok(Some(Source::Text { shown, text }))
}

/// One configuration file named alone: the note on the release it was checked against goes to
/// standard error, as `validate FILE` has always printed it, and its report stays the file's.
fn notes_to_stderr(report: &mut FileReport) {
    if !matches!(report.kind, FileKind::Config | FileKind::FlinkConf) {
        return;
    }
    report.findings.retain(|f| {
        let note = f.rule == Rule::Note;
        if note {
            eprintln!("note: {}", f.message);
        }
        !note
    });
}

/// Writes `report` in every format of `outputs`, each to its file or to standard output.
fn write_outputs(
    report: &Report,
    outputs: &[OutputSpec],
    args: &ValidateArgs,
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
        if !args.verbose {
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
        match spec.file.as_deref().or(args.output.as_deref()) {
            Some(file) => std::fs::write(file, rendered)
                .map_err(|e| Failure::Internal(format!("cannot write {}: {e}", file.display())))?,
            None => crate::out::print(rendered)?,
        }
    }
    Ok(())
}

/// The text report written to standard output file by file, in path order: the files not
/// checked (`others`: unwalkable directories, files passed over under --verbose) take their
/// places among the checked ones, and the totals are counted as files go by.
struct TextStream {
    out: std::io::BufWriter<std::io::StdoutLock<'static>>,
    others: std::iter::Peekable<std::vec::IntoIter<FileReport>>,
    totals: Totals,
    options: TextOptions,
}

impl TextStream {
    fn new(mut others: Vec<FileReport>, passed_over: usize, options: TextOptions) -> Self {
        others.sort_by(|a, b| a.path.cmp(&b.path));
        TextStream {
            out: std::io::BufWriter::new(std::io::stdout().lock()),
            others: others.into_iter().peekable(),
            totals: Totals {
                skipped: passed_over,
                ..Totals::default()
            },
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

    fn write(&mut self, f: FileReport) -> Result<(), Failure> {
        self.totals.add(&f);
        let mut text = String::new();
        options_check::report::text::render_file(&mut text, &f, self.options);
        self.put(&text)
    }

    fn put(&mut self, text: &str) -> Result<(), Failure> {
        use std::io::Write as _;
        self.out
            .write_all(text.as_bytes())
            .map_err(crate::out::written)
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
        self.out.flush().map_err(crate::out::written)?;
        Ok(self.totals)
    }
}
