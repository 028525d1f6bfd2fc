//! Layered configuration with provenance: every value knows where it came from, and every layer
//! that set a key can be listed ("why is this value what it is?").
//!
//! # Precedence
//!
//! Lowest to highest; a higher layer wins:
//!
//! 1. the declared defaults (not stored: a key no layer sets reads its default);
//! 2. `config.yaml` ([`LayerKind::File`], read by the `yaml` module of the `yaml` feature), or an
//!    engine's own files ([`LayeredConfigBuilder::source`]);
//! 3. environment variables ([`LayerKind::Env`], mapping in [`crate::env_vars`]);
//! 4. command-line `-D key=value` arguments ([`LayerKind::Arguments`]);
//! 5. the application ([`LayerKind::Application`]; an engine's own table configuration, such as
//!    Flink's `TableConfig`, keeps its `set` calls above all of these).
//!
//! Each layer is a [`Configuration`] whose entries carry their [`Source`](crate::config::Source): the file
//! with line and column, the variable's name, the argument, the application.
//!
//! An option answers to its key, its fallback keys and its deprecated keys. When a catalogue is
//! given, a higher layer that sets an option under any of these spellings hides the lower layers'
//! settings of that option, so "a higher layer wins" holds whichever spelling each layer used.
//!
//! # Unknown keys
//!
//! A key the catalogue does not declare (and no free-form prefix of the catalogue allows) is kept
//! and reported as a [`Notice`] when loading is [`Strictness::Lenient`], and rejected with
//! suggestions when it is [`Strictness::Strict`]. Environment variables are the exception: the
//! environment is shared with other programs (`FLINK_VERSION`, say), so an unknown key from it is
//! always a notice (see [`crate::env_vars`]). Values of declared options are validated while loading;
//! every error of every source is reported together ([`LoadErrors`]).
//!
//! # Reloading
//!
//! [`LiveConfig`] holds the configuration a running system reads and reloads it: every value
//! checked first, all applied or none, values whose change class needs a restart held back and
//! reported, readers never seeing half of a reload (see [`reload`]).

mod builder;
mod explain;
pub mod reload;

use std::fmt;
use std::sync::Arc;

pub use crate::loading::{collection_as_text, Notice, NoticeKind, Strictness};
pub use builder::{
    parse_argument, parse_arguments, LayeredConfigBuilder, LoadContext, LoadError, LoadErrors,
};
pub use explain::{Explanation, LayerSetting};
pub use reload::{Changed, LiveConfig, Refused, Reloaded};

use crate::catalogue::Catalogue;
use crate::config::{ConfigEntry, Configuration, ReadableConfig};
use crate::option::OptionKey;

/// A layer of configuration, lowest precedence first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LayerKind {
    /// A `config.yaml` file.
    File,
    /// Environment variables.
    Env,
    /// Command-line `-D key=value` arguments.
    Arguments,
    /// Set by the application (or buffered before the environment existed).
    Application,
}

impl LayerKind {
    /// The layer's name in messages.
    pub fn name(self) -> &'static str {
        match self {
            LayerKind::File => "config.yaml",
            LayerKind::Env => "environment",
            LayerKind::Arguments => "arguments",
            LayerKind::Application => "application",
        }
    }
}

impl fmt::Display for LayerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One layer: its kind and its settings.
#[derive(Clone, Debug)]
pub struct Layer {
    kind: LayerKind,
    /// Shared: a layered configuration built on another one (an environment's root, a layer
    /// added) keeps the same layers, not copies of them.
    config: Arc<Configuration>,
}

impl Layer {
    /// The layer's kind.
    pub fn kind(&self) -> LayerKind {
        self.kind
    }

    /// The layer's settings.
    pub fn configuration(&self) -> &Configuration {
        &self.config
    }
}

/// Configuration assembled from layers (file, environment, arguments, application), reading the
/// highest layer that sets a key; see the [module docs](self).
///
/// Reads go to one merged table built when the layers are assembled, so a typed read through a
/// layered configuration costs what a read of one [`Configuration`] costs. When only one layer
/// sets anything (a large `config.yaml` alone, say), that layer is the merged table: it is kept
/// once, not twice.
#[derive(Clone, Default)]
pub struct LayeredConfig {
    /// Lowest precedence first.
    layers: Vec<Layer>,
    merged: Arc<Configuration>,
    catalogue: Option<Arc<Catalogue>>,
    notices: Vec<Notice>,
}

impl LayeredConfig {
    /// An empty configuration (every option reads its default).
    pub fn new() -> Self {
        Self::default()
    }

    /// A builder that loads sources into layers.
    pub fn builder() -> LayeredConfigBuilder {
        LayeredConfigBuilder::default()
    }

    /// Assembles already loaded layers; they are sorted by precedence (layers of one kind keep their
    /// order, the later winning).
    pub fn from_layers(
        layers: impl IntoIterator<Item = (LayerKind, Configuration)>,
        catalogue: Option<Arc<Catalogue>>,
    ) -> Self {
        let layers = layers
            .into_iter()
            .map(|(kind, config)| Layer {
                kind,
                config: Arc::new(config),
            })
            .collect();
        Self::from_shared_layers(layers, catalogue)
    }

