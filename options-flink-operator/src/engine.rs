//! [`OPERATOR`] and [`OPERATOR_RELEASES`]: the Flink Kubernetes Operator as an engine of this
//! library, and the operator releases its catalogue answers for, which the engine carries: every
//! group names the engine alone (`#[options(engine = crate::engine::OPERATOR)]`).

use options_core::engine::{Engine, EnvRule, SetForms, SqlSet, ValueSpelling};
use options_core::Releases;

/// The operator releases whose options are declared, oldest first. A patch release means its
/// release: `1.12.1` (the table the 1.12 facts come from) is release `1.12`.
///
/// ```
/// use options_flink_operator::OPERATOR_RELEASES;
///
/// assert_eq!(OPERATOR_RELEASES.release("1.12.1").unwrap().version(), "1.12");
/// assert_eq!(OPERATOR_RELEASES.newest().version(), "1.15");
/// assert!(OPERATOR_RELEASES.release("1.9").is_err());
/// ```
pub static OPERATOR_RELEASES: Releases =
    Releases::new("Apache Flink Kubernetes Operator", OPERATOR_VERSIONS);

/// The versions of [`OPERATOR_RELEASES`], for arrays sized by them.
pub(crate) const OPERATOR_VERSIONS: &[&str] = &["1.10", "1.11", "1.12", "1.13", "1.14", "1.15"];

/// The Apache Flink Kubernetes Operator as an engine:
///
/// * **values** are written as Flink writes them, since the operator's configuration is a Flink
///   configuration read by Flink's own classes: `(none)` for no value, string defaults quoted;
/// * **where options are set**: the operator's `config.yaml` (the `flink-operator-config`
///   ConfigMap, which the Helm chart fills from `defaultConfiguration`), and for the options that
///   may be set per resource, `spec.flinkConfiguration` of a `FlinkDeployment` or
///   `FlinkSessionJob` (see [`crate::placement`]). The operator takes no `-D` arguments and has
///   no SQL; the SQL form below is only what this library's sessions accept;
/// * **environment variables** follow Flink's rule in this library (`FLINK_` and the key
///   upper-cased, `.` as `_`, `-` as `__`, read back from the names), as for any Flink
///   configuration; the variables the operator's image and Helm chart set for the process itself
///   (`FLINK_HOME`, `FLINK_CONF_DIR`, `FLINK_PLUGINS_DIR`, `FLINK_ENV_...`)
///   are not configuration.
pub const OPERATOR: Engine = Engine {
    name: "Apache Flink Kubernetes Operator",
    site_title: "Flink Kubernetes Operator Configuration Reference",
    search_example: "autoscaler",
    env: EnvRule::prefixed_names(
        "FLINK_",
        "__",
        &["FLINK_HOME", "FLINK_CONF_DIR", "FLINK_PLUGINS_DIR"],
        &["FLINK_ENV_"],
    ),
    values: ValueSpelling {
        no_value: "(none)",
        quote_strings: true,
    },
    set: SetForms {
        sql: SqlSet::Quoted,
        config_file: Some("config.yaml"),
        argument: None,
    },
    releases: Some(&OPERATOR_RELEASES),
};
