//! A live [`Catalogue`] built from a documented one ([`CatalogueDoc`], usually read back from a
//! `catalogue.json` another crate exported), so tools that run statements or load files
//! (`options-shell --catalogue FILE.json`) work with options they were not compiled with.
//!
//! Each option gets the runtime's parser for its documented type (`Boolean` parses as `bool`,
//! `Unsigned` as `u64`, `List<Duration>` as a list of durations, ...), its bounds, closed set,
//! relation and what it needs then (`then_above`), fallback and deprecated keys, its change class and its flags. What a file cannot carry stays out: an
//! enum (or each item of an enum list) is checked against its documented names and aliases (case
//! ignored) but kept as the text given, a user type (`Other`) is accepted as any text, and a
//! declared `validate = ...` function is not run.
//!
//! A declaration is `'static` (a [`GroupMeta`] and its [`OptionMeta`]s are compiled in), so the
//! metadata built here is leaked: build one catalogue per file, once per process.

use std::collections::BTreeMap;
use std::time::Duration;

use options_core::{grammar, TypeInfo, ValueKind};
use options_core::{Bound, Deprecation, Relation};
use options_core::{
    Catalogue, ChangeClass, ConfigError, DefaultDoc, GroupMeta, MemorySize, OptionKey, OptionMeta,
    OptionValue,
};

use crate::engine::EngineDocError;
use crate::model::{CatalogueDoc, DefaultModel, OptionDoc, SectionDoc};

/// Why a documented catalogue could not become a live one.
#[derive(Debug, thiserror::Error)]
pub enum RuntimeError {
    /// The engine names a rule this version does not know.
    #[error(transparent)]
    Engine(#[from] EngineDocError),
    /// A bound that does not parse as the option's type.
    #[error("option {key}: bound \"{bound}\" is not a value of its type {type_name}; fix the catalogue file")]
    Bound {
        /// The option.
        key: String,
        /// The bound as written.
        bound: String,
        /// The option's type.
        type_name: String,
    },
    /// The catalogue refused a section (a relation to an unknown key, a key declared twice).
    #[error("section {section}: {source}")]
    Section {
        /// The section id.
        section: String,
        /// What the catalogue said.
        source: ConfigError,
    },
}

/// The live catalogue of `doc`: its engine, every section as a group, every option with the
/// runtime parser of its documented type (see the module docs for what is left out).
pub fn runtime_catalogue(doc: &CatalogueDoc) -> Result<Catalogue, RuntimeError> {
    let mut catalogue = Catalogue::new().with_engine(doc.engine.to_static()?);
    let classes: Classes = doc
        .change_classes
        .iter()
        .map(|c| {
            let class: &'static ChangeClass = Box::leak(Box::new(ChangeClass {
                id: leak(&c.id),
                label: leak(&c.label),
                summary: leak(&c.summary),
                reach: c.reach(),
            }));
            (c.id.as_str(), class)
        })
        .collect();
    for section in &doc.sections {
        let group = group(section, &classes)?;
        catalogue
            .add_group(group)
            .map_err(|source| RuntimeError::Section {
                section: section.id.clone(),
                source,
            })?;
    }
    Ok(catalogue)
}

fn leak(s: &str) -> &'static str {
    Box::leak(s.to_owned().into_boxed_str())
}

fn leak_keys(keys: &[String]) -> &'static [OptionKey] {
    Box::leak(
        keys.iter()
            .map(|k| OptionKey::new(leak(k)))
            .collect::<Vec<_>>()
            .into_boxed_slice(),
    )
}

fn leak_list(values: &[String]) -> &'static [&'static str] {
    Box::leak(
        values
            .iter()
            .map(|v| leak(v))
            .collect::<Vec<_>>()
            .into_boxed_slice(),
    )
}

/// The file's change classes by id, each leaked once.
type Classes<'a> = BTreeMap<&'a str, &'static ChangeClass>;

fn group(section: &SectionDoc, classes: &Classes) -> Result<&'static GroupMeta, RuntimeError> {
    let options = section
        .options
        .iter()
        .map(|o| {
            let mut meta = option(o)?;
            meta.change_class = o
                .change_class
                .as_deref()
                .and_then(|id| classes.get(id).copied());
            Ok(meta)
        })
        .collect::<Result<Vec<_>, RuntimeError>>()?;
    Ok(Box::leak(Box::new(GroupMeta {
        id: leak(&section.id),
        title: leak(&section.title),
        description: leak(&section.description),
        family: leak(&section.family),
        options: Box::leak(options.into_boxed_slice()),
        releases: None,
    })))
}

/// The metadata of `key` with the runtime's parser for `T`.
fn typed<T: OptionValue>(key: &'static str, list: bool) -> OptionMeta {
    if list {
        OptionMeta::new::<Vec<T>>(key)
    } else {
        OptionMeta::new::<T>(key)
    }
}

