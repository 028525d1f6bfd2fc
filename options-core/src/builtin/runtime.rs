//! Options of the runtime around the table layer: the execution mode and the default parallelism.
//!
//! Facts follow Apache Flink 1.19's `ExecutionOptions.RUNTIME_MODE` and
//! `CoreOptions.DEFAULT_PARALLELISM`; the descriptions are this project's own. Neither is part of
//! the reference TSVs, so `tests/data/project-options.tsv` records them for the reference test.

use crate::{ConfigEnum, Options};

/// How jobs run: the execution mode and the default parallelism.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(section = "runtime", title = "Runtime Options", family = "Table & SQL")]
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

    /// Parallelism of operators, sources and sinks that do not set their own.
    ///
    /// `table.exec.resource.default-parallelism`, when set, overrides it for table operators.
    #[option(key = "parallelism.default", default = 1)]
    pub parallelism_default: i32,
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
