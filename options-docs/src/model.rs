//! The documentation model: an owned, serializable copy of a catalogue (sections -> options) that
//! every renderer reads, built from a live [`Catalogue`] or read back from `catalogue.json`.
//!
//! Options are sorted by key inside a section; sections keep the catalogue's order. Hidden options
//! stay in the model (and in `catalogue.json`, with `hidden: true`) so that `validate`, `explain` and
//! `diff` know them; the page renderers skip them.

use std::collections::BTreeMap;

use options_core::{
    Catalogue, ChangeClass, DefaultDoc, GroupMeta, OptionMeta, Reach, Scope, ValueKind,
};
use serde::{Deserialize, Serialize};

pub use crate::engine::EngineDoc;

/// The `format_version` written to and required from `catalogue.json` (3: releases, option
/// histories, removed options and what changed in each release; the engine).
pub const FORMAT_VERSION: u32 = 3;

/// A whole catalogue, ready to render: the options of one release, with their histories.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CatalogueDoc {
    /// The engine whose options these are (Flink's in files written before engines existed).
    #[serde(default)]
    pub engine: EngineDoc,
    /// The sections, in catalogue order.
    pub sections: Vec<SectionDoc>,
    /// The release documented, when the catalogue's options name releases.
    #[serde(default)]
    pub release: Option<ReleaseDoc>,
    /// Options that the release no longer reads, each with the release that removed it, oldest
    /// removal first.
    #[serde(default)]
    pub removed: Vec<RemovedDoc>,
    /// What changed in each release up to the documented one, oldest first (the first release
    /// has no step).
    #[serde(default)]
    pub steps: Vec<StepDoc>,
    /// The change classes the options declare (how a change reaches a running system), least
    /// disruptive first; each option names its class by id. Empty when none declares one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub change_classes: Vec<ChangeClassDoc>,
    /// The command that regenerates these docs, named in the note at the top of every generated
    /// file (`cargo run -p flinkconf -- generate` for the CLI's site). Not part of
    /// `catalogue.json`: without one the note names [`crate::BLESS_VAR`]'s refresh,
    /// `BLESS=1 cargo test`, as `check_or_bless` does.
    #[serde(skip)]
    pub regenerate: Option<String>,
}

/// The release a catalogue documents, and the releases of its engine.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReleaseDoc {
    /// The engine (`Apache Flink`).
    pub engine: String,
    /// The release documented (`2.3`).
    pub version: String,
    /// Every release of the engine the catalogue knows, oldest first.
    pub versions: Vec<String>,
}

/// An option that the documented release no longer reads.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RemovedDoc {
    /// Its key.
    pub key: String,
    /// The release that removed it (`2.0`).
    pub release: String,
    /// What replaces it (Markdown).
    pub note: String,
    /// Options of the documented release that still read the key (as a deprecated or fallback
    /// key): a file that sets it keeps working, through them.
    pub read_by: Vec<String>,
    /// The title of the section that declared it.
    pub section: String,
    /// The first paragraph of its description.
    pub summary: String,
}

/// What changed from one release to the next.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepDoc {
    /// The older release (`1.20`).
    pub from: String,
    /// The newer release (`2.0`).
    pub to: String,
    /// The changelog between the two, as `flinkconf diff` writes it (Markdown).
    pub changelog: String,
}

/// A change class ([`options_core::ChangeClass`]) in owned strings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChangeClassDoc {
    /// The machine name options refer to it by (`job-submission`).
    pub id: String,
    /// The short label (`job submission`).
    pub label: String,
    /// When the engine reads such an option, one sentence.
    pub summary: String,
    /// What a change does, [`Reach::id`] (`live`, `rescale`, `next-run`, `restart`).
    pub reach: String,
}

impl ChangeClassDoc {
    /// The reach its `reach` names ([`Reach::Live`] for a name this version does not know: a
    /// file cannot make a reload hold back what it would apply).
    pub fn reach(&self) -> Reach {
        Reach::from_id(&self.reach).unwrap_or(Reach::Live)
    }
}

impl From<&ChangeClass> for ChangeClassDoc {
    fn from(c: &ChangeClass) -> Self {
        ChangeClassDoc {
            id: c.id.to_owned(),
            label: c.label.to_owned(),
            summary: c.summary.to_owned(),
            reach: c.reach.id().to_owned(),
        }
    }
}

