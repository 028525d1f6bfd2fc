//! A metric reporter named by its class (`metrics.reporter.<name>.class`): Flink 2.0 reads no
//! such key, and the reporter then never starts. `validate` warns under 1.x and refuses it under
//! 2.x, naming the factory to use; `migrate --to 2.x` writes the factory of Flink's own reporters.

use std::path::Path;
use std::process::Output;

use crate::support::flinkconf;

const PUSH_GATEWAY: &str =
    "metrics.reporter.promgateway.class: org.apache.flink.metrics.prometheus.PrometheusPushGatewayReporter\nmetrics.reporter.promgateway.host: localhost\n";
const FACTORY: &str = "\"metrics.reporter.promgateway.factory.class: org.apache.flink.metrics.prometheus.PrometheusPushGatewayReporterFactory\"";

fn run(dir: &Path, args: &[&str]) -> Output {
    flinkconf().current_dir(dir).args(args).output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn file(name: &str, contents: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(name), contents).unwrap();
    dir
}

#[test]
fn under_2_x_a_reporter_named_by_class_is_an_error_naming_its_factory() {
    let dir = file("config.yaml", PUSH_GATEWAY);
    for release in ["2.0", "2.3"] {
        let o = run(
            dir.path(),
            &["validate", "--release", release, "config.yaml"],
        );
        let out = text(&o.stdout);
        assert_eq!(o.status.code(), Some(1), "{out}");
        assert!(
            out.contains("config.yaml:1:1: error: configuration key \"metrics.reporter.promgateway.class\" is not read by Apache Flink"),
            "{out}"
        );
        assert!(
            out.contains(&format!(
                "the reporter never starts: name its factory instead: {FACTORY}"
            )),
            "{out}"
        );
    }
}

#[test]
fn under_1_x_a_reporter_named_by_class_is_an_error_naming_its_factory() {
    // Flink 1.17's ReporterSetup stopped creating reporters from a class: it logs a warning and
    // starts none (issue 48; FLINK-35091 is a user whose metrics stopped after the upgrade).
    let dir = file("config.yaml", PUSH_GATEWAY);
    let o = run(
        dir.path(),
        &["validate", "--release", "1.19", "config.yaml"],
    );
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.contains("config.yaml:1:1: error: \"metrics.reporter.promgateway.class\" names a metric reporter by its class, which Flink has not started since 1.17"),
        "{out}"
    );
    assert!(
        out.contains(&format!("name its factory instead: {FACTORY}")),
        "{out}"
    );
}

#[test]
fn migrating_to_2_x_writes_the_factory_of_flinks_own_reporters_and_says_so() {
    for name in ["config.yaml", "flink-conf.yaml"] {
        let dir = file(name, PUSH_GATEWAY);
        let o = run(
            dir.path(),
            &[
                "migrate", "--from", "1.19", "--to", "2.3", name, "-o", "new.yaml",
            ],
        );
        let report = text(&o.stdout);
        assert_eq!(o.status.code(), Some(0), "{report}{}", text(&o.stderr));
        assert!(
            report.contains("\"metrics.reporter.promgateway.class\" names the metric reporter org.apache.flink.metrics.prometheus.PrometheusPushGatewayReporter by its class, which Flink 2.3 does not load (the reporter would never start); written as"),
            "{report}"
        );
        let migrated = std::fs::read_to_string(dir.path().join("new.yaml")).unwrap();
        assert!(
            migrated.contains(
                "class: org.apache.flink.metrics.prometheus.PrometheusPushGatewayReporterFactory"
            ),
            "{migrated}"
        );
        assert!(!migrated.contains("PushGatewayReporter\n"), "{migrated}");
        let o = run(dir.path(), &["validate", "--release", "2.3", "new.yaml"]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
    }
}

#[test]
fn every_flink_reporter_class_migrates_to_its_factory() {
    for (class, factory) in options_flink::builtin::reporters::REPORTER_FACTORIES {
        let dir = file(
            "config.yaml",
            &format!("metrics.reporter.r.class: {class}\n"),
        );
        let o = run(
            dir.path(),
            &[
                "migrate",
                "--from",
                "1.20",
                "--to",
                "2.0",
                "config.yaml",
                "-o",
                "new.yaml",
            ],
        );
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
        let migrated = std::fs::read_to_string(dir.path().join("new.yaml")).unwrap();
        assert!(
            migrated.contains(&format!("class: {factory}\n")),
            "{migrated}"
        );
    }
}

#[test]
fn a_reporter_of_another_vendor_is_commented_out_with_what_to_name() {
    let dir = file(
        "config.yaml",
        "metrics.reporter.mine.class: com.example.MyReporter\n",
    );
    let o = run(
        dir.path(),
        &[
            "migrate",
            "--from",
            "1.19",
            "--to",
            "2.3",
            "config.yaml",
            "-o",
            "new.yaml",
        ],
    );
    assert_eq!(o.status.code(), Some(1), "it needs a look");
    let migrated = std::fs::read_to_string(dir.path().join("new.yaml")).unwrap();
    assert!(
        migrated.contains("# metrics.reporter.mine.class: com.example.MyReporter"),
        "{migrated}"
    );
    let o = run(dir.path(), &["validate", "--release", "2.3", "config.yaml"]);
    let out = text(&o.stdout);
    assert!(
        out.contains("name its factory instead: set \"metrics.reporter.mine.factory.class\" to the factory class of com.example.MyReporter"),
        "{out}"
    );
}
