//! A downstream crate declaring its own options with `#[derive(Options)]`: a message-queue
//! connector with a [`ConnectionOptions`] group (where and how to connect) and a [`SourceOptions`]
//! group (what to read).
//!
//! Both groups are read either one option at a time through their handles
//! (`config.get(&ConnectionOptions::REQUEST_TIMEOUT)`) or all at once as a snapshot
//! ([`ConnectionOptions::from_config`]), which reports every bad value together.
//!
//! The connector has releases of its own ([`RELEASES`]): its options say when they arrived, what
//! later releases changed and which release removed them, and [`catalogue_at`] answers for any
//! release (an option of another release is refused with when it arrived or left).
//!
//! It is an engine of its own ([`ENGINE`]): how its reference pages name it, the environment
//! variables that set its options (`EXAMPLE_CONNECTOR_REQUEST__TIMEOUT`) and the file that holds
//! them. Each group names it, so every catalogue built from them is the connector's.
#![deny(missing_docs)]

use std::sync::Arc;
use std::time::Duration;

use options_core::engine::{Engine, EnvRule, SetForms, SqlSet, ValueSpelling};
use options_core::{
    Catalogue, ConfigEnum, ConfigErrors, Configuration, MemorySize, Options, ReleaseError,
    Releases, Secret,
};

/// The connector as an engine: `EXAMPLE_` + the key upper-cased (`.` -> `_`, `-` -> `__`) for
/// its environment variables, `connector.yaml` for its file, `(none)` for no value.
pub const ENGINE: Engine = Engine {
    name: "Example Connector",
    site_title: "Example Connector Options",
    search_example: "timeout",
    env: EnvRule::prefixed_names("EXAMPLE_", "__", &[], &[]),
    values: ValueSpelling {
        no_value: "(none)",
        quote_strings: true,
    },
    set: SetForms {
        sql: SqlSet::Quoted,
        config_file: Some("connector.yaml"),
        argument: None,
    },
    releases: Some(&RELEASES),
};

/// The connector's releases, oldest first, carried by [`ENGINE`]: what its options' histories
/// name.
pub static RELEASES: Releases = Releases::new("Example Connector", &["0.1", "0.2", "1.0"]);

/// How the connector compresses the batches it sends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ConfigEnum)]
pub enum Compression {
    /// Batches are sent as they are.
    None,
    /// Gzip: small, slow.
    Gzip,
    /// LZ4: fast, larger.
    Lz4,
    /// Zstandard (since 0.2).
    #[config(name = "ZSTD")]
    Zstandard,
}

/// Where a new reader starts in the stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ConfigEnum)]
pub enum StartupMode {
    /// The oldest retained message.
    Earliest,
    /// Only messages written after the reader started.
    Latest,
    /// The position the consumer group committed last.
    GroupOffsets,
}

/// How the connector reaches the message queue.
///
/// Every request uses these settings; change them per job in the job's configuration.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "connector",
    title = "Connector Options",
    engine = ENGINE
)]
pub struct ConnectionOptions {
    /// The brokers to connect to, as `host:port` items separated by `;`.
    ///
    /// The connector tries them in order and uses the first that answers.
    #[option(key = "connector.endpoints", default = "localhost:9092")]
    pub endpoints: Vec<String>,

    /// How long opening a connection may take before the next endpoint is tried.
    #[option(
        key = "connector.connect-timeout",
        default = "10 s",
        since = "0.1",
        min = "1 ms",
        max = "10 min"
    )]
    pub connect_timeout: Duration,

    /// How long one request may take before it fails.
    #[option(
        key = "connector.request-timeout",
        default = "30 s",
        deprecated_keys = ["connector.timeout"],
        changed(release = "1.0", default = "1 min")
    )]
    pub request_timeout: Duration,

    /// How often a failed request is sent again before the error reaches the job.
    #[option(key = "connector.retries", default = 3, min = 0, since = "1.0")]
    pub retries: i32,

    /// Whether small messages were collected into batches before sending. Since 1.0 every send
    /// is batched, up to `connector.max-batch-size`.
    #[option(
        key = "connector.batching",
        default = true,
        deprecated = "0.2: every send is batched from 1.0 on",
        removed = "1.0: use connector.max-batch-size"
    )]
    pub batching: bool,

    /// The access token sent with every request. Unset means anonymous access.
    #[option(key = "connector.auth.token", sensitive)]
    pub token: Option<Secret<String>>,

    /// How batches are compressed on the wire.
    #[option(
        key = "connector.compression",
        default = "LZ4",
        changed(release = "0.2", values = ["NONE", "GZIP", "LZ4"])
    )]
    pub compression: Compression,

    /// The largest batch sent in one request.
    #[option(key = "connector.max-batch-size", default = "1 mb", min = "1 kb")]
    pub max_batch_size: MemorySize,
}

/// What the connector reads.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "connector-source",
    title = "Connector Source Options",
    engine = ENGINE
)]
pub struct SourceOptions {
    /// The topics to read, separated by `;`.
    #[option(key = "connector.source.topics", scope = "streaming")]
    pub topics: Option<Vec<String>>,

    /// Where a new reader starts.
    #[option(
        key = "connector.source.startup-mode",
        default = "GROUP_OFFSETS",
        scope = "streaming"
    )]
    pub startup_mode: StartupMode,

    /// How many messages one poll returns at most.
    #[option(
        key = "connector.source.poll-records",
        default = 500,
        scope = "batch, streaming",
        min = 1
    )]
    pub poll_records: i32,

    /// Commits read positions back to the broker.
    #[option(
        key = "connector.source.commit-offsets",
        default = true,
        fallback_keys = ["connector.commit"]
    )]
    pub commit_offsets: bool,
}

/// A catalogue of the connector's options as its newest release has them, so `set_str` checks
/// values as they are set.
pub fn catalogue() -> Arc<Catalogue> {
    Arc::new(with_groups(Catalogue::new()))
}

/// The connector's options as `release` (`0.2`, or a patch spelling such as `0.2.1`) has them.
pub fn catalogue_at(release: &str) -> Result<Arc<Catalogue>, ReleaseError> {
    let release = RELEASES.release(release)?;
    Ok(Arc::new(with_groups(Catalogue::for_release(release))))
}

fn with_groups(catalogue: Catalogue) -> Catalogue {
    catalogue
        .with::<ConnectionOptions>()
        .and_then(Catalogue::with::<SourceOptions>)
        .expect("the connector's groups declare distinct keys")
}

/// An empty configuration that knows the connector's options.
pub fn configuration() -> Configuration {
    Configuration::with_catalogue(catalogue())
}

/// The settings a connector runs with, read as snapshots.
#[derive(Clone, Debug, PartialEq)]
pub struct ConnectorSettings {
    /// Where and how to connect.
    pub connection: ConnectionOptions,
    /// What to read.
    pub source: SourceOptions,
}

impl ConnectorSettings {
    /// Reads both groups, reporting every bad value of both together.
    pub fn from_config(config: &Configuration) -> Result<Self, ConfigErrors> {
        match (
            ConnectionOptions::from_config(config),
            SourceOptions::from_config(config),
        ) {
            (Ok(connection), Ok(source)) => Ok(ConnectorSettings { connection, source }),
            (connection, source) => {
                let mut errors = Vec::new();
                errors.extend(connection.err().into_iter().flat_map(|e| e.0));
                errors.extend(source.err().into_iter().flat_map(|e| e.0));
                Err(ConfigErrors(errors))
            }
        }
    }
}
