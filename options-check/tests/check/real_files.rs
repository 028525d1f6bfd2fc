//! Issue 48: no false alarm on real configuration files. One test per class of false finding
//! seen on public files, each on a small file of its own, and beside it the true problem of the
//! same kind that must still be found.

use options_check::finding::Finding as Problem;
use options_check::rules::Level as Severity;
use options_check::validate::{check_legacy_text, check_text};
use options_docs::source::Loaded;

fn at(release: &str) -> Loaded {
    options_check::builtin::for_checking(Some(release)).unwrap()
}

fn errors(problems: &[Problem]) -> Vec<&str> {
    problems
        .iter()
        .filter(|p| p.level == Severity::Error)
        .map(|p| p.message.as_str())
        .collect()
}

fn messages(problems: &[Problem]) -> Vec<&str> {
    problems.iter().map(|p| p.message.as_str()).collect()
}

// Class 1: keys Flink's launch scripts read themselves.

#[test]
fn keys_the_launch_scripts_read_are_known_under_1_19() {
    let file = "env.java.home: /usr/lib/jvm/java-11\n\
                env.java.opts.taskmanager: -XX:+UseG1GC\n\
                env.log.dir: /var/log/flink\n\
                env.log.max: 5\n\
                env.pid.dir: /var/run/flink\n\
                env.ssh.opts: -p 2222\n\
                env.hadoop.conf.dir: /etc/hadoop/conf\n\
                env.yarn.conf.dir: /etc/hadoop/conf\n\
                taskmanager.compute.numa: true\n\
                zookeeper.heap.mb: 512\n";
    for release in ["1.19", "1.20"] {
        let problems = check_legacy_text(&at(release), file);
        assert!(problems.is_empty(), "{release}: {:?}", messages(&problems));
    }
    let problems = check_text(&at("2.3"), file);
    assert!(problems.is_empty(), "{:?}", messages(&problems));
}

#[test]
fn a_key_only_the_launch_scripts_read_says_so_in_its_docs() {
    let catalogue = options_flink::builtin::catalogue_at(
        options_flink::FLINK_RELEASES.release("1.19").unwrap(),
    );
    let java_home = catalogue
        .resolve("env.java.home")
        .expect("declared under 1.19");
    assert!(
        java_home.meta.description.contains("launch scripts"),
        "{}",
        java_home.meta.description
    );
}

#[test]
fn a_bad_value_of_a_launch_script_key_is_still_an_error() {
    let problems = check_legacy_text(&at("1.19"), "env.log.max: many\n");
    assert_eq!(errors(&problems).len(), 1, "{:?}", messages(&problems));
}

// Class 2: configuration options Flink's tables list among a table's WITH options.

#[test]
fn the_catalog_store_and_collect_sink_are_configuration_options() {
    let file = "table.catalog-store.kind: file\n\
                table.catalog-store.file.path: file:///var/flink/catalogs\n\
                collect-sink.batch-size.max: 8 mb\n\
                collect-sink.socket-timeout: 30 s\n\
                sql-gateway.endpoint.type: rest\n\
                workflow-scheduler.type: embedded\n";
    let problems = check_text(&at("2.3"), file);
    assert!(problems.is_empty(), "{:?}", messages(&problems));
    let problems = check_legacy_text(&at("1.19"), "table.catalog-store.kind: file\n");
    assert!(problems.is_empty(), "{:?}", messages(&problems));
}

#[test]
fn a_connector_option_in_a_configuration_file_is_still_an_error() {
    let problems = check_text(&at("2.3"), "sink.parallelism: 4\n");
    assert_eq!(errors(&problems).len(), 1, "{:?}", messages(&problems));
    assert!(errors(&problems)[0].contains("table option"));
}

// Class 3: Hadoop's own spellings of the S3 credentials.

#[test]
fn hadoops_spellings_of_the_s3_credentials_are_known() {
    let file =
        "s3.access.key: AKIAEXAMPLE\ns3.secret.key: wJalrEXAMPLE\ns3.endpoint: http://minio:9000\n";
    let problems = check_text(&at("2.3"), file);
    assert!(problems.is_empty(), "{:?}", messages(&problems));
    let problems = check_legacy_text(&at("1.19"), file);
    assert!(problems.is_empty(), "{:?}", messages(&problems));
}

#[test]
fn hadoops_spellings_of_the_s3_credentials_are_masked() {
    let catalogue = options_flink::builtin::catalogue();
    for key in [
        "s3.access.key",
        "s3.secret.key",
        "s3.access-key",
        "s3.secret-key",
    ] {
        assert!(catalogue.is_secret(key), "{key}");
    }
}

