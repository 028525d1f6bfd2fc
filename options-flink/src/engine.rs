//! Apache Flink as an engine of `options-core`: [`ENGINE`], what Flink spells its own way outside
//! any one declaration, [`env`](mod@env), Flink's environment variables, and [`change`], how a
//! change of an option reaches a running Flink.
//!
//! Every built-in group names [`ENGINE`] (`#[options(engine = crate::ENGINE)]`), so a catalogue
//! built from any of them, the built-in one or one of your own, is Flink's.

use options_core::engine::{Engine, EnvRule, SetForms, SqlSet, ValueSpelling};
use options_core::Releases;

pub mod change;
pub mod env;

/// Apache Flink: `FLINK_` variables read back from their names ([`FLINK_ENV`]), `(none)` for no
/// value, quoted string defaults (as Flink's tables print them), `SET 'key' = 'value';`,
/// `config.yaml` and `-D` arguments.
///
/// ```
/// use options_flink::{builtin, ENGINE};
///
/// assert_eq!(*builtin::catalogue().engine(), ENGINE);
/// assert_eq!(
///     ENGINE.env_var_for_key("table.exec.mini-batch.enabled").as_deref(),
///     Some("FLINK_TABLE_EXEC_MINI__BATCH_ENABLED")
/// );
/// ```
pub const ENGINE: Engine = Engine {
    name: "Apache Flink",
    site_title: "Configuration Reference",
    search_example: "mini-batch",
    env: FLINK_ENV,
    values: ValueSpelling {
        no_value: "(none)",
        quote_strings: true,
    },
    set: SetForms {
        sql: SqlSet::Quoted,
        config_file: Some("config.yaml"),
        argument: Some("-D"),
    },
    releases: Some(&FLINK_RELEASES),
};

/// The Apache Flink releases the built-in options know, oldest first, carried by [`ENGINE`]: every
/// built-in group names the engine (`#[options(engine = crate::ENGINE)]`) and follows them.
/// [`builtin::catalogue`](crate::builtin::catalogue) answers for the newest;
/// [`builtin::catalogue_at`](crate::builtin::catalogue_at) for any of them.
///
/// ```
/// use options_flink::{ENGINE, FLINK_RELEASES};
///
/// assert_eq!(FLINK_RELEASES.newest().version(), "2.3");
/// assert_eq!(ENGINE.releases, Some(&FLINK_RELEASES));
/// ```
pub static FLINK_RELEASES: Releases = Releases::new("Apache Flink", FLINK_VERSIONS);

/// The versions of [`FLINK_RELEASES`], for arrays sized by them.
pub(crate) const FLINK_VERSIONS: &[&str] = &["1.19", "1.20", "2.0", "2.1", "2.2", "2.3"];

/// Flink's rule for environment variables: `FLINK_` + the key upper-cased, `.` -> `_`,
/// `-` -> `__`; every `FLINK_` variable is read back into a key, except the variables of Flink's
/// scripts and images ([`FLINK_PROCESS_VARS`], `FLINK_ENV_...`). See [`env`](mod@env) for the mapping.
pub const FLINK_ENV: EnvRule =
    EnvRule::prefixed_names("FLINK_", "__", FLINK_PROCESS_VARS, &["FLINK_ENV_"]);

/// Variables of Flink's scripts and images that are not configuration keys (`FLINK_ENV_...` are
/// not either).
pub const FLINK_PROCESS_VARS: &[&str] = &[
    "FLINK_HOME",
    "FLINK_CONF_DIR",
    "FLINK_BIN_DIR",
    "FLINK_LIB_DIR",
    "FLINK_OPT_DIR",
    "FLINK_PLUGINS_DIR",
    "FLINK_LOG_DIR",
    "FLINK_PROPERTIES",
    "FLINK_IDENT_STRING",
    "FLINK_SSH_OPTS",
    "FLINK_PID_DIR",
];
