//! What the declarations do at run time that the tables and `docs/kubernetes.md` state in words.

use options_core::key_index::KeyRole;
use options_core::{Configuration, ReadableConfig};
use options_flink_operator::placement::{placement, Placement, PER_RESOURCE_SECTIONS, SECTIONS};
use options_flink_operator::{
    catalogue, catalogue_at, per_resource, AutoscalerOptions, DefaultConfigurationOptions,
    ListenerOptions, OperatorDynamicOptions, OperatorMetricReporterOptions, OPERATOR_RELEASES,
};

use crate::facts::TABLES;

#[test]
fn a_value_is_read_from_the_key_then_the_fallback_keys_in_order_then_the_deprecated_keys() {
    // docs/kubernetes.md's example: job.autoscaler.utilization.target is read from itself, then
    // kubernetes.operator.job.autoscaler.utilization.target, then
    // kubernetes.operator.job.autoscaler.target.utilization, last job.autoscaler.target.utilization.
    let spellings = [
        ("job.autoscaler.utilization.target", "0.1"),
        (
            "kubernetes.operator.job.autoscaler.utilization.target",
            "0.2",
        ),
        (
            "kubernetes.operator.job.autoscaler.target.utilization",
            "0.3",
        ),
        ("job.autoscaler.target.utilization", "0.4"),
    ];
    for first in 0..spellings.len() {
        let mut config = Configuration::with_catalogue(catalogue());
        for (key, value) in &spellings[first..] {
            config.set_str(key, value).unwrap();
        }
        let expected: f64 = spellings[first].1.parse().unwrap();
        assert_eq!(
            config.get(&AutoscalerOptions::UTILIZATION_TARGET),
            expected,
            "set from {} on",
            spellings[first].0
        );
    }
    let config = Configuration::with_catalogue(catalogue());
    assert_eq!(config.get(&AutoscalerOptions::UTILIZATION_TARGET), 0.7);
}

#[test]
fn every_autoscaler_option_reads_its_old_operator_spelling_as_a_fallback_key() {
    for release in OPERATOR_RELEASES.iter() {
        for (group, meta) in catalogue_at(release).options() {
            if group.id != "autoscaler" {
                continue;
            }
            let old = format!("kubernetes.operator.{}", meta.key_str());
            assert!(
                meta.fallback_keys.iter().any(|k| k.name() == old),
                "{release}: {} lacks the fallback key {old}",
                meta.key_str()
            );
        }
    }
}

#[test]
fn the_standalone_autoscaler_reads_its_bare_legacy_names() {
    let catalogue = catalogue();
    for (old, new) in [
        (
            "scalingInterval",
            "autoscaler.standalone.control-loop.interval",
        ),
        (
            "flinkClusterHost",
            "autoscaler.standalone.fetcher.flink-cluster.host",
        ),
        (
            "flinkClusterPort",
            "autoscaler.standalone.fetcher.flink-cluster.port",
        ),
    ] {
        let resolved = catalogue.resolve(old).unwrap();
        assert_eq!(resolved.meta.key_str(), new);
        assert_eq!(resolved.role, KeyRole::Deprecated);
    }
}

#[test]
fn the_undocumented_key_families_are_pattern_keys() {
    let catalogue = catalogue();
    let cases = [
        // Metric reporters and other metrics.* settings of the operator.
        (
            "kubernetes.operator.metrics.reporter.prom.factory.class",
            OperatorMetricReporterOptions::REPORTER_FACTORY_CLASS.pattern(),
        ),
        (
            "kubernetes.operator.metrics.reporter.slf4j.interval",
            OperatorMetricReporterOptions::REPORTER_INTERVAL.pattern(),
        ),
        (
            "kubernetes.operator.metrics.reporter.prom.port",
            OperatorMetricReporterOptions::REPORTER_PARAMETER.pattern(),
        ),
        (
            "kubernetes.operator.metrics.scope.operator",
            OperatorMetricReporterOptions::METRICS.pattern(),
        ),
        // Defaults per namespace and per Flink version (`+`: that version and newer ones).
        (
            "kubernetes.operator.default-configuration.namespace.team-a.kubernetes.operator.reconcile.interval",
            DefaultConfigurationOptions::NAMESPACE.pattern(),
        ),
        (
            "kubernetes.operator.default-configuration.flink-version.v1_20.taskmanager.numberOfTaskSlots",
            DefaultConfigurationOptions::FLINK_VERSION.pattern(),
        ),
        (
            "kubernetes.operator.default-configuration.flink-version.v1_18+.execution.checkpointing.interval",
            DefaultConfigurationOptions::FLINK_VERSION.pattern(),
        ),
        // A listener's class, and a setting handed to it.
        (
            "kubernetes.operator.plugins.listeners.audit.class",
            OperatorDynamicOptions::PLUGINS_LISTENERS_CLASS.pattern(),
        ),
        (
            "kubernetes.operator.plugins.listeners.audit.endpoint.url",
            ListenerOptions::SETTING.pattern(),
        ),
    ];
    for (key, pattern) in cases {
        let resolved = catalogue
            .resolve(key)
            .unwrap_or_else(|| panic!("{key} is not read"));
        assert_eq!(resolved.meta.key_str(), pattern, "{key}");
        assert_eq!(resolved.role, KeyRole::Pattern, "{key}");
    }
    // Declared keys win over the metrics pass-through.
    let exact = catalogue
        .resolve("kubernetes.operator.metrics.histogram.sample.size")
        .unwrap();
    assert_eq!(exact.role, KeyRole::Key);
    // A value of a pattern key is typed like any option.
    let mut config = Configuration::with_catalogue(catalogue.clone());
    config
        .set_str(
            "kubernetes.operator.metrics.reporter.slf4j.interval",
            "5 MINUTE",
        )
        .unwrap();
    let interval = OperatorMetricReporterOptions::REPORTER_INTERVAL.instance("slf4j");
    assert_eq!(config.get(&interval), std::time::Duration::from_secs(300));
    assert!(config
        .set_str(
            "kubernetes.operator.metrics.reporter.slf4j.interval",
            "often"
        )
        .is_err());
}

