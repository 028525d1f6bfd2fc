//! Stateful Functions (`flink-statefun`, 3.x): the options its runtime reads from the Flink
//! configuration file of the cluster it runs on (`StatefulFunctionsConfig`). Its jar is not part
//! of `flink-dist`, so the group belongs to the [`PLUGIN_FAMILY`](super::PLUGIN_FAMILY), as the
//! file systems and reporters do.
//!
//! Facts follow `StatefulFunctionsConfig` of StateFun 3.x; the descriptions are this project's own.

use options_core::{MemorySize, Options};

/// Settings of a Stateful Functions application.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "statefun",
    title = "Stateful Functions (module)",
    family = "Plugins and Modules",
    engine = crate::ENGINE,
    change_class = crate::engine::change::JOB_SUBMISSION
)]
pub struct StatefulFunctionsOptions {
    /// Name of the Flink job that runs the functions, as the web UI shows it.
    #[option(key = "statefun.flink-job-name", default = "StatefulFunctions")]
    pub flink_job_name: String,

    /// How messages between functions are written on the wire: `WITH_PROTOBUF_PAYLOADS` (the
    /// default), `WITH_KRYO_PAYLOADS`, `WITH_RAW_PAYLOADS` or `WITH_CUSTOM_PAYLOADS`.
    #[option(
        key = "statefun.message.serializer",
        default = "WITH_PROTOBUF_PAYLOADS"
    )]
    pub message_serializer: String,

    /// Class of the payload serializer `WITH_CUSTOM_PAYLOADS` uses.
    #[option(key = "statefun.message.custom-payload-serializer-class")]
    pub custom_payload_serializer_class: Option<String>,

    /// Memory the feedback loop buffers in before it spills to disk while a checkpoint runs.
    #[option(key = "statefun.feedback.memory.size", default = "32 mb")]
    pub feedback_memory_size: MemorySize,

    /// Most requests to remote functions one task keeps in flight before it applies back
    /// pressure; raise it well above the default for the asynchronous HTTP transport.
    #[option(key = "statefun.async.max-per-task", default = 1024, min = 1)]
    pub async_max_per_task: i32,

    /// A setting handed to every module as global configuration:
    /// `statefun.module.global-config.<key>` gives the modules `<key>`.
    #[option(key = "statefun.module.global-config.<key>", mixed_case)]
    pub module_global_config: Option<String>,
}
