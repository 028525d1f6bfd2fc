//! Options of Flink's file-system plugins (`plugins/`): the S3 file systems (`flink-s3-fs-hadoop`,
//! `flink-s3-fs-presto`, and from Flink 2.3 `flink-s3-fs-native`), Azure
//! (`flink-azure-fs-hadoop`), Google Cloud Storage (`flink-gs-fs-hadoop`) and Aliyun OSS
//! (`flink-oss-fs-hadoop`).
//!
//! A plugin reads its keys from the Flink configuration, but its jar is not in `flink-dist`, so
//! the release tables (`tests/data/flink-versions/`) do not list them; these groups belong to the
//! [`PLUGIN_FAMILY`](super::PLUGIN_FAMILY) and the reference test knows them as plugin options.
//! Keys the plugins hand on to Hadoop (`s3.<hadoop key>`, `fs.s3a.*`, `fs.azure.*`, `fs.gs.*`,
//! `fs.oss.*`) are pass-through pattern keys: known, so not warned about, but not typed. Credential
//! keys are declared `sensitive`, so their values are masked wherever they are shown.
//!
//! Facts follow Flink's file-system documentation (`docs/deployment/filesystems/`) and the
//! plugins' factories; the descriptions are this project's own.

use options_core::{Options, Secret};

/// Settings of the S3 file-system plugins.
///
/// `flink-s3-fs-hadoop` (schemes `s3://`, `s3a://`) and `flink-s3-fs-presto` (`s3://`, `s3p://`)
/// read the `s3.` keys below; any other `s3.<key>` is handed to the plugin's own client
/// (`s3.connection.maximum` becomes Hadoop's `fs.s3a.connection.maximum`). Flink 2.3 adds
/// `flink-s3-fs-native` (FLIP-555, built on the AWS SDK v2 without Hadoop), which reads the same
/// credential, endpoint, entropy and upload keys plus the 2.3 keys below (region, bulk copy,
/// asynchronous transfers, read buffer). Its other settings pass through `s3.<key>` undeclared:
/// server-side encryption (`s3.sse.type` takes `sse-kms` there but `KMS` in the Presto plugin,
/// which hands it to Presto as `hive.s3.sse.type`), assumed roles, bulk-copy concurrency.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "s3-filesystem",
    title = "S3 File Systems (plugin)",
    family = "Plugins and Modules",
    engine = crate::ENGINE,
    change_class = crate::engine::change::CLUSTER_START
)]
pub struct S3FileSystemOptions {
    /// Access key id the S3 plugins sign requests with. Leave it unset when the machines get
    /// their credentials from an IAM role, which is the safer choice.
    ///
    /// `s3.access.key` works too: the plugins hand every `s3.<key>` on to Hadoop's S3A client as
    /// `fs.s3a.<key>`, and `fs.s3a.access.key` is S3A's own spelling of this setting.
    #[option(key = "s3.access-key", fallback_keys = ["s3.access.key"], sensitive)]
    pub access_key: Option<Secret<String>>,

    /// Secret half of the S3 key pair named by `s3.access-key`.
    ///
    /// `s3.secret.key` works too, as S3A's own spelling (`fs.s3a.secret.key`).
    #[option(key = "s3.secret-key", fallback_keys = ["s3.secret.key"], sensitive)]
    pub secret_key: Option<Secret<String>>,

    /// Host (and optionally port) of the S3 service, for S3-compatible stores such as MinIO;
    /// unset means Amazon's own endpoint for the region.
    #[option(key = "s3.endpoint")]
    pub endpoint: Option<String>,

