//! `flinkconf plan`: two folders of 20 deployments (written by `scripts/gen_plan_fleet.py`) planned
//! in every output format, compared with the expected outputs (`BLESS=1` rewrites them); the JSON
//! against its committed schema; `--fail-on`; `--git` against a revision and between two.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::support::flinkconf;

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/plan")
        .join(rel)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn plan(args: &[&str]) -> Output {
    flinkconf()
        .arg("plan")
        .args(args)
        .current_dir(data(""))
        .output()
        .unwrap()
}

/// Compares `actual` with the expected file, or writes it under `BLESS=1`.
fn expect(name: &str, actual: &str) {
    let path = data(&format!("expected/{name}"));
    if std::env::var_os("BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("{} is missing; run with BLESS=1", path.display()));
    assert_eq!(actual, expected, "{name} differs (BLESS=1 rewrites it)");
}

#[test]
fn the_plan_of_twenty_deployments_in_text_markdown_and_json() {
    for (format, file) in [
        ("text", "plan.txt"),
        ("markdown", "plan.md"),
        ("json", "plan.json"),
    ] {
        let o = plan(&["old", "new", "--output-format", format]);
        assert!(o.status.success(), "{}", text(&o.stderr));
        expect(file, &text(&o.stdout));
    }
}

#[test]
fn the_json_plan_follows_its_schema() {
    let o = plan(&["old", "new", "--output-format", "json"]);
    let schema =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../options-check/schema/plan.schema.json");
    let check = std::process::Command::new("python3")
        .arg("-c")
        .arg("import json, sys, jsonschema\nschema = json.load(open(sys.argv[1]))\njsonschema.Draft202012Validator.check_schema(schema)\njsonschema.Draft202012Validator(schema).validate(json.loads(sys.stdin.read()))\nprint('valid')")
        .arg(&schema)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("python3 runs (see .ci/run for jsonschema)");
    use std::io::Write as _;
    check.stdin.as_ref().unwrap().write_all(&o.stdout).unwrap();
    let out = check.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
}

#[test]
fn fail_on_exits_1_when_a_deployment_reaches_the_level() {
    // The fleet has redeploys, upgrades and rescales: every level fails it.
    for level in ["scale", "upgrade", "savepoint-redeploy"] {
        let o = plan(&["old", "new", "--fail-on", level]);
        assert_eq!(o.status.code(), Some(1), "{level}: {}", text(&o.stderr));
    }
    // One file changed only in an autoscaler key: nothing restarts.
    let (old, new) = ("old/team02/job-0002.yaml", "new/team02/job-0002.yaml");
    let o = plan(&[old, new, "--fail-on", "scale"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
    assert!(
        text(&o.stdout).contains("job-0002: IGNORE"),
        "{}",
        text(&o.stdout)
    );
}

#[test]
fn an_unknown_operator_release_or_fail_on_level_is_refused() {
    let o = plan(&["old", "new", "--operator-release", "1.9"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("1.9"), "{}", text(&o.stderr));
    let o = plan(&["old", "new", "--fail-on", "restart"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("expected scale, upgrade or savepoint-redeploy"));
}

fn git(dir: &Path, args: &[&str]) {
    let o = std::process::Command::new("git")
        .arg("-C")
        .arg(dir)
        .args([
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@t",
            "-c",
            "commit.gpgsign=false",
        ])
        .args(args)
        .output()
        .unwrap();
    assert!(o.status.success(), "git {args:?}: {}", text(&o.stderr));
}

/// Copies every file under `from` into `to`.
fn copy(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
            copy(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

#[test]
fn git_plans_the_working_tree_against_a_revision_and_one_revision_against_another() {
    let repo = tempfile::tempdir().unwrap();
    let deploy = repo.path().join("deploy");
    std::fs::create_dir_all(&deploy).unwrap();
    copy(&data("old"), &deploy);
    git(repo.path(), &["init", "-q"]);
    git(repo.path(), &["add", "."]);
    git(repo.path(), &["commit", "-q", "-m", "old"]);
    std::fs::remove_dir_all(&deploy).unwrap();
    std::fs::create_dir_all(&deploy).unwrap();
    copy(&data("new"), &deploy);
    let by_dirs = plan(&["old", "new"]);
    let run = |args: &[&str]| {
        let o = flinkconf()
            .arg("plan")
            .args(args)
            .current_dir(repo.path())
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", text(&o.stderr));
        text(&o.stdout)
    };
    // Paths differ (deploy/...), the plan does not: compare the summaries.
    let last = |s: &str| s.lines().last().unwrap_or_default().to_owned();
    let worktree = run(&["--git", "HEAD", "deploy"]);
    assert_eq!(last(&worktree), last(&text(&by_dirs.stdout)));
    assert!(
        worktree.contains("(deploy/team00/job-0015.yaml:1)"),
        "{worktree}"
    );
    git(repo.path(), &["add", "-A"]);
    git(repo.path(), &["commit", "-q", "-m", "new"]);
    let revisions = run(&["--git", "HEAD~1..HEAD"]);
    assert_eq!(last(&revisions), last(&text(&by_dirs.stdout)));
}
