//! Flink's environment variables ([`super::FLINK_ENV`]).
//!
//! A key maps to exactly one variable name and back:
//!
//! * the name starts with `FLINK_`;
//! * then the key, upper-cased, with each `.` written as `_` and each `-` written as `__`.
//!
//! | key | variable |
//! |---|---|
//! | `parallelism.default` | `FLINK_PARALLELISM_DEFAULT` |
//! | `table.exec.mini-batch.enabled` | `FLINK_TABLE_EXEC_MINI__BATCH_ENABLED` |
//! | `table.exec.state.ttl` | `FLINK_TABLE_EXEC_STATE_TTL` |
//!
//! Reading a name back: drop `FLINK_`, turn each single `_` into `.` and each `__` into `-`, and
//! lower-case the rest. The rule round-trips for every key made of lower-case ASCII letters, digits,
//! `.` and `-` that starts and ends with a letter or digit and never has two separators next to each
//! other (every Flink key has that form). Other keys ([`env_var_for_key`] returns `None`) cannot be
//! set from the environment; use `config.yaml` or `-D` for them. A variable whose name has lower-case
//! letters, three or more `_` in a row, or a leading/trailing `_` after the prefix is not a
//! configuration variable and is ignored.
//!
//! Flink's own process variables (`FLINK_HOME`, `FLINK_CONF_DIR`, `FLINK_PROPERTIES`,
//! `FLINK_ENV_JAVA_OPTS...`, the `..._DIR` locations) are never read as configuration. Other
//! programs' `FLINK_` variables (`FLINK_VERSION=1.19.1` in container images, `FLINK_TM_HEAP=1g` in
//! old scripts) read as unknown keys, which a layered configuration keeps as notices, never errors
//! (see `options_core::env_vars`).

use options_core::env_vars::{env_settings_with, process_vars, EnvSetting};

use super::FLINK_ENV;

/// The prefix of every configuration variable of Flink's.
pub const ENV_PREFIX: &str = FLINK_ENV.prefix;

/// The variable that sets `key`, or `None` when the key has no variable (see the module docs).
///
/// ```
/// use options_flink::env::env_var_for_key;
/// assert_eq!(
///     env_var_for_key("table.exec.mini-batch.enabled").as_deref(),
///     Some("FLINK_TABLE_EXEC_MINI__BATCH_ENABLED")
/// );
/// ```
pub fn env_var_for_key(key: &str) -> Option<String> {
    FLINK_ENV.var_for_key(key)
}

/// The key a variable sets, or `None` when it is not a configuration variable.
///
/// ```
/// use options_flink::env::key_for_env_var;
/// assert_eq!(
///     key_for_env_var("FLINK_TABLE_EXEC_MINI__BATCH_ENABLED").as_deref(),
///     Some("table.exec.mini-batch.enabled")
/// );
/// assert_eq!(key_for_env_var("FLINK_HOME"), None);
/// ```
pub fn key_for_env_var(var: &str) -> Option<String> {
    FLINK_ENV.key_for_var(var)
}

/// The configuration variables among `vars`, sorted by variable name.
pub fn env_settings<I, K, V>(vars: I) -> Vec<EnvSetting>
where
    I: IntoIterator<Item = (K, V)>,
    K: Into<String>,
    V: Into<String>,
{
    env_settings_with(&FLINK_ENV, None, vars)
}

/// The configuration variables of this process (names or values that are not UTF-8 are skipped).
pub fn process_env_settings() -> Vec<EnvSetting> {
    env_settings(process_vars())
}
