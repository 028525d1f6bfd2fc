//! Metric reporters named by their class (`metrics.reporter.<name>.class`), which Flink 2.0 no
//! longer reads: a reporter named so never starts. What `validate` says (a warning under 1.x, an
//! error under 2.x) and what `migrate --to 2.x` writes instead, naming the factory
//! (`options_flink::builtin::reporters`).

use options_flink::builtin::reporters::{reporter_factory, REPORTER_CLASS_KEY};

/// Whether `option_key` is the option that names a reporter by its class.
pub fn is_reporter_class(option_key: &str) -> bool {
    option_key == REPORTER_CLASS_KEY
}

/// What to write instead of `key: class`, when `key` names a reporter by its class: `name its
/// factory instead: "metrics.reporter.prom.factory.class: ...PrometheusReporterFactory"` (for a
/// reporter of Flink's own; for another, the factory of its class).
pub fn factory_instead(key: &str, class: &str) -> Option<String> {
    let (factory_key, factory) = reporter_factory(key, class)?;
    Some(match factory {
        Some(factory) => format!("name its factory instead: \"{factory_key}: {factory}\""),
        None => format!(
            "name its factory instead: set \"{factory_key}\" to the factory class of {}",
            class.trim()
        ),
    })
}

/// The factory key and factory to write for `key: class`, when `key` names one of Flink's own
/// reporters by its class.
pub fn rewrite(key: &str, class: &str) -> Option<(String, &'static str)> {
    let (factory_key, factory) = reporter_factory(key, class)?;
    Some((factory_key, factory?))
}
