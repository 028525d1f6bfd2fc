//! `flinkconf validate` on a realistic config.yaml with a typo, a bad duration and a deprecated key.

use options_check::validate::{check_text, check_text_with, render_report, CheckOptions};
use options_docs::source::Loaded;
use std::fmt::Write as _;

use options_core::layers::Strictness;

const CONFIG: &str = "\
# Session defaults for the nightly jobs.
table:
  exec:
    mini-batch:
      enabeld: true
      allow-latency: 5 s
    async-lookup.timeout: 3 mins
table.exec.default-parallelism: 4
python.executable: python3
";

const EXPECTED: &str = "\
config.yaml:5:7: error: unknown configuration key \"table.exec.mini-batch.enabeld\"; did you mean \"table.exec.mini-batch.enabled\"?
config.yaml:7:5: error: invalid value \"3 mins\" for table.exec.async-lookup.timeout: expected a Duration such as \"3 min\" or \"500 ms\" (unknown unit \"mins\")
config.yaml:8:1: warning: \"table.exec.default-parallelism\" is a deprecated key; use \"table.exec.resource.default-parallelism\" instead
config.yaml: 2 errors and 1 warning
";

#[test]
fn the_binary_reports_each_problem_with_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let catalogue = crate::support::write_catalogue(dir.path());
    std::fs::write(dir.path().join("config.yaml"), CONFIG).unwrap();
    let o = crate::support::flinkconf()
        .current_dir(dir.path())
        .args([
            "validate",
            "config.yaml",
            "--strict",
            "--catalogue",
            catalogue.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&o.stdout), EXPECTED);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn unknown_keys_are_warnings_unless_strict() {
    let loaded = Loaded::from_catalogue(crate::support::catalogue());
    let problems = check_text(&loaded, CONFIG);
    assert_eq!(
        render_report("config.yaml", &problems),
        "\
config.yaml:5:7: warning: unknown configuration key \"table.exec.mini-batch.enabeld\" (passed through as is); did you mean \"table.exec.mini-batch.enabled\"?
config.yaml:7:5: error: invalid value \"3 mins\" for table.exec.async-lookup.timeout: expected a Duration such as \"3 min\" or \"500 ms\" (unknown unit \"mins\")
config.yaml:8:1: warning: \"table.exec.default-parallelism\" is a deprecated key; use \"table.exec.resource.default-parallelism\" instead
config.yaml: 1 error and 2 warnings
"
    );
}

#[test]
fn a_live_catalogue_reports_the_same_problems() {
    let loaded = Loaded::from_catalogue(crate::support::catalogue());
    let problems = check_text_with(&loaded, CONFIG, &CheckOptions::new(Strictness::Strict));
    assert_eq!(render_report("config.yaml", &problems), EXPECTED);
}

#[test]
fn dash_d_lines_are_checked_too() {
    let loaded = Loaded::from_catalogue(crate::support::catalogue());
    let text = "-Dtable.exec.mini-batch.enabled=yes\n# comment\n-Dpython.executable=python3\n";
    let problems = check_text(&loaded, text);
    assert_eq!(
        render_report("flags.txt", &problems),
        "flags.txt:1:3: error: invalid value \"yes\" for table.exec.mini-batch.enabled: expected a Boolean such as \"true\" or \"false\"\n\
         flags.txt: 1 error and 0 warnings\n"
    );
}

#[test]
fn enum_values_are_checked_from_a_catalogue_file() {
    let dir = tempfile::tempdir().unwrap();
    let loaded = Loaded::from_json_file(&crate::support::write_catalogue(dir.path())).unwrap();
    let problems = check_text(&loaded, "table.exec.shuffle-mode: SOMETIMES\n");
    assert_eq!(
        render_report("config.yaml", &problems),
        "config.yaml:1:1: error: invalid value \"SOMETIMES\" for table.exec.shuffle-mode: must be one of ALL_EDGES_BLOCKING, ALL_EDGES_PIPELINED\n\
         config.yaml:1:1: warning: option \"table.exec.shuffle-mode\" is deprecated; see `flinkconf explain table.exec.shuffle-mode`\n\
         config.yaml: 1 error and 1 warning\n"
    );
}

