//! `flinkconf plan`: what a change of Kubernetes manifests does to the running jobs, by the
//! operator's rules (`options_check::plan`), rendered as text, a Markdown table for a pull
//! request, or JSON (`options-check/schema/plan.schema.json`).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use options_check::plan::sides::{ManifestFile, Side};
use options_check::plan::{plan, DeploymentPlan, FailOn, Plan, PlanOptions, StateFate};
use options_check::rules::Level;
use serde_json::{json, Value};

use crate::failure::{exit, Failure};

/// `flinkconf plan OLD NEW`, `flinkconf plan --git REV [PATH...]`, `--git A..B`.
#[derive(Args, Debug, Clone)]
pub(crate) struct PlanArgs {
    /// Without --git: the manifests before and after (two files, or two directories whose
    /// resources are paired by kind, namespace and name). With --git: the paths to plan (the
    /// current directory when none).
    #[arg(value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// Compare the working tree with revision REV, or revision A with revision B (`A..B`), of the
    /// git repository of the current directory.
    #[arg(long, value_name = "REV|A..B")]
    git: Option<String>,
    /// Apply the rules of this operator release (`1.13`); the newest when left out.
    #[arg(long, value_name = "V")]
    operator_release: Option<String>,
    /// text (default), markdown (a table for a pull-request comment) or json.
    #[arg(long, value_name = "FORMAT", default_value = "text")]
    output_format: PlanFormat,
    /// Exit 1 when a deployment would at least rescale (`scale`), restart (`upgrade`; a rescale
    /// that cannot happen in place counts) or be redeployed from a savepoint or removed
    /// (`savepoint-redeploy`).
    #[arg(long, value_name = "LEVEL", value_parser = parse_fail_on)]
    fail_on: Option<FailOn>,
}

/// The output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum PlanFormat {
    Text,
    Markdown,
    Json,
}

fn parse_fail_on(s: &str) -> Result<FailOn, String> {
    s.parse()
}

/// Runs the command.
pub(crate) fn run(args: &PlanArgs) -> Result<ExitCode, Failure> {
    let options = match &args.operator_release {
        Some(v) => PlanOptions::at(v).map_err(|e| Failure::Invalid(e.to_string()))?,
        None => PlanOptions::newest(),
    };
    let (old, new) = sides(args)?;
    let planned = plan(&old, &new, &options);
    let text = match args.output_format {
        PlanFormat::Text => text(&planned),
        PlanFormat::Markdown => markdown(&planned),
        PlanFormat::Json => {
            let mut out = serde_json::to_string_pretty(&to_json(&planned))
                .map_err(|e| Failure::Internal(e.to_string()))?;
            out.push('\n');
            out
        }
    };
    crate::out::print(text)?;
    Ok(exit(args.fail_on.is_some_and(|f| planned.fails(f))))
}

/// The two sides the arguments name.
fn sides(args: &PlanArgs) -> Result<(Side, Side), Failure> {
    let read = |e: options_check::plan::sides::SideError| Failure::Invalid(e.to_string());
    let Some(rev) = &args.git else {
        let [old, new] = args.paths.as_slice() else {
            return Err(Failure::Invalid(format!(
                "plan takes two paths, OLD and NEW (got {}); or --git REV [PATH...]",
                args.paths.len()
            )));
        };
        return Ok((
            Side::from_path(old).map_err(read)?,
            Side::from_path(new).map_err(read)?,
        ));
    };
    let here = Path::new(".");
    match rev.split_once("..") {
        Some((a, b)) => Ok((
            Side::from_git(here, a, &args.paths).map_err(read)?,
            Side::from_git(here, b, &args.paths).map_err(read)?,
        )),
        None => {
            let paths = if args.paths.is_empty() {
                vec![PathBuf::from(".")]
            } else {
                args.paths.clone()
            };
            let mut working = Side::default();
            for path in &paths {
                let side = Side::from_path(path).map_err(read)?;
                working
                    .files
                    .extend(side.files.into_iter().map(|f| ManifestFile {
                        path: shown_under(path, &f.path),
                        read: f.read,
                    }));
            }
            Ok((
                Side::from_git(here, rev, &args.paths).map_err(read)?,
                working,
            ))
        }
    }
}