#[test]
fn a_typo_of_an_s3_key_still_gets_its_suggestion() {
    let problems = check_text(&at("2.3"), "s3.acess-key: AKIAEXAMPLE\n");
    assert_eq!(problems.len(), 1, "{:?}", messages(&problems));
    assert_eq!(problems[0].suggestions, ["s3.access-key"]);
    assert!(!problems[0].message.contains("AKIAEXAMPLE"));
}

// Class 4: documented pattern keys.

#[test]
fn container_environment_variables_are_known_pattern_keys() {
    let file = "containerized.master.env.LD_LIBRARY_PATH: /usr/lib/native\n\
                containerized.taskmanager.env.TZ: UTC\n";
    let problems = check_text(&at("2.3"), file);
    assert!(problems.is_empty(), "{:?}", messages(&problems));
    let problems = check_legacy_text(&at("1.19"), file);
    assert!(problems.is_empty(), "{:?}", messages(&problems));
}

#[test]
fn a_container_variable_named_like_a_secret_is_masked() {
    let catalogue = options_flink::builtin::catalogue();
    assert!(catalogue.is_secret("containerized.taskmanager.env.DB_PASSWORD"));
    assert!(!catalogue.is_secret("containerized.taskmanager.env.TZ"));
}

// Class 5: deprecated keys Flink still reads are deprecated, not unknown.

#[test]
fn a_deprecated_key_flink_still_reads_is_reported_with_its_replacement() {
    let problems = check_legacy_text(&at("1.19"), "fs.hdfs.hadoopconf: /etc/hadoop/conf\n");
    assert_eq!(problems.len(), 1, "{:?}", messages(&problems));
    assert_eq!(problems[0].level, Severity::Warning);
    assert_eq!(
        problems[0].rule,
        options_check::rules::Rule::DeprecatedOption
    );
    assert!(
        problems[0].message.contains("HADOOP_CONF_DIR"),
        "{}",
        problems[0].message
    );
}

#[test]
fn a_deprecated_key_is_an_error_where_flink_no_longer_reads_it() {
    let problems = check_text(&at("2.0"), "fs.hdfs.hadoopconf: /etc/hadoop/conf\n");
    assert_eq!(errors(&problems).len(), 1, "{:?}", messages(&problems));
}

// Class 6: placeholders of other template tools are noted, not called invalid values.

#[test]
fn placeholders_of_template_tools_are_not_invalid_values() {
    use options_check::placeholder::placeholders;
    let file = "taskmanager.numberOfTaskSlots: %nb_slots%\n\
                rest.port: $metrics.port$\n\
                parallelism.default: @flink.parallelism@\n\
                jobmanager.rpc.port: $(JM_RPC_PORT)\n\
                taskmanager.memory.process.size: 2g\n";
    let loaded = at("1.19");
    let problems = check_legacy_text(&loaded, file);
    let found: Vec<(u32, String)> = placeholders(&loaded, file, true)
        .into_iter()
        .map(|p| (p.line, p.key))
        .collect();
    assert_eq!(
        found,
        [
            (1, "taskmanager.numberOfTaskSlots".to_owned()),
            (2, "rest.port".to_owned()),
            (3, "parallelism.default".to_owned()),
            (4, "jobmanager.rpc.port".to_owned()),
        ]
    );
    // Each error the checker raises is at a placeholder's line, which the report turns into a
    // note; the real value on line 5 is fine.
    assert!(
        problems.iter().all(|p| p.line <= 4),
        "{:?}",
        messages(&problems)
    );
}

#[test]
fn a_percentage_is_still_an_invalid_number() {
    let problems = check_legacy_text(&at("1.19"), "taskmanager.numberOfTaskSlots: 50%\n");
    assert_eq!(errors(&problems).len(), 1, "{:?}", messages(&problems));
}

// Class 7: a Helm template outside a templates/ folder is told by its content.

#[test]
fn a_helm_template_outside_templates_is_skipped_with_a_note() {
    use options_check::classify::{found, given, Recognised};
    use std::path::Path;
    let chart = "apiVersion: flink.apache.org/v1beta1\n\
                 kind: FlinkDeployment\n\
                 metadata:\n  name: {{ .Release.Name }}\n\
                 spec:\n  flinkConfiguration:\n\
                 {{- if .Values.ha.enabled }}\n    high-availability.type: kubernetes\n\
                 {{- end }}\n";
    for path in [
        "deploy/flink/flink-deployment.yaml",
        "helmfile.d/raw/flink.yaml",
    ] {
        assert!(
            matches!(
                given(Path::new(path), chart, false, None),
                Recognised::Template(_)
            ),
            "given {path}"
        );
        assert!(
            matches!(found(Path::new(path), chart), Recognised::Template(_)),
            "found {path}"
        );
    }
}

