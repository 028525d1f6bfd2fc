//! Configuration from environment variables.
//!
//! # The mapping
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
//! `FLINK_ENV_JAVA_OPTS...`, the `..._DIR` locations) are never read as configuration.
//!
//! # Unknown keys
//!
//! The environment is shared with every other program that runs in it, and those use `FLINK_`
//! variables of their own (`FLINK_VERSION=1.19.1` in container images, `FLINK_TM_HEAP=1g` in old
//! scripts). So a variable whose key no option declares is never an error: it is kept and
//! reported as a notice, even when loading is
//! [`Strictness::Strict`](crate::layers::Strictness::Strict) (which rejects unknown keys from
//! `config.yaml` and `-D` arguments). A misspelled variable therefore shows up among the
//! [notices](crate::layers::LayeredConfig::notices), with suggestions, rather than stopping the
//! program. Values of known keys are still validated.

/// The prefix of every configuration variable.
pub const ENV_PREFIX: &str = crate::value::grammar::ENV_PREFIX;

/// Variables of Flink's scripts and images that are not configuration keys.
const PROCESS_VARS: &[&str] = crate::value::grammar::ENV_PROCESS_VARS;

/// The variable that sets `key`, or `None` when the key has no variable (see the module docs).
///
/// ```
/// use options_core::env_vars::env_var_for_key;
/// assert_eq!(
///     env_var_for_key("table.exec.mini-batch.enabled").as_deref(),
///     Some("FLINK_TABLE_EXEC_MINI__BATCH_ENABLED")
/// );
/// ```
pub fn env_var_for_key(key: &str) -> Option<String> {
    // In the grammar file, so the derive's rustdoc names the same variable.
    crate::value::grammar::env_var_for_key(key)
}

/// The key a variable sets, or `None` when it is not a configuration variable.
///
/// ```
/// use options_core::env_vars::key_for_env_var;
/// assert_eq!(
///     key_for_env_var("FLINK_TABLE_EXEC_MINI__BATCH_ENABLED").as_deref(),
///     Some("table.exec.mini-batch.enabled")
/// );
/// assert_eq!(key_for_env_var("FLINK_HOME"), None);
/// ```
pub fn key_for_env_var(var: &str) -> Option<String> {
    if PROCESS_VARS.contains(&var) || var.starts_with("FLINK_ENV_") {
        return None;
    }
    let rest = var.strip_prefix(ENV_PREFIX)?;
    let bytes = rest.as_bytes();
    if bytes.is_empty() || bytes[0] == b'_' || bytes[bytes.len() - 1] == b'_' {
        return None;
    }
    let mut key = String::with_capacity(rest.len());
    let mut underscores = 0;
    for &b in bytes {
        if b == b'_' {
            underscores += 1;
            continue;
        }
        match underscores {
            0 => {}
            1 => key.push('.'),
            2 => key.push('-'),
            _ => return None,
        }
        underscores = 0;
        match b {
            b'A'..=b'Z' | b'0'..=b'9' => key.push(char::from(b.to_ascii_lowercase())),
            _ => return None,
        }
    }
    Some(key)
}

/// One configuration variable found in an environment.
#[derive(Clone, PartialEq, Eq)]
pub struct EnvSetting {
    /// The variable's name.
    pub var: String,
    /// The key it sets.
    pub key: String,
    /// The value (unmasked; see the `Debug` output for the masked form).
    pub value: String,
}

impl std::fmt::Debug for EnvSetting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let value = crate::sensitive::shown(&self.key, &self.value);
        f.debug_struct("EnvSetting")
            .field("var", &self.var)
            .field("key", &self.key)
            .field("value", &value)
            .finish()
    }
}

/// The configuration variables among `vars`, sorted by variable name.
pub fn env_settings<I, K, V>(vars: I) -> Vec<EnvSetting>
where
    I: IntoIterator<Item = (K, V)>,
    K: Into<String>,
    V: Into<String>,
{
    let mut settings: Vec<EnvSetting> = vars
        .into_iter()
        .filter_map(|(var, value)| {
            let var = var.into();
            let key = key_for_env_var(&var)?;
            Some(EnvSetting {
                var,
                key,
                value: value.into(),
            })
        })
        .collect();
    settings.sort_by(|a, b| a.var.cmp(&b.var));
    settings
}

/// The configuration variables of this process (names or values that are not UTF-8 are skipped).
pub fn process_env_settings() -> Vec<EnvSetting> {
    env_settings(
        std::env::vars_os()
            .filter_map(|(k, v)| Some((k.into_string().ok()?, v.into_string().ok()?))),
    )
}
