//! The Flink Kubernetes operator's resources as a model with positions: each `FlinkDeployment`
//! and `FlinkSessionJob` of a manifest file (any number of YAML documents), with its kind,
//! namespace, name, every field of its `spec` and its `spec.flinkConfiguration` as flat
//! settings, each at its line and column in the user's file.
//!
//! What builds on it: `flinkconf effective` (the configuration the operator hands to Flink,
//! layer by layer: [`crate::effective`]) and anything that compares two versions of a resource.
//! The model says what is written, not what it means: defaults the operator fills in (one
//! JobManager replica, `mode: native`) are not added, and nothing is checked here.
//!
//! `spec.flinkConfiguration` is cut out of the file by the same code `flinkconf validate` uses
//! ([`crate::input`]), then read as the operator reads it (from operator 1.13 it flattens nested
//! mappings into dotted keys, `ConfigObjectNode.asFlatMap`): every block mapping is more keys,
//! a sequence is its items joined by `;`.
//!
//! ```
//! use options_check::resource;
//!
//! let manifest = "\
//! apiVersion: flink.apache.org/v1beta1
//! kind: FlinkDeployment
//! metadata:
//!   name: orders
//!   namespace: team-a
//! spec:
//!   flinkVersion: v1_20
//!   taskManager:
//!     resource:
//!       memory: 2048m
//!   flinkConfiguration:
//!     taskmanager.memory.process.size: 1g
//! ";
//! let read = resource::read(manifest);
//! let orders = &read.resources[0];
//! assert_eq!(orders.kind, resource::Kind::FlinkDeployment);
//! assert_eq!((orders.name(), orders.namespace()), ("orders", "team-a"));
//! let memory = orders.field("spec.taskManager.resource.memory").unwrap();
//! assert_eq!(memory.value.text(), Some("2048m"));
//! assert_eq!((memory.pos.line, memory.pos.column), (10, 15));
//! let written = &orders.flink_configuration.as_ref().unwrap().settings[0];
//! assert_eq!((written.key.as_str(), written.line), ("taskmanager.memory.process.size", 12));
//! ```

mod field;

use std::fmt;

use options_core::yaml::YamlReader;

use crate::input::kubernetes::{self, FlinkResource};
use crate::input::nodes::{self, Node, Pos};
use crate::input::{Embedded, Extracted, ManifestRelease};
use options_core::Setting;

pub use field::{Field, FieldPath, FieldValue, Segment};

/// The kinds of resource the model reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// A Flink cluster: an application (with `spec.job`) or a session.
    FlinkDeployment,
    /// A job submitted to a session `FlinkDeployment` (`spec.deploymentName`).
    FlinkSessionJob,
}

impl Kind {
    /// `FlinkDeployment`, `FlinkSessionJob`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::FlinkDeployment => "FlinkDeployment",
            Kind::FlinkSessionJob => "FlinkSessionJob",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A scalar with where it is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    /// The text.
    pub value: String,
    /// Where it starts.
    pub pos: Pos,
}

/// The namespace a resource without `metadata.namespace` lands in when applied without `-n`
/// (`kubectl`'s default context namespace).
pub const DEFAULT_NAMESPACE: &str = "default";

/// A resource's `spec.flinkConfiguration`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlinkConfiguration {
    /// Where the `flinkConfiguration` key is.
    pub pos: Pos,
    /// Its settings, flattened as the operator flattens them, in file order; each `line` and
    /// `column` is the key's position in the user's file.
    pub settings: Vec<Setting>,
    /// Written with nested mappings (`execution: {checkpointing: ...}` as a block), which only
    /// operator 1.13 and later read (earlier releases take a map of strings).
    pub nested: bool,
    /// Problems reading it (a duplicate key, a key without a value), at file positions.
    pub errors: Vec<(Pos, String)>,
    /// The text cut out of the file, with its map back to the file (what `validate` checks).
    pub embedded: Embedded,
}

impl FlinkConfiguration {
    /// The last setting of `key` (`None` when it is not written).
    pub fn get(&self, key: &str) -> Option<&Setting> {
        self.settings.iter().rev().find(|s| s.key == key)
    }
}

/// One `FlinkDeployment` or `FlinkSessionJob`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resource {
    /// Its kind.
    pub kind: Kind,
    /// `apiVersion` (`flink.apache.org/v1beta1`).
    pub api_version: String,
    /// Its document's number in the file, from 1.
    pub document: usize,
    /// The line its document starts on.
    pub line: u32,
    /// `metadata.name`.
    pub metadata_name: Option<Located>,
    /// `metadata.namespace`, when written.
    pub metadata_namespace: Option<Located>,
    /// The release `spec.flinkVersion` names (`None` when absent or not a release).
    pub flink_version: Option<ManifestRelease>,
    /// Every field under `spec` except `spec.flinkConfiguration`, in file order.
    pub fields: Vec<Field>,
    /// `spec.flinkConfiguration`, when written as a mapping.
    pub flink_configuration: Option<FlinkConfiguration>,
}

impl Resource {
    /// `metadata.name`, or `(no name)`.
    pub fn name(&self) -> &str {
        self.metadata_name
            .as_ref()
            .map_or("(no name)", |n| n.value.as_str())
    }

    /// `metadata.namespace`, or [`DEFAULT_NAMESPACE`] when it is not written.
    pub fn namespace(&self) -> &str {
        self.metadata_namespace
            .as_ref()
            .map_or(DEFAULT_NAMESPACE, |n| n.value.as_str())
    }

    /// The field at `path` as [`FieldPath`] displays it (`spec.jobManager.resource.memory`).
    pub fn field(&self, path: &str) -> Option<&Field> {
        self.fields.iter().find(|f| f.path.to_string() == path)
    }