#[test]
fn a_file_whose_values_are_placeholders_is_still_checked() {
    use options_check::classify::{given, Recognised};
    use std::path::Path;
    let values = "taskmanager.numberOfTaskSlots: \"{{ .Values.slots }}\"\nparallelism.default: 2\n";
    assert!(matches!(
        given(Path::new("conf/config.yaml"), values, false, None),
        Recognised::Conf(_)
    ));
}

// Class 8: legacy syntax told by content and name, not only by the name flink-conf.yaml.

fn recognised(path: &str, text: &str) -> options_check::classify::Recognised {
    options_check::classify::given(std::path::Path::new(path), text, false, None)
}

#[test]
fn a_legacy_file_under_another_name_is_read_as_legacy() {
    use options_check::classify::Recognised;
    use options_check::input::Format;
    let flat = "jobmanager.rpc.address: localhost\ntaskmanager.numberOfTaskSlots: 4\n";
    for path in [
        "docker/flink-conf-prod.yaml",
        "flink-conf.yaml.j2",
        "conf/flink-conf-1.7.2.yaml",
    ] {
        assert_eq!(
            recognised(path, flat),
            Recognised::Conf(Format::FlinkConf),
            "{path}"
        );
    }
    // YAML refuses these flat lines; only the legacy reader takes them.
    let refused = [
        "taskmanager.numberOfTaskSlots: %slots%\n",
        "a.b: 1\na.b: 2\n",
    ];
    for text in refused {
        assert_eq!(
            recognised("docker/flink.yaml", text),
            Recognised::Conf(Format::FlinkConf),
            "{text}"
        );
    }
}

#[test]
fn yaml_that_reads_stays_yaml() {
    use options_check::classify::Recognised;
    use options_check::input::Format;
    let flat = "jobmanager.rpc.address: localhost\ntaskmanager.numberOfTaskSlots: 4\n";
    assert_eq!(
        recognised("docker/flink.yaml", flat),
        Recognised::Conf(Format::Config)
    );
    let nested = "taskmanager:\n  numberOfTaskSlots: 4\n";
    assert_eq!(
        recognised("flink-conf-template.yml", nested),
        Recognised::Conf(Format::Config)
    );
    // Flink reads a file named config.yaml as YAML, whatever it holds.
    assert_eq!(
        recognised("conf/config.yaml", "a.b: 1\na.b: 2\n"),
        Recognised::Conf(Format::Config)
    );
}

#[test]
fn the_reader_chosen_is_said_with_its_reason() {
    use options_check::classify::reader_note;
    use std::path::Path;
    let note = reader_note(Path::new("x/flink-conf-prod.yaml"), "a.b: 1\n").unwrap();
    assert!(
        note.starts_with("read as a legacy flink-conf.yaml"),
        "{note}"
    );
    let note = reader_note(Path::new("flink-conf-template.yml"), "a:\n  b: 1\n").unwrap();
    assert!(note.starts_with("read as a standard config.yaml"), "{note}");
    assert!(note.contains("line 1"), "{note}");
    assert_eq!(
        reader_note(Path::new("conf/flink-conf.yaml"), "a.b: 1\n"),
        None
    );
}

// Class 10: a reporter named only by its class never starts, in every release.

const PROMETHEUS_BY_CLASS: &str =
    "metrics.reporter.prom.class: org.apache.flink.metrics.prometheus.PrometheusReporter\n\
     metrics.reporter.prom.port: 9249\n";

#[test]
fn a_reporter_named_only_by_its_class_is_an_error_in_every_release() {
    for release in ["1.19", "1.20"] {
        let problems = check_legacy_text(&at(release), PROMETHEUS_BY_CLASS);
        let errors = errors(&problems);
        assert_eq!(errors.len(), 1, "{release}: {:?}", messages(&problems));
        assert!(
            errors[0].contains("PrometheusReporterFactory"),
            "{}",
            errors[0]
        );
    }
    for release in ["2.0", "2.3"] {
        let problems = check_text(&at(release), PROMETHEUS_BY_CLASS);
        assert_eq!(
            errors(&problems).len(),
            1,
            "{release}: {:?}",
            messages(&problems)
        );
    }
}

#[test]
fn a_reporter_named_by_class_and_factory_gets_no_advice_to_add_the_factory() {
    let file = format!(
        "{PROMETHEUS_BY_CLASS}metrics.reporter.prom.factory.class: org.apache.flink.metrics.prometheus.PrometheusReporterFactory\n"
    );
    for (release, legacy) in [("1.19", true), ("2.3", false)] {
        let loaded = at(release);
        let problems = match legacy {
            true => check_legacy_text(&loaded, &file),
            false => check_text(&loaded, &file),
        };
        assert!(
            errors(&problems).is_empty(),
            "{release}: {:?}",
            messages(&problems)
        );
        assert_eq!(problems.len(), 1, "{release}: {:?}", messages(&problems));
        let warning = &problems[0].message;
        assert!(warning.contains("has no effect"), "{warning}");
        assert!(!warning.contains("instead"), "{warning}");
    }
}