/// What one release changed about an option: each fact as it was before that release (`None`:
/// unchanged).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChangeDoc {
    /// The release that made the change.
    pub release: String,
    /// The type's docs name before.
    #[serde(rename = "type")]
    pub value_type: Option<String>,
    /// The default before.
    pub default: Option<DefaultModel>,
    /// The accepted enum values before.
    pub enum_values: Option<Vec<String>>,
    /// Whether the option was left out of the docs before.
    pub hidden: Option<bool>,
    /// The deprecated keys before.
    pub deprecated_keys: Option<Vec<String>>,
    /// The fallback keys before.
    pub fallback_keys: Option<Vec<String>>,
}

/// One section (one option group).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SectionDoc {
    /// Id used in file names (`execution`).
    pub id: String,
    /// Title (`Execution Options`).
    pub title: String,
    /// Markdown description (may be empty).
    pub description: String,
    /// The family the site's navigation lists the section under (`State backends`); empty for a
    /// section listed on its own. Absent in catalogue files written before families existed.
    #[serde(default)]
    pub family: String,
    /// The options, sorted by key.
    pub options: Vec<OptionDoc>,
}

/// Everything known about one option.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OptionDoc {
    /// The dotted key.
    pub key: String,
    /// The value type.
    #[serde(rename = "type")]
    pub value_type: TypeDoc,
    /// The documented default.
    pub default: DefaultModel,
    /// Batch/streaming scope (`catalogue.json` holds its machine name, see `scope_id`).
    #[serde(with = "scope_id")]
    pub scope: Scope,
    /// Markdown description.
    pub description: String,
    /// Keys read when this key is unset, in order.
    pub fallback_keys: Vec<String>,
    /// Old spellings still read, in order.
    pub deprecated_keys: Vec<String>,
    /// The version that introduced the option.
    pub since: Option<String>,
    /// The option itself is deprecated.
    pub deprecated: bool,
    /// When it was deprecated and what replaces it, when declared.
    pub deprecation: Option<DeprecationDoc>,
    /// Values accepted beyond the type.
    pub constraint: ConstraintDoc,
    /// The condition under which the option has an effect, when declared.
    pub only_when: Option<RelationDoc>,
    /// The value is a secret (declared, or the key names one).
    pub sensitive: bool,
    /// Settable only before the environment is created.
    pub startup_only: bool,
    /// The id of its change class (one of [`CatalogueDoc::change_classes`]), when declared.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub change_class: Option<String>,
    /// Not documented on the pages.
    pub hidden: bool,
    /// What earlier releases up to the documented one changed about it, oldest first.
    #[serde(default)]
    pub changes: Vec<ChangeDoc>,
}

/// `deprecated = "1.18: use ..."`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeprecationDoc {
    /// The version it was deprecated in.
    pub since: String,
    /// What replaces it (Markdown).
    pub note: String,
}

/// Bounds (inclusive, in the option's grammar) and a closed set of strings.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConstraintDoc {
    /// The smallest accepted value (`1`, `1 ms`).
    pub min: Option<String>,
    /// The largest accepted value.
    pub max: Option<String>,
    /// The only accepted strings, matched ignoring case (empty when any string is accepted).
    pub one_of: Vec<String>,
}

impl ConstraintDoc {
    /// Whether nothing is constrained.
    pub fn is_empty(&self) -> bool {
        self.min.is_none() && self.max.is_none() && self.one_of.is_empty()
    }
}

/// `only_when = "key = value"`, with the `then_above` bound the option needs while it holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RelationDoc {
    /// The other option's key.
    pub key: String,
    /// The value it must have.
    pub value: String,
    /// While the condition holds, the value must be above this (in the option's grammar): Flink
    /// refuses to plan a job otherwise. Absent when the option declares no such bound.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub then_above: Option<String>,
}

/// A value type as the docs describe it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TypeDoc {
    /// The docs name: `Duration`, `List<String>`, `Enum`.
    pub name: String,
    /// The scalar kind (`Boolean`, `Integer`, ..., `Enum`, `Map`, or a user type's name).
    pub kind: String,
    /// A `;`-separated list of `kind`.
    pub list: bool,
    /// Possible values of an enum (empty otherwise).
    pub enum_values: Vec<String>,
    /// Other spellings an enum accepts: alias -> the value it stands for (absent when none).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub enum_aliases: BTreeMap<String, String>,
}

impl TypeDoc {
    /// The built-in kind `kind` names; `None` for a user type (a catalogue file knows only its
    /// name).
    pub fn value_kind(&self) -> Option<ValueKind> {
        ValueKind::from_name(&self.kind)
    }
}

