//! Configuration held as text in a YAML value: the Flink operator's Helm values
//! (`defaultConfiguration` with `config.yaml: |` or `flink-conf.yaml: |`) and compose files whose
//! services set `FLINK_PROPERTIES` (the official image adds those `key: value` lines to the
//! `config.yaml` it starts with, so they are read as standard YAML).

use super::block::scalar_text;
use super::nodes::{Node, YamlDocument};
use super::{Embedded, Extracted, Reader};

/// The environment variable of the official image.
const VARIABLE: &str = "FLINK_PROPERTIES";

pub(super) fn helm(docs: &[YamlDocument], lines: &[&str]) -> Extracted {
    let mut out = Extracted::default();
    let Some(defaults) = docs
        .iter()
        .find_map(|d| d.root.as_ref()?.get("defaultConfiguration"))
    else {
        out.notes
            .push((1, "no defaultConfiguration: nothing to check".to_owned()));
        return out;
    };
    config_files(
        defaults,
        lines,
        "defaultConfiguration",
        Reader::Operator,
        &mut out,
    );
    out.operator_release = docs
        .iter()
        .find_map(|d| operator_image_release(d.root.as_ref()?));
    out
}

/// The operator release the Helm values' image names: `image.tag` such as `1.13.0` (or
/// `release-1.13.0`, `v1.13.0`; a suffix such as `-SNAPSHOT` ignored), when the image is the
/// operator's (its `repository` names `flink-kubernetes-operator`, or names none).
fn operator_image_release(root: &Node) -> Option<super::ManifestRelease> {
    let image = root.get("image")?;
    let repository = image.get("repository").and_then(Node::as_str);
    if repository.is_some_and(|r| !r.contains("flink-kubernetes-operator")) {
        return None;
    }
    let tag = image.get("tag")?;
    let written = tag.as_str()?;
    let bare = written
        .trim_start_matches("release-")
        .trim_start_matches('v');
    let version: String = bare
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    let version = version.trim_end_matches('.');
    (version.contains('.') && version.split('.').all(|p| !p.is_empty())).then(|| {
        super::ManifestRelease {
            version: version.to_owned(),
            written: written.to_owned(),
            at: tag.pos(),
        }
    })
}

/// The configuration files a mapping holds as text (`config.yaml: |`, `flink-conf.yaml: |`): the
/// Helm values' `defaultConfiguration`, a ConfigMap's `data`. `at` names the mapping in reports.
/// Whether it held one.
pub(super) fn config_files(
    node: &Node,
    lines: &[&str],
    at: &str,
    reader: Reader,
    out: &mut Extracted,
) -> bool {
    let mut held = false;
    for (file, legacy) in [("config.yaml", false), ("flink-conf.yaml", true)] {
        let Some(node) = node.get(file) else {
            continue;
        };
        held = true;
        let what = format!("{at}.\"{file}\"");
        match scalar_text(lines, node) {
            Some((text, map)) => out.embedded.push(Embedded {
                text,
                legacy,
                what,
                release: None,
                reader,
                map,
            }),
            None => out.errors.push((
                node.pos(),
                format!(
                    "{what} must be the text of the file (`{file}: |` and the file's lines below)"
                ),
            )),
        }
    }
    held
}

pub(super) fn compose(docs: &[YamlDocument], lines: &[&str]) -> Extracted {
    let mut out = Extracted::default();
    let services = docs
        .iter()
        .find_map(|d| match d.root.as_ref()?.get("services")? {
            Node::Mapping { entries, .. } => Some(entries),
            _ => None,
        });
    for (name, service) in services.into_iter().flatten() {
        let name = name.as_str().unwrap_or("(unnamed)");
        let what = format!("service {name}: {VARIABLE}");
        let value = match service.get("environment") {
            // `environment: {FLINK_PROPERTIES: ...}`
            Some(env @ Node::Mapping { .. }) => env.get(VARIABLE).map(|v| (v, 0)),
            // `environment: ["FLINK_PROPERTIES=..."]`, often a literal block
            Some(Node::Sequence { items, .. }) => items.iter().find_map(|item| {
                let text = item.as_str()?.trim_start();
                text.strip_prefix(VARIABLE)?
                    .strip_prefix('=')
                    .map(|_| (item, VARIABLE.len() + 1))
            }),
            _ => None,
        };
        let Some((node, prefix)) = value else {
            out.notes.push((
                service.pos().line,
                format!("service {name} does not set {VARIABLE}: nothing to check"),
            ));
            continue;
        };
        if let Some((text, mut map)) = scalar_text(lines, node) {
            // The `FLINK_PROPERTIES=` of a list item is not configuration.
            let text = match prefix {
                0 => text,
                n => {
                    map.shift_first_line(n as u32);
                    text.trim_start().chars().skip(n).collect()
                }
            };
            out.embedded.push(Embedded {
                text,
                legacy: false,
                what,
                release: None,
                reader: Reader::Flink,
                map,
            });
        }
    }
    if services.is_none() {
        out.notes
            .push((1, "no services: nothing to check".to_owned()));
    }
    out
}
