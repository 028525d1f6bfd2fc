//! [`DATAFUSION`]: how DataFusion spells what lies outside the declarations.

use options_core::engine::{Engine, EnvRule, SetForms, SqlSet, ValueSpelling};

/// Apache DataFusion as an engine of this library:
///
/// * **environment variables**: the key upper-cased with each `.` written as `_`
///   (`datafusion.execution.batch_size` is read from `DATAFUSION_EXECUTION_BATCH_SIZE`), looked up
///   for each declared key, as `ConfigOptions::from_env` does (DataFusion's keys hold `_`
///   themselves, so a variable name cannot be read back into a key);
/// * **values**: no value shows as `NULL` and string defaults as they are (`datafusion`), as
///   DataFusion's `configs.md` and `SHOW ALL` show them; booleans read as Flink's do, `true` or
///   `false` in any case;
/// * **how to set**: `SET datafusion.execution.batch_size = 1024` in SQL, the variable above,
///   and a `config.yaml` line, which this library's loader reads for any catalogue (DataFusion
///   itself reads no file; it has no command-line flag either).
pub const DATAFUSION: Engine = Engine {
    name: "Apache DataFusion",
    site_title: "DataFusion Configuration Reference",
    search_example: "batch_size",
    env: EnvRule::upper_case_keys(""),
    values: ValueSpelling {
        no_value: "NULL",
        quote_strings: false,
    },
    set: SetForms {
        sql: SqlSet::Bare,
        config_file: Some("config.yaml"),
        argument: None,
    },
    releases: None,
};
