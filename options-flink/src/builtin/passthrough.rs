//! Pattern keys handed to other systems: Hadoop and YARN settings given in a Flink configuration
//! (`flink.hadoop.<key>`, `flink.yarn.<key>`), the old keys naming Hadoop's configuration files
//! (`fs.hdfs.hadoopconf`, read until 2.0), environment variables of the containers Flink starts
//! (`containerized.master.env.<name>`), and the per-service switch of delegation token providers.
//! See [`options_core::pattern`] for how keys match.
//!
//! Facts follow Apache Flink's `YarnConfigOptions`, `ResourceManagerOptions`, `SecurityOptions`,
//! `ConfigConstants` and `HadoopUtils` of 1.19 to 2.3; the descriptions are this project's own.
//! None of these is a `ConfigOption` of the release tables, so each release's differences file
//! (`tests/data/differences/`) lists them as extra, with the reason.

use options_core::Options;

/// Hadoop and YARN settings passed through a Flink configuration.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "hadoop-passthrough",
    title = "Hadoop and YARN Pass-through",
    family = "Deployment", engine = crate::ENGINE,
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

    /// Directory holding Hadoop's `core-site.xml` and `hdfs-site.xml`, for Flink's Hadoop file
    /// systems. Flink 1.x still reads it (`HadoopUtils`, a `ConfigConstants` key with no
    /// `ConfigOption`); point `HADOOP_CONF_DIR` (or `env.hadoop.conf.dir`) at the directory
    /// instead.
    #[option(
        key = "fs.hdfs.hadoopconf",
        deprecated = "1.5: set HADOOP_CONF_DIR (or env.hadoop.conf.dir) to the directory instead",
        removed = "2.0: set HADOOP_CONF_DIR (or env.hadoop.conf.dir) to Hadoop's configuration directory"
    )]
    pub hdfs_hadoopconf: Option<String>,

    /// Path of an `hdfs-default.xml` for Flink's Hadoop file systems. Flink 1.x still reads it
    /// (`HadoopUtils`); keep the file in the directory `HADOOP_CONF_DIR` names instead.
    #[option(
        key = "fs.hdfs.hdfsdefault",
        deprecated = "1.5: keep the file in the directory HADOOP_CONF_DIR names instead",
        removed = "2.0: keep hdfs-default.xml in the directory HADOOP_CONF_DIR names"
    )]
    pub hdfs_hdfsdefault: Option<String>,

    /// Path of an `hdfs-site.xml` for Flink's Hadoop file systems. Flink 1.x still reads it
    /// (`HadoopUtils`); keep the file in the directory `HADOOP_CONF_DIR` names instead.
    #[option(
        key = "fs.hdfs.hdfssite",
        deprecated = "1.5: keep the file in the directory HADOOP_CONF_DIR names instead",
        removed = "2.0: keep hdfs-site.xml in the directory HADOOP_CONF_DIR names"
    )]
    pub hdfs_hdfssite: Option<String>,
}

/// Environment variables of the processes Flink starts in containers (YARN, Kubernetes).
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "container-environment",
    title = "Container Environment Variables",
    family = "Deployment", engine = crate::ENGINE,
    change_class = crate::engine::change::CLUSTER_START)]
pub struct ContainerEnvironmentOptions {
    /// An environment variable of the JobManager's container: `containerized.master.env.TZ:
    /// UTC` sets `TZ`. The name after the prefix is the variable's name, case kept.
    #[option(key = "containerized.master.env.<name>", mixed_case)]
    pub master: Option<String>,

    /// An environment variable of each TaskManager's container, named as for
    /// `containerized.master.env.<name>`.
    #[option(key = "containerized.taskmanager.env.<name>", mixed_case)]
    pub taskmanager: Option<String>,
}

/// Per-service switches of delegation token providers.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "delegation-token-providers",
    title = "Delegation Token Providers",
    family = "Security", engine = crate::ENGINE,
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
