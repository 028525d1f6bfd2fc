//! A small server's configuration, reloaded while it runs: the end-to-end example of
//! [`LiveConfig`] (see `README.md`).
//!
//! The server declares its options with the derive and its own change classes, in PostgreSQL's
//! words: `postmaster` (read when the server starts) and `sighup` (read again on reload).
//! [`Watch`] polls `config.yaml` (std only: its modification time and length), reloads it when it
//! changes and hands every report to the caller: what applied, what waits for a restart, what
//! was refused.
#![deny(missing_docs)]

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use options_core::layers::{LayeredConfig, LiveConfig, Refused, Reloaded};
use options_core::{Catalogue, Options};
use options_core::{ChangeClass, Reach};

/// PostgreSQL's `postmaster` context: read when the server starts.
pub const POSTMASTER: ChangeClass = ChangeClass {
    id: "postmaster",
    label: "server start",
    summary: "Read when the server starts: a change waits for a restart.",
    reach: Reach::Restart,
};

/// PostgreSQL's `sighup` context: read again when the configuration is reloaded.
pub const SIGHUP: ChangeClass = ChangeClass {
    id: "sighup",
    label: "reload",
    summary: "Read again when the configuration file is reloaded.",
    reach: Reach::Live,
};

/// The server's options.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(section = "server", title = "Server Options", change_class = SIGHUP)]
pub struct ServerOptions {
    /// The TCP port the server listens on.
    #[option(key = "server.port", default = 5432, min = 1, max = 65535, change_class = POSTMASTER)]
    pub port: i32,

    /// Most connections the server accepts at once.
    #[option(key = "server.max-connections", default = 100, min = 1, change_class = POSTMASTER)]
    pub max_connections: i32,

    /// How long a statement may run before it is cancelled; `0 s` for no limit.
    #[option(key = "server.statement-timeout", default = "0 s")]
    pub statement_timeout: Duration,

    /// Memory a query operation may use before it spills to disk.
    #[option(key = "server.work-mem", default = "4 mb")]
    pub work_mem: options_core::MemorySize,

    /// The least severe messages written to the log.
    #[option(key = "server.log-level", default = "info", one_of = ["debug", "info", "warn", "error"])]
    pub log_level: String,
}

/// The server's catalogue.
pub fn catalogue() -> Arc<Catalogue> {
    Arc::new(Catalogue::new().with::<ServerOptions>().expect("one group"))
}

/// The configuration loaded from `path` as at startup.
///
/// # Errors
///
/// Every problem of the file (the server does not start).
pub fn load(path: &Path) -> Result<LayeredConfig, Refused> {
    sources(path).build().map_err(|errors| Refused { errors })
}

fn sources(path: &Path) -> options_core::layers::LayeredConfigBuilder {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    LayeredConfig::builder()
        .catalogue(catalogue())
        .config_yaml(text, path)
}

/// What one look at the file found.
pub type Outcome = Result<Reloaded, Refused>;

/// The file's modification time and length: what a poll compares.
fn stamp(path: &Path) -> Option<(SystemTime, u64)> {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.modified().ok()?, meta.len()))
}

/// A watched file: its path and how it was when last loaded.
#[derive(Clone, Debug)]
pub struct Watch {
    path: PathBuf,
    loaded: Option<(SystemTime, u64)>,
}

impl Watch {
    /// Watches `path` from how it is now: call it when the file is loaded, so an edit made after
    /// that (even before [`run`](Self::run) starts polling) is seen.
    pub fn from_now(path: PathBuf) -> Watch {
        Watch {
            loaded: stamp(&path),
            path,
        }
    }

    /// Polls the file every `every` until `stop` is set; each time it changed, reloads it into
    /// `live` and hands the outcome to `report`.
    ///
    /// A change is reloaded once the file has stayed the same for one more poll: an editor or
    /// `printf > file` truncates the file before writing it, and a reload of the empty file in
    /// between would unset every option (and set them again at the next poll).
    pub fn run(
        mut self,
        live: &LiveConfig,
        every: Duration,
        stop: &AtomicBool,
        mut report: impl FnMut(Outcome),
    ) {
        let mut last = self.loaded;
        while !stop.load(Ordering::Relaxed) {
            std::thread::sleep(every);
            let now = stamp(&self.path);
            let settled = now == last;
            last = now;
            if settled && now != self.loaded {
                self.loaded = now;
                report(live.reload(sources(&self.path)));
            }
        }
    }
}
