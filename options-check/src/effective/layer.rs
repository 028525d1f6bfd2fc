//! The layers a deployment's configuration is built from, where each value came from, and the
//! stack that applies writes in the operator's order and remembers what each one shadowed.

use std::collections::BTreeMap;
use std::fmt;

use options_core::{Catalogue, DefaultDoc};

/// Where a value of the effective configuration comes from, lowest precedence first (the order
/// the operator applies them; a later write of a key replaces an earlier one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ConfigLayer {
    /// Flink's default for the deployment's release (not written anywhere: what Flink reads
    /// when no layer sets the key).
    FlinkDefault,
    /// The operator's default configuration (its `config.yaml` or `flink-conf.yaml`, the Helm
    /// chart's `defaultConfiguration`).
    OperatorDefault,
    /// `kubernetes.operator.default-configuration.namespace.<namespace>.<key>`.
    OperatorNamespaceDefault,
    /// `kubernetes.operator.default-configuration.flink-version.<version>[+].<key>`.
    OperatorVersionDefault,
    /// The resource's `spec.flinkConfiguration`.
    FlinkConfiguration,
    /// A field of the resource's spec (`spec.taskManager.resource.memory`), which the operator
    /// applies after `spec.flinkConfiguration`.
    SpecField,
    /// Set by the operator itself: always (`kubernetes.cluster-id`), or only when no other layer
    /// set the key (`web.cancel.enable`).
    Operator,
    /// Outside Kubernetes: the conf directory's `config.yaml` (or, for Flink 1.x, its
    /// `flink-conf.yaml`).
    ConfigFile,
    /// Outside Kubernetes: `FLINK_PROPERTIES`, which the official Docker image's entrypoint adds
    /// to the configuration file when the container starts.
    FlinkProperties,
    /// Outside Kubernetes: a `-D key=value` dynamic property of the command line.
    DynamicProperty,
}

impl ConfigLayer {
    /// Every layer: the operator's lowest first, then those of a conf directory lowest first
    /// (Flink's defaults are under both).
    pub const ALL: [ConfigLayer; 10] = [
        ConfigLayer::FlinkDefault,
        ConfigLayer::OperatorDefault,
        ConfigLayer::OperatorNamespaceDefault,
        ConfigLayer::OperatorVersionDefault,
        ConfigLayer::FlinkConfiguration,
        ConfigLayer::SpecField,
        ConfigLayer::Operator,
        ConfigLayer::ConfigFile,
        ConfigLayer::FlinkProperties,
        ConfigLayer::DynamicProperty,
    ];

    /// Its name in every output: `flink-default`, `operator-default`, ...
    pub fn name(self) -> &'static str {
        match self {
            ConfigLayer::FlinkDefault => "flink-default",
            ConfigLayer::OperatorDefault => "operator-default",
            ConfigLayer::OperatorNamespaceDefault => "operator-namespace-default",
            ConfigLayer::OperatorVersionDefault => "operator-version-default",
            ConfigLayer::FlinkConfiguration => "flink-configuration",
            ConfigLayer::SpecField => "spec-field",
            ConfigLayer::Operator => "operator",
            ConfigLayer::ConfigFile => "config-file",
            ConfigLayer::FlinkProperties => "flink-properties",
            ConfigLayer::DynamicProperty => "dynamic-property",
        }
    }

    /// One sentence: what the layer is.
    pub fn summary(self) -> &'static str {
        match self {
            ConfigLayer::FlinkDefault => "Flink's own default for the deployment's release, used when no layer sets the key.",
            ConfigLayer::OperatorDefault => "The operator's default configuration: its config.yaml or flink-conf.yaml (the Helm chart's defaultConfiguration), with every key passed on to each deployment.",
            ConfigLayer::OperatorNamespaceDefault => "kubernetes.operator.default-configuration.namespace.<namespace>.<key> in the operator's configuration: a default for the deployments of one namespace.",
            ConfigLayer::OperatorVersionDefault => "kubernetes.operator.default-configuration.flink-version.<version>.<key> (and, from operator 1.11, <version>+ for that version and newer, older versions first): a default for the deployments of a Flink version; it wins over a namespace default.",
            ConfigLayer::FlinkConfiguration => "The resource's spec.flinkConfiguration; it wins over every operator default.",
            ConfigLayer::SpecField => "A field of the spec (image, serviceAccount, jobManager and taskManager resources and replicas, job, mode, pod templates, log configuration): applied after spec.flinkConfiguration, so it replaces a value written there.",
            ConfigLayer::Operator => "Set by the operator itself: kubernetes.namespace, kubernetes.cluster-id and high-availability.cluster-id always (refused in the spec), and a few defaults only when no other layer set the key.",
            ConfigLayer::ConfigFile => "Outside Kubernetes: the conf directory's config.yaml (Flink 1.19 and 1.20 read its flink-conf.yaml first when it has one).",
            ConfigLayer::FlinkProperties => "Outside Kubernetes: FLINK_PROPERTIES, whose lines the official Docker image's entrypoint adds to the configuration file at start (Flink's own scripts do not read it).",
            ConfigLayer::DynamicProperty => "Outside Kubernetes: -D key=value on the command line (bin/jobmanager.sh start-foreground -D ...), over the file.",
        }
    }
}

