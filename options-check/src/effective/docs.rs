//! The site's page on how the operator builds a deployment's configuration: the layers
//! ([`ConfigLayer`]), the table of what the operator writes per release with the source line of each
//! ([`MAPPINGS`]), and how to see it for one's own manifests.

use std::fmt::Write as _;

use options_core::tool::TOOL;
use options_flink_operator::OPERATOR_RELEASES;

use super::layer::ConfigLayer;
use super::mappings::{SourceFile, MAPPINGS, NOT_FLINK_KEYS, TAGS};

/// Where the operator's source is read (each line of the table links there).
const SOURCE: &str = "https://github.com/apache/flink-kubernetes-operator/blob";

fn path_of(file: SourceFile) -> &'static str {
    match file {
        SourceFile::Builder => "config/FlinkConfigBuilder.java",
        SourceFile::Manager => "config/FlinkConfigManager.java",
        SourceFile::Validator => "validation/DefaultValidator.java",
    }
}

/// The page, Markdown.
pub fn layers_markdown() -> String {
    let mut out = String::new();
    out.push_str("# What Flink receives from the operator\n\n");
    out.push_str(
        "The Flink Kubernetes Operator does not hand a FlinkDeployment's `spec.flinkConfiguration` to \
         Flink as it is: it builds the configuration from several layers, and a value written in one \
         can be silently replaced by another. Lowest precedence first:\n\n",
    );
    for (i, layer) in ConfigLayer::ALL
        .iter()
        .filter(|l| {
            !matches!(
                l,
                ConfigLayer::ConfigFile
                    | ConfigLayer::FlinkProperties
                    | ConfigLayer::DynamicProperty
            )
        })
        .enumerate()
    {
        let _ = writeln!(out, "{}. `{}`: {}", i + 1, layer.name(), layer.summary());
    }
    out.push_str(
        "\nA FlinkSessionJob gets the configuration of its session FlinkDeployment \
         (`spec.deploymentName`), then its own `spec.flinkConfiguration` and job settings.\n\n",
    );
    let _ = writeln!(
        out,
        "See it for your own manifests, every value with the file and line it comes from and the \
         values it shadows:\n\n```text\n{TOOL} effective deployment.yaml --operator-config values.yaml\n```\n\n\
         `--operator-config` takes the operator's `config.yaml` or `flink-conf.yaml`, its ConfigMap \
         manifest, or the Helm values file with `defaultConfiguration`; `--operator-release` picks the \
         operator's rules (default {}); `--all` adds Flink's defaults; `--output-format json` gives the \
         same as JSON. `{TOOL} validate --operator-config FILE` (or `operator-config` in \
         `flinkconf.toml`) reports what only the merged view shows: a `spec.flinkConfiguration` value \
         a spec field replaces (`replaced-by-spec`), a key the operator refuses (`operator-owned-key`); \
         `effective` also notes operator defaults no deployment takes (`unused-operator-default`). \
         Outside Kubernetes, `{TOOL} effective conf/ -D key=value` shows a conf directory with \
         `FLINK_PROPERTIES` and dynamic properties the same way.\n",
        OPERATOR_RELEASES.newest()
    );
    out.push_str("## What the operator writes, release by release\n\n");
    out.push_str(
        "Each item is one write of the operator's: from what, which key, when, its layer, and per \
         release the line of the operator's source that makes it (linked; `-` where that release \
         does not). \"When unset\" writes are made only when no layer set the key. `FCB` is \
         `FlinkConfigBuilder.java`, `FCM` `FlinkConfigManager.java`, `DV` \
         `DefaultValidator.java`; 1.12's lines are from 1.12.1.\n\n",
    );
    for m in MAPPINGS {
        let layer = match m.only_if_absent {
            true => format!("`{}`, when unset", m.layer.name()),
            false => format!("`{}`", m.layer.name()),
        };
        let _ = write!(out, "- `{}` → `{}` ({layer}): {}.", m.field, m.key, m.when);
        let lines: Vec<String> = OPERATOR_RELEASES
            .iter()
            .map(|r| match m.line(r) {
                Some(line) => format!(
                    "{r} [{}:{line}]({SOURCE}/{}/flink-kubernetes-operator/src/main/java/org/apache/flink/kubernetes/operator/{}#L{line})",
                    short(m.file),
                    TAGS[r.index()],
                    path_of(m.file)
                ),
                None => format!("{r} -"),
            })
            .collect();
        let _ = writeln!(out, " {}", lines.join(", "));
    }
    out.push_str("\n## Spec fields that write no Flink key\n\n");
    for (field, what) in NOT_FLINK_KEYS {
        let _ = writeln!(out, "- `{field}`: {what}.");
    }
    out
}

fn short(file: SourceFile) -> &'static str {
    match file {
        SourceFile::Builder => "FCB",
        SourceFile::Manager => "FCM",
        SourceFile::Validator => "DV",
    }
}