/// A file found under `given` as the git side shows it: relative to the current directory.
fn shown_under(given: &Path, found: &str) -> String {
    if given.is_file() {
        return given.display().to_string();
    }
    let joined = given.join(found);
    joined
        .strip_prefix(".")
        .unwrap_or(&joined)
        .to_string_lossy()
        .replace('\\', "/")
}

/// `FlinkDeployment team/orders`.
fn title(d: &DeploymentPlan) -> String {
    format!("{} {}/{}", d.kind, d.namespace, d.name)
}

/// `kept (upgradeMode savepoint)`, `lost (upgradeMode stateless)`, `-`.
fn state(d: &DeploymentPlan) -> String {
    let words = |s: StateFate| match s {
        StateFate::FromInitialSavepoint => "from initialSavepointPath",
        other => other.name(),
    };
    match (d.state, &d.upgrade_mode) {
        (Some(StateFate::FromInitialSavepoint), _) => "from initialSavepointPath".to_owned(),
        (Some(s), Some(m)) => format!("{} (upgradeMode {m})", words(s)),
        (Some(s), None) => words(s).to_owned(),
        (None, _) => "-".to_owned(),
    }
}

/// `1 error, 2 warnings`, `-`.
fn finding_counts(d: &DeploymentPlan) -> String {
    let count = |level: Level| d.findings.iter().filter(|f| f.level == level).count();
    let parts: Vec<String> = [
        (Level::Error, "error"),
        (Level::Warning, "warning"),
        (Level::Note, "note"),
    ]
    .into_iter()
    .filter_map(|(level, word)| match count(level) {
        0 => None,
        1 => Some(format!("1 {word}")),
        n => Some(format!("{n} {word}s")),
    })
    .collect();
    if parts.is_empty() {
        "-".to_owned()
    } else {
        parts.join(", ")
    }
}

fn value(v: &Option<String>) -> &str {
    v.as_deref().unwrap_or("(unset)")
}

/// One summary line: how many of each outcome.
fn summary(plan: &Plan) -> String {
    let mut counts: Vec<(String, usize)> = Vec::new();
    for d in &plan.deployments {
        let name = d.outcome.name().to_owned();
        match counts.iter_mut().find(|(n, _)| *n == name) {
            Some((_, n)) => *n += 1,
            None => counts.push((name, 1)),
        }
    }
    let mut parts: Vec<String> = counts.iter().map(|(n, c)| format!("{c} {n}")).collect();
    parts.push(format!("{} unchanged", plan.unchanged));
    format!(
        "{} ({}), by the rules of operator {}",
        match plan.deployments.len() {
            1 => "1 resource differs".to_owned(),
            n => format!("{n} resources differ"),
        },
        parts.join(", "),
        plan.operator_release
    )
}

/// The text report: each resource, worst first, with its changes, notes and findings.
fn text(plan: &Plan) -> String {
    let mut out = String::new();
    for d in &plan.deployments {
        let _ = writeln!(out, "{}: {} ({}:{})", title(d), d.outcome, d.file, d.line);
        let _ = writeln!(out, "  state: {}", state(d));
        if let Some(in_place) = d.in_place_scaling {
            let _ = writeln!(
                out,
                "  in-place scaling: {}",
                if in_place { "yes" } else { "no" }
            );
        }
        for c in &d.changes {
            let spelling = if c.spelling_only {
                " (spelling only)"
            } else {
                ""
            };
            let _ = writeln!(
                out,
                "  {:<18} {}: {} -> {}{spelling}",
                c.diff.name(),
                c.path,
                value(&c.old),
                value(&c.new)
            );
        }
        for n in &d.notes {
            let _ = writeln!(out, "  - {n}");
        }
        for f in &d.findings {
            let _ = writeln!(
                out,
                "  {}:{}: {}[{}]: {}",
                d.file,
                f.line,
                f.level.name(),
                f.rule.id(),
                f.message
            );
        }
        out.push('\n');
    }
    for n in &plan.notes {
        let _ = writeln!(out, "note: {n}");
    }
    let _ = writeln!(out, "{}", summary(plan));
    out
}

