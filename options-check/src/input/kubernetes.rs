//! Kubernetes manifests: the `spec.flinkConfiguration` of each `FlinkDeployment` and
//! `FlinkSessionJob` (apiVersion `flink.apache.org/*`), written with flat string values
//! (`taskmanager.numberOfTaskSlots: "2"`) or as structured YAML (operator 1.13 and later), and the
//! release `spec.flinkVersion` names. Other documents are skipped, with a note.

use super::block::mapping_text;
use super::nodes::{Node, YamlDocument};
use super::values::config_files;
use super::{Embedded, Extracted, ManifestRelease, Reader};

/// The kinds whose `spec.flinkConfiguration` is Flink configuration.
const KINDS: [&str; 2] = ["FlinkDeployment", "FlinkSessionJob"];

pub(super) fn extract(docs: &[YamlDocument], lines: &[&str]) -> Extracted {
    let mut out = Extracted::default();
    let mut found = false;
    for (i, doc) in docs.iter().enumerate() {
        let number = i + 1;
        if let Some(flink) = FlinkResource::of(number, doc) {
            found = true;
            resource(&flink, lines, &mut out);
            continue;
        }
        let Some(root) = &doc.root else {
            continue;
        };
        let name = name_of(root);
        let kind = root.get("kind").and_then(Node::as_str);
        if kind == Some("ConfigMap") {
            if let Some(data) = root.get("data") {
                // The operator's ConfigMap (the Helm chart's `flink-operator-config`) holds the
                // operator's configuration; any other holding a config file, a Flink cluster's.
                let reader = match name.contains("operator") {
                    true => Reader::Operator,
                    false => Reader::Flink,
                };
                let at = format!("ConfigMap {name} (document {number}): data");
                if config_files(data, lines, &at, reader, &mut out) {
                    found = true;
                    continue;
                }
            }
        }
        let what = match kind {
            Some(kind) => format!("{kind} {name}"),
            None => "not a Kubernetes resource".to_owned(),
        };
        out.notes.push((
            doc.line,
            format!("document {number} ({what}) skipped: not a FlinkDeployment or FlinkSessionJob"),
        ));
    }
    if !found && !docs.is_empty() {
        out.notes.push((
            1,
            "no FlinkDeployment or FlinkSessionJob in this file: nothing to check".to_owned(),
        ));
    }
    out
}

/// One `FlinkDeployment` or `FlinkSessionJob` document of a manifest.
pub(crate) struct FlinkResource<'d> {
    /// Its number in the file, from 1.
    pub number: usize,
    /// Its root mapping.
    pub root: &'d Node,
    /// `FlinkDeployment` or `FlinkSessionJob`.
    pub kind: &'d str,
    /// `metadata.name`, or `(no name)`.
    pub name: &'d str,
    /// `apiVersion`.
    pub api: Option<&'d str>,
    /// The line the document starts on.
    pub line: u32,
}

impl<'d> FlinkResource<'d> {
    /// Document `number` (from 1) when it is a `FlinkDeployment` or `FlinkSessionJob`
    /// (apiVersion `flink.apache.org/*`).
    pub(crate) fn of(number: usize, doc: &'d YamlDocument) -> Option<Self> {
        let root = doc.root.as_ref()?;
        let text = |key: &str| root.get(key).and_then(Node::as_str);
        let (api, kind) = (text("apiVersion"), text("kind"));
        let flink = api.is_some_and(|a| a.starts_with("flink.apache.org/"))
            && kind.is_some_and(|k| KINDS.contains(&k));
        Some(FlinkResource {
            number,
            root,
            kind: kind.filter(|_| flink)?,
            name: name_of(root),
            api,
            line: doc.line,
        })
    }
}

/// A document's `metadata.name`, or `(no name)`.
fn name_of(root: &Node) -> &str {
    root.at(&["metadata", "name"])
        .and_then(Node::as_str)
        .unwrap_or("(no name)")
}

