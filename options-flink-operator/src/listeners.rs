//! `kubernetes.operator.plugins.listeners.<listener_name>.*` pass-through keys: settings of the
//! operator's resource listener plugins.
//!
//! The operator's docs tables list only the listener's class
//! ([`crate::OperatorDynamicOptions::PLUGINS_LISTENERS_CLASS`]). When it starts, the operator finds
//! every `kubernetes.operator.plugins.listeners.<listener_name>.class` key in its own
//! configuration, loads that class from its plugin directory, and hands the listener every other
//! key under the same prefix, with the prefix removed.

use options_core::Options;

/// Settings handed to the operator's resource listeners.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "operator-system-listeners",
    title = "Operator: Listener Settings",
    family = "Operator system",
    engine = crate::engine::OPERATOR,
    change_class = crate::change::OPERATOR_START
)]
pub struct ListenerOptions {
    /// A setting of the listener named `<listener_name>`
    /// (`kubernetes.operator.plugins.listeners.audit.endpoint` reaches the listener `audit` as
    /// `endpoint`), passed as text; what it accepts depends on the listener.
    #[option(key = "kubernetes.operator.plugins.listeners.<listener_name>.<key>")]
    pub setting: Option<String>,
}
