//! Pattern keys handed to other systems: Hadoop and YARN settings given in a Flink configuration
//! (`flink.hadoop.<key>`, `flink.yarn.<key>`), and the per-service switch of delegation token
//! providers. See [`options_core::pattern`] for how keys match.
//!
//! Facts follow Apache Flink's `YarnConfigOptions` and `SecurityOptions` of 1.19 to 2.3; the
//! descriptions are this project's own.

use options_core::Options;

/// Hadoop and YARN settings passed through a Flink configuration.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "hadoop-passthrough",
    title = "Hadoop and YARN Pass-through",
    family = "Deployment", releases = crate::builtin::FLINK_RELEASES, engine = crate::ENGINE,
    change_class = crate::engine::change::CLUSTER_START)]
pub struct HadoopPassthroughOptions {
    /// A Hadoop setting: `flink.hadoop.dfs.replication: 2` sets `dfs.replication` in the Hadoop
    /// configuration Flink uses. The value is passed as a string.
    #[option(key = "flink.hadoop.<key>")]
    pub hadoop: Option<String>,

    /// A YARN setting: `flink.yarn.<key>` sets `yarn.<key>` in the YARN configuration Flink uses.
    /// The value is passed as a string.
    #[option(key = "flink.yarn.<key>")]
    pub yarn: Option<String>,
}

/// Per-service switches of delegation token providers.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "delegation-token-providers",
    title = "Delegation Token Providers",
    family = "Security", releases = crate::builtin::FLINK_RELEASES, engine = crate::ENGINE,
    change_class = crate::engine::change::CLUSTER_START)]
pub struct DelegationTokenProviderOptions {
    /// Whether the delegation token provider of the service `<serviceName>` (`hadoopfs`, `hbase`,
    /// ...) obtains tokens. Turn it off for a service the job does not use.
    #[option(
        key = "security.delegation.token.provider.<serviceName>.enabled",
        default = true
    )]
    pub enabled: bool,
}
