//! The operator's defaults for one deployment (`FlinkConfigManager.getDefaultConfig`): its whole
//! default configuration, then the defaults of the deployment's namespace, then those of its Flink
//! version, each over the one before.

use options_core::Release;

use super::layer::{ConfigLayer, Stack, ValueSource};
use super::mappings::{NAMESPACE_DEFAULTS, OPERATOR_DEFAULTS, VERSION_DEFAULTS};
use super::operator_config::OperatorConfig;
use super::versions::{knows, FlinkVersion};
use crate::operator::{NAMESPACE_DEFAULT, VERSION_DEFAULT};

/// Which defaults of the operator's configuration a deployment took: the namespace and the
/// version prefixes applied (for the "defaults no deployment uses" note).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Taken {
    /// `kubernetes.operator.default-configuration.namespace.<namespace>.`, when applied.
    pub namespace_prefix: String,
    /// The version prefixes applied, in order.
    pub version_prefixes: Vec<String>,
}

/// Writes the operator's defaults for a deployment in `namespace` of Flink `version` into
/// `stack`, as operator `release` applies them.
pub fn apply(
    stack: &mut Stack,
    config: &OperatorConfig,
    namespace: &str,
    version: Option<FlinkVersion>,
    release: Release,
) -> Taken {
    let file = config.file.as_str();
    // l.296 `var conf = new Configuration(defaultConfig);`: every key, prefixed ones too.
    for s in &config.settings {
        let source = ValueSource {
            operator_source: OPERATOR_DEFAULTS.cite(release),
            ..ValueSource::of(ConfigLayer::OperatorDefault).at(file, s.line, s.column)
        };
        stack.write(&s.key, s.value.clone(), source);
    }
    // l.299 `applyDefault(NAMESPACE_CONF_PREFIX + namespace + ".", baseConfMap, conf);`
    let namespace_prefix = format!("{NAMESPACE_DEFAULT}{namespace}.");
    apply_prefix(
        stack,
        config,
        &namespace_prefix,
        ConfigLayer::OperatorNamespaceDefault,
        NAMESPACE_DEFAULTS.cite(release),
    );
    let version_prefixes = match version {
        Some(version) => version_prefixes(config, version, release),
        None => Vec::new(),
    };
    // l.314-316: `for (String versionPrefix : versionPrefixes) applyDefault(versionPrefix, ...)`
    for prefix in &version_prefixes {
        apply_prefix(
            stack,
            config,
            prefix,
            ConfigLayer::OperatorVersionDefault,
            VERSION_DEFAULTS.cite(release),
        );
    }
    Taken {
        namespace_prefix,
        version_prefixes,
    }
}

/// `applyDefault`: every key under `prefix`, written without it.
fn apply_prefix(
    stack: &mut Stack,
    config: &OperatorConfig,
    prefix: &str,
    layer: ConfigLayer,
    cite: Option<String>,
) {
    for s in &config.settings {
        let Some(inner) = s.key.strip_prefix(prefix).filter(|k| !k.is_empty()) else {
            continue;
        };
        let source = ValueSource {
            operator_source: cite.clone(),
            ..ValueSource::of(layer)
                .at(&config.file, s.line, s.column)
                .path(s.key.clone())
        };
        stack.write(inner, s.value.clone(), source);
    }
}

/// The version prefixes that apply to `version`, in the order they are applied. Operator 1.10
/// reads the exact version only (`applyDefault(VERSION_CONF_PREFIX + flinkVersion + ".")`,
/// FlinkConfigManager.java:223 at release-1.10.0); 1.11 and later
/// (`getRelevantVersionPrefixes`, l.243-283) every `v<M>_<m>+.` prefix of the configuration
/// whose version the release knows and is at or below `version`, oldest first, then the exact
/// prefix.
pub fn version_prefixes(
    config: &OperatorConfig,
    version: FlinkVersion,
    release: Release,
) -> Vec<String> {
    let mut plus: Vec<FlinkVersion> = Vec::new();
    if release.index() >= 1 {
        for s in &config.settings {
            let Some(rest) = s.key.strip_prefix(VERSION_DEFAULT) else {
                continue;
            };
            let Some((name, inner)) = rest.split_once('.') else {
                continue;
            };
            let Some(base) = name.strip_suffix('+') else {
                continue;
            };
            // `FLINK_VERSION_PATTERN`: `v(?<major>\d+)_(?<minor>\d+)(?<gt>\+)?\..*`; an
            // unknown version is logged and skipped (`fromMajorMinor` throws).
            let Some(v) = FlinkVersion::parse(base) else {
                continue;
            };
            if !inner.is_empty() && knows(release, v) && v <= version && !plus.contains(&v) {
                plus.push(v);
            }
        }
    }
    plus.sort();
    let mut prefixes: Vec<String> = plus
        .into_iter()
        .map(|v| format!("{VERSION_DEFAULT}{v}+."))
        .collect();
    prefixes.push(format!("{VERSION_DEFAULT}{version}."));
    prefixes
}