    fn from_shared_layers(mut layers: Vec<Layer>, catalogue: Option<Arc<Catalogue>>) -> Self {
        layers.sort_by_key(|l| l.kind);
        let merged = merge(&layers, catalogue.as_ref());
        LayeredConfig {
            layers,
            merged,
            catalogue,
            notices: Vec::new(),
        }
    }

    /// The same layers (shared, not copied) merged with `catalogue` relating their spellings,
    /// without notices.
    pub fn with_catalogue(&self, catalogue: Option<Arc<Catalogue>>) -> Self {
        Self::from_shared_layers(self.layers.clone(), catalogue)
    }

    pub(crate) fn with_notices(mut self, notices: Vec<Notice>) -> Self {
        self.notices = notices;
        self
    }

    /// The layers, lowest precedence first.
    pub fn layers(&self) -> &[Layer] {
        &self.layers
    }

    /// The catalogue used to validate and to relate key spellings, if any.
    pub fn catalogue(&self) -> Option<&Arc<Catalogue>> {
        self.catalogue.as_ref()
    }

    /// Unknown keys kept (lenient loading) and deprecated keys seen, in source order.
    pub fn notices(&self) -> &[Notice] {
        &self.notices
    }

    /// The winning setting of every key, each with its source (key order).
    pub fn resolved(&self) -> &Configuration {
        &self.merged
    }

    /// The winning setting of every key, shared (what [`LayeredConfig::resolved`] borrows).
    pub fn merged(&self) -> Arc<Configuration> {
        self.merged.clone()
    }

    /// Key -> winning value, unmasked (for handing to an engine).
    pub fn to_map(&self) -> std::collections::BTreeMap<String, String> {
        self.merged.to_map()
    }

    /// Key -> winning value for display: sensitive values are `******`.
    pub fn to_display_map(&self) -> std::collections::BTreeMap<String, String> {
        self.merged.to_display_map()
    }

    /// The same layers plus `config` as the highest layer of `kind`.
    pub fn with_layer(&self, kind: LayerKind, config: Configuration) -> Self {
        let mut layers = self.layers.clone();
        layers.push(Layer {
            kind,
            config: Arc::new(config),
        });
        LayeredConfig::from_shared_layers(layers, self.catalogue.clone())
            .with_notices(self.notices.clone())
    }

    /// Every layer that sets `key` (or, with a catalogue, another spelling of its option), the
    /// winner first, and the default.
    pub fn explain(&self, key: &str) -> Explanation {
        Explanation::build(
            key,
            self.layers.iter().rev().map(|l| &*l.config),
            self.catalogue.as_deref(),
        )
    }
}

/// Merges layers into one table; with a catalogue, a layer's setting of an option hides every
/// spelling of that option in lower layers (see [`overlay`]). When one layer alone sets anything
/// and validates with the same catalogue, it is the merged table.
fn merge(layers: &[Layer], catalogue: Option<&Arc<Catalogue>>) -> Arc<Configuration> {
    let mut setting = layers.iter().filter(|l| !l.config.is_empty());
    if let (Some(only), None) = (setting.next(), setting.next()) {
        let same = match (only.config.catalogue(), catalogue) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        if same {
            return only.config.clone();
        }
    }
    let mut merged = match catalogue {
        Some(c) => Configuration::with_catalogue(c.clone()),
        None => Configuration::new(),
    };
    for layer in layers {
        overlay(&mut merged, &layer.config, catalogue.map(Arc::as_ref));
    }
    Arc::new(merged)
}

/// Lays `upper` over `lower`: `upper`'s entries win. With a catalogue, every spelling (key,
/// fallback key, deprecated key) of an option that `upper` sets is first removed from `lower`, so
/// the result holds one winning spelling per option, whichever spelling each side used.
pub fn overlay(lower: &mut Configuration, upper: &Configuration, catalogue: Option<&Catalogue>) {
    // Nothing below to hide (the lowest layer that sets anything): skip resolving every key.
    if let Some(catalogue) = catalogue.filter(|_| !lower.is_empty()) {
        for entry in upper.iter() {
            if let Some(resolved) = catalogue.resolve(entry.key()) {
                for k in resolved.meta.all_keys() {
                    if k.name() != entry.key() {
                        lower.remove_str(k.name());
                    }
                }
            }
        }
    }
    lower.add_all(upper);
}

impl ReadableConfig for LayeredConfig {
    fn release(&self) -> Option<crate::release::Release> {
        self.merged.release()
    }

    #[inline]
    fn entry_for(&self, key: &OptionKey) -> Option<&ConfigEntry> {
        self.merged.entry_for(key)
    }
}

impl fmt::Debug for LayeredConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(
                self.merged
                    .iter()
                    .map(|e| (e.key(), format!("{} ({})", e.display_value(), e.source()))),
            )
            .finish()
    }
}

impl From<Configuration> for LayeredConfig {
    /// One application layer (the entries keep their own sources).
    fn from(config: Configuration) -> Self {
        let catalogue = config.catalogue().cloned();
        LayeredConfig::from_layers([(LayerKind::Application, config)], catalogue)
    }
}
