//! Reloading a running configuration: [`LiveConfig`] holds the [`LayeredConfig`] a running
//! system reads, and takes a changed one the way PostgreSQL's reload and Kafka's dynamic broker
//! configs do:
//!
//! 1. **validate everything first**: every value of every source is checked against the
//!    catalogue; one bad value refuses the whole reload ([`Refused`]) and nothing changes;
//! 2. **sort the changes by what they reach**: each option's change class
//!    ([`OptionMeta::reach`](crate::OptionMeta::reach)) says whether the running system takes the
//!    new value now ([`Reach::Live`], `Rescale`, `NextRun`) or only after a
//!    restart ([`Reach::Restart`], and a `startup_only` option without a
//!    class): those keep the value they started with and are reported as pending, as PostgreSQL's
//!    `pending_restart` is;
//! 3. **swap atomically**: readers hold a snapshot (`Arc<LayeredConfig>`) and see the old
//!    configuration or the new one, never a mix; reading takes no lock;
//! 4. **notify once**: every subscriber is called once per reload that applied something, with
//!    the whole [`Reloaded`] report (a reload that only holds values for a restart changes
//!    nothing a subscriber reads).
//!
//! ```
//! use std::sync::Arc;
//! use options_core::layers::{LayerKind, LayeredConfig, LiveConfig};
//! use options_core::prelude::*;
//! use options_core::{Catalogue, OptionGroup, Reach};
//! use options_core::ChangeClass;
//!
//! const AT_START: ChangeClass =
//!     ChangeClass { id: "start", label: "server start", summary: "", reach: Reach::Restart };
//!
//! /// Server options.
//! #[derive(Options)]
//! #[options(section = "server", title = "Server")]
//! pub struct Server {
//!     /// Port, read at start.
//!     #[option(key = "server.port", default = 80, change_class = AT_START)]
//!     pub port: i32,
//!     /// Log level, read live.
//!     #[option(key = "server.log-level", default = "info")]
//!     pub log_level: String,
//! }
//!
//! let catalogue = Arc::new(Catalogue::new().with::<Server>().unwrap());
//! let live = LiveConfig::new(LayeredConfig::new().with_catalogue(Some(catalogue.clone())));
//! let mut file = Configuration::with_catalogue(catalogue);
//! file.set_str("server.port", "8080").unwrap();
//! file.set_str("server.log-level", "debug").unwrap();
//!
//! let report = live.reload_layer(LayerKind::File, file).unwrap();
//! assert_eq!(report.applied[0].to_string(), "server.log-level: (unset) -> debug");
//! assert_eq!(report.pending_restart[0].key(), "server.port");
//! let now = live.snapshot();
//! assert_eq!(now.get(&Server::LOG_LEVEL), "debug");
//! assert_eq!(now.get(&Server::PORT), 80); // until a restart
//! ```

mod diff;
mod report;

use std::sync::{Arc, Mutex, PoisonError};

use arc_swap::ArcSwap;

pub use report::{Changed, Refused, Reloaded};

use super::builder::{LayeredConfigBuilder, LoadError};
use super::{Layer, LayerKind, LayeredConfig};
use crate::catalogue::Catalogue;
use crate::change_class::Reach;
use crate::config::Configuration;
use crate::error::{ConfigError, ErrorList};

/// A subscriber: called once per reload that applied something.
type Subscriber = Arc<dyn Fn(&Reloaded) + Send + Sync>;

/// The configuration a running system reads, reloaded in place; see the [module docs](self).
///
/// Share it (`Arc<LiveConfig>`) between the threads that read and the one that reloads. Readers
/// call [`snapshot`](Self::snapshot) and read as many options as they like from it: one
/// snapshot is one configuration.
pub struct LiveConfig {
    current: ArcSwap<LayeredConfig>,
    /// Serializes reloads (readers never take it) and holds what waits for a restart.
    writer: Mutex<Writer>,
}

/// What only a reload touches.
struct Writer {
    /// What the running configuration holds back until a restart (as of the last reload).
    pending: Vec<Changed>,
    subscribers: Vec<Subscriber>,
}

impl LiveConfig {
    /// Starts from `config`, the configuration the system started with.
    pub fn new(config: LayeredConfig) -> Self {
        LiveConfig {
            current: ArcSwap::from_pointee(config),
            writer: Mutex::new(Writer {
                pending: Vec::new(),
                subscribers: Vec::new(),
            }),
        }
    }

    /// The configuration as it is now. Cheap (no lock, no copy); hold it for reads that must
    /// agree with each other.
    pub fn snapshot(&self) -> Arc<LayeredConfig> {
        self.current.load_full()
    }

