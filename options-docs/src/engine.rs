//! The engine of a documented catalogue ([`EngineDoc`]): the owned, serializable copy of
//! [`options_core::engine::Engine`] that `catalogue.json` holds, and the engine-specific texts of every
//! page come from (site title, how-to-set snippets, variable names, how no value is shown).
//!
//! A catalogue file without an `engine` object (written before engines existed) has
//! [`Engine::GENERIC`].

use options_core::engine::{Engine, EnvReading, EnvRule, SetForms, SqlSet, ValueSpelling};
use serde::{Deserialize, Serialize};

/// An engine as `catalogue.json` holds it (see [`options_core::engine`] for what each part means).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineDoc {
    /// The engine's name (`Apache Flink`).
    pub name: String,
    /// The title of its reference site.
    pub site_title: String,
    /// A word the site's search box offers as an example.
    pub search_example: String,
    /// The environment-variable rule.
    pub env: EnvRuleDoc,
    /// How values are shown.
    pub values: ValuesDoc,
    /// How a user sets an option.
    pub set: SetDoc,
}

/// [`EnvRule`] in owned strings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EnvRuleDoc {
    /// Written before the key.
    pub prefix: String,
    /// What a `-` becomes (`null`: a key with `-` has no variable).
    pub dash: Option<String>,
    /// Whether keys may hold `_`.
    pub underscore: bool,
    /// `names` (read every prefixed variable back), `declared_keys` (look up each key's) or
    /// `never` (no variables).
    pub reading: String,
    /// Variables that are never configuration.
    pub reserved: Vec<String>,
    /// Prefixes of such variables.
    pub reserved_prefixes: Vec<String>,
}

/// [`ValueSpelling`] in owned strings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ValuesDoc {
    /// What an option without a value shows (`(none)`, `NULL`).
    pub no_value: String,
    /// Whether string defaults are shown quoted.
    pub quote_strings: bool,
}

/// [`SetForms`] in owned strings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetDoc {
    /// `quoted` (`SET 'k' = 'v';`) or `bare` (`SET k = v`).
    pub sql: String,
    /// The configuration file, if the engine reads one.
    pub config_file: Option<String>,
    /// The command-line flag before `key=value`, if any.
    pub argument: Option<String>,
}

const NAMES: &str = "names";
const DECLARED_KEYS: &str = "declared_keys";
const NEVER: &str = "never";
const QUOTED: &str = "quoted";
const BARE: &str = "bare";

impl Default for EngineDoc {
    fn default() -> Self {
        EngineDoc::from(&Engine::GENERIC)
    }
}

impl From<&Engine> for EngineDoc {
    fn from(e: &Engine) -> Self {
        let owned = |list: &[&str]| list.iter().map(|s| (*s).to_owned()).collect();
        EngineDoc {
            name: e.name.to_owned(),
            site_title: e.site_title.to_owned(),
            search_example: e.search_example.to_owned(),
            env: EnvRuleDoc {
                prefix: e.env.prefix.to_owned(),
                dash: e.env.dash.map(str::to_owned),
                underscore: e.env.underscore,
                reading: match e.env.reading {
                    EnvReading::Names => NAMES,
                    EnvReading::DeclaredKeys => DECLARED_KEYS,
                    EnvReading::Never => NEVER,
                }
                .to_owned(),
                reserved: owned(e.env.reserved),
                reserved_prefixes: owned(e.env.reserved_prefixes),
            },
            values: ValuesDoc {
                no_value: e.values.no_value.to_owned(),
                quote_strings: e.values.quote_strings,
            },
            set: SetDoc {
                sql: match e.set.sql {
                    SqlSet::Quoted => QUOTED,
                    SqlSet::Bare => BARE,
                }
                .to_owned(),
                config_file: e.set.config_file.map(str::to_owned),
                argument: e.set.argument.map(str::to_owned),
            },
        }
    }
}

/// What is wrong with an engine read from a file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineDocError {
    /// `env.reading` is none of `names`, `declared_keys` and `never`.
    #[error("engine.env.reading \"{0}\" is not \"names\", \"declared_keys\" or \"never\"")]
    Reading(String),
    /// `set.sql` is neither `quoted` nor `bare`.
    #[error("engine.set.sql \"{0}\" is not \"quoted\" or \"bare\"")]
    Sql(String),
}

impl EngineDoc {
    /// Checks the names a file may spell wrongly.
    pub fn check(&self) -> Result<(), EngineDocError> {
        self.reading()?;
        self.sql()?;
        Ok(())
    }

    fn reading(&self) -> Result<EnvReading, EngineDocError> {
        match self.env.reading.as_str() {
            NAMES => Ok(EnvReading::Names),
            DECLARED_KEYS => Ok(EnvReading::DeclaredKeys),
            NEVER => Ok(EnvReading::Never),
            other => Err(EngineDocError::Reading(other.to_owned())),
        }
    }

    /// How the SQL statement is written (`quoted` when the file says something else; the reader
    /// refuses such a file).
    pub fn sql(&self) -> Result<SqlSet, EngineDocError> {
        match self.set.sql.as_str() {
            QUOTED => Ok(SqlSet::Quoted),
            BARE => Ok(SqlSet::Bare),
            other => Err(EngineDocError::Sql(other.to_owned())),
        }
    }

    /// The variable that sets `key` under this engine's rule, if the key has one.
    pub fn env_var_for_key(&self, key: &str) -> Option<String> {
        let env = &self.env;
        if env.reading == NEVER {
            return None;
        }
        let var =
            options_core::engine::spell_var(&env.prefix, env.dash.as_deref(), env.underscore, key)?;
        let reserved =
            env.reserved.contains(&var) || env.reserved_prefixes.iter().any(|p| var.starts_with(p));
        (!reserved).then_some(var)
    }

    /// The SQL statement that sets `key` to `value`.
    pub fn sql_statement(&self, key: &str, value: &str) -> String {
        self.sql().unwrap_or(SqlSet::Quoted).statement(key, value)
    }

    /// The live engine, for a runtime catalogue built from a file. Its strings must live as long
    /// as the program (a [`Engine`] is `'static`, like every declaration), so they are leaked:
    /// call it once per catalogue file.
    pub fn to_static(&self) -> Result<Engine, EngineDocError> {
        let leak = |s: &str| -> &'static str { Box::leak(s.to_owned().into_boxed_str()) };
        let leak_list = |list: &[String]| -> &'static [&'static str] {
            Box::leak(
                list.iter()
                    .map(|s| leak(s))
                    .collect::<Vec<_>>()
                    .into_boxed_slice(),
            )
        };
        Ok(Engine {
            name: leak(&self.name),
            site_title: leak(&self.site_title),
            search_example: leak(&self.search_example),
            env: EnvRule {
                prefix: leak(&self.env.prefix),
                dash: self.env.dash.as_deref().map(leak),
                underscore: self.env.underscore,
                reading: self.reading()?,
                reserved: leak_list(&self.env.reserved),
                reserved_prefixes: leak_list(&self.env.reserved_prefixes),
            },
            values: ValueSpelling {
                no_value: leak(&self.values.no_value),
                quote_strings: self.values.quote_strings,
            },
            set: SetForms {
                sql: self.sql()?,
                config_file: self.set.config_file.as_deref().map(leak),
                argument: self.set.argument.as_deref().map(leak),
            },
            // A catalogue read from a file carries its releases itself (`Loaded::releases`).
            releases: None,
        })
    }
}
