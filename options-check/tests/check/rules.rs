//! Rules, placeholders, file recognition and the report formats of `options_check`.

use std::path::Path;

use options_check::classify::{self, Recognised};
use options_check::input::Format;
use options_check::placeholder::is_placeholder;
use options_check::report::text::TextOptions;
use options_check::report::{FileKind, FileReport, Finding, OutputFormat, Report};
use options_check::rules::Rule;
use options_check::{builtin, validate};

fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn every_rule_has_a_page_an_entry_in_the_index_and_in_the_json_schema() {
    let index = std::fs::read_to_string(crate_dir().join("rules/README.md")).unwrap();
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(crate_dir().join("schema/report.schema.json")).unwrap(),
    )
    .unwrap();
    let in_schema: Vec<&str> = schema["$defs"]["finding"]["properties"]["rule"]["enum"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    let ids: Vec<&str> = Rule::ALL.iter().map(|r| r.id()).collect();
    assert_eq!(
        in_schema, ids,
        "schema/report.schema.json lists every rule, in order"
    );
    let plan: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(crate_dir().join("schema/plan.schema.json")).unwrap(),
    )
    .unwrap();
    let in_plan: Vec<&str> = plan["$defs"]["finding"]["properties"]["rule"]["enum"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(
        in_plan, ids,
        "schema/plan.schema.json lists every rule, in order"
    );
    for rule in Rule::ALL {
        let page = crate_dir().join(format!("rules/{}.md", rule.id()));
        let text = std::fs::read_to_string(&page)
            .unwrap_or_else(|_| panic!("{} is missing", page.display()));
        assert!(
            text.starts_with(&format!("# `{}`", rule.id())),
            "{}",
            page.display()
        );
        assert!(
            text.contains("## Example") && text.contains("## Fix"),
            "{}",
            page.display()
        );
        assert!(index.contains(&format!("[`{}`]({}.md)", rule.id(), rule.id())));
        assert_eq!(rule.id().parse::<Rule>(), Ok(*rule));
    }
    let pages = std::fs::read_dir(crate_dir().join("rules"))
        .unwrap()
        .count();
    assert_eq!(
        pages,
        Rule::ALL.len() + 1,
        "a page per rule and the index, no leftover"
    );
}

#[test]
fn findings_carry_the_rule_of_their_kind() {
    let loaded = builtin::for_checking(Some("2.0")).unwrap();
    let text = "taskmanager.heap.size: 1g\nparalelism.default: 4\ntaskmanager.numberOfTaskSlots: x\nstate.backend: rocksdb\nparallelism.default: 2\nparallelism.default: 3\n";
    let rules: Vec<(u32, Rule)> = validate::check_text(&loaded, text)
        .into_iter()
        .map(|p| (p.line, p.rule))
        .collect();
    for expected in [
        (1, Rule::RemovedKey),
        (2, Rule::UnknownKey),
        (3, Rule::InvalidValue),
        (4, Rule::DeprecatedKey),
        (6, Rule::DuplicateKey),
    ] {
        assert!(rules.contains(&expected), "{expected:?} in {rules:?}");
    }
}

#[test]
fn only_a_value_that_is_wholly_a_placeholder_is_one() {
    for yes in [
        "${CHECKPOINT_INTERVAL}",
        "$VAR",
        "\"${A_B}\"",
        "{{ .Values.x }}",
        "'{{.Values.y}}'",
        "$_x1",
        "%nb_slots%",
        "$metrics.port$",
        "@flink.rest.port@",
        "$(POD_IP)",
        "\"%JOB_MANAGER_HOST%\"",
    ] {
        assert!(is_placeholder(yes), "{yes}");
    }
    for no in [
        "30 s",
        "${A} s",
        "$",
        "${}",
        "$1",
        "prefix-${A}",
        "{{ }}",
        "a{{ .x }}",
        "100%",
        "50%%",
        "user@example.com",
        "$(",
        "$()",
        "@@",
        "%1%",
        "$5$",
    ] {
        assert!(!is_placeholder(no), "{no}");
    }
}

#[test]
fn files_under_a_directory_are_recognised_by_name_and_content() {
    let manifest = "apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nspec:\n  flinkConfiguration:\n    a: b\n";
    let found = |path: &str, text: &str| classify::found(Path::new(path), text);
    assert_eq!(
        found("a/config.yaml", "a: 1\n"),
        Recognised::Conf(Format::Config)
    );
    assert_eq!(
        found("a/flink-conf.yaml", "a: 1\n"),
        Recognised::Conf(Format::FlinkConf)
    );
    assert_eq!(
        found("k8s/job.yml", manifest),
        Recognised::Conf(Format::Kubernetes)
    );
    assert_eq!(found("job.sql", "SET 'a' = 'b';"), Recognised::Sql);
    assert!(matches!(
        found("chart/templates/job.yaml", "name: {{ .Release.Name }}\n"),
        Recognised::Template(_)
    ));
    assert!(matches!(
        found("k8s/svc.yaml", "apiVersion: v1\nkind: Service\n"),
        Recognised::Skip(_)
    ));
    assert!(matches!(
        found("ci.yaml", "jobs: {}\n"),
        Recognised::Skip(_)
    ));
    assert!(matches!(
        found("compose.yaml", "services:\n  web:\n    image: x\n"),
        Recognised::Skip(_)
    ));
    assert!(!classify::by_name(Path::new("README.md")));
    // A file named on the command line is read as it always was: by content.
    assert_eq!(
        classify::given(Path::new("ci.yaml"), "jobs: {}\n", false, None),
        Recognised::Conf(Format::Config)
    );
}

#[test]
fn sql_set_statements_are_checked_at_their_key() {
    let loaded = builtin::for_checking(None).unwrap();
    let sql = "CREATE TABLE t (a INT);\n  SET 'parallelism.default' = 'two';\nSET 'pipeline.name' = '$NAME';\n";
    let (problems, placeholders) =
        options_check::sql::check_sql(&loaded, sql, options_core::layers::Strictness::Lenient);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(
        (problems[0].line, problems[0].column, problems[0].rule),
        (2, Some(7), Rule::InvalidValue)
    );
    assert_eq!(placeholders.len(), 1);
    assert_eq!(placeholders[0].key, "pipeline.name");
}

#[test]
fn the_reports_escape_what_their_format_needs() {
    let finding = Finding::error(
        Rule::InvalidValue,
        2,
        3,
        "bad <value> & \"50%\",\nnext: line".to_owned(),
    );
    let report = Report::new(vec![FileReport::new(
        "./dir with space/a,b:c.yaml".to_owned(),
        FileKind::Config,
        vec![finding],
    )]);
    let github = OutputFormat::Github.render(&report, TextOptions::default());
    assert_eq!(
        github,
        "::error file=dir with space/a%2Cb%3Ac.yaml,line=2,col=3,title=invalid-value::bad <value> & \"50%25\",%0Anext: line\n"
    );
    let junit = OutputFormat::Junit.render(&report, TextOptions::default());
    assert!(
        junit.contains("bad &lt;value&gt; &amp; &quot;50%&quot;,&#10;next: line"),
        "{junit}"
    );
    let sarif = OutputFormat::Sarif.render(&report, TextOptions::default());
    assert!(
        sarif.contains("\"uri\": \"dir%20with%20space/a%2Cb%3Ac.yaml\""),
        "{sarif}"
    );
}