    /// Addresses buckets as a path (`host/bucket/key`) instead of a host name
    /// (`bucket.host/key`). Stores without virtual-host addressing (a standalone MinIO) need it.
    ///
    /// `flink-s3-fs-hadoop` reads `s3.path.style.access`; `flink-s3-fs-presto` reads the same
    /// setting as `s3.path-style-access`, declared here as its fallback key.
    #[option(
        key = "s3.path.style.access",
        fallback_keys = ["s3.path-style-access"]
    )]
    pub path_style_access: Option<bool>,

    /// Text in a path that the S3 plugins replace with random characters when a checkpoint data
    /// file is written (entropy injection, which spreads load over S3 partitions); other files
    /// have the text removed. Unset turns entropy injection off.
    #[option(key = "s3.entropy.key")]
    pub entropy_key: Option<String>,

    /// How many random alphanumeric characters replace `s3.entropy.key`.
    #[option(key = "s3.entropy.length", default = 4, min = 1)]
    pub entropy_length: i32,

    /// Smallest part, in bytes, of a multipart upload written by the recoverable writer (the
    /// file sink, checkpoints); S3 itself refuses parts under 5 MiB.
    #[option(key = "s3.upload.min.part.size", default = 5242880_i64)]
    pub upload_min_part_size: i64,

    /// Most multipart uploads one recoverable writer keeps in flight at once; unset means one per
    /// processor of the machine.
    #[option(key = "s3.upload.max.concurrent.uploads", min = 1)]
    pub upload_max_concurrent_uploads: Option<i32>,

    /// `flink-s3-fs-native`: the AWS region of the buckets (`eu-west-1`). Unset, the AWS SDK
    /// finds it itself: the `AWS_REGION` variable, `~/.aws/config`, the instance's metadata.
    #[option(key = "s3.region", since = "2.3")]
    pub region: Option<String>,

    /// `flink-s3-fs-native`: copies many files at once through the AWS transfer manager, as
    /// restoring a RocksDB checkpoint does when it downloads its state files.
    #[option(key = "s3.bulk-copy.enabled", since = "2.3", default = true)]
    pub bulk_copy_enabled: bool,

    /// `flink-s3-fs-native`: reads and writes through the AWS transfer manager's asynchronous
    /// client, which splits large uploads into parts sent side by side.
    #[option(key = "s3.async.enabled", since = "2.3", default = true)]
    pub async_enabled: bool,

    /// `flink-s3-fs-native`: bytes each open S3 input stream buffers. The plugin keeps the value
    /// between 64 KiB and 4 MiB, raising or lowering it with a warning in its log.
    #[option(key = "s3.read.buffer.size", since = "2.3", default = 262144)]
    pub read_buffer_size: i32,

    /// Any other setting of the S3 plugins: `s3.<key>` is handed on to the plugin's client as
    /// `fs.s3a.<key>` (Hadoop) or `hive.s3.<key>` (Presto), as a string.
    #[option(key = "s3.<key>")]
    pub passthrough: Option<String>,

    /// A Hadoop S3A setting written under its own name (`fs.s3a.connection.maximum`), read by
    /// `flink-s3-fs-hadoop` as is.
    #[option(key = "fs.s3a.<key>")]
    pub s3a: Option<String>,

    /// Hadoop S3A's access key id, written under its Hadoop name.
    #[option(key = "fs.s3a.access.key", sensitive)]
    pub s3a_access_key: Option<Secret<String>>,

    /// Hadoop S3A's secret key, written under its Hadoop name.
    #[option(key = "fs.s3a.secret.key", sensitive)]
    pub s3a_secret_key: Option<Secret<String>>,

    /// Hadoop S3A's session token for temporary credentials, written under its Hadoop name.
    #[option(key = "fs.s3a.session.token", sensitive)]
    pub s3a_session_token: Option<Secret<String>>,
}

/// Settings of the Azure, Google Cloud Storage and Aliyun OSS file-system plugins, handed on to
/// the Hadoop connector each plugin wraps.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "cloud-filesystems",
    title = "Azure, GCS and OSS File Systems (plugins)",
    family = "Plugins and Modules",
    engine = crate::ENGINE,
    change_class = crate::engine::change::CLUSTER_START
)]
pub struct CloudFileSystemOptions {
    /// A setting of `flink-azure-fs-hadoop` (schemes `wasb://`, `wasbs://`, `abfs://`,
    /// `abfss://`), passed to Hadoop's Azure connector as is.
    #[option(key = "fs.azure.<key>")]
    pub azure: Option<String>,

    /// Storage account key of the Azure account `<account>` (the key continues with the
    /// account's host, `fs.azure.account.key.ACCOUNT.blob.core.windows.net`). A credential.
    #[option(key = "fs.azure.account.key.<account>", sensitive)]
    pub azure_account_key: Option<Secret<String>>,

    /// A setting of `flink-gs-fs-hadoop` (scheme `gs://`) in Flink's own spelling, such as
    /// `gs.writer.temporary.bucket.name` or `gs.writer.chunk.size`.
    #[option(key = "gs.<key>")]
    pub gs: Option<String>,

    /// A setting of the Google Cloud Storage connector, passed to it as is.
    #[option(key = "fs.gs.<key>")]
    pub fs_gs: Option<String>,

    /// Private key of the service account the GCS connector authenticates as. A credential.
    #[option(key = "fs.gs.auth.service.account.private.key", sensitive)]
    pub gs_private_key: Option<Secret<String>>,

    /// A setting of `flink-oss-fs-hadoop` (scheme `oss://`), passed to Hadoop's Aliyun connector
    /// as is.
    #[option(key = "fs.oss.<key>")]
    pub oss: Option<String>,

    /// The OSS endpoint of the region the buckets live in (`oss-cn-hangzhou.aliyuncs.com`).
    #[option(key = "fs.oss.endpoint")]
    pub oss_endpoint: Option<String>,

    /// The access key id of the Aliyun account the OSS plugin signs requests with. Treated as a
    /// credential: masked wherever it is shown.
    #[option(key = "fs.oss.accessKeyId", sensitive, mixed_case)]
    pub oss_access_key_id: Option<Secret<String>>,

    /// The secret that goes with `fs.oss.accessKeyId`. A credential.
    #[option(key = "fs.oss.accessKeySecret", sensitive, mixed_case)]
    pub oss_access_key_secret: Option<Secret<String>>,
}