/// How the default is documented.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "text", rename_all = "snake_case")]
pub enum DefaultModel {
    /// No default: `(none)`.
    None,
    /// The canonical config string of the default.
    Value(String),
    /// Text shown as is instead of a machine-dependent default.
    Override(String),
}

impl From<DefaultDoc> for DefaultModel {
    fn from(default: DefaultDoc) -> Self {
        match default {
            DefaultDoc::None => DefaultModel::None,
            DefaultDoc::Value(v) => DefaultModel::Value(v.to_owned()),
            DefaultDoc::Override(v) => DefaultModel::Override(v.to_owned()),
        }
    }
}

/// `catalogue.json` stores a scope as its machine name ([`Scope::id`]: `"none"`, `"batch"`,
/// `"streaming"`, `"both"`); every human output prints [`Scope::as_str`] instead.
mod scope_id {
    use options_core::Scope;
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serializer};

    const IDS: &[&str] = &[
        Scope::None.id(),
        Scope::Batch.id(),
        Scope::Streaming.id(),
        Scope::Both.id(),
    ];

    pub fn serialize<S: Serializer>(scope: &Scope, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(scope.id())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Scope, D::Error> {
        let id = String::deserialize(d)?;
        Scope::from_id(&id).ok_or_else(|| D::Error::unknown_variant(&id, IDS))
    }
}

impl CatalogueDoc {
    /// A catalogue of these sections, without release facts.
    pub fn new(sections: Vec<SectionDoc>) -> Self {
        CatalogueDoc {
            engine: EngineDoc::default(),
            sections,
            release: None,
            removed: Vec::new(),
            steps: Vec::new(),
            change_classes: Vec::new(),
            regenerate: None,
        }
    }

    /// The sections of a live catalogue, with its engine, without its release facts.
    pub(crate) fn sections_of(catalogue: &Catalogue) -> Self {
        let release = catalogue.release();
        let mut doc = CatalogueDoc::new(
            catalogue
                .groups()
                .iter()
                .map(|g| SectionDoc::from_group_at(g, release))
                .collect(),
        );
        doc.engine = EngineDoc::from(catalogue.engine());
        doc.change_classes = change_classes(catalogue);
        doc
    }

    /// The change class with this id.
    pub fn change_class(&self, id: &str) -> Option<&ChangeClassDoc> {
        self.change_classes.iter().find(|c| c.id == id)
    }

    /// The change class `option` declares, if any.
    pub fn class_of(&self, option: &OptionDoc) -> Option<&ChangeClassDoc> {
        self.change_class(option.change_class.as_deref()?)
    }

    /// The release documented, as `engine version` (`Apache Flink 2.3`), when there is one.
    pub fn release_name(&self) -> Option<String> {
        self.release
            .as_ref()
            .map(|r| format!("{} {}", r.engine, r.version))
    }

    /// Every option with its section, in section order then key order.
    pub fn options(&self) -> impl Iterator<Item = (&SectionDoc, &OptionDoc)> {
        self.sections
            .iter()
            .flat_map(|s| s.options.iter().map(move |o| (s, o)))
    }

    /// The option whose own key is `key`.
    pub fn option(&self, key: &str) -> Option<(&SectionDoc, &OptionDoc)> {
        self.options().find(|(_, o)| o.key == key)
    }

    /// Puts every section's options in key order (what renderers rely on).
    pub fn sort(&mut self) {
        for section in &mut self.sections {
            section.options.sort_by(|a, b| a.key.cmp(&b.key));
        }
    }
}

impl SectionDoc {
    /// The model of one group, options sorted by key.
    pub fn from_group(group: &GroupMeta) -> Self {
        Self::from_group_at(group, None)
    }

    /// The model of one group as seen at `release` (its options' histories up to it).
    pub(crate) fn from_group_at(group: &GroupMeta, release: Option<options_core::Release>) -> Self {
        let mut options: Vec<OptionDoc> = group
            .options
            .iter()
            .map(|m| OptionDoc::from_meta_at(m, release))
            .collect();
        options.sort_by(|a, b| a.key.cmp(&b.key));
        SectionDoc {
            id: group.id.to_owned(),
            title: group.title.to_owned(),
            description: group.description.to_owned(),
            family: group.family.to_owned(),
            options,
        }
    }

    /// The options shown on the pages (not hidden).
    pub fn documented(&self) -> impl Iterator<Item = &OptionDoc> {
        self.options.iter().filter(|o| !o.hidden)
    }
}

impl OptionDoc {
    /// The model of one option's metadata.
    pub fn from_meta(meta: &OptionMeta) -> Self {
        Self::from_meta_at(meta, None)
    }