#[test]
fn a_clean_file_exits_0() {
    let dir = tempfile::tempdir().unwrap();
    let catalogue = crate::support::write_catalogue(dir.path());
    let file = dir.path().join("ok.yaml");
    std::fs::write(&file, "table.exec.mini-batch.enabled: true\n").unwrap();
    let o = crate::support::flinkconf()
        .args([
            "validate",
            file.to_str().unwrap(),
            "--catalogue",
            catalogue.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stdout).ends_with(": ok\n"));
}

#[test]
fn nesting_under_a_map_option_is_its_value() {
    let loaded = options_check::builtin::at(None).unwrap();
    let text = "python.job-options:\n  pipeline.name: nightly\n  owner: data\n";
    let problems = check_text(&loaded, text);
    assert_eq!(render_report("config.yaml", &problems), "config.yaml: ok\n");
}

#[test]
fn the_binary_checks_against_the_built_in_catalogue_by_default() {
    let dir = tempfile::tempdir().unwrap();
    let config = "\
execution.runtime-mode: streaming
parallelism.default: 4
table:
  exec:
    mini-batch.enabeld: true
    async-lookup.timeout: 3 mins
    async-scalar.buffer-capacity: 20
";
    std::fs::write(dir.path().join("config.yaml"), config).unwrap();
    let o = crate::support::flinkconf()
        .current_dir(dir.path())
        .args(["validate", "config.yaml"])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "\
config.yaml:5:5: warning: unknown configuration key \"table.exec.mini-batch.enabeld\" (passed through as is); did you mean \"table.exec.mini-batch.enabled\"?
config.yaml:6:5: error: invalid value \"3 mins\" for table.exec.async-lookup.timeout: expected a Duration such as \"3 min\" or \"500 ms\" (unknown unit \"mins\")
config.yaml:7:5: warning: \"table.exec.async-scalar.buffer-capacity\" is a deprecated key; use \"table.exec.async-scalar.max-concurrent-operations\" instead
config.yaml: 1 error and 2 warnings
"
    );
    assert_eq!(o.status.code(), Some(1));
}

const URL_MAP: &str = "python:\n  job-options:\n    url: \"http://x:8080\"\n    owner: data\n";

#[test]
fn a_quoted_url_under_a_map_option_is_read_as_the_runtime_reads_it() {
    // The runtime's loader accepts this file (the value is `url:'http://x:8080',owner:data`).
    let runtime = options_core::yaml::load_config_yaml(
        URL_MAP,
        std::path::Path::new("config.yaml"),
        &options_flink::builtin::catalogue(),
        options_core::layers::Strictness::Strict,
    );
    assert!(runtime.is_ok(), "{runtime:?}");
    let live = options_check::builtin::at(None).unwrap();
    assert_eq!(
        render_report("config.yaml", &check_text(&live, URL_MAP)),
        "config.yaml: ok\n"
    );
    // The same from a catalogue file (no live parsers, the documented Map type).
    let from_file = Loaded::from_doc(live.doc.clone()).unwrap();
    assert_eq!(
        render_report("config.yaml", &check_text(&from_file, URL_MAP)),
        "config.yaml: ok\n"
    );
}

