//! The operator's default configuration, from any file it is kept in: its `config.yaml` or
//! `flink-conf.yaml`, its ConfigMap manifest (the Helm chart's `flink-operator-config`), or the
//! Helm values file (`defaultConfiguration`). Every setting is kept at its position in that file.
//!
//! When both files are there, the operator reads `flink-conf.yaml`: Flink 1.19 and 1.20 (whose
//! `GlobalConfiguration` the operator 1.10 to 1.15 loads it with) prefer the legacy file in a
//! conf directory, and the Helm chart (1.13 and later) mounts only `flink-conf.yaml` when the
//! values name it, else `config.yaml`.

use std::fmt;
use std::path::Path;

use options_core::yaml::YamlReader;
use options_core::ValueKind;
use options_flink::builtin::catalogue_at;
use options_flink::FLINK_RELEASES;

use crate::input::nodes::Pos;
use crate::input::{detect, extract, Embedded, Format, Reader};
use options_core::Setting;

/// The operator's configuration as read from one file.
#[derive(Clone, PartialEq, Eq)]
pub struct OperatorConfig {
    /// The file as the user named it.
    pub file: String,
    /// Which configuration of the file was read: `config.yaml`,
    /// `defaultConfiguration."flink-conf.yaml"`, `ConfigMap flink-operator-config (document 1):
    /// data."config.yaml"`.
    pub what: String,
    /// Its settings, each at its key's position in the file; a key given twice counts once, with
    /// its last value.
    pub settings: Vec<Setting>,
    /// Remarks on the reading (the file not read beside the one read), at file lines.
    pub notes: Vec<(u32, String)>,
    /// What kept a part from being read, at file positions.
    pub errors: Vec<(Pos, String)>,
}

// `Debug` by hand: the settings' values may be secrets (Setting masks them).
impl fmt::Debug for OperatorConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OperatorConfig")
            .field("file", &self.file)
            .field("what", &self.what)
            .field("settings", &self.settings)
            .field("notes", &self.notes)
            .field("errors", &self.errors)
            .finish()
    }
}

/// Reads `text`, the operator's configuration in the file `file` names (a `flink-conf.yaml` is
/// told by its name; a ConfigMap manifest and Helm values by their content). `Err` when the
/// file holds no operator configuration.
pub fn read(file: &str, text: &str) -> Result<OperatorConfig, String> {
    let legacy_name = Path::new(file)
        .file_name()
        .is_some_and(|n| n == "flink-conf.yaml");
    let format = detect(text, legacy_name);
    let extracted = extract(format, text);
    let mut errors = extracted.errors.clone();
    let candidates: Vec<&Embedded> = extracted
        .embedded
        .iter()
        // A ConfigMap not named for the operator is read as a Flink cluster's, but given as the
        // operator's configuration it is the operator's.
        .filter(|e| matches!(e.reader, Reader::Operator | Reader::Flink))
        .collect();
    let chosen = candidates
        .iter()
        .find(|e| e.legacy)
        .or(candidates.first())
        .copied();
    let Some(chosen) = chosen else {
        return Err(match format {
            Format::Kubernetes => format!(
                "{file} holds no ConfigMap with a config.yaml or flink-conf.yaml (the operator's configuration is the Helm chart's flink-operator-config ConfigMap)"
            ),
            Format::Helm => format!("{file}: defaultConfiguration holds no config.yaml or flink-conf.yaml"),
            _ => format!("{file} holds no operator configuration"),
        });
    };
    let mut notes: Vec<(u32, String)> = candidates
        .iter()
        .filter(|e| !std::ptr::eq(**e, chosen))
        .map(|e| {
            (
                e.map.to_file(1, 1).0,
                format!(
                    "{} is not read: the operator reads {} when both are there",
                    label(e),
                    label(chosen)
                ),
            )
        })
        .collect();
    notes.extend(
        extracted
            .notes
            .iter()
            .filter(|(_, n)| !n.contains("skipped"))
            .cloned(),
    );
    let settings = settings(chosen, &mut errors);
    Ok(OperatorConfig {
        file: file.to_owned(),
        what: label(chosen),
        settings,
        notes,
        errors,
    })
}

/// How reports name an embedded configuration: its place in the file, or the file's kind.
fn label(e: &Embedded) -> String {
    match (e.what.is_empty(), e.legacy) {
        (false, _) => e.what.clone(),
        (true, true) => "flink-conf.yaml".to_owned(),
        (true, false) => "config.yaml".to_owned(),
    }
}