    /// The model of one option's metadata with the changes made up to `release` (every change
    /// without one).
    fn from_meta_at(meta: &OptionMeta, release: Option<options_core::Release>) -> Self {
        let t = meta.value_type;
        OptionDoc {
            key: meta.key_str().to_owned(),
            value_type: TypeDoc {
                name: t.name().into_owned(),
                kind: t.kind.name().to_owned(),
                list: t.list,
                enum_values: t.enum_values.iter().map(|v| (*v).to_owned()).collect(),
                enum_aliases: t
                    .enum_aliases
                    .iter()
                    .filter_map(|&(alias, i)| {
                        Some((alias.to_owned(), (*t.enum_values.get(i)?).to_owned()))
                    })
                    .collect(),
            },
            default: DefaultModel::from(meta.default),
            scope: meta.scope,
            description: meta.description.trim().to_owned(),
            fallback_keys: meta
                .fallback_keys
                .iter()
                .map(|k| k.name().to_owned())
                .collect(),
            deprecated_keys: meta
                .deprecated_keys
                .iter()
                .map(|k| k.name().to_owned())
                .collect(),
            since: meta.since.map(str::to_owned),
            deprecated: meta.deprecated,
            deprecation: meta.deprecation.map(|d| DeprecationDoc {
                since: d.since.to_owned(),
                note: d.note.to_owned(),
            }),
            constraint: ConstraintDoc {
                min: meta.constraint.min.map(|b| b.text()),
                max: meta.constraint.max.map(|b| b.text()),
                one_of: meta
                    .constraint
                    .one_of
                    .iter()
                    .map(|v| (*v).to_owned())
                    .collect(),
            },
            only_when: meta.only_when.map(|r| RelationDoc {
                key: r.key.to_owned(),
                value: r.value.to_owned(),
                then_above: meta.then_above.map(|b| b.text()),
            }),
            sensitive: meta.is_sensitive(),
            startup_only: meta.startup_only,
            change_class: meta.change_class.map(|c| c.id.to_owned()),
            hidden: meta.hidden,
            changes: changes(meta, release),
        }
    }

    /// The anchor id of the option on its section page: the key with `.` replaced by `-`
    /// (`table-exec-mini-batch-enabled`), as Flink's pages spell it.
    pub fn anchor(&self) -> String {
        anchor_for(&self.key)
    }

    /// Whether the scalar kind is `String` (its defaults are quoted).
    pub fn is_string(&self) -> bool {
        self.value_type.kind == ValueKind::String.name()
    }
}

/// Every change class the options of `catalogue` declare, least disruptive first (by reach, then
/// id), once each.
fn change_classes(catalogue: &Catalogue) -> Vec<ChangeClassDoc> {
    let mut classes: Vec<&ChangeClass> = catalogue
        .groups()
        .iter()
        .flat_map(|g| g.options.iter().filter_map(|m| m.change_class))
        .collect();
    classes.sort_by_key(|c| (c.reach, c.id));
    classes.dedup_by_key(|c| c.id);
    classes.into_iter().map(ChangeClassDoc::from).collect()
}

/// The anchor id for a key (`table.exec.state.ttl` -> `table-exec-state-ttl`); a pattern key's
/// placeholders lose their brackets (`metrics.reporter.<name>.interval` ->
/// `metrics-reporter-name-interval`).
pub fn anchor_for(key: &str) -> String {
    key.replace('.', "-").replace(['<', '>'], "")
}

/// What releases up to `release` changed about `meta`, oldest first; every change when there is
/// no release.
fn changes(meta: &OptionMeta, release: Option<options_core::Release>) -> Vec<ChangeDoc> {
    let mut out: Vec<ChangeDoc> = meta
        .changes
        .iter()
        .filter(|c| release.is_none_or(|r| r.reached(c.release)))
        .map(|c| ChangeDoc {
            release: c.release.to_owned(),
            value_type: c.value_type.map(|t| t.name().into_owned()),
            default: c.default.map(DefaultModel::from),
            enum_values: c
                .enum_values
                .map(|v| v.iter().map(|s| (*s).to_owned()).collect()),
            hidden: c.hidden,
            deprecated_keys: c
                .deprecated_keys
                .map(|k| k.iter().map(|k| k.name().to_owned()).collect()),
            fallback_keys: c
                .fallback_keys
                .map(|k| k.iter().map(|k| k.name().to_owned()).collect()),
        })
        .collect();
    out.sort_by(|a, b| {
        options_core::version::compare_texts(&a.release, &b.release)
            .unwrap_or(core::cmp::Ordering::Equal)
    });
    out
}