fn option(o: &OptionDoc) -> Result<OptionMeta, RuntimeError> {
    let key = leak(&o.key);
    let t = &o.value_type;
    let kind = t.value_kind();
    let mut meta = match kind {
        Some(ValueKind::Boolean) => typed::<bool>(key, t.list),
        Some(ValueKind::Integer) => typed::<i32>(key, t.list),
        Some(ValueKind::Long) => typed::<i64>(key, t.list),
        Some(ValueKind::Unsigned) => typed::<u64>(key, t.list),
        Some(ValueKind::Float) => typed::<f32>(key, t.list),
        Some(ValueKind::Double) => typed::<f64>(key, t.list),
        Some(ValueKind::Duration) => typed::<Duration>(key, t.list),
        Some(ValueKind::MemorySize) => typed::<MemorySize>(key, t.list),
        Some(ValueKind::Map) => typed::<BTreeMap<String, String>>(key, t.list),
        Some(ValueKind::String | ValueKind::Enum | ValueKind::Other(_)) | None => {
            typed::<String>(key, t.list)
        }
    };
    match kind {
        Some(ValueKind::Enum) => {
            let names = leak_list(&t.enum_values);
            let aliases: Vec<(&'static str, usize)> = t
                .enum_aliases
                .iter()
                .filter_map(|(alias, value)| {
                    Some((leak(alias), t.enum_values.iter().position(|v| v == value)?))
                })
                .collect();
            let accepted: Vec<String> = t
                .enum_values
                .iter()
                .chain(t.enum_aliases.keys())
                .cloned()
                .collect();
            meta.value_type =
                TypeInfo::enumeration(names).with_aliases(Box::leak(aliases.into_boxed_slice()));
            if t.list {
                meta.value_type = meta.value_type.list_of();
            }
            if !names.is_empty() {
                // Each item of a list too (see `Constraint::check`).
                meta.constraint.one_of = leak_list(&accepted);
            }
        }
        None => {
            let user = TypeInfo::scalar(ValueKind::Other(leak(&t.kind)));
            meta.value_type = if t.list { user.list_of() } else { user };
        }
        _ => {}
    }
    meta.description = leak(&o.description);
    meta.scope = o.scope;
    meta.default = match &o.default {
        DefaultModel::None => DefaultDoc::None,
        DefaultModel::Value(v) => DefaultDoc::Value(leak(v)),
        DefaultModel::Override(v) => DefaultDoc::Override(leak(v)),
    };
    meta.fallback_keys = leak_keys(&o.fallback_keys);
    meta.deprecated_keys = leak_keys(&o.deprecated_keys);
    meta.since = o.since.as_deref().map(leak);
    // A file may say "deprecated" without a note; a note always means deprecated.
    meta.deprecated = o.deprecated || o.deprecation.is_some();
    meta.deprecation = o.deprecation.as_ref().map(|d| Deprecation {
        since: leak(&d.since),
        note: leak(&d.note),
    });
    if !t.list {
        if let Some(min) = &o.constraint.min {
            meta.constraint.min = Some(bound(o, min)?);
        }
        if let Some(max) = &o.constraint.max {
            meta.constraint.max = Some(bound(o, max)?);
        }
    }
    if !o.constraint.one_of.is_empty() {
        meta.constraint.one_of = leak_list(&o.constraint.one_of);
    }
    if let Some(r) = &o.only_when {
        meta.only_when = Some(Relation {
            key: leak(&r.key),
            value: leak(&r.value),
        });
        if let Some(above) = &r.then_above {
            meta.then_above = Some(bound(o, above)?);
        }
    }
    // Set by `OptionMeta::new` already when the key names a secret.
    meta.sensitive |= o.sensitive;
    meta.startup_only = o.startup_only;
    meta.hidden = o.hidden;
    Ok(meta)
}

/// A documented bound read with the option's grammar.
fn bound(o: &OptionDoc, text: &str) -> Result<Bound, RuntimeError> {
    let parsed = match o.value_type.value_kind() {
        Some(ValueKind::Integer | ValueKind::Long) => {
            grammar::parse_i64(text).ok().map(Bound::Integer)
        }
        Some(ValueKind::Unsigned) => grammar::parse_u64(text)
            .ok()
            .and_then(|v| i64::try_from(v).ok())
            .map(Bound::Integer),
        Some(ValueKind::Float | ValueKind::Double) => {
            grammar::parse_f64(text).ok().map(Bound::Float)
        }
        Some(ValueKind::Duration) => grammar::parse_duration(text).ok().map(Bound::Duration),
        Some(ValueKind::MemorySize) => grammar::parse_memory_bytes(text).ok().map(Bound::Memory),
        _ => None,
    };
    parsed.ok_or_else(|| RuntimeError::Bound {
        key: o.key.clone(),
        bound: text.to_owned(),
        type_name: o.value_type.name.clone(),
    })
}