#[test]
fn every_yaml_error_is_reported_with_its_line_and_column() {
    let text = "\
table.exec.mini-batch.enabled: false
table:
  exec:
    mini-batch.enabled: true
    async-lookup.timeout:
parallelism.default: 4
parallelism.defualt: 8
parallelism.default: 5
";
    let o = {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("config.yaml"), text).unwrap();
        crate::support::flinkconf()
            .current_dir(dir.path())
            .args(["validate", "config.yaml"])
            .output()
            .unwrap()
    };
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "\
config.yaml:4:5: error: duplicate key \"table.exec.mini-batch.enabled\" (first at line 1)
config.yaml:5:5: error: key \"table.exec.async-lookup.timeout\" has no value; give it a value or remove the line
config.yaml:7:1: warning: unknown configuration key \"parallelism.defualt\" (passed through as is); did you mean \"parallelism.default\"?
config.yaml:8:1: error: duplicate key \"parallelism.default\" (first at line 6)
config.yaml: 3 errors and 1 warning
"
    );
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn list_values_are_split_with_the_list_grammar() {
    // `'a;b';c` is two items; a quote that is never closed is an error naming the List type.
    let mut doc = crate::support::doc();
    let archives = doc.sections[1]
        .options
        .iter_mut()
        .find(|o| o.key == "python.archives")
        .unwrap();
    archives.value_type.kind = "Integer".into();
    archives.value_type.name = "List<Integer>".into();
    let loaded = Loaded::from_doc(doc).unwrap();
    assert_eq!(
        render_report("c.yaml", &check_text(&loaded, "python.archives: \"'1;2';3\"\n")),
        "c.yaml:1:1: error: invalid value \"'1;2';3\" for python.archives: expected a List<Integer> such as items separated by ';' (\"42\" each) (item 1 \"1;2\": only digits with an optional leading + or - are allowed)\nc.yaml: 1 error and 0 warnings\n"
    );
    assert_eq!(
        render_report("c.yaml", &check_text(&loaded, "python.archives: \"'1;2\"\n")),
        "c.yaml:1:1: error: invalid value \"'1;2\" for python.archives: expected a List<Integer> such as items separated by ';' (\"42\" each) (the quote ' at character 1 is never closed)\nc.yaml: 1 error and 0 warnings\n"
    );
    assert_eq!(
        render_report("c.yaml", &check_text(&loaded, "python.archives: 1;2;3\n")),
        "c.yaml: ok\n"
    );
}

#[test]
fn a_reporter_parameter_is_accepted_and_an_unknown_secret_is_a_warning_without_its_value() {
    let dir = tempfile::tempdir().unwrap();
    let config = "\
metrics.reporter.prom.factory.class: org.apache.flink.metrics.prometheus.PrometheusReporterFactory
metrics.reporter.prom.port: 9249
metrics.reporter.prom.interval: 15 s
metrics.reporter.jmx.interval: 15 mins
metrics.reporter..port: 9250
myplugin.secret-key: abc-do-not-print
";
    std::fs::write(dir.path().join("config.yaml"), config).unwrap();
    let run = |strict: bool| {
        let mut args = vec!["validate", "config.yaml"];
        args.extend(strict.then_some("--strict"));
        crate::support::flinkconf()
            .current_dir(dir.path())
            .args(args)
            .output()
            .unwrap()
    };
    let o = run(false);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(
        out,
        "\
config.yaml:4:1: error: invalid value \"15 mins\" for metrics.reporter.jmx.interval: expected a Duration such as \"3 min\" or \"500 ms\" (unknown unit \"mins\")
config.yaml:5:1: error: configuration key \"metrics.reporter..port\" leaves <name> of \"metrics.reporter.<name>.port\" empty; name it, e.g. \"metrics.reporter.my-name.port\"
config.yaml:6:1: warning: unknown configuration key \"myplugin.secret-key\" (passed through as is)
config.yaml: 2 errors and 1 warning
"
    );
    assert!(!out.contains("abc-do-not-print"));
    assert_eq!(o.status.code(), Some(1));
    let strict = String::from_utf8_lossy(&run(true).stdout).into_owned();
    assert!(
        strict.contains(
            "config.yaml:6:1: error: unknown configuration key \"myplugin.secret-key\"\n"
        ),
        "{strict}"
    );
    assert!(!strict.contains("abc-do-not-print"));
}

#[test]
fn a_spelling_that_is_a_fallback_key_and_a_deprecated_key_means_the_fallback_option() {
    // The runtime (`Catalogue::resolve`) prefers a fallback key over a deprecated key of another
    // option; `validate` and `explain` must read the spelling the same way.
    let mut doc = crate::support::doc();
    let spelling = "shared.old-key".to_owned();
    doc.sections[0].options[0]
        .deprecated_keys
        .push(spelling.clone());
    let fallback_owner = doc.sections[1].options[0].key.clone();
    doc.sections[1].options[0]
        .fallback_keys
        .push(spelling.clone());
    let loaded = Loaded::from_doc(doc).unwrap();

    match options_docs::explain::lookup(&loaded.doc, &spelling) {
        options_docs::explain::Lookup::Alias(_, option, deprecated) => {
            assert_eq!(option.key, fallback_owner);
            assert!(!deprecated, "a fallback key, not a deprecated one");
        }
        other => panic!("expected the fallback option, got {other:?}"),
    }
    let report = render_report("c.yaml", &check_text(&loaded, "shared.old-key: x\n"));
    assert!(
        !report.contains("deprecated key"),
        "read as the fallback key of {fallback_owner}, not deprecated: {report}"
    );
}