/// The settings of one configuration at file positions: a `flink-conf.yaml` with Flink's line
/// rules (the last line of a key counts), a `config.yaml` with Flink's YAML rules (a block
/// mapping under a Map-typed option of Flink 1.20, which operator 1.11 to 1.15 is built on, is
/// that option's value).
fn settings(e: &Embedded, errors: &mut Vec<(Pos, String)>) -> Vec<Setting> {
    let at = |line: u32, column: u32| {
        let (line, column) = e.map.to_file(line, column);
        Pos { line, column }
    };
    let read = match e.legacy {
        true => options_flink::legacy::legacy_settings(&e.text, Path::new("flink-conf.yaml"))
            .map_err(|err| vec![err]),
        false => {
            let flink = catalogue_at(
                FLINK_RELEASES
                    .release("1.20")
                    .unwrap_or(FLINK_RELEASES.newest()),
            );
            let read = YamlReader::new(&e.text)
                .map_options(|key: &str| {
                    flink.resolve(key).is_some_and(|r| {
                        r.meta.value_type.kind == ValueKind::Map && !r.meta.value_type.list
                    })
                })
                .settings();
            errors.extend(
                read.errors
                    .iter()
                    .map(|err| (at(err.line(), err.column()), err.kind().to_string())),
            );
            Ok(read.settings)
        }
    };
    match read {
        Ok(settings) => settings
            .into_iter()
            .map(|s| {
                let pos = at(s.line, s.column);
                Setting {
                    line: pos.line,
                    column: pos.column,
                    ..s
                }
            })
            .collect(),
        Err(bad) => {
            errors.extend(
                bad.iter()
                    .map(|err| (at(err.line(), err.column()), err.kind().to_string())),
            );
            Vec::new()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn helm_values_give_flink_conf_yaml_at_its_lines() {
        let values = "defaultConfiguration:\n  create: true\n  flink-conf.yaml: |+\n    parallelism.default: 2\n    kubernetes.operator.reconcile.interval: 15 s\n";
        let read = read("values.yaml", values).unwrap();
        assert_eq!(read.what, "defaultConfiguration.\"flink-conf.yaml\"");
        let keys: Vec<(&str, u32, u32)> = read
            .settings
            .iter()
            .map(|s| (s.key.as_str(), s.line, s.column))
            .collect();
        assert_eq!(
            keys,
            [
                ("parallelism.default", 4, 5),
                ("kubernetes.operator.reconcile.interval", 5, 5)
            ]
        );
    }

    #[test]
    fn with_both_files_the_legacy_one_is_read_and_the_other_noted() {
        let map = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: flink-operator-config\ndata:\n  config.yaml: |\n    a.b: 1\n  flink-conf.yaml: |\n    a.b: 2\n";
        let read = read("cm.yaml", map).unwrap();
        assert!(
            read.what.ends_with("data.\"flink-conf.yaml\""),
            "{}",
            read.what
        );
        assert_eq!(read.settings[0].value, "2");
        assert_eq!(read.notes.len(), 1, "{:?}", read.notes);
        assert!(read.notes[0].1.contains("is not read"), "{:?}", read.notes);
    }

    #[test]
    fn a_plain_config_yaml_flattens_nested_keys() {
        let read = read(
            "conf/config.yaml",
            "kubernetes.operator:\n  reconcile.interval: 15 s\n",
        )
        .unwrap();
        assert_eq!(
            read.settings[0].key,
            "kubernetes.operator.reconcile.interval"
        );
        assert_eq!((read.settings[0].line, read.settings[0].column), (2, 3));
    }

    #[test]
    fn a_legacy_file_keeps_the_last_line_of_a_key() {
        let read = read("flink-conf.yaml", "a.b: 1\na.b: 2\n").unwrap();
        assert_eq!(read.settings.len(), 1);
        assert_eq!(
            (read.settings[0].value.as_str(), read.settings[0].line),
            ("2", 2)
        );
    }

    #[test]
    fn a_manifest_without_a_config_map_is_an_error() {
        let error = read(
            "m.yaml",
            "apiVersion: v1\nkind: Service\nmetadata:\n  name: x\n",
        )
        .unwrap_err();
        assert!(error.contains("no ConfigMap"), "{error}");
    }
}