#[cfg(test)]
mod tests {
    use super::*;
    use options_core::Setting;
    use options_flink_operator::OPERATOR_RELEASES;

    fn config(lines: &[(&str, &str)]) -> OperatorConfig {
        OperatorConfig {
            file: "operator.yaml".to_owned(),
            what: "config.yaml".to_owned(),
            settings: lines
                .iter()
                .enumerate()
                .map(|(i, (k, v))| Setting::new(*k, *v, i as u32 + 1, 1))
                .collect(),
            notes: Vec::new(),
            errors: Vec::new(),
        }
    }

    fn release(v: &str) -> Release {
        OPERATOR_RELEASES.release(v).unwrap()
    }

    const V: &str = "kubernetes.operator.default-configuration.flink-version.";

    #[test]
    fn plus_prefixes_apply_oldest_first_then_the_exact_version() {
        let c = config(&[
            (&format!("{V}v1_20.a"), "exact"),
            (&format!("{V}v1_19+.a"), "1.19+"),
            (&format!("{V}v1_18+.a"), "1.18+"),
            (&format!("{V}v2_0+.a"), "too new"),
        ]);
        let prefixes = version_prefixes(&c, FlinkVersion::parse("v1_20").unwrap(), release("1.15"));
        assert_eq!(
            prefixes,
            [
                format!("{V}v1_18+."),
                format!("{V}v1_19+."),
                format!("{V}v1_20.")
            ]
        );
        let mut stack = Stack::default();
        apply(
            &mut stack,
            &c,
            "ns",
            FlinkVersion::parse("v1_20"),
            release("1.15"),
        );
        assert_eq!(stack.value("a", None), Some("exact"));
        let layers: Vec<&str> = stack
            .history("a")
            .iter()
            .map(|w| w.value.as_str())
            .collect();
        assert_eq!(layers, ["1.18+", "1.19+", "exact"]);
    }

    #[test]
    fn operator_1_10_reads_the_exact_version_only() {
        let c = config(&[(&format!("{V}v1_18+.a"), "1.18+")]);
        let mut stack = Stack::default();
        apply(
            &mut stack,
            &c,
            "ns",
            FlinkVersion::parse("v1_20"),
            release("1.10"),
        );
        assert_eq!(stack.value("a", None), None);
    }

    #[test]
    fn a_version_the_release_does_not_know_is_skipped() {
        let c = config(&[(&format!("{V}v1_12+.a"), "old")]);
        let prefixes = version_prefixes(&c, FlinkVersion::parse("v1_20").unwrap(), release("1.15"));
        assert_eq!(prefixes, [format!("{V}v1_20.")]);
    }

    #[test]
    fn a_version_default_wins_over_a_namespace_default_whatever_the_file_order() {
        let c = config(&[
            (&format!("{V}v1_20.a"), "version"),
            (
                "kubernetes.operator.default-configuration.namespace.ns.a",
                "namespace",
            ),
            ("a", "global"),
        ]);
        let mut stack = Stack::default();
        apply(
            &mut stack,
            &c,
            "ns",
            FlinkVersion::parse("v1_20"),
            release("1.15"),
        );
        let w = stack.get("a").unwrap();
        assert_eq!(
            (w.value.as_str(), w.source.layer),
            ("version", ConfigLayer::OperatorVersionDefault)
        );
        assert_eq!(stack.history("a").len(), 3);
    }
}