// Class 13: many reporters are checked in one pass (speed is measured by the criterion bench
// validate/reporters_*); here, that each reporter's factory is still the one its own lines name.

#[test]
fn each_reporter_is_judged_by_its_own_factory_among_many() {
    let mut file = String::new();
    for i in 0..200 {
        file.push_str(&format!("metrics.reporter.r{i}.port: 9250-9260\n"));
        let factory = match i % 2 {
            0 => "org.apache.flink.metrics.prometheus.PrometheusReporterFactory",
            _ => "org.apache.flink.metrics.prometheus.PrometheusPushGatewayReporterFactory",
        };
        file.push_str(&format!("metrics.reporter.r{i}.factory.class: {factory}\n"));
    }
    let problems = check_text(&at("2.3"), &file);
    // A port range suits a reporter that listens (Prometheus), not one that sends (PushGateway).
    assert_eq!(
        errors(&problems).len(),
        100,
        "{:?}",
        &messages(&problems)[..3]
    );
    assert!(
        problems.iter().all(|p| p.line % 4 == 3),
        "{:?}",
        &messages(&problems)[..3]
    );
}

// Class 11: the same words in another order get their suggestion.

#[test]
fn a_key_with_its_words_swapped_gets_the_key_as_a_suggestion() {
    let problems = check_legacy_text(
        &at("1.19"),
        "high-availability.zookeeper.root.path: /flink\n",
    );
    assert_eq!(problems.len(), 1, "{:?}", messages(&problems));
    assert_eq!(
        problems[0].suggestions,
        ["high-availability.zookeeper.path.root"]
    );
}

// Class 12: a YAML list or map given for an option of text.

#[test]
fn a_list_for_text_is_read_as_flink_reads_it_with_a_warning() {
    let loaded = at("2.3");
    let read = options_check::settings::read_settings("pipeline.name: [a, b]\n", &loaded);
    assert_eq!(read.settings[0].value, "[a, b]");
    let problems = check_text(&loaded, "pipeline.name: [a, b]\n");
    assert_eq!(problems.len(), 1, "{:?}", messages(&problems));
    assert_eq!(problems[0].level, Severity::Warning);
    assert!(problems[0].message.contains("almost always a mistake"));
}

#[test]
fn a_password_given_as_a_list_is_warned_about_without_its_value() {
    let problems = check_text(
        &at("2.3"),
        "security.ssl.internal.keystore-password: [hunter2]\n",
    );
    assert_eq!(problems.len(), 1, "{:?}", messages(&problems));
    assert!(!problems[0].message.contains("hunter2"));
}

#[test]
fn a_list_for_a_list_option_is_no_problem() {
    let problems = check_text(&at("2.3"), "pipeline.jars: [a.jar, b.jar]\n");
    assert!(problems.is_empty(), "{:?}", messages(&problems));
}

#[test]
fn a_bare_name_a_script_replaces_is_a_placeholder_only_where_a_number_is_expected() {
    use options_check::placeholder::placeholders;
    let file = "jobmanager.heap.mb: jm_heap\n\
                taskmanager.numberOfTaskSlots: TM_SLOTS\n\
                table.builtin-catalog-name: default_catalog\n";
    let loaded = at("1.19");
    let keys: Vec<String> = placeholders(&loaded, file, true)
        .into_iter()
        .map(|p| p.key)
        .collect();
    assert_eq!(
        keys,
        ["jobmanager.heap.mb", "taskmanager.numberOfTaskSlots"]
    );
    // A word that is no name of a script's (no `_`) is still an invalid number.
    let problems = check_legacy_text(&loaded, "taskmanager.numberOfTaskSlots: four\n");
    assert_eq!(errors(&problems).len(), 1, "{:?}", messages(&problems));
}

// Seen on the corpus: Stateful Functions reads its own keys from the cluster's configuration.

#[test]
fn stateful_functions_keys_are_known() {
    let file = "statefun.flink-job-name: shop\n\
                statefun.message.serializer: WITH_KRYO_PAYLOADS\n\
                statefun.async.max-per-task: 16000\n\
                statefun.module.global-config.messageCount: 10\n";
    let problems = check_legacy_text(&at("1.19"), file);
    assert!(problems.is_empty(), "{:?}", messages(&problems));
    let problems = check_legacy_text(&at("1.19"), "statefun.async.max-per-task: many\n");
    assert_eq!(errors(&problems).len(), 1, "{:?}", messages(&problems));
}