/// Cuts `resource`'s `spec.flinkConfiguration` out of the file into `out` (at most one
/// [`Embedded`]), with the release its `spec.flinkVersion` names, and notes and errors about
/// both; gives the release. The one reading of a resource's configuration: `flinkconf validate`
/// and the resource model (`crate::resource`) share it.
pub(crate) fn resource(
    resource: &FlinkResource<'_>,
    lines: &[&str],
    out: &mut Extracted,
) -> Option<ManifestRelease> {
    let FlinkResource {
        number,
        root,
        kind,
        name,
        api,
        line,
    } = *resource;
    let what = format!("{kind} {name} (document {number}): spec.flinkConfiguration");
    // The operator's first API took any text as the version (`1.14.3`); its later ones take
    // `v1_19` and the like only.
    let first_api = api == Some(FIRST_API);
    let release = root.at(&["spec", "flinkVersion"]).and_then(|v| match v {
        Node::Scalar { value, pos, .. } => Some(ManifestRelease {
            version: release_of(value)
                .or_else(|| first_api.then(|| free_text_release(value)).flatten())
                .unwrap_or_default(),
            written: value.clone(),
            at: *pos,
        }),
        _ => None,
    });
    match release.as_ref() {
        Some(r) if first_api => out.notes.push((
            r.at.line,
            match r.version.is_empty() {
                false => format!(
                    "{kind} {name} is of the operator's first API ({FIRST_API}), whose spec.flinkVersion is free text: \"{}\" read as Flink {}",
                    r.written, r.version
                ),
                true => format!(
                    "{kind} {name} is of the operator's first API ({FIRST_API}), whose spec.flinkVersion is free text: \"{}\" names no release, so the newest is used",
                    r.written
                ),
            },
        )),
        Some(r) if r.version.is_empty() => out.errors.push((
            r.at,
            format!(
                "spec.flinkVersion \"{}\" of {kind} {name} is not a release such as v1_19 or v2_3",
                r.written
            ),
        )),
        _ => {}
    }
    let release = release.filter(|r| !r.version.is_empty());
    match root.at(&["spec", "flinkConfiguration"]) {
        None => out.notes.push((
            line,
            format!("{kind} {name} (document {number}) has no spec.flinkConfiguration: nothing to check"),
        )),
        Some(node @ Node::Mapping { .. }) => {
            if let Some((text, map)) = mapping_text(lines, node) {
                out.embedded.push(Embedded {
                    text,
                    legacy: false,
                    what,
                    release: release.clone(),
                    reader: Reader::Resource,
                    map,
                });
            }
        }
        Some(other) => out.errors.push((
            other.pos(),
            format!("spec.flinkConfiguration of {kind} {name} must be a mapping of keys to values"),
        )),
    }
    release
}

/// The operator's first API version (operator 0.1), whose `spec.flinkVersion` was free text.
const FIRST_API: &str = "flink.apache.org/v1alpha1";

/// The version a free-text `flinkVersion` of the first API names: dotted numbers, with or without
/// a leading `v` (`1.14.3`, `v1.15`).
fn free_text_release(text: &str) -> Option<String> {
    let text = text.trim();
    let version = text.strip_prefix(['v', 'V']).unwrap_or(text);
    let mut parts = version.split('.');
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    (parts.next().is_some_and(digits) && parts.all(digits) && version.contains('.'))
        .then(|| version.to_owned())
}

/// The release an operator's `flinkVersion` names: `v1_19` is `1.19`, `v2_3` is `2.3`.
pub fn release_of(flink_version: &str) -> Option<String> {
    let rest = flink_version.strip_prefix('v')?;
    let (major, minor) = rest.split_once('_')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    (digits(major) && digits(minor)).then(|| format!("{major}.{minor}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operator_versions_name_releases() {
        assert_eq!(release_of("v1_19").as_deref(), Some("1.19"));
        assert_eq!(release_of("v2_3").as_deref(), Some("2.3"));
        assert_eq!(release_of("1.19"), None);
        assert_eq!(release_of("v1_"), None);
    }

    #[test]
    fn the_first_apis_free_text_names_a_version_when_it_is_one() {
        assert_eq!(free_text_release("1.14.3").as_deref(), Some("1.14.3"));
        assert_eq!(free_text_release("v1.15").as_deref(), Some("1.15"));
        assert_eq!(free_text_release("latest"), None);
        assert_eq!(free_text_release("1"), None);
        assert_eq!(free_text_release("1..2"), None);
    }
}