impl fmt::Display for ConfigLayer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where one value was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueSource {
    /// Its layer.
    pub layer: ConfigLayer,
    /// The file it is written in (the manifest, the operator's configuration), when any.
    pub file: Option<String>,
    /// Line in that file (from 1).
    pub line: Option<u32>,
    /// Column in characters (from 1).
    pub column: Option<u32>,
    /// What wrote it: the spec path (`spec.taskManager.resource.memory`), the key as written in
    /// the operator's configuration (`kubernetes.operator.default-configuration.namespace.a.k`),
    /// or the operator's rule (`metadata.name`).
    pub path: Option<String>,
    /// Where the operator's source does it (`FlinkConfigBuilder.java:126`, at the release's tag),
    /// for the spec-field and operator layers.
    pub operator_source: Option<String>,
    /// Set only when no lower layer set the key (the operator's `setDefaultConf`).
    pub only_if_absent: bool,
}

impl ValueSource {
    /// A source of `layer` with nothing else known.
    pub fn of(layer: ConfigLayer) -> Self {
        ValueSource {
            layer,
            file: None,
            line: None,
            column: None,
            path: None,
            operator_source: None,
            only_if_absent: false,
        }
    }

    /// This source at `file`, `line`, `column`.
    pub fn at(mut self, file: &str, line: u32, column: u32) -> Self {
        self.file = Some(file.to_owned());
        self.line = Some(line);
        self.column = Some(column);
        self
    }

    /// This source written by `path`.
    pub fn path(mut self, path: impl Into<String>) -> Self {
        self.path = Some(path.into());
        self
    }

    /// Where: `file:line:column (path)`, the parts known.
    pub fn place(&self) -> String {
        let mut out = String::new();
        if let Some(file) = &self.file {
            out.push_str(file);
            if let Some(line) = self.line {
                out.push_str(&format!(":{line}"));
                if let Some(column) = self.column {
                    out.push_str(&format!(":{column}"));
                }
            }
        }
        if let Some(path) = &self.path {
            match out.is_empty() {
                true => out.push_str(path),
                false => out.push_str(&format!(" ({path})")),
            }
        }
        out
    }
}

/// One value written to a key.
#[derive(Clone, PartialEq, Eq)]
pub struct Written {
    /// The value as the operator hands it to Flink.
    pub value: String,
    /// Where it came from.
    pub source: ValueSource,
}

// `Debug` by hand: the value may be a secret, and its key is not here to tell.
impl fmt::Debug for Written {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Written")
            .field("value_bytes", &self.value.len())
            .field("source", &self.source)
            .finish()
    }
}

/// One key of the effective configuration.
#[derive(Clone, PartialEq, Eq)]
pub struct Entry {
    /// The key.
    pub key: String,
    /// The value Flink receives (a secret's is masked only when shown).
    pub value: String,
    /// Where it came from.
    pub source: ValueSource,
    /// What it shadows, the most recent first (each lower layer that set the key).
    pub shadows: Vec<Written>,
}

// `Debug` by hand: masks the values of secret keys.
impl fmt::Debug for Entry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Entry")
            .field("key", &self.key)
            .field(
                "value",
                &options_core::sensitive::shown(&self.key, &self.value),
            )
            .field("source", &self.source)
            .field("shadows", &self.shadows.len())
            .finish()
    }
}

/// Writes applied in order, each key's history kept: the last write of a key wins, and the
/// earlier ones are what it shadows.
#[derive(Clone, Debug, Default)]
pub struct Stack {
    keys: BTreeMap<String, Vec<Written>>,
}

impl Stack {
    /// Writes `value` to `key` (unless the source is only-if-absent and the key is set).
    pub fn write(&mut self, key: &str, value: impl Into<String>, source: ValueSource) {
        if source.only_if_absent && self.contains(key) {
            return;
        }
        let written = Written {
            value: value.into(),
            source,
        };
        match self.keys.get_mut(key) {
            Some(history) => history.push(written),
            None => {
                self.keys.insert(key.to_owned(), vec![written]);
            }
        }
    }

