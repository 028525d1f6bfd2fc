//! Metric reporters named by their class (`metrics.reporter.<name>.class`). Since 1.17 Flink's
//! `ReporterSetup` creates reporters only through a factory
//! (`metrics.reporter.<name>.factory.class`): a reporter named by its class alone logs a warning
//! ("no longer supported") and never starts, and 2.0 no longer declares the key. So `validate`
//! calls such a reporter an error in every release carried, with the factory to name instead;
//! a file that names the factory too gets only a warning that the class line does nothing.
//! `migrate --to 2.x` writes the factory (`options_flink::builtin::reporters`).

use options_flink::builtin::reporters::{reporter_factory, REPORTER_CLASS_KEY};

use crate::family::Factories;

/// What a reporter named by its class comes to, given the file's factory settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ClassVerdict {
    /// No factory is named for the reporter: it never starts. What to write instead.
    NeverStarts(String),
    /// The file names the reporter's factory too (`factory_key`, at `line`): Flink creates the
    /// reporter from it, and the class line has no effect.
    Ignored {
        /// The factory's key.
        factory_key: String,
        /// Its line.
        line: u32,
    },
}

impl ClassVerdict {
    /// The warning of an ignored class line.
    pub fn ignored_message(key: &str, factory_key: &str, line: u32) -> String {
        format!(
            "\"{key}\" has no effect: Flink creates this reporter from its factory, \"{factory_key}\" (line {line}), and ignores the class"
        )
    }
}

/// The verdict on `key: class` when `key` names a metric reporter by its class.
pub(crate) fn class_verdict(
    factories: &Factories<'_>,
    key: &str,
    class: &str,
) -> Option<ClassVerdict> {
    let (factory_key, _) = reporter_factory(key, class)?;
    match factories.of(factory_key.strip_suffix(".factory.class")?) {
        Some(setting) => Some(ClassVerdict::Ignored {
            factory_key,
            line: setting.line,
        }),
        None => factory_instead(key, class).map(ClassVerdict::NeverStarts),
    }
}

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
