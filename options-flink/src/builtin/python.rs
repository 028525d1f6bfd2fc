//! `python.*`: options for Python user-defined functions and their worker processes.
//!
//! Facts follow Apache Flink's `PythonOptions` of 1.19 to 2.3, plus two memory options that older
//! releases documented (seed `001`); the descriptions are this project's own. These are not table
//! options, so they carry no batch/streaming scope.

use std::collections::BTreeMap;

use options_core::{MemorySize, Options};

/// Options for Python user-defined functions: bundling, caches, dependencies, interpreters and
/// worker memory.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "python",
    title = "Python Options",
    family = "Table & SQL",
    engine = crate::ENGINE,
    change_class = crate::engine::change::JOB_SUBMISSION
)]
pub struct PythonOptions {
    /// Most rows in one bundle sent to a Python worker; a bundle is processed completely before
    /// the next one starts.
    ///
    /// Larger bundles raise throughput but use more memory and add latency.
    #[option(key = "python.fn-execution.bundle.size", default = 1000)]
    pub fn_execution_bundle_size: i32,

    /// Longest time, in milliseconds, rows wait in a bundle before it is sent to the Python worker.
    ///
    /// Lower values cut tail latency but can reduce throughput.
    #[option(key = "python.fn-execution.bundle.time", default = 1000)]
    pub fn_execution_bundle_time: i64,

    /// Most rows in one Arrow batch passed to vectorized (Pandas) Python functions.
    ///
    /// A batch never spans bundles, so values above `python.fn-execution.bundle.size` act as the
    /// bundle size.
    #[option(key = "python.fn-execution.arrow.batch.size", default = 1000)]
    pub fn_execution_arrow_batch_size: i32,

    /// Reports metrics from Python functions; turning it off saves a little overhead.
    #[option(key = "python.metric.enabled", default = true)]
    pub metric_enabled: bool,

    /// Profiles Python functions and logs the results, to find slow functions. Costs performance,
    /// so keep it off in production.
    #[option(key = "python.profile.enabled", default = false)]
    pub profile_enabled: bool,

    /// Passes the system's environment variables on to Python workers.
    #[option(key = "python.systemenv.enabled", default = true)]
    pub systemenv_enabled: bool,

    /// Chains adjacent Python operators into one, avoiding serialization between them.
    #[option(key = "python.operator-chaining.enabled", default = true)]
    pub operator_chaining_enabled: bool,

    /// Files added to the `PYTHONPATH` of the client and the workers, separated by commas.
    ///
    /// Accepts `.py`, `.egg`, `.zip` and `.whl` files and directories; `.zip` files are extracted
    /// first.
    #[option(key = "python.files")]
    pub files: Option<String>,

    /// A `requirements.txt` whose packages are installed for the workers, optionally followed by
    /// `#` and a directory of pre-downloaded packages for clusters without internet access.
    #[option(key = "python.requirements")]
    pub requirements: Option<String>,

    /// A path on the worker machines where Python dependencies are already installed; it is added
    /// to the workers' `sys.path` and must be readable by the Flink process.
    #[option(key = "python.pythonpath")]
    pub pythonpath: Option<String>,

    /// Archives extracted into the workers' working directory, separated by commas.
    ///
    /// Write `archive.zip#dir` to choose the directory name. Typical use: shipping a whole Python
    /// environment, then pointing `python.executable` into it.
    #[option(key = "python.archives")]
    pub archives: Option<String>,

    /// Python interpreter that runs the workers, for example a path inside an archive shipped
    /// with `python.archives`.
    #[option(key = "python.executable", default = "python")]
    pub executable: String,

    /// Python interpreter the client uses to compile jobs that contain Python functions.
    #[option(key = "python.client.executable", default = "python")]
    pub client_executable: String,

    /// Takes the memory of Python workers from the slot's managed memory, so it is accounted for
    /// with the rest of the job; when `false`, workers use the slot's off-heap memory instead.
    #[option(key = "python.fn-execution.memory.managed", default = true)]
    pub fn_execution_memory_managed: bool,

    /// Keyed state entries cached in each Python worker (experimental).
    #[option(key = "python.state.cache-size", default = 1000)]
    pub state_cache_size: i32,

    /// Map state entries cached for reading in each Python worker, per map.
    #[option(key = "python.map-state.read-cache-size", default = 1000)]
    pub map_state_read_cache_size: i32,

    /// Map state writes buffered in each Python worker before they are flushed, per map.
    #[option(key = "python.map-state.write-cache-size", default = 1000)]
    pub map_state_write_cache_size: i32,

    /// Map state entries returned per response while a Python worker iterates over a map.
    #[option(key = "python.map-state.iterate-response-batch-size", default = 1000)]
    pub map_state_iterate_response_batch_size: i32,

    /// Where Python functions run: `process` (the default) in separate worker processes,
    /// `thread` inside the JVM process, which avoids data exchange but shares its resources.
    #[option(key = "python.execution-mode", default = "process")]
    pub execution_mode: String,

    /// Job options passed to Python workers; set internally.
    #[option(key = "python.job-options", hidden)]
    pub job_options: Option<BTreeMap<String, String>>,

    /// Maps files shipped with `python.files` to their keys in the distributed cache; set
    /// internally.
    #[option(key = "python.internal.files-key-map", hidden)]
    pub internal_files_key_map: Option<BTreeMap<String, String>>,

    /// Distributed-cache key of the requirements file; set internally.
    #[option(key = "python.internal.requirements-file-key", hidden)]
    pub internal_requirements_file_key: Option<BTreeMap<String, String>>,

    /// Maps archives shipped with `python.archives` to their keys in the distributed cache; set
    /// internally.
    #[option(key = "python.internal.archives-key-map", hidden)]
    pub internal_archives_key_map: Option<BTreeMap<String, String>>,

    /// Address of the loopback server used when workers run in the client process (local
    /// debugging); set internally.
    #[option(key = "python.loopback-server.address", hidden)]
    pub loopback_server_address: Option<String>,

    /// Memory for the input and output buffers of one Python worker (older releases).
    ///
    /// Counted as managed memory when the operator has at least a worker's total memory
    /// (this plus `python.fn-execution.framework.memory.size`); otherwise ignored.
    #[option(key = "python.fn-execution.buffer.memory.size", default = "15 mb")]
    pub fn_execution_buffer_memory_size: MemorySize,

    /// Memory for the Python framework of one worker (older releases).
    ///
    /// Together with `python.fn-execution.buffer.memory.size` it makes up a worker's total memory,
    /// counted as managed memory under the same condition.
    #[option(key = "python.fn-execution.framework.memory.size", default = "64 mb")]
    pub fn_execution_framework_memory_size: MemorySize,

    /// Log level of the Python processes that run Python functions, such as `INFO` (the default),
    /// `DEBUG` or `WARNING`.
    #[option(key = "python.logging.default.level", default = "INFO", since = "2.3")]
    pub logging_default_level: String,

    /// Log levels for single Python loggers, as `logger:LEVEL` pairs, which win over
    /// `python.logging.default.level`; for example `urllib3:WARNING`.
    #[option(key = "python.logging.level.overrides", since = "2.3")]
    pub logging_level_overrides: Option<BTreeMap<String, String>>,
}