    /// Whether a layer (not Flink's defaults) set `key`.
    pub fn contains(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    /// The winning write of `key` among the layers that set it (Flink's defaults aside).
    pub fn get(&self, key: &str) -> Option<&Written> {
        self.keys
            .get(key)?
            .iter()
            .rev()
            .find(|w| w.source.layer != ConfigLayer::FlinkDefault)
    }

    /// The value of `key`: the winning write, else `default`.
    pub fn value<'s>(&'s self, key: &str, default: Option<&'s str>) -> Option<&'s str> {
        self.get(key).map(|w| w.value.as_str()).or(default)
    }

    /// Every key with its history, oldest write first, in key order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &[Written])> {
        self.keys.iter().map(|(k, v)| (k.as_str(), v.as_slice()))
    }

    /// `key`'s history, oldest first.
    pub fn history(&self, key: &str) -> &[Written] {
        self.keys.get(key).map_or(&[], Vec::as_slice)
    }

    /// The settings in key order: each key's last write, over the writes it shadows.
    pub fn settings(&self) -> Vec<Entry> {
        self.iter()
            .filter_map(|(key, history)| {
                let (last, earlier) = history.split_last()?;
                Some(Entry {
                    key: key.to_owned(),
                    value: last.value.clone(),
                    source: last.source.clone(),
                    shadows: earlier.iter().rev().cloned().collect(),
                })
            })
            .collect()
    }

    /// Flink's default of every option of `flink` (its own key; pattern keys and hidden options
    /// aside) under the writes of its key, or as the value when no layer set any spelling of it.
    pub fn put_flink_defaults(&mut self, flink: &Catalogue) {
        for (_, meta) in flink.options() {
            let DefaultDoc::Value(default) = meta.default else {
                continue;
            };
            let key = meta.key.name();
            if meta.hidden || key.contains('<') {
                continue;
            }
            let other_spelling = meta
                .fallback_keys
                .iter()
                .chain(meta.deprecated_keys)
                .any(|k| self.contains(k.name()));
            if other_spelling && !self.contains(key) {
                continue;
            }
            self.default_under(key, default);
        }
    }

    /// Removes `key` and gives its history.
    pub fn take(&mut self, key: &str) -> Vec<Written> {
        self.keys.remove(key).unwrap_or_default()
    }

    /// Puts `writes` (oldest first) under every write of `key`, as what it shadows.
    pub fn put_under(&mut self, key: &str, writes: Vec<Written>) {
        let history = self.keys.entry(key.to_owned()).or_default();
        history.splice(0..0, writes);
    }

    /// Puts Flink's `default` for `key` under every other write of it.
    pub fn default_under(&mut self, key: &str, default: &str) {
        let written = Written {
            value: default.to_owned(),
            source: ValueSource::of(ConfigLayer::FlinkDefault),
        };
        self.keys
            .entry(key.to_owned())
            .or_default()
            .insert(0, written);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_later_write_wins_and_keeps_the_earlier_one_as_history() {
        let mut stack = Stack::default();
        stack.write("a", "1", ValueSource::of(ConfigLayer::OperatorDefault));
        stack.write("a", "2", ValueSource::of(ConfigLayer::FlinkConfiguration));
        assert_eq!(stack.value("a", None), Some("2"));
        assert_eq!(stack.history("a").len(), 2);
    }

    #[test]
    fn an_only_if_absent_write_yields_to_any_layer_but_flinks_defaults() {
        let mut stack = Stack::default();
        let absent = ValueSource {
            only_if_absent: true,
            ..ValueSource::of(ConfigLayer::Operator)
        };
        stack.default_under("web.cancel.enable", "true");
        stack.write("web.cancel.enable", "false", absent.clone());
        assert_eq!(stack.value("web.cancel.enable", None), Some("false"));
        stack.write(
            "pipeline.name",
            "mine",
            ValueSource::of(ConfigLayer::FlinkConfiguration),
        );
        stack.write("pipeline.name", "resource", absent);
        assert_eq!(stack.value("pipeline.name", None), Some("mine"));
        assert_eq!(stack.history("pipeline.name").len(), 1);
    }

    #[test]
    fn places_read_file_line_column_then_path() {
        let source = ValueSource::of(ConfigLayer::SpecField)
            .at("a.yaml", 3, 7)
            .path("spec.image");
        assert_eq!(source.place(), "a.yaml:3:7 (spec.image)");
        assert_eq!(
            ValueSource::of(ConfigLayer::Operator)
                .path("metadata.name")
                .place(),
            "metadata.name"
        );
    }
}
