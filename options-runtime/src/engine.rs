//! [`Engine`]: what a catalogue's engine spells its own way, outside any one declaration: its name,
//! the environment variable of a key, how a value is written where it reads differently from
//! Flink's, and the ways a user sets an option.
//!
//! A [`Catalogue`](crate::Catalogue) holds one ([`Catalogue::with_engine`](crate::Catalogue::with_engine),
//! or the `engine = ...` of a group it is given); without one it has [`Engine::GENERIC`], which
//! reads no environment variables and names no file or argument. This crate knows no engine: each
//! engine crate declares its own `const` (`options_flink::ENGINE`, the operator's, DataFusion's in
//! `examples/datafusion`). options-docs exports it in `catalogue.json` and takes every
//! engine-specific text of the pages from it (titles, how-to-set snippets, the variable names), so
//! the pages of one engine never name another.
//!
//! Two engines side by side:
//!
//! | | Apache Flink (`options_flink::ENGINE`) | Apache DataFusion (`examples/datafusion`) |
//! |---|---|---|
//! | variable of a key | `FLINK_` + key, `.` -> `_`, `-` -> `__` | key upper-cased, `.` -> `_` |
//! | variables read | every `FLINK_...` name, read back | the variable of each declared key |
//! | no value shown as | `(none)` | `NULL` |
//! | string defaults shown | quoted: `"default"` | as they are: `datafusion` |
//! | SQL | `SET 'key' = 'value';` | `SET key = value` |
//! | files, arguments | `config.yaml`, `-Dkey=value` | none of its own (`config.yaml` through this library) |
//!
//! Booleans read alike in both (`true`/`false` in any case: Flink compares ignoring case,
//! DataFusion lower-cases before parsing), so an engine has no boolean setting: the value grammar
//! reads them for every catalogue.

pub use options_grammar::env::{spell_var, EnvReading, EnvRule};

use crate::release::Releases;

/// How an engine spells things outside its declarations. `Copy` and `const`-constructible, so an
/// engine crate declares it as a `const` beside its option groups.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Engine {
    /// The engine's name as pages and messages write it (`Apache Flink`).
    pub name: &'static str,
    /// The title of its reference site (`Configuration Reference`).
    pub site_title: &'static str,
    /// A word the site's search box offers as an example (`mini-batch`).
    pub search_example: &'static str,
    /// The environment variable of a key, and which variables are read.
    pub env: EnvRule,
    /// How values are written where the engine writes them differently.
    pub values: ValueSpelling,
    /// How a user sets an option: SQL statement, configuration file, command-line argument.
    pub set: SetForms,
    /// The releases its options are declared for, if it has any: a group that names the engine
    /// (`#[options(engine = ...)]`) takes them as its own, so its `since`, `removed` and
    /// `changed(...)` are checked against them at compile time.
    pub releases: Option<&'static Releases>,
}

/// How an engine writes values in its listings and docs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValueSpelling {
    /// What an option without a value shows (Flink's `(none)`, DataFusion's `NULL`): the docs'
    /// Default column, `SHOW OPTIONS`, `SET 'key';`.
    pub no_value: &'static str,
    /// Whether the docs quote a string default (`"default"`, as Flink's tables do) or show it as
    /// it is (`datafusion`, as DataFusion's `configs.md` does). An empty string is quoted either
    /// way, so it cannot be mistaken for no value.
    pub quote_strings: bool,
}

/// The ways a user sets an option, as the docs' how-to-set snippets write them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetForms {
    /// The SQL statement.
    pub sql: SqlSet,
    /// The configuration file a key is written in (`config.yaml`), if the engine reads one.
    pub config_file: Option<&'static str>,
    /// The command-line flag before `key=value` (`-D`), if the engine takes one.
    pub argument: Option<&'static str>,
}

/// How the SQL statement that sets an option is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SqlSet {
    /// Key and value quoted, `;` at the end: `SET 'table.exec.mini-batch.enabled' = 'true';`
    /// (Flink's SQL client).
    Quoted,
    /// Key bare, value bare when it is a number, a boolean or a plain word, else single-quoted:
    /// `SET datafusion.execution.batch_size = 1024` (DataFusion's SQL). Sessions over such an
    /// engine's catalogue take this form as well as the quoted one, reading bare words
    /// lower-cased, as DataFusion does.
    Bare,
}

impl Engine {
    /// The engine of a catalogue that names none: no name, no environment variables, no
    /// configuration file or argument of its own; no value shown as `(none)`, string defaults
    /// quoted, `SET 'key' = 'value';` in sessions.
    pub const GENERIC: Engine = Engine {
        name: "",
        site_title: "Configuration Reference",
        search_example: "",
        env: EnvRule::NONE,
        values: ValueSpelling {
            no_value: "(none)",
            quote_strings: true,
        },
        set: SetForms {
            sql: SqlSet::Quoted,
            config_file: None,
            argument: None,
        },
        releases: None,
    };

    /// The variable that sets `key` under this engine's rule, if the key has one.
    pub fn env_var_for_key(&self, key: &str) -> Option<String> {
        self.env.var_for_key(key)
    }
}

impl Default for Engine {
    /// [`Engine::GENERIC`].
    fn default() -> Self {
        Engine::GENERIC
    }
}

impl SqlSet {
    /// The statement that sets `key` to `value`.
    ///
    /// ```
    /// use options_core::engine::SqlSet;
    /// assert_eq!(SqlSet::Quoted.statement("a.b", "it's"), "SET 'a.b' = 'it''s';");
    /// assert_eq!(SqlSet::Bare.statement("a.b", "1024"), "SET a.b = 1024");
    /// assert_eq!(SqlSet::Bare.statement("a.b", "+08:00"), "SET a.b = '+08:00'");
    /// ```
    pub fn statement(self, key: &str, value: &str) -> String {
        let quoted = |s: &str| format!("'{}'", s.replace('\'', "''"));
        match self {
            SqlSet::Quoted => format!("SET {} = {};", quoted(key), quoted(value)),
            SqlSet::Bare if is_bare_literal(value) => format!("SET {key} = {value}"),
            SqlSet::Bare => format!("SET {key} = {}", quoted(value)),
        }
    }
}

/// A value SQL reads as it is: a plain number, or a word of letters, digits and `_` that starts
/// with a letter (`true`, `snappy`).
fn is_bare_literal(value: &str) -> bool {
    let number = !value.is_empty()
        && value.bytes().filter(|&b| b == b'.').count() <= 1
        && value.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && value.bytes().any(|b| b.is_ascii_digit());
    let word = value.starts_with(|c: char| c.is_ascii_alphabetic())
        && value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_');
    number || word
}
