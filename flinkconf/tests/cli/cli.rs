//! Exit codes and messages of the `flinkconf` binary (0 ok, 1 difference or invalid input, 2 usage or
//! internal error), run on the fixture catalogue.

use std::fs;
use std::process::Output;

use crate::support::flinkconf;

fn run(args: &[&str]) -> Output {
    flinkconf().args(args).output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

struct Site {
    dir: tempfile::TempDir,
    catalogue: String,
    out: String,
}

impl Site {
    /// Runs `generate` again over this site's output.
    fn regenerate(&self) -> Output {
        run(&[
            "generate",
            "--catalogue",
            &self.catalogue,
            "--out",
            &self.out,
        ])
    }
}

/// A generated fixture site in a fresh temporary directory.
fn generated() -> Site {
    let dir = tempfile::tempdir().unwrap();
    let catalogue = crate::support::write_catalogue(dir.path())
        .display()
        .to_string();
    let out = dir.path().join("site").display().to_string();
    let o = run(&["generate", "--catalogue", &catalogue, "--out", &out]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    Site {
        dir,
        catalogue,
        out,
    }
}

#[test]
fn generate_prints_where_the_index_is() {
    let dir = tempfile::tempdir().unwrap();
    let catalogue = crate::support::write_catalogue(dir.path())
        .display()
        .to_string();
    let out = dir.path().join("site");
    let o = run(&[
        "generate",
        "--catalogue",
        &catalogue,
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0));
    let index = fs::canonicalize(&out).unwrap().join("index.html");
    assert!(
        stdout(&o).contains(&format!("Reference site: {}", index.display())),
        "{}",
        stdout(&o)
    );
    assert!(index.is_file());
}

#[test]
fn check_right_after_generate_exits_0() {
    let site = generated();
    let o = run(&["check", "--catalogue", &site.catalogue, "--out", &site.out]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).ends_with("is up to date.\n"));
}

#[test]
fn check_names_edited_missing_and_extra_files_and_the_fix() {
    let site = generated();
    let out = std::path::Path::new(&site.out);
    let md = out.join("markdown/python.md");
    let text = fs::read_to_string(&md)
        .unwrap()
        .replace("Archives shipped", "Archives sent");
    fs::write(&md, text).unwrap();
    fs::remove_file(out.join("python.html")).unwrap();
    fs::write(out.join("old.html"), "stale").unwrap();
    let o = run(&["check", "--catalogue", &site.catalogue, "--out", &site.out]);
    assert_eq!(o.status.code(), Some(1));
    let text = stdout(&o);
    assert!(
        text.contains(&format!("--- {}/markdown/python.md (on disk)", site.out)),
        "{text}"
    );
    assert!(text.contains("-| <a id=\"python-archives\"></a>`python.archives` | `\"a.zip\";\"b.zip\"` | `List<String>` | Archives sent to the workers.<br>Set: "), "{text}");
    assert!(text.contains(&format!(
        "missing: {}/python.html (flinkconf generates it)",
        site.out
    )));
    assert!(text.contains(&format!(
        "extra: {}/old.html (flinkconf no longer generates it)",
        site.out
    )));
    let fix = format!(
        "    cargo run -p flinkconf -- generate --out {} --catalogue {}\n",
        site.out, site.catalogue
    );
    assert!(text.ends_with(&fix), "{text}");
}

#[test]
fn check_never_writes() {
    let site = generated();
    let index = std::path::Path::new(&site.out).join("index.html");
    fs::write(&index, "edited").unwrap();
    run(&["check", "--catalogue", &site.catalogue, "--out", &site.out]);
    assert_eq!(fs::read_to_string(&index).unwrap(), "edited");
}

#[test]
fn check_of_a_missing_directory_exits_1() {
    let site = generated();
    let missing = site.dir.path().join("nowhere").display().to_string();
    let o = run(&["check", "--catalogue", &site.catalogue, "--out", &missing]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("missing: "));
}

#[test]
fn generate_removes_files_it_no_longer_produces() {
    let site = generated();
    let extra = std::path::Path::new(&site.out).join("fragments/gone.html");
    fs::write(&extra, "old").unwrap();
    let o = site.regenerate();
    assert_eq!(o.status.code(), Some(0));
    assert!(!extra.exists());
    let o = run(&["check", "--catalogue", &site.catalogue, "--out", &site.out]);
    assert_eq!(o.status.code(), Some(0));
}

/// A second `generate` keeps the files that did not change (the same file, not a copy written
/// again) and writes the ones that did; nothing is left sharing a file with the old output.
#[cfg(unix)]
#[test]
fn regenerating_keeps_unchanged_files_and_rewrites_edited_ones() {
    use std::os::unix::fs::MetadataExt;
    let site = generated();
    let out = std::path::Path::new(&site.out);
    let kept = out.join("index.html");
    let edited = out.join("python.html");
    let generated_text = fs::read_to_string(&edited).unwrap();
    fs::write(&edited, "edited by hand").unwrap();
    let (kept_inode, edited_inode) = (
        fs::metadata(&kept).unwrap().ino(),
        fs::metadata(&edited).unwrap().ino(),
    );
    let o = site.regenerate();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let (kept_meta, edited_meta) = (fs::metadata(&kept).unwrap(), fs::metadata(&edited).unwrap());
    assert_eq!(
        kept_meta.ino(),
        kept_inode,
        "an unchanged file was written again"
    );
    assert_eq!(
        kept_meta.nlink(),
        1,
        "the kept file still has a second name"
    );
    assert_ne!(edited_meta.ino(), edited_inode, "the edited file was kept");
    assert_eq!(fs::read_to_string(&edited).unwrap(), generated_text);
    let o = run(&["check", "--catalogue", &site.catalogue, "--out", &site.out]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let leftovers: Vec<_> = fs::read_dir(site.dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with(".generated-"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn a_failed_generate_leaves_the_old_output_intact() {
    let site = generated();
    let templates = site.dir.path().join("broken");
    fs::create_dir(&templates).unwrap();
    fs::write(templates.join("section.html"), "{% block content %}").unwrap();
    let before = fs::read_to_string(std::path::Path::new(&site.out).join("python.html")).unwrap();
    let t = templates.display().to_string();
    let o = run(&[
        "generate",
        "--catalogue",
        &site.catalogue,
        "--templates",
        &t,
        "--out",
        &site.out,
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with("error: template error"),
        "{}",
        stderr(&o)
    );
    let after = fs::read_to_string(std::path::Path::new(&site.out).join("python.html")).unwrap();
    assert_eq!(before, after);
}

#[test]
fn generate_refuses_to_replace_a_directory_that_is_not_generated_output() {
    let site = generated();
    let other = site.dir.path().join("notes");
    fs::create_dir(&other).unwrap();
    fs::write(other.join("todo.txt"), "keep me").unwrap();
    let o = run(&[
        "generate",
        "--catalogue",
        &site.catalogue,
        "--out",
        other.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("not generated output"),
        "{}",
        stderr(&o)
    );
    assert_eq!(
        fs::read_to_string(other.join("todo.txt")).unwrap(),
        "keep me"
    );
}

#[test]
fn a_missing_templates_directory_exits_2() {
    let site = generated();
    let o = run(&[
        "check",
        "--catalogue",
        &site.catalogue,
        "--templates",
        "/no/such/dir",
        "--out",
        &site.out,
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "error: template directory /no/such/dir does not exist (pass an existing directory to --templates, or leave it out to use the built-in templates)\n"
    );
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(run(&["publish"]).status.code(), Some(2));
    assert_eq!(run(&["diff", "only-one.json"]).status.code(), Some(2));
    assert_eq!(run(&[]).status.code(), Some(2));
}

#[test]
fn a_catalogue_of_another_format_version_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("future.json");
    fs::write(&path, r#"{"format_version": 9, "sections": []}"#).unwrap();
    let o = run(&["explain", "a.b", "--catalogue", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("unsupported catalogue format_version 9 (this version reads 3)"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn explain_prints_a_missing_scope_as_every_output_does() {
    let site = generated();
    let o = run(&[
        "explain",
        "python.executable",
        "--catalogue",
        &site.catalogue,
    ]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("\nScope:   -\n"), "{}", stdout(&o));
}

#[test]
fn explain_prints_one_option() {
    let site = generated();
    let o = run(&[
        "explain",
        "table.exec.resource.default-parallelism",
        "--catalogue",
        &site.catalogue,
    ]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        "table.exec.resource.default-parallelism\n\
         =======================================\n\
         Section: Execution Options\n\
         Type:    Integer\n\
         Default: -1\n\
         Scope:   batch, streaming\n\
         Deprecated keys: table.exec.default-parallelism\n\
         Since: 1.10\n\
         How to set:\n\
         \x20 SQL:         SET 'table.exec.resource.default-parallelism' = '-1';\n\
         \x20 config.yaml: table.exec.resource.default-parallelism: -1\n\
         \x20 Environment: FLINK_TABLE_EXEC_RESOURCE_DEFAULT__PARALLELISM=-1\n\
         \x20 Argument:    -Dtable.exec.resource.default-parallelism=-1\n\
         \n\
         Default parallelism of every operator; `-1` uses the environment's.\n\
         \n\
         The description may mention <script>alert(1)</script>, which shows as text.\n"
    );
}

#[test]
fn explain_an_unknown_key_suggests_and_exits_1() {
    let site = generated();
    let o = run(&[
        "explain",
        "table.exec.mini-batch.enabeld",
        "--catalogue",
        &site.catalogue,
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "error: unknown configuration key \"table.exec.mini-batch.enabeld\"; did you mean \"table.exec.mini-batch.enabled\"?\n"
    );
}

#[test]
fn explain_a_deprecated_key_names_the_current_option() {
    let site = generated();
    let o = run(&[
        "explain",
        "table.exec.default-parallelism",
        "--catalogue",
        &site.catalogue,
    ]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).starts_with(
        "table.exec.default-parallelism is a deprecated key of table.exec.resource.default-parallelism.\n\n\
         table.exec.resource.default-parallelism\n"
    ));
}

#[test]
fn explain_an_instance_of_a_pattern_key_shows_the_pattern() {
    let o = run(&["explain", "metrics.reporter.prom.interval"]);
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(
        out.starts_with("metrics.reporter.prom.interval is an instance of the pattern key metrics.reporter.<name>.interval.\n\nmetrics.reporter.<name>.interval\n"),
        "{out}"
    );
    assert!(out.contains("Default: 10 s\n"), "{out}");
    let empty = run(&["explain", "metrics.reporter..interval"]);
    assert_eq!(empty.status.code(), Some(1));
    assert_eq!(
        stderr(&empty),
        "error: configuration key \"metrics.reporter..interval\" leaves <name> of \"metrics.reporter.<name>.interval\" empty; name it, e.g. \"metrics.reporter.my-name.interval\"\n"
    );
}

#[test]
fn the_built_in_site_holds_every_release_the_operator_and_the_rules() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("site");
    let o = run(&["generate", "--out", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let facts = fs::read_to_string(out.join("assets/release-facts.js")).unwrap();
    assert!(facts.contains(r#""releases":["1.19","1.20","2.0","2.1","2.2","2.3"]"#));
    let index = fs::read_to_string(out.join("index.html")).unwrap();
    assert!(index.contains(r#"<a href="operator/index.html">"#));
    assert!(index.contains(r#"<a href="rules/index.html">"#));
    for file in [
        "operator/index.html",
        "operator/catalogue.json",
        "operator/config.schema.json",
        "operator/assets/release-facts.js",
        "rules/index.html",
        "rules/unknown-key.html",
    ] {
        assert!(out.join(file).is_file(), "{file}");
    }
    let operator = fs::read_to_string(out.join("operator/assets/release-facts.js")).unwrap();
    assert!(operator.contains(r#""releases":["1.10","1.11","1.12","1.13","1.14","1.15"]"#));
    let rules = fs::read_to_string(out.join("rules/index.html")).unwrap();
    assert!(
        rules.contains(r#"href="unknown-key.html""#),
        "rule links point at pages"
    );
    let o = run(&["check", "--out", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
}

#[test]
fn a_site_of_one_earlier_release_picks_among_the_releases_up_to_it() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("site");
    let o = run(&[
        "generate",
        "--release",
        "2.0",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let facts = fs::read_to_string(out.join("assets/release-facts.js")).unwrap();
    assert!(facts.contains(r#""releases":["1.19","1.20","2.0"]"#));
    assert!(
        !out.join("operator").exists(),
        "the operator goes with the whole site only"
    );
}