#[test]
fn each_section_has_one_placement_told_by_its_id_and_its_family() {
    let catalogue = catalogue();
    let ids: Vec<&str> = catalogue.declared_groups().iter().map(|g| g.id).collect();
    let listed: Vec<&str> = SECTIONS.iter().map(|(id, _)| *id).collect();
    assert_eq!(
        ids, listed,
        "SECTIONS lists every section in catalogue order"
    );
    for group in catalogue.declared_groups() {
        let placement = Placement::of_section(group.id).unwrap();
        assert_eq!(group.family, placement.family(), "{}", group.id);
        assert_eq!(
            PER_RESOURCE_SECTIONS.contains(&group.id),
            placement.per_resource(),
            "{}",
            group.id
        );
        assert_eq!(
            group.id.contains("system"),
            placement == Placement::Operator,
            "{}: operator-only sections, and only they, say `system`",
            group.id
        );
    }
}

#[test]
fn per_resource_follows_the_doc_section_of_every_table_row() {
    for table in &TABLES {
        for row in table.rows() {
            let key = row
                .key
                .replace("<listener-name>", "my-listener")
                .replace(['<', '>'], "");
            let expected = match (row.section, row.doc_section) {
                ("auto_scaler_configuration", _) | (_, "dynamic") => Placement::Resource,
                ("autoscaler_standalone_configuration", _) => Placement::Standalone,
                _ => Placement::Operator,
            };
            assert_eq!(
                placement(&key),
                Some(expected),
                "{}:{}: {}",
                table.file,
                row.line,
                row.key
            );
            assert_eq!(per_resource(&key), expected == Placement::Resource);
        }
    }
    assert_eq!(
        placement("kubernetes.operator.bluegreen.abort.grace-period"),
        Some(Placement::BlueGreenResource)
    );
    assert!(!per_resource(
        "kubernetes.operator.default-configuration.namespace.a.b"
    ));
    assert!(!per_resource("execution.checkpointing.interval"));
}

#[test]
fn every_option_has_a_description_of_its_own() {
    let mut seen = std::collections::BTreeMap::new();
    for group in catalogue().declared_groups() {
        assert!(!group.description.is_empty(), "{} has no text", group.id);
        for meta in group.options {
            let summary = meta.summary();
            assert!(
                summary.len() >= 30,
                "{}: summary too short: {summary:?}",
                meta.key_str()
            );
            if let Some(other) = seen.insert(summary, meta.key_str()) {
                assert!(
                    meta.removal.is_some() || other.contains("target.utilization"),
                    "{} and {other} share the summary {summary:?}",
                    meta.key_str()
                );
            }
        }
    }
}

#[test]
fn artifact_headers_are_masked() {
    let mut config = Configuration::with_catalogue(catalogue());
    config
        .set_str(
            "kubernetes.operator.user.artifacts.http.header",
            "Authorization:Bearer abc",
        )
        .unwrap();
    let shown = config.to_display_map();
    assert_eq!(
        shown["kubernetes.operator.user.artifacts.http.header"],
        options_core::sensitive::MASK
    );
    let headers = config
        .get(&OperatorDynamicOptions::USER_ARTIFACTS_HTTP_HEADER)
        .unwrap();
    assert_eq!(headers.expose()["Authorization"], "Bearer abc");
}

#[test]
fn a_key_of_another_release_is_refused_with_the_reason() {
    let at = |v: &str| catalogue_at(OPERATOR_RELEASES.release(v).unwrap());
    let mut config = Configuration::with_catalogue(at("1.13"));
    let error = config
        .set_str(
            "kubernetes.operator.user.artifacts.allowed-schemes",
            "https",
        )
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "configuration key \"kubernetes.operator.user.artifacts.allowed-schemes\" is not read by Apache Flink Kubernetes Operator 1.13: it was added in 1.15; choose release 1.15 or later to use it"
    );
    let mut config = Configuration::with_catalogue(at("1.10"));
    assert!(config
        .set_str("job.autoscaler.utilization.target", "0.5")
        .is_err());
    // The old name is read by 1.10 itself and, as a deprecated key, by every later release.
    for release in OPERATOR_RELEASES.iter() {
        let mut config = Configuration::with_catalogue(catalogue_at(release));
        config
            .set_str("job.autoscaler.target.utilization", "0.5")
            .unwrap_or_else(|e| panic!("{release}: {e}"));
    }
    assert_eq!(
        catalogue().suggest("job.autoscaler.utilization.targte"),
        ["job.autoscaler.utilization.target"]
    );
}
