//! The options [`TableConfig`](super::TableConfig)'s conveniences read and write.

use std::collections::BTreeMap;
use std::time::Duration;

use crate::builtin::{ExecutionOptions, TableOptions};
use options_core::{ConfigOption, DefaultValue, OptionMeta};

pub(crate) const SQL_DIALECT: &ConfigOption<String> = &TableOptions::SQL_DIALECT;
pub(crate) const LOCAL_TIME_ZONE: &ConfigOption<String> = &TableOptions::LOCAL_TIME_ZONE;
pub(crate) const GENERATED_CODE_MAX_LENGTH: &ConfigOption<i32> =
    &TableOptions::GENERATED_CODE_MAX_LENGTH;
pub(crate) const STATE_TTL: &ConfigOption<Duration> = &ExecutionOptions::STATE_TTL;

const GLOBAL_JOB_PARAMETERS_META: OptionMeta = {
    let mut m =
        OptionMeta::new::<Option<BTreeMap<String, String>>>("pipeline.global-job-parameters");
    m.description = "User parameters every function of the job can read.";
    m
};

/// `pipeline.global-job-parameters`: user parameters every function of a job can read (a Map,
/// no default; Flink's `PipelineOptions.GLOBAL_JOB_PARAMETERS`, outside the table catalogue).
/// [`TableConfig::add_job_parameter`](super::TableConfig::add_job_parameter) adds one.
pub const GLOBAL_JOB_PARAMETERS: ConfigOption<Option<BTreeMap<String, String>>> =
    ConfigOption::from_parts(GLOBAL_JOB_PARAMETERS_META, DefaultValue::Value(None));
