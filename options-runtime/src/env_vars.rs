//! Configuration from environment variables.
//!
//! Each catalogue's [`Engine`](crate::engine::Engine) has its own rule
//! ([`EnvRule`]); a catalogue without one has Flink's, described below. The functions of this module
//! without a rule argument use Flink's; [`env_settings_with`] takes any rule. DataFusion's rule
//! ([`EnvRule::upper_case_keys`]) upper-cases the key and writes each `.` as `_`, and, since its
//! keys hold `_` themselves, reads only the variables of declared keys.
//!
//! # Flink's mapping
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

pub use options_grammar::env::{EnvReading, EnvRule};

use crate::catalogue::Catalogue;

/// The prefix of every configuration variable under Flink's rule.
pub const ENV_PREFIX: &str = crate::value::grammar::ENV_PREFIX;

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
    EnvRule::FLINK.key_for_var(var)
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

/// The configuration variables among `vars` under Flink's rule, sorted by variable name.
pub fn env_settings<I, K, V>(vars: I) -> Vec<EnvSetting>
where
    I: IntoIterator<Item = (K, V)>,
    K: Into<String>,
    V: Into<String>,
{
    env_settings_with(&EnvRule::FLINK, None, vars)
}

/// The configuration variables among `vars` under `rule`, sorted by variable name. A rule that
/// reads names back ([`EnvReading::Names`]) takes every variable it can read, declared or not; one
/// that reads declared keys ([`EnvReading::DeclaredKeys`]) takes the variable of each option of
/// `catalogue` (its own key; none without a catalogue).
///
/// ```
/// use options_core::env_vars::{env_settings_with, EnvRule};
/// use options_core::{Catalogue, Options};
///
/// /// Batches.
/// #[derive(Options)]
/// #[options(section = "execution", title = "Execution")]
/// struct Execution {
///     /// Rows per batch.
///     #[option(key = "datafusion.execution.batch_size", default = 8192)]
///     batch_size: i64,
/// }
///
/// let catalogue = Catalogue::new().with::<Execution>().unwrap();
/// let rule = EnvRule::upper_case_keys("");
/// let vars = [("DATAFUSION_EXECUTION_BATCH_SIZE", "1024"), ("HOME", "/root")];
/// let settings = env_settings_with(&rule, Some(&catalogue), vars);
/// assert_eq!(settings.len(), 1);
/// assert_eq!(settings[0].key, "datafusion.execution.batch_size");
/// ```
pub fn env_settings_with<I, K, V>(
    rule: &EnvRule,
    catalogue: Option<&Catalogue>,
    vars: I,
) -> Vec<EnvSetting>
where
    I: IntoIterator<Item = (K, V)>,
    K: Into<String>,
    V: Into<String>,
{
    let vars = vars.into_iter().map(|(k, v)| (k.into(), v.into()));
    let mut settings: Vec<EnvSetting> = match rule.reading {
        EnvReading::Names => vars
            .filter_map(|(var, value)| {
                let key = rule.key_for_var(&var)?;
                Some(EnvSetting { var, key, value })
            })
            .collect(),
        EnvReading::DeclaredKeys => {
            let by_var: std::collections::HashMap<String, &'static str> = catalogue
                .into_iter()
                .flat_map(Catalogue::options)
                .filter(|(_, meta)| !crate::pattern::is_pattern(meta.key_str()))
                .filter_map(|(_, meta)| Some((rule.var_for_key(meta.key_str())?, meta.key_str())))
                .collect();
            vars.filter_map(|(var, value)| {
                let key = (*by_var.get(&var)?).to_owned();
                Some(EnvSetting { var, key, value })
            })
            .collect()
        }
    };
    settings.sort_by(|a, b| a.var.cmp(&b.var));
    settings
}

/// The configuration variables of this process under Flink's rule (names or values that are not
/// UTF-8 are skipped).
pub fn process_env_settings() -> Vec<EnvSetting> {
    env_settings(process_vars())
}

/// This process's variables whose names and values are UTF-8.
pub fn process_vars() -> Vec<(String, String)> {
    std::env::vars_os()
        .filter_map(|(k, v)| Some((k.into_string().ok()?, v.into_string().ok()?)))
        .collect()
}