#[test]
fn dash_d_lines_mean_what_they_mean_on_a_command_line() {
    // `-Dk= v` keeps the space in the value, at run time and in `validate` alike: both read the
    // line with `options_core::layers::parse_argument`.
    let loaded = Loaded::from_catalogue(crate::support::catalogue());
    for line in [
        "-Dtable.exec.mini-batch.enabled= true",
        "-Dtable.exec.mini-batch.enabled=true",
    ] {
        let runtime = options_core::LayeredConfig::builder()
            .catalogue(crate::support::catalogue())
            .args([line])
            .build();
        let report = render_report("flags.txt", &check_text(&loaded, line));
        assert_eq!(
            runtime.is_err(),
            report.contains("error:"),
            "{line}: runtime {runtime:?}, validate {report}"
        );
    }
    let spaced = check_text(&loaded, "-Dtable.exec.mini-batch.enabled= true");
    assert!(
        render_report("flags.txt", &spaced).contains("remove the surrounding whitespace"),
        "the value is \" true\", as on a command line"
    );
}

#[test]
fn a_report_of_many_problems_lists_the_first_hundred_and_counts_the_rest() {
    let loaded = Loaded::from_catalogue(options_flink::builtin::catalogue());
    // 250 distinct unknown keys, each a different casing of one real key.
    let text: String = (1..=250u32)
        .map(|i| {
            let key: String = "tableexec"
                .chars()
                .enumerate()
                .map(|(at, c)| {
                    if i >> at & 1 == 1 {
                        c.to_ascii_uppercase()
                    } else {
                        c
                    }
                })
                .collect();
            let key = format!("{}.{}.state.ttl", &key[..5], &key[5..]);
            format!("{key}: 1 h\n")
        })
        .collect();
    let problems = check_text_with(&loaded, &text, &CheckOptions::new(Strictness::Strict));
    assert_eq!(problems.len(), 250);
    let report = render_report("big.yaml", &problems);
    let lines: Vec<&str> = report.lines().collect();
    assert_eq!(lines.len(), options_check::validate::REPORT_LIMIT + 2);
    // Every unknown key keeps its suggestion, not only the first ones.
    assert!(
        problems[249].message.contains("did you mean"),
        "{}",
        problems[249].message
    );
    assert_eq!(
        lines[100],
        "big.yaml: ... 150 more not listed (150 errors and 0 warnings; the first 100 are above)"
    );
    assert_eq!(lines[101], "big.yaml: 250 errors and 0 warnings");
}

#[test]
fn positions_inside_block_mappings_point_at_the_offending_node() {
    let text = "\
pipeline.jars:
  - a.jar
  -
pipeline.cached-files:
  - ab: b
pipeline.global-job-parameters:
  a: 1
  b:  # no value
    # a comment line
pipeline.classpaths: [x, {c: d}]
";
    let problems = check_text(&options_check::builtin::at(None).unwrap(), text);
    let at: Vec<(u32, u32, &str)> = problems
        .iter()
        .map(|p| (p.line, p.column, p.message.as_str()))
        .collect();
    assert_eq!(
        at,
        [
            (3, 3, "under \"pipeline.jars\": a list item has no value"),
            (5, 5, "under \"pipeline.cached-files\": list items must be plain values, not nested lists or mappings"),
            (8, 3, "under \"pipeline.global-job-parameters\": a map entry has no value"),
            (10, 26, "under \"pipeline.classpaths\": list items must be plain values, not nested lists or mappings"),
        ]
    );
}