    /// What the last reload held back for a restart: new values the running configuration does
    /// not show yet.
    pub fn pending_restart(&self) -> Vec<Changed> {
        self.writer().pending.clone()
    }

    /// Calls `subscriber` once after each reload that applies something, with its report. It runs
    /// on the reloading thread while reloads wait: it must not reload itself.
    pub fn subscribe(&self, subscriber: impl Fn(&Reloaded) + Send + Sync + 'static) {
        self.writer().subscribers.push(Arc::new(subscriber));
    }

    /// Reloads from sources: `sources` is loaded as at startup (with the running configuration's
    /// catalogue), every value checked, and the result takes the running configuration's place.
    ///
    /// # Errors
    ///
    /// [`Refused`], with every problem of every source, when anything does not load; nothing is
    /// applied then.
    pub fn reload(&self, sources: LayeredConfigBuilder) -> Result<Reloaded, Refused> {
        let catalogue = self.snapshot().catalogue().cloned();
        let sources = match catalogue {
            Some(c) => sources.catalogue(c),
            None => sources,
        };
        let loaded = sources.build().map_err(|errors| Refused { errors })?;
        self.install(loaded)
    }

    /// Replaces every layer of `kind` with `config` (a file read again, say), keeping the other
    /// layers, after checking each of its values against the catalogue.
    ///
    /// # Errors
    ///
    /// [`Refused`] naming every value that is not valid for its option; nothing is applied then.
    pub fn reload_layer(
        &self,
        kind: LayerKind,
        config: Configuration,
    ) -> Result<Reloaded, Refused> {
        let running = self.snapshot();
        if let Some(catalogue) = running.catalogue() {
            check(&config, catalogue)?;
        }
        let mut layers: Vec<Layer> = running
            .layers()
            .iter()
            .filter(|l| l.kind() != kind)
            .cloned()
            .collect();
        layers.push(Layer {
            kind,
            config: Arc::new(config),
        });
        let loaded = LayeredConfig::from_shared_layers(layers, running.catalogue().cloned())
            .with_notices(running.notices().to_vec());
        self.install(loaded)
    }

    /// Compares `loaded` with what runs, holds back what needs a restart, swaps, notifies.
    fn install(&self, loaded: LayeredConfig) -> Result<Reloaded, Refused> {
        let mut writer = self.writer();
        // Under the writer's lock: no other reload swaps between this read and the swap below.
        let running = self.snapshot();
        let catalogue = loaded.catalogue().cloned();
        let changes = diff::changes(running.resolved(), loaded.resolved(), catalogue.as_deref());
        let (pending, applied): (Vec<Changed>, Vec<Changed>) = changes
            .into_iter()
            .partition(|c| c.reach() == Reach::Restart);
        // Options that wait for a restart keep their running value (their new one is reported,
        // and compared again at the next reload with what runs).
        let next = if pending.is_empty() {
            loaded
        } else {
            let merged = diff::hold(
                loaded.resolved(),
                running.resolved(),
                &pending,
                catalogue.as_deref(),
            );
            LayeredConfig {
                merged: Arc::new(merged),
                ..loaded
            }
        };
        let notices = next.notices().to_vec();
        let next = Arc::new(next);
        self.current.store(next.clone());
        writer.pending = pending.clone();
        let report = Reloaded {
            applied,
            pending_restart: pending,
            notices,
            config: next,
        };
        if !report.applied.is_empty() {
            for subscriber in &writer.subscribers {
                subscriber(&report);
            }
        }
        Ok(report)
    }

    fn writer(&self) -> std::sync::MutexGuard<'_, Writer> {
        // A subscriber that panicked leaves the state whole: the swap happened before it ran.
        self.writer.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl std::fmt::Debug for LiveConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LiveConfig")
            .field("current", &self.snapshot())
            .finish_non_exhaustive()
    }
}

/// Every value of `config` that its option refuses, all together.
fn check(config: &Configuration, catalogue: &Catalogue) -> Result<(), Refused> {
    let errors: Vec<LoadError> = config
        .iter()
        .filter_map(|entry| {
            let resolved = catalogue.resolve(entry.key())?;
            let error = resolved.meta.parse_value(entry.value()).err()?;
            Some(LoadError::Setting {
                source: entry.source().clone(),
                error: ConfigError::invalid_value(
                    entry.key(),
                    error,
                    entry.is_sensitive() || resolved.meta.masks(entry.key()),
                ),
            })
        })
        .collect();
    if errors.is_empty() {
        return Ok(());
    }
    Err(Refused {
        errors: ErrorList(errors),
    })
}
