//! The execution mode of the runtime around the table layer.
//!
//! Facts follow Apache Flink's `ExecutionOptions.RUNTIME_MODE` (1.19 to 2.3); the description is
//! this project's own. `parallelism.default` is declared once, in [`CoreOptions`], where Flink
//! keeps it; [`RuntimeOptions::PARALLELISM_DEFAULT`] remains as a second name for that handle.

use crate::builtin::CoreOptions;
use options_core::{ConfigEnum, ConfigOption, Options};

/// How jobs run: the execution mode.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "runtime",
    title = "Runtime Options",
    family = "Table & SQL",
    engine = crate::ENGINE,
    change_class = crate::engine::change::JOB_SUBMISSION
)]
pub struct RuntimeOptions {
    /// Whether jobs run as streaming or batch jobs.
    ///
    /// `STREAMING` (the default) processes data continuously and emits results as they change;
    /// `BATCH` processes bounded inputs stage by stage and emits final results only; `AUTOMATIC`
    /// picks `BATCH` when every source is bounded and `STREAMING` otherwise.
    ///
    /// Read once when the environment is created: set it in `config.yaml`, with
    /// `-Dexecution.runtime-mode=...`, or before the environment exists.
    #[option(key = "execution.runtime-mode", default = "STREAMING", startup_only)]
    pub runtime_mode: RuntimeMode,
}

impl RuntimeOptions {
    /// `parallelism.default`: the same handle as [`CoreOptions::DEFAULT_PARALLELISM`], kept under
    /// the name this group gave it before the core options were declared.
    pub const PARALLELISM_DEFAULT: ConfigOption<i32> = CoreOptions::DEFAULT_PARALLELISM;
}

/// The value of `execution.runtime-mode`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ConfigEnum)]
pub enum RuntimeMode {
    /// Continuous processing with incremental results.
    Streaming,
    /// Stage-by-stage processing of bounded inputs with final results.
    Batch,
    /// `BATCH` when all sources are bounded, otherwise `STREAMING`.
    Automatic,
}