#[test]
fn a_too_deep_block_mapping_is_reported_at_its_first_key() {
    let mut text = String::new();
    for depth in 0..70 {
        text.push_str(&format!("{}k:\n", "  ".repeat(depth)));
    }
    text.push_str(&format!("{}x: 1\n", "  ".repeat(70)));
    let problems = check_text(&options_check::builtin::at(None).unwrap(), &text);
    assert_eq!(problems.len(), 1, "{problems:?}");
    // The 65th mapping opens at line 65 with the key `k`, indented by 128 spaces.
    assert_eq!((problems[0].line, problems[0].column), (65, 129));
}

#[test]
fn columns_after_non_ascii_text_count_characters() {
    // A key indented by an ideographic space (three bytes, one character) in `-D` lines, and a
    // flow list after accented text in YAML.
    let properties = "parallelism.default=2\n\u{3000}-Dpipeline.max-parallelism=x\n";
    let problems = check_text(&options_check::builtin::at(None).unwrap(), properties);
    assert_eq!(
        problems
            .iter()
            .map(|p| (p.line, p.column))
            .collect::<Vec<_>>(),
        [(2, 4)],
        "{problems:?}"
    );
    let yaml = "pipeline.name: \"é\"\npipeline.jars: [\"ééé\", {ab: c}]\n";
    let problems = check_text(&options_check::builtin::at(None).unwrap(), yaml);
    assert_eq!(
        problems
            .iter()
            .map(|p| (p.line, p.column))
            .collect::<Vec<_>>(),
        [(2, 24)],
        "{problems:?}"
    );
}

/// A file past the size read on two threads (256 KiB), with every kind of problem: its report is
/// the one its settings get when read and checked one after the other, with or without keys left
/// out.
#[test]
fn a_large_file_reports_what_its_settings_report_one_by_one() {
    use options_check::settings::read_settings;
    use options_check::validate::{
        check_text_with, validate_with, CheckOptions, Problem, Severity,
    };

    let mut text = String::new();
    for i in 0..9_000 {
        let _ = match i % 6 {
            0 => writeln!(text, "metrics.reporter.r{i}.port: {}", 9000 + i % 1000),
            1 => writeln!(text, "metrics.reporter.r{i}.interval: {} mins", i % 60),
            2 => writeln!(text, "table.exec.mini-batch.enabeld{i}: true"),
            3 => writeln!(
                text,
                "flink.hadoop.fs.b{i}.endpoint: \"http://s3-{i}:9000\""
            ),
            4 => writeln!(text, "kubernetes.operator.k{i}: x"),
            _ => writeln!(text, "w{i}:\n  a: 1\n  a: 2"),
        };
    }
    text.push_str("table.exec.default-parallelism: 4\nparallelism.default: many\n");
    assert!(text.len() > 256 * 1024);
    let skip = |key: &str| key.starts_with("kubernetes.operator.");
    for loaded in [
        options_check::builtin::at(None).unwrap(),
        Loaded::from_catalogue(crate::support::catalogue()),
    ] {
        for strictness in [Strictness::Lenient, Strictness::Strict] {
            let read = read_settings(&text, &loaded);
            for skipping in [false, true] {
                let settings: Vec<_> = read
                    .settings
                    .iter()
                    .filter(|s| !(skipping && skip(&s.key)))
                    .cloned()
                    .collect();
                let mut expected: Vec<Problem> = read
                    .errors
                    .iter()
                    .map(|e| Problem {
                        line: e.line,
                        column: e.column,
                        severity: Severity::Error,
                        message: e.message.clone(),
                        rule: e.rule,
                        suggestions: Vec::new(),
                    })
                    .collect();
                expected.extend(validate_with(
                    &loaded,
                    &settings,
                    &CheckOptions::new(strictness),
                ));
                expected.sort_by_key(|p| (p.line, p.column));
                let skip_key = |k: &str| skipping && skip(k);
                let options = CheckOptions {
                    strictness,
                    skip: Some(&skip_key),
                    ..CheckOptions::default()
                };
                let got = check_text_with(&loaded, &text, &options);
                assert!(got.len() > 3_000, "{}", got.len());
                assert_eq!(got, expected, "{strictness:?}, skipping: {skipping}");
            }
        }
    }
}
