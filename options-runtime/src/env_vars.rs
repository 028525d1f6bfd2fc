//! Configuration from environment variables.
//!
//! Each catalogue's [`Engine`](crate::engine::Engine) has its own rule ([`EnvRule`]): which
//! variable sets a key, and which variables are read. A rule that reads names back
//! ([`EnvReading::Names`], Flink's `FLINK_` variables in `options_flink::env`) takes every variable
//! with its prefix, declared or not; one that reads declared keys ([`EnvReading::DeclaredKeys`],
//! DataFusion's) looks up each option's variable; [`EnvRule::NONE`], the rule of a catalogue
//! without an engine, reads nothing. [`env_settings_with`] applies a rule to a list of variables;
//! a layered configuration applies its catalogue's
//! ([`LayeredConfigBuilder::env`](crate::layers::LayeredConfigBuilder::env)).
//!
//! # Unknown keys
//!
//! The environment is shared with every other program that runs in it, and those use variables
//! of their own that may share an engine's prefix (a version number in a container image, an old
//! script's setting). So a variable whose key no option declares is never an error: it is kept and
//! reported as a notice, even when loading is
//! [`Strictness::Strict`](crate::layers::Strictness::Strict) (which rejects unknown keys from
//! configuration files and arguments). A misspelled variable therefore shows up among the
//! [notices](crate::layers::LayeredConfig::notices), with suggestions, rather than stopping the
//! program. Values of known keys are still validated.

use options_grammar::env::{EnvReading, EnvRule};

use crate::catalogue::Catalogue;

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

/// The configuration variables among `vars` under `rule`, sorted by variable name. A rule that
/// reads names back ([`EnvReading::Names`]) takes every variable it can read, declared or not; one
/// that reads declared keys ([`EnvReading::DeclaredKeys`]) takes the variable of each option of
/// `catalogue` (its own key; none without a catalogue); [`EnvReading::Never`] takes none.
///
/// ```
/// use options_core::env_vars::env_settings_with;
/// use options_core::engine::EnvRule;
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
        EnvReading::Never => Vec::new(),
    };
    settings.sort_by(|a, b| a.var.cmp(&b.var));
    settings
}

/// This process's variables whose names and values are UTF-8.
pub fn process_vars() -> Vec<(String, String)> {
    std::env::vars_os()
        .filter_map(|(k, v)| Some((k.into_string().ok()?, v.into_string().ok()?)))
        .collect()
}
