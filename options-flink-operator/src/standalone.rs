//! `autoscaler.standalone.*`: the standalone autoscaler, a process of its own that scales the
//! jobs of a Flink cluster without the Kubernetes operator.
//!
//! These options are read only by that process, from its own configuration: neither the
//! operator nor a resource's `spec.flinkConfiguration` uses them. Three of them still read the
//! bare command-line style names of the first standalone autoscaler (`scalingInterval`,
//! `flinkClusterHost`, `flinkClusterPort`) as deprecated keys.

use std::time::Duration;

use options_core::Options;

use crate::enums::{EventHandlerType, StateStoreType};

/// The standalone autoscaler process: its control loop, the cluster it watches, and where it
/// keeps state and events.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "autoscaler-standalone",
    title = "Standalone Autoscaler",
    family = "Standalone autoscaler",
    engine = crate::engine::OPERATOR,
    change_class = crate::change::OPERATOR_START
)]
pub struct StandaloneAutoscalerOptions {
    /// How often the standalone autoscaler runs its loop: collect metrics of every job,
    /// evaluate them and apply any scaling decision.
    #[option(
        key = "autoscaler.standalone.control-loop.interval",
        default = "10 s",
        deprecated_keys = ["scalingInterval"],
        mixed_case
    )]
    pub control_loop_interval: Duration,

    /// How many jobs the control loop works on at the same time.
    #[option(key = "autoscaler.standalone.control-loop.parallelism", default = 100)]
    pub control_loop_parallelism: i32,

    /// Where the autoscaler's events (scaling decisions, warnings) go: its log (`LOGGING`) or a
    /// database table (`JDBC`, configured by the `autoscaler.standalone.jdbc.*` options).
    #[option(key = "autoscaler.standalone.event-handler.type", default = "LOGGING")]
    pub event_handler_type: EventHandlerType,

    /// Host name of the Flink cluster whose jobs the autoscaler fetches and scales, reached
    /// through its REST endpoint.
    #[option(
        key = "autoscaler.standalone.fetcher.flink-cluster.host",
        default = "localhost",
        deprecated_keys = ["flinkClusterHost"],
        mixed_case
    )]
    pub fetcher_flink_cluster_host: String,

    /// REST port of the Flink cluster whose jobs the autoscaler fetches and scales.
    #[option(
        key = "autoscaler.standalone.fetcher.flink-cluster.port",
        default = 8081,
        deprecated_keys = ["flinkClusterPort"],
        mixed_case
    )]
    pub fetcher_flink_cluster_port: i32,

    /// How long events written to the database are kept before the autoscaler deletes them
    /// (with the `JDBC` event handler).
    #[option(key = "autoscaler.standalone.jdbc.event-handler.ttl", default = "90 d")]
    pub jdbc_event_handler_ttl: Duration,

    /// Name of the environment variable that holds the database password: the password itself
    /// is never written in the configuration.
    #[option(
        key = "autoscaler.standalone.jdbc.password-env-variable",
        default = "JDBC_PWD"
    )]
    pub jdbc_password_env_variable: String,

    /// JDBC URL of the database that the `JDBC` state store and event handler use.
    #[option(key = "autoscaler.standalone.jdbc.url")]
    pub jdbc_url: Option<String>,

    /// User name for the database that the `JDBC` state store and event handler use.
    #[option(key = "autoscaler.standalone.jdbc.username")]
    pub jdbc_username: Option<String>,

    /// Where the autoscaler keeps each job's metrics history and scaling state between control
    /// loops: in memory (`MEMORY`, lost on restart) or in a database (`JDBC`).
    #[option(key = "autoscaler.standalone.state-store.type", default = "MEMORY")]
    pub state_store_type: StateStoreType,
}