    /// The field at `spec.<keys...>`.
    pub fn spec_field(&self, keys: &[&str]) -> Option<&Field> {
        let path = FieldPath::spec(keys);
        self.fields.iter().find(|f| f.path == path)
    }

    /// The text of the scalar at `spec.<keys...>` (`None` when absent, null or not a scalar).
    pub fn spec_text(&self, keys: &[&str]) -> Option<&str> {
        self.spec_field(keys).and_then(|f| f.value.text())
    }

    /// Whether anything is written under `spec.<keys...>` (a mapping with fields, or a value).
    pub fn has(&self, keys: &[&str]) -> bool {
        let path = FieldPath::spec(keys);
        self.fields
            .iter()
            .any(|f| f.path.starts_with(&path) && f.value != FieldValue::Null)
    }

    /// The fields under `spec.<keys...>`, in file order.
    pub fn under<'r>(&'r self, keys: &[&str]) -> impl Iterator<Item = &'r Field> + 'r {
        let path = FieldPath::spec(keys);
        self.fields
            .iter()
            .filter(move |f| f.path.starts_with(&path))
    }
}

/// What a manifest file holds: its resources, notes about the rest, and errors in its structure.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Resources {
    /// The `FlinkDeployment` and `FlinkSessionJob` resources, in file order.
    pub resources: Vec<Resource>,
    /// Documents skipped and other remarks, each at the line it is about.
    pub notes: Vec<(u32, String)>,
    /// What kept a part from being read (not YAML, a `spec.flinkVersion` that names no release),
    /// at file positions.
    pub errors: Vec<(Pos, String)>,
}

/// Every `FlinkDeployment` and `FlinkSessionJob` of `text`, a manifest of any number of YAML
/// documents.
pub fn read(text: &str) -> Resources {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Resources::default();
    let mut docs = match nodes::documents(text) {
        Ok(docs) => docs,
        Err(error) => {
            out.errors.push(error);
            return out;
        }
    };
    for doc in &mut docs {
        if let Some(root) = doc.root.as_mut() {
            nodes::mark_flow(root, &lines);
        }
    }
    for (i, doc) in docs.iter().enumerate() {
        let Some(flink) = FlinkResource::of(i + 1, doc) else {
            if doc.root.is_some() {
                out.notes.push((
                    doc.line,
                    format!(
                        "document {} skipped: not a FlinkDeployment or FlinkSessionJob",
                        i + 1
                    ),
                ));
            }
            continue;
        };
        out.resources
            .push(resource(&flink, &lines, &mut out.notes, &mut out.errors));
    }
    out
}

/// The model of one resource document.
fn resource(
    flink: &FlinkResource<'_>,
    lines: &[&str],
    notes: &mut Vec<(u32, String)>,
    errors: &mut Vec<(Pos, String)>,
) -> Resource {
    let mut cut = Extracted::default();
    let flink_version = kubernetes::resource(flink, lines, &mut cut);
    // "has no spec.flinkConfiguration" is a remark for `validate`; the model simply has none.
    notes.extend(
        cut.notes
            .into_iter()
            .filter(|(_, n)| !n.contains("has no spec.flinkConfiguration")),
    );
    errors.extend(cut.errors);
    let root = flink.root;
    let located = |path: &[&str]| match root.at(path) {
        Some(Node::Scalar { value, pos, .. }) => Some(Located {
            value: value.clone(),
            pos: *pos,
        }),
        _ => None,
    };
    let mut fields = Vec::new();
    if let Some((key, spec)) = root.entry("spec") {
        let configuration = FieldPath::spec(&["flinkConfiguration"]);
        field::collect(
            spec,
            FieldPath::spec(&[]),
            key.pos(),
            &|p| *p == configuration,
            &mut fields,
        );
    }
    let flink_configuration = cut.embedded.pop().map(|embedded| {
        let node = root.at(&["spec", "flinkConfiguration"]);
        let pos = root
            .get("spec")
            .and_then(|s| s.entry("flinkConfiguration"))
            .map_or(Pos { line: 0, column: 0 }, |(k, _)| k.pos());
        configuration(embedded, pos, node.is_some_and(nested))
    });
    Resource {
        kind: match flink.kind {
            "FlinkSessionJob" => Kind::FlinkSessionJob,
            _ => Kind::FlinkDeployment,
        },
        api_version: flink.api.unwrap_or_default().to_owned(),
        document: flink.number,
        line: flink.line,
        metadata_name: located(&["metadata", "name"]),
        metadata_namespace: located(&["metadata", "namespace"]),
        flink_version,
        fields,
        flink_configuration,
    }
}

/// The settings of a cut-out `spec.flinkConfiguration`, at file positions.
fn configuration(embedded: Embedded, pos: Pos, nested: bool) -> FlinkConfiguration {
    let read = YamlReader::new(&embedded.text).settings();
    let settings = read
        .settings
        .into_iter()
        .map(|s| {
            let (line, column) = embedded.map.to_file(s.line, s.column);
            Setting { line, column, ..s }
        })
        .collect();
    let errors = read
        .errors
        .iter()
        .map(|e| {
            let (line, column) = embedded.map.to_file(e.line(), e.column());
            (Pos { line, column }, e.kind().to_string())
        })
        .collect();
    FlinkConfiguration {
        pos,
        settings,
        nested,
        errors,
        embedded,
    }
}

/// Whether a `flinkConfiguration` mapping holds a block mapping as a value.
fn nested(node: &Node) -> bool {
    match node {
        Node::Mapping { entries, .. } => entries
            .iter()
            .any(|(_, v)| matches!(v, Node::Mapping { flow: false, .. })),
        _ => false,
    }
}