/// Text for a Markdown table cell: `|` escaped, one line.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

/// `` `text` `` for a cell (backticks inside dropped).
fn code(text: &str) -> String {
    format!("`{}`", cell(&text.replace('`', "")))
}

/// The Markdown report: a heading, one table row per resource (worst first), and each
/// resource's changes, notes and findings in a collapsed section.
fn markdown(plan: &Plan) -> String {
    let mut out = String::from("### flinkconf plan\n\n");
    if plan.deployments.is_empty() {
        let _ = writeln!(out, "No resource changes. {}\n", summary(plan));
        return out;
    }
    out.push_str(
        "| Resource | Operator diff | State | Changes | Findings |\n|---|---|---|---|---|\n",
    );
    for d in &plan.deployments {
        let changes = if d.changes.is_empty() {
            "-".to_owned()
        } else {
            d.changes
                .iter()
                .take(3)
                .map(|c| {
                    let path = c.path.trim_start_matches("spec.");
                    format!("{} {}", code(path), c.diff.name())
                })
                .chain((d.changes.len() > 3).then(|| format!("and {} more", d.changes.len() - 3)))
                .collect::<Vec<_>>()
                .join("<br>")
        };
        let scaling = match d.in_place_scaling {
            Some(true) => " (in place)",
            Some(false) => " (not in place: upgrade)",
            None => "",
        };
        let findings = finding_counts(d);
        let _ = writeln!(
            out,
            "| {} | **{}**{scaling} | {} | {changes} | {findings} |",
            cell(&title(d)),
            d.outcome,
            cell(&state(d)),
        );
    }
    let _ = writeln!(out, "\n{}\n", summary(plan));
    for d in &plan.deployments {
        let _ = writeln!(
            out,
            "<details><summary>{} — {}</summary>\n",
            cell(&title(d)),
            d.outcome
        );
        let _ = writeln!(out, "File: {} (line {})\n", code(&d.file), d.line);
        if !d.changes.is_empty() {
            out.push_str("| Path | Before | After | Diff |\n|---|---|---|---|\n");
            for c in &d.changes {
                let spelling = if c.spelling_only {
                    " (spelling only)"
                } else {
                    ""
                };
                let _ = writeln!(
                    out,
                    "| {} | {} | {} | {}{spelling} |",
                    code(&c.path),
                    code(value(&c.old)),
                    code(value(&c.new)),
                    c.diff
                );
            }
            out.push('\n');
        }
        for n in &d.notes {
            let _ = writeln!(out, "- {}", cell(n));
        }
        for f in &d.findings {
            let _ = writeln!(
                out,
                "- {} `{}` line {}: {}",
                f.level.name(),
                f.rule.id(),
                f.line,
                cell(&f.message)
            );
        }
        out.push_str("\n</details>\n\n");
    }
    out
}

/// The JSON document (`options-check/schema/plan.schema.json`).
fn to_json(plan: &Plan) -> Value {
    let deployments: Vec<Value> = plan
        .deployments
        .iter()
        .map(|d| {
            json!({
                "kind": d.kind.name(),
                "namespace": d.namespace,
                "name": d.name,
                "file": d.file,
                "line": d.line,
                "diff": d.outcome.name(),
                "mode": d.mode.name(),
                "upgrade_mode": d.upgrade_mode,
                "state": d.state.map(|s| s.name()),
                "in_place_scaling": d.in_place_scaling,
                "changes": d.changes.iter().map(|c| json!({
                    "path": c.path,
                    "old": c.old,
                    "new": c.new,
                    "diff": c.diff.name(),
                    "spelling_only": c.spelling_only,
                    "line": c.line,
                })).collect::<Vec<_>>(),
                "notes": d.notes,
                "findings": d.findings.iter().map(|f| json!({
                    "rule": f.rule.id(),
                    "level": f.level.name(),
                    "line": f.line,
                    "column": f.column,
                    "message": f.message,
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({
        "version": 1,
        "operator_release": plan.operator_release,
        "deployments": deployments,
        "unchanged": plan.unchanged,
        "notes": plan.notes,
    })
}
